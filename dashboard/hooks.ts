import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, get } from './http';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  reload: () => Promise<void>;
}

/**
 * GETs `path` now and whenever it changes; with `everyMs`, again at that interval while the page
 * is shown (live calls, a call's state). `path` null waits (a dependency not loaded yet).
 */
export function useGet<T>(path: string | null, everyMs?: number): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiError>();
  const current = useRef(path);
  current.current = path;

  const reload = useCallback(async () => {
    if (path === null) return;
    try {
      const answer = await get<T>(path);
      // A slow answer for a path the page has moved away from is dropped.
      if (current.current === path) {
        setData(answer);
        setError(undefined);
      }
    } catch (err) {
      if (current.current === path) setError(err instanceof ApiError ? err : new ApiError(0, 'CLIENT', String(err)));
    }
  }, [path]);

  useEffect(() => {
    void reload();
    if (!everyMs) return;
    const timer = setInterval(() => void reload(), everyMs);
    return () => clearInterval(timer);
  }, [reload, everyMs]);

  return { data, error, reload };
}

/** A form's submission: runs `action`, keeps its ApiError for the fields, and whether it is under way. */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const submit = async (...args: A) => {
    setBusy(true);
    setError(undefined);
    try {
      await action(...args);
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'CLIENT', String(err)));
    } finally {
      setBusy(false);
    }
  };
  return { submit, error, busy, setError };
}

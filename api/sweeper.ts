import { sweepExpired } from '../domain/retention';

const SWEEP_INTERVAL_MS = 60_000;

/** Sweeps once a minute until the returned function stops it; failures go to `onError` and the next sweep tries again. */
export function startSweeper(onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    sweepExpired().catch(onError);
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

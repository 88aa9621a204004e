/**
 * The one way the app talks to the API: JSON over /api/v1 with the session as Bearer. Refusals
 * arrive as the API's error envelope and are thrown as ApiError, whose `param` names the field.
 */
import { plainly } from './plainWords';
import { currentSession, saveSession } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly requestId?: string,
    /** An import's bad rows, each `{param, message}` (the API's `error.details`). */
    readonly details?: Array<{ param: string; message: string }>,
  ) {
    super(message);
  }
}

interface Envelope {
  error?: { type: string; code: string; message: string; param?: string; details?: Array<{ param: string; message: string }> };
  request_id?: string;
}

export interface Page<T> {
  object: 'list';
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasMore: boolean };
}

async function send(method: string, path: string, accept: string, body?: unknown): Promise<Response> {
  const session = currentSession();
  const headers: Record<string, string> = { accept };
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The API cannot be reached; check your connection and try again.');
  }
}

async function refusal(res: Response, path: string): Promise<ApiError> {
  const json = (await res.json().catch(() => ({}))) as Envelope;
  const error: { code: string; message: string; param?: string; details?: Array<{ param: string; message: string }> } = json.error ?? {
    code: `HTTP_${res.status}`,
    message: `The API answered ${res.status}.`,
  };
  // A session that ended elsewhere (signed out, expired, user deactivated): back to sign-in.
  if (res.status === 401 && currentSession() && path !== '/dashboard/sessions') saveSession(null);
  const details = error.details?.map((d) => ({ param: d.param, message: plainly(d.param, d.message) }));
  return new ApiError(res.status, error.code, plainly(error.param, error.message, error.code), error.param, json.request_id, details);
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, 'application/json', body);
  if (res.status === 204) return undefined as T;
  if (res.ok) return (await res.json().catch(() => ({}))) as T;
  throw await refusal(res, path);
}

/** A file the API serves (a call's recording), fetched with the session: media elements cannot send it. */
export async function download(path: string, accept: string): Promise<Blob> {
  const res = await send('GET', path, accept);
  if (res.ok) return res.blob();
  throw await refusal(res, path);
}

export const get = <T>(path: string) => request<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {});
export const patch = <T>(path: string, body: unknown) => request<T>('PATCH', path, body);
export const put = <T>(path: string, body: unknown) => request<T>('PUT', path, body);
export const del = <T>(path: string) => request<T>('DELETE', path);

/** `?a=1&b=2` from the set values only. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

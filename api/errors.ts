/**
 * Every failure the API reports is an ApiError; the error middleware turns it into the spec's
 * envelope in one place. Anything else that escapes a handler is a 500 with a generic message.
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'billing_error'
  | 'permission_error'
  | 'conflict_error'
  | 'rate_limit_error'
  | 'api_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (message = 'No such resource.', param?: string) =>
  new ApiError(404, 'invalid_request_error', 'RESOURCE_NOT_FOUND', message, param);

export const routeNotFound = (method: string, path: string) =>
  new ApiError(404, 'invalid_request_error', 'RESOURCE_NOT_FOUND', `No route for ${method} ${path}.`);

export const methodNotAllowed = (method: string, path: string, allowed: string[]) =>
  new ApiError(405, 'invalid_request_error', 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`, undefined, {
    allow: allowed.join(', '),
  });

export const internalError = () =>
  new ApiError(500, 'api_error', 'INTERNAL_ERROR', 'An unexpected error occurred. Quote the request_id when contacting support.');

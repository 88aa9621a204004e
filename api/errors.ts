import { AdmissionRefused } from '../domain/admission';
import { NumberRefused, type NumberRefusal } from '../domain/phoneNumbers';
import { ContactQuotaExceeded, ContactRefused, ImportInProgress } from '../domain/contacts';
import { UserRefused, type UserRefusal } from '../domain/users';
import { InterviewMissing } from '../domain/candidates';
import { AgentRefused, type AgentRefusal } from '../domain/agents';
import { InterviewRefused, type InterviewRefusal } from '../domain/interviews';
import { CampaignRefused, type CampaignRefusal } from '../domain/campaigns';
import { CallRefused, type CallRefusal } from '../domain/calls';

/**
 * Every failure the API reports is an ApiError; the error middleware turns it into the spec's
 * envelope in one place. Anything else that escapes a handler is a 500 with a generic message.
 */
export type ErrorType =
  'invalid_request_error' | 'authentication_error' | 'billing_error' | 'permission_error' | 'conflict_error' | 'rate_limit_error' | 'api_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One of the bad rows an import's 400 lists in `error.details`. */
export interface ErrorDetail {
  param: string;
  message: string;
}

/** The most bad rows one refusal of an import lists. */
export const MAX_ERROR_DETAILS = 100;

/** The refusals of a row that leave the rest of an import to check: its fields, or its number's destination. */
const ROW_CODES: readonly string[] = ['VALIDATION_ERROR', 'DESTINATION_NOT_ALLOWED'];

/**
 * The bad rows of an import, each by its first VALIDATION_ERROR or DESTINATION_NOT_ALLOWED, so that
 * one refusal names them all (up to MAX_ERROR_DETAILS) rather than one per attempt. The refusal's
 * code is the first bad row's.
 */
export class RowErrors {
  private found: Array<{ row: number; error: ApiError }> = [];

  get count(): number {
    return this.found.length;
  }

  get full(): boolean {
    return this.found.length >= MAX_ERROR_DETAILS;
  }

  /** Runs row `row`'s checks: false, with the error kept, when one refuses it; any other failure is thrown. */
  check(row: number, checks: () => void): boolean {
    try {
      checks();
      return true;
    } catch (err) {
      if (!(err instanceof ApiError) || !ROW_CODES.includes(err.code)) throw err;
      this.found.push({ row, error: err });
      return false;
    }
  }

  /** The 400 for the rows found, if any: the first in row order as `param` and `message`, each in `details`. */
  throwIfAny(): void {
    const rows = this.found.sort((a, b) => a.row - b.row).slice(0, MAX_ERROR_DETAILS);
    if (rows.length === 0) return;
    const { code, message, param } = rows[0]!.error;
    throw new ApiError(
      400,
      'invalid_request_error',
      code,
      message,
      param,
      {},
      rows.map(({ error }) => ({ param: error.param ?? 'body', message: error.message })),
    );
  }
}

/** Every code the API answers with, with its status and type: the OpenAPI document lists them from here. */
export const ERROR_CODES = {
  VALIDATION_ERROR: [400, 'invalid_request_error', 'A field is missing, malformed or out of range; `param` names it.'],
  BYOK_NOT_READY: [
    400,
    'invalid_request_error',
    'A `byok` key, and every call, interview or campaign launch it makes, needs verified provider credentials for LLM, STT and TTS.',
  ],
  PROVIDER_VERIFICATION_FAILED: [
    400,
    'invalid_request_error',
    'The vendor refused the provider credential; it is not verified (a previously verified one stays in use).',
  ],
  CARRIER_REJECTED: [400, 'invalid_request_error', 'The carrier refused to dial this number; nothing was created or charged.'],
  PHONE_NUMBER_UNAVAILABLE: [
    400,
    'invalid_request_error',
    'The carrier cannot give this number to the organization: on Twilio it is not one of the account’s incoming phone numbers; on the simulated carrier it is outside +44 113 496 0000 to 0999.',
  ],
  DESTINATION_NOT_ALLOWED: [
    400,
    'invalid_request_error',
    "The organization's dialling policy refuses the number: its country is not one the organization may call, or it is a premium-rate, shared-cost, personal or pager number. Checked before anything is dialled, created or charged.",
  ],
  INVALID_API_KEY: [401, 'authentication_error', 'The bearer credential is missing, malformed, unknown, revoked or expired.'],
  INVALID_CREDENTIALS: [401, 'authentication_error', 'Dashboard sign-in: the email and password do not match.'],
  INVALID_CANDIDATE_TOKEN: [401, 'authentication_error', 'Candidate routes: the interview link or embed token is missing, unknown, or for another interview.'],
  CANDIDATE_TOKEN_EXPIRED: [401, 'authentication_error', 'Candidate routes: the interview link or embed token has expired.'],
  INVALID_BROWSER_CALL_TOKEN: [
    401,
    'authentication_error',
    'A browser call’s audio socket: the token is missing, for another call, or older than the minute it is good for.',
  ],
  INSUFFICIENT_CREDITS: [402, 'billing_error', 'The organization has no credit minutes left.'],
  PERMISSION_DENIED: [403, 'permission_error', 'The credential lacks the scope or role the operation needs.'],
  ORGANIZATION_REQUIRED: [403, 'permission_error', 'The key is not attached to an organization.'],
  QUOTA_EXCEEDED: [403, 'permission_error', 'The organization is at its plan limit for this resource.'],
  EMBED_ORIGINS_REQUIRED: [403, 'permission_error', 'Embed tokens need a key with at least one allowed origin.'],
  ORIGIN_NOT_ALLOWED: [
    403,
    'permission_error',
    "Candidate routes: the request's `Origin` is neither this service nor one of the embed token's allowed origins.",
  ],
  RESOURCE_NOT_FOUND: [404, 'invalid_request_error', "No such route, or no such resource in the caller's organization."],
  RECORDING_NOT_FOUND: [
    404,
    'invalid_request_error',
    'The call has no recording: its agent does not record calls, it has not finished storing yet (see `recordingAvailable`), or the retention period deleted it.',
  ],
  METHOD_NOT_ALLOWED: [405, 'invalid_request_error', 'The path exists but not with this method; see the `Allow` header.'],
  DUPLICATE_NAME: [409, 'conflict_error', 'Another resource of the organization already has this name.'],
  DUPLICATE_EMAIL: [409, 'conflict_error', 'A user with this email already exists.'],
  LAST_ADMIN: [409, 'conflict_error', 'The organization’s only active admin cannot be made a member; make another user an admin first.'],
  DUPLICATE_CONTACT: [409, 'conflict_error', 'The organization already has a contact with this phone number.'],
  DO_NOT_CALL: [409, 'invalid_request_error', 'The number is do-not-call (its contact is, or was when erased); nothing was dialled, created or charged.'],
  INVALID_STATE_TRANSITION: [409, 'conflict_error', 'The action is not valid in the resource’s current state.'],
  AGENT_IN_USE: [
    409,
    'conflict_error',
    'A campaign that is not over yet uses the agent (cancel it, or let it complete, first), a call with it is `created` or `active` (hang it up, or let it end, first), an interview with it is `active` (let it end first), or a phone number points at it (move or release the number first).',
  ],
  PHONE_NUMBER_IN_USE: [
    409,
    'conflict_error',
    'The number is already claimed, by this organization or another: a number belongs to one organization at a time.',
  ],
  TEST_CALLS_UNAVAILABLE: [409, 'conflict_error', 'Test calls ring numbers on the simulated carrier only; on a real carrier, call the number from a phone.'],
  NO_RECIPIENTS: [409, 'conflict_error', 'A campaign launches only after its recipients are imported.'],
  RECIPIENTS_ALREADY_IMPORTED: [409, 'conflict_error', 'A campaign takes its recipients in one import; it already has them.'],
  INTERVIEW_CLOSED: [
    409,
    'conflict_error',
    'The interview is completed or past `expiresAt`; it takes no new embed tokens or link. On the candidate’s routes: its agent was deleted, so it has ended (`endedReason: agent_deleted`).',
  ],
  IMPORT_IN_PROGRESS: [
    409,
    'conflict_error',
    'Another import of this campaign, or any other import of the organization, is running: one import at a time per organization. Retry once it has finished.',
  ],
  IDEMPOTENCY_KEY_IN_USE: [409, 'conflict_error', 'A request with this `Idempotency-Key` is still running; retry once it has finished.'],
  SESSION_IN_PROGRESS: [409, 'conflict_error', 'Twilio Media Streams or ConversationRelay: the call already has a session; a second socket for it is refused.'],
  REPORT_UNAVAILABLE: [
    409,
    'conflict_error',
    'The interview ended without starting (e.g. `endedReason: expired`), the inbound call was refused before it was answered (`disposition: refused`), or the call’s or interview’s agent was deleted before its report was written: it has no report and never will.',
  ],
  PAYLOAD_TOO_LARGE: [413, 'invalid_request_error', 'The request body is over 1 MiB (64 MiB for a recipient import).'],
  RANGE_NOT_SATISFIABLE: [416, 'invalid_request_error', 'The `Range` starts past the end of the file; `content-range` gives its size.'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'invalid_request_error', 'Request bodies must be `application/json`.'],
  HEADERS_TOO_LARGE: [431, 'invalid_request_error', 'The request line and headers together are over 16 KiB.'],
  MALFORMED_REQUEST: [400, 'invalid_request_error', 'The request is not valid HTTP/1.1.'],
  IDEMPOTENCY_KEY_REUSED: [422, 'invalid_request_error', 'This `Idempotency-Key` was used with another method, path or body; use a new key for a new request.'],
  RATE_LIMITED: [
    429,
    'rate_limit_error',
    "The key's requests-per-minute limit is reached, or too many failed sign-ins for the email or from the address, or too many invalid credentials from the address; wait `retry-after` seconds.",
  ],
  CONCURRENCY_LIMIT_EXCEEDED: [429, 'rate_limit_error', 'The organization has `maxConcurrentCalls` calls in progress; retry after `retry-after` seconds.'],
  INTERNAL_ERROR: [500, 'api_error', 'An unexpected error; quote `request_id` to support.'],
  CARRIER_UNAVAILABLE: [502, 'api_error', 'The carrier could not take the call; nothing was created or charged. Retry later.'],
  PROVIDER_UNAVAILABLE: [502, 'api_error', 'The vendor could not be reached to verify the provider credential; it is stored unverified. Retry later.'],
  CREDENTIALS_ENCRYPTION_UNCONFIGURED: [503, 'api_error', 'The server has no CREDENTIALS_ENCRYPTION_KEY, so it cannot store provider credentials.'],
  SERVER_RESTARTING: [
    503,
    'api_error',
    "The process holding a candidate's audio socket (the media process, or the API where it serves the sockets itself) is restarting: reconnect, and another process takes the interview on.",
  ],
  SERVICE_UNAVAILABLE: [
    503,
    'api_error',
    'The database or the workflow engine could not be reached within about 5 s. Retry after `retry-after` seconds; a mutation may or may not have taken effect, so retrieve the resource before retrying it.',
  ],
  DIAL_TIMEOUT: [504, 'api_error', 'The dial was not confirmed in time and was abandoned; nothing was created or charged. Retry later.'],
  ACTION_TIMEOUT: [504, 'api_error', 'The workflow did not confirm the change in time. It may still take effect: retrieve the resource before retrying.'],
  CREATE_TIMEOUT: [504, 'api_error', 'The new resource was not confirmed in time and was abandoned; nothing was created or charged. Retry later.'],
} as const satisfies Record<string, readonly [number, ErrorType, string]>;

export type ErrorCode = keyof typeof ERROR_CODES;

function apiError(code: ErrorCode, message: string, param?: string, headers?: Record<string, string>): ApiError {
  const [status, type] = ERROR_CODES[code];
  return new ApiError(status, type, code, message, param, headers);
}

export const validationError = (message: string, param?: string) => apiError('VALIDATION_ERROR', message, param);

export const notFound = (what = 'resource', param?: string) => apiError('RESOURCE_NOT_FOUND', `No such ${what} in your organization.`, param);

export const recordingNotFound = () => apiError('RECORDING_NOT_FOUND', 'This call has no recording.', 'path.id');

export const rangeNotSatisfiable = (size: number) =>
  apiError('RANGE_NOT_SATISFIABLE', `The range starts past the end of the ${size}-byte file.`, 'header.range', { 'content-range': `bytes */${size}` });

export const routeNotFound = (method: string, path: string) => apiError('RESOURCE_NOT_FOUND', `No route for ${method} ${path}.`);

export const methodNotAllowed = (method: string, path: string, allowed: string[]) =>
  apiError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`, undefined, {
    allow: allowed.join(', '),
  });

export const invalidApiKey = (message: string) => apiError('INVALID_API_KEY', message);

export const invalidCredentials = () => apiError('INVALID_CREDENTIALS', 'The email and password do not match.');

export const duplicateEmail = () => apiError('DUPLICATE_EMAIL', 'A user with this email already exists.', 'body.email');

export const permissionDenied = (message: string) => apiError('PERMISSION_DENIED', message);

export const organizationRequired = () => apiError('ORGANIZATION_REQUIRED', 'This key is not attached to an organization.');

export const sessionInProgress = () => apiError('SESSION_IN_PROGRESS', 'This call already has a session on this socket.');
export const quotaExceeded = (message: string) => apiError('QUOTA_EXCEEDED', message);

export const duplicateName = (message: string, param = 'body.name') => apiError('DUPLICATE_NAME', message, param);

export const duplicateContact = (param = 'body.phoneNumber') =>
  apiError('DUPLICATE_CONTACT', 'Your organization already has a contact with this phone number; update that one instead.', param);

export const doNotCall = () =>
  apiError(
    'DO_NOT_CALL',
    'This number is do-not-call in your organization; lift it with PATCH /contacts/{id} {"doNotCall": false} if the person agreed to be called.',
    'body.phoneNumber',
  );

export const invalidStateTransition = (message: string) => apiError('INVALID_STATE_TRANSITION', message);

/** `missing` names the kinds without a verified credential; `param` is absent when the key, not a field, is the cause. */
export const byokNotReady = (missing: readonly string[], param?: string) =>
  apiError(
    'BYOK_NOT_READY',
    `byok traffic runs only on your organization's own provider credentials, and it has no verified ${missing.join(', ')} credential; ` +
      `add it with PUT /dashboard/provider-credentials/${missing[0]}.`,
    param,
  );

export const providerVerificationFailed = (message: string, param = 'body.apiKey') => apiError('PROVIDER_VERIFICATION_FAILED', message, param);

export const providerUnavailable = (message: string) => apiError('PROVIDER_UNAVAILABLE', message);

export const credentialsEncryptionUnconfigured = () =>
  apiError(
    'CREDENTIALS_ENCRYPTION_UNCONFIGURED',
    'This server has no CREDENTIALS_ENCRYPTION_KEY, so it cannot store provider credentials; ask its operator to configure one.',
  );

export const agentInUse = (message: string) => apiError('AGENT_IN_USE', message, 'path.id');

export const noRecipients = () => apiError('NO_RECIPIENTS', 'Import recipients (POST /campaigns/{id}/recipients) before launching the campaign.');

export const importInProgress = (scope: 'campaign' | 'organization') =>
  apiError(
    'IMPORT_IN_PROGRESS',
    scope === 'campaign'
      ? 'Another import of this campaign is running; retrieve the campaign once it has finished.'
      : 'Another import of your organization is running (one at a time per organization); retry once it has finished.',
  );

export const recipientsAlreadyImported = () =>
  apiError('RECIPIENTS_ALREADY_IMPORTED', 'This campaign already has its recipients; a campaign takes them in one import.');

export const payloadTooLarge = (limit: number) => apiError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`);

export const unsupportedMediaType = (expected: 'json' | 'form' = 'json') =>
  apiError(
    'UNSUPPORTED_MEDIA_TYPE',
    expected === 'json'
      ? 'Send request bodies as JSON with Content-Type: application/json.'
      : 'Send request bodies as a form with Content-Type: application/x-www-form-urlencoded.',
  );

export const rateLimited = (retryAfterSeconds: number, headers: Record<string, string>) =>
  apiError('RATE_LIMITED', `Rate limit reached for this key; retry after ${retryAfterSeconds} s.`, undefined, {
    ...headers,
    'retry-after': String(retryAfterSeconds),
  });

/** A throttle of failed credentials (sign-in, unknown keys) refused the request. */
export const throttled = (retryAfterSeconds: number, message: string) =>
  apiError('RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** How long a call refused for concurrency should wait: a short simulated call ends within it. */
const CONCURRENCY_RETRY_AFTER_S = 5;

/** The API's error for a refusal of the domain layer (admission, phone numbers, contacts, imports); anything else unchanged. */
export function fromDomain(err: unknown): unknown {
  if (err instanceof NumberRefused) return numberError(err.refusal);
  if (err instanceof ContactRefused) return err.refusal.reason === 'duplicate' ? duplicateContact() : organizationRequired();
  if (err instanceof ContactQuotaExceeded)
    return quotaExceeded(`Your organization has reached its limit of ${err.maxContacts} contacts; erase some or raise the plan.`);
  if (err instanceof ImportInProgress) return importInProgress(err.scope);
  if (err instanceof UserRefused) return userError(err.refusal);
  if (err instanceof InterviewMissing) return notFound('interview', 'path.id');
  if (err instanceof AgentRefused) return agentError(err.refusal);
  if (err instanceof InterviewRefused) return interviewError(err.refusal);
  if (err instanceof CampaignRefused) return campaignError(err.refusal);
  if (err instanceof CallRefused) return callError(err.refusal);
  if (!(err instanceof AdmissionRefused)) return err;
  const { refusal } = err;
  switch (refusal.reason) {
    case 'organization_missing':
      return organizationRequired();
    case 'destination_not_allowed':
      return destinationNotAllowed(refusal.message);
    case 'do_not_call':
      return doNotCall();
    case 'byok_not_ready':
      return byokNotReady(refusal.missing);
    case 'concurrency':
      return concurrencyLimit(refusal.maxConcurrentCalls, CONCURRENCY_RETRY_AFTER_S);
    case 'insufficient_credits':
      return insufficientCredits();
  }
}

function callError(refusal: CallRefusal): ApiError {
  switch (refusal.reason) {
    case 'not_found':
      return notFound('call', 'path.id');
    case 'agent_not_found':
      return validationError('body.agentId is not an agent of your organization.', 'body.agentId');
    case 'agent_not_phone':
      return validationError('body.agentId must be a phone agent to place calls.', 'body.agentId');
    case 'agent_inbound_only':
      return validationError(
        'body.agentId only answers calls (phone.direction inbound); set its direction to outbound or both to place calls with it.',
        'body.agentId',
      );
    case 'idempotency_key_reused':
      return idempotencyKeyReused();
    case 'report_unavailable':
      return reportUnavailableForCall();
    case 'agent_deleted_before_report':
      return agentDeletedBeforeReport('call');
    case 'recording_not_found':
      return recordingNotFound();
  }
}

function numberError(refusal: NumberRefusal): ApiError {
  switch (refusal.reason) {
    case 'in_use':
      return apiError('PHONE_NUMBER_IN_USE', 'This number is already claimed; a number belongs to one organization at a time.', 'body.phoneNumber');
    case 'unavailable':
      return apiError('PHONE_NUMBER_UNAVAILABLE', refusal.message, 'body.phoneNumber');
    case 'carrier_unavailable':
      return carrierUnavailable(refusal.message);
    case 'agent_not_found':
      return validationError('body.agentId is not an agent of your organization.', 'body.agentId');
    case 'agent_not_inbound':
      return validationError(
        refusal.direction === null
          ? 'body.agentId must be a phone agent: voice agents hold interviews, not phone calls.'
          : `body.agentId must be a phone agent whose phone.direction is inbound or both; this one's is ${refusal.direction}.`,
        'body.agentId',
      );
    case 'agent_has_numbers':
      return apiError(
        'AGENT_IN_USE',
        `Phone number ${refusal.phoneNumber} points at this agent; move it to another agent or release it first, so no number answers for an agent that takes no inbound calls.`,
        'path.id',
      );
  }
}

export const testCallsUnavailable = () =>
  apiError('TEST_CALLS_UNAVAILABLE', 'Test calls ring numbers on the simulated carrier only; call this number from a phone instead.');

export const reportUnavailableForCall = () =>
  apiError('REPORT_UNAVAILABLE', 'This inbound call was refused before it was answered (disposition refused); it has no report.', 'path.id');

export const agentDeletedBeforeReport = (resource: 'call' | 'interview') =>
  apiError('REPORT_UNAVAILABLE', `This ${resource}'s agent was deleted before its report was written, so it has no report and never will.`, 'path.id');

export const insufficientCredits = () =>
  apiError('INSUFFICIENT_CREDITS', 'Your organization has no credit minutes left; add credit to place calls and run interviews.');

export const concurrencyLimit = (max: number, retryAfterSeconds: number) =>
  apiError('CONCURRENCY_LIMIT_EXCEEDED', `Your organization already has ${max} calls in progress (maxConcurrentCalls).`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });

export const destinationNotAllowed = (message: string, param = 'body.phoneNumber') => apiError('DESTINATION_NOT_ALLOWED', message, param);

export const carrierRejected = (message: string) => apiError('CARRIER_REJECTED', message, 'body.phoneNumber');

export const carrierUnavailable = (message: string) => apiError('CARRIER_UNAVAILABLE', message);

export const dialTimeout = (seconds: number) =>
  apiError(
    'DIAL_TIMEOUT',
    `The carrier did not confirm the dial within ${seconds} s; the call was abandoned and nothing was charged. Should the carrier accept it after all, it is hung up at once.`,
  );

export const actionTimeout = (seconds: number, resource: 'call' | 'campaign' | 'interview') =>
  apiError(
    'ACTION_TIMEOUT',
    `The ${resource}'s workflow did not confirm the change within ${seconds} s. It may still take effect once the workflow runs: retrieve the ${resource} before retrying.`,
  );

export const actionRecorded = (seconds: number, resource: 'call' | 'campaign' | 'interview', action: string) =>
  apiError(
    'ACTION_TIMEOUT',
    `The ${resource}'s workflow did not confirm the ${action} within ${seconds} s. The ${action} is recorded, and the workflow applies it when it runs if it still can: retrieve the ${resource} rather than retrying.`,
  );

export const createTimeout = (seconds: number, resource: 'campaign' | 'interview') =>
  apiError(
    'CREATE_TIMEOUT',
    `The ${resource}'s workflow did not confirm it within ${seconds} s; the ${resource} was abandoned and nothing was created or charged. Retry later.`,
  );

export const embedOriginsRequired = () =>
  apiError('EMBED_ORIGINS_REQUIRED', 'This key has no allowed origins; create a key with the origins of the pages that embed interviews.');

export const interviewClosed = (message: string) => apiError('INTERVIEW_CLOSED', message);

export const reportUnavailable = (endedReason: string) =>
  apiError(
    'REPORT_UNAVAILABLE',
    endedReason === 'agent_deleted'
      ? "This interview's agent was deleted before the candidate started it (endedReason agent_deleted), so it has no report and never will."
      : `This interview ended without starting (endedReason ${endedReason}), so it has no report and never will.`,
  );

/** A candidate's start, message or voice turn found the interview's agent deleted: the workflow has ended the interview. */
export const interviewAgentDeleted = () =>
  interviewClosed('The agent of this interview was deleted, so the interview has ended (endedReason agent_deleted) and takes no more turns.');

export const invalidCandidateToken = (message: string) => apiError('INVALID_CANDIDATE_TOKEN', message);

export const originNotAllowed = (origin: string) =>
  apiError(
    'ORIGIN_NOT_ALLOWED',
    `Requests from ${origin.slice(0, 200)} may not use this interview token; open the interview from a page its embed token allows.`,
  );

export const invalidBrowserCallToken = () =>
  apiError(
    'INVALID_BROWSER_CALL_TOKEN',
    'This token does not open this call, or it has expired: place the call again (POST /dashboard/agents/{id}/browser-calls).',
  );

export const candidateTokenExpired = () => apiError('CANDIDATE_TOKEN_EXPIRED', 'This interview link has expired; ask for a new one.');

/** How long a client should wait after a 503: an outage of the database or Temporal is seldom shorter. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

export const serviceUnavailable = () =>
  apiError('SERVICE_UNAVAILABLE', 'The service cannot reach its database or workflow engine right now; retry shortly.', undefined, {
    'retry-after': String(UNAVAILABLE_RETRY_AFTER_S),
  });

export const serverRestarting = () => apiError('SERVER_RESTARTING', 'This server is restarting; reconnect to go on with the interview.');

export const idempotencyKeyInUse = () =>
  apiError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; retry once it has finished.', 'header.idempotency-key');

export const idempotencyKeyReused = () =>
  apiError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request (method, path or body); send a new key for a new request.',
    'header.idempotency-key',
  );

export const headersTooLarge = () => apiError('HEADERS_TOO_LARGE', 'The request line and headers together are over 16 KiB; send less in the URL and headers.');

export const malformedRequest = () => apiError('MALFORMED_REQUEST', 'The request is not valid HTTP/1.1.');

export const internalError = () => apiError('INTERNAL_ERROR', 'An unexpected error occurred. Quote the request_id when contacting support.');

function userError(refusal: UserRefusal): ApiError {
  switch (refusal.reason) {
    case 'invalid_credentials':
      return invalidCredentials();
    case 'deactivated':
      return permissionDenied('This user is deactivated; ask an admin of your organization to reactivate it.');
    case 'not_found':
      return notFound('user', 'path.id');
    case 'organization_missing':
      return notFound('organization');
    case 'quota':
      return quotaExceeded(`Your organization has reached its limit of ${refusal.maxUsers} users.`);
    case 'duplicate_email':
      return duplicateEmail();
    case 'founder_keeps_admin':
      return permissionDenied("Only the organization's first admin can demote themselves or remove their own scopes.");
    case 'founder_stays_active':
      return permissionDenied("The organization's first admin cannot be deactivated.");
    case 'self_deactivation':
      return permissionDenied('You cannot deactivate yourself; ask another admin.');
    case 'last_admin':
      return apiError('LAST_ADMIN', "This is the organization's only active admin: make another user an admin before making this one a member.", 'body.role');
  }
}

function agentError(refusal: AgentRefusal): ApiError {
  switch (refusal.reason) {
    case 'not_found':
      return notFound('agent', 'path.id');
    case 'organization_missing':
      return notFound('organization');
    case 'quota':
      return quotaExceeded(`Your organization has reached its limit of ${refusal.maxAgents} agents; delete one or raise the plan.`);
    case 'duplicate_name':
      return duplicateName(`An agent named "${refusal.name}" already exists in your organization.`);
    case 'campaign_unfinished':
      return agentInUse(
        `The campaign "${refusal.campaignName}" (${refusal.campaignId}) uses this agent and is not over yet; cancel it or let it complete before deleting the agent.`,
      );
    case 'call_in_progress':
      return agentInUse(
        `The call ${refusal.callId} ${refusal.direction === 'inbound' ? 'from' : 'to'} ${refusal.phoneNumber} is in progress with this agent: hang it up or wait for it to end before deleting the agent.`,
      );
    case 'interview_in_progress':
      return agentInUse(
        `The interview ${refusal.interviewId} with ${refusal.candidateName} is in progress with this agent: wait for it to end (at the latest the agent's maxDurationMinutes after its start) before deleting the agent.`,
      );
  }
}

function interviewError(refusal: InterviewRefusal): ApiError {
  switch (refusal.reason) {
    case 'agent_not_found':
      return validationError('body.agentId is not an agent of your organization.', 'body.agentId');
    case 'agent_not_voice':
      return validationError('body.agentId must be a voice agent to run interviews.', 'body.agentId');
    case 'organization_missing':
      return organizationRequired();
    case 'quota':
      return quotaExceeded(
        `Your organization has reached its limit of ${refusal.maxOpenInterviews} open interviews; end one or wait for one to complete, or raise the plan.`,
      );
    case 'embed_origins_required':
      return embedOriginsRequired();
    case 'closed': {
      const state = refusal.state === 'completed' ? 'This interview is completed' : 'This interview is past its expiresAt';
      return interviewClosed(`${state}; ${refusal.refused === 'link' ? 'its link cannot be renewed' : 'it takes no new embed tokens'}.`);
    }
    case 'report_unavailable':
      return reportUnavailable(refusal.endedReason);
    case 'agent_deleted_before_report':
      return agentDeletedBeforeReport('interview');
  }
}

function campaignError(refusal: CampaignRefusal): ApiError {
  switch (refusal.reason) {
    case 'not_found':
      return notFound('campaign', 'path.id');
    case 'organization_missing':
      return organizationRequired();
    case 'agent_not_found':
      return validationError('body.agentId is not an agent of your organization.', 'body.agentId');
    case 'agent_not_phone':
      return validationError('body.agentId must be a phone agent to run a campaign.', 'body.agentId');
    case 'agent_inbound_only':
      return validationError(
        'body.agentId only answers calls (phone.direction inbound); set its direction to outbound or both to run a campaign with it.',
        'body.agentId',
      );
    case 'quota':
      return quotaExceeded(
        `Your organization has reached its limit of ${refusal.maxCampaigns} campaigns not archived; archive a completed or cancelled one or raise the plan.`,
      );
    case 'recipient_quota':
      return quotaExceeded(
        `Your organization may store ${refusal.maxRecipients} recipients in campaigns not archived and has ${refusal.used}; this import has more than the ${refusal.maxRecipients - refusal.used} left. Archive a completed or cancelled campaign or raise the plan.`,
      );
    case 'takes_no_recipients':
      return invalidStateTransition(`A ${refusal.status} campaign takes no recipients.`);
    case 'recipients_imported':
      return recipientsAlreadyImported();
    case 'agent_missing':
      return validationError("The campaign's agent no longer exists.", 'path.id');
    case 'not_closed':
      return invalidStateTransition(`A ${refusal.status} campaign cannot be archived.`);
    case 'already_archived':
      return invalidStateTransition('The campaign is already archived.');
  }
}

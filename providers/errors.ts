/** Errors every vendor adapter (LLM, STT, TTS) raises in the same shape, so callers treat them alike. */

/** The vendor refused the API key (401 or 403): a credential to fix, not a request to retry. */
export class VendorAuthError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    message: string,
  ) {
    super(`${provider} refused the API key (${status}): ${message}`);
    this.name = 'VendorAuthError';
  }
}

/**
 * A speech vendor failed other than by refusing the key: `retryable` when it was unreachable, timed
 * out, rate limited (429) or failing (5xx), so a session may try again; not for other refusals.
 */
export class SpeechVendorError extends Error {
  constructor(
    readonly provider: string,
    readonly retryable: boolean,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'SpeechVendorError';
  }
}

/**
 * A speech vendor's failure by HTTP status (undefined: no answer at all, as when unreachable or
 * timed out), mapped as every speech adapter maps it.
 */
export function speechVendorFailure(provider: string, status: number | undefined, message: string): VendorAuthError | SpeechVendorError {
  if (status === 401 || status === 403) return new VendorAuthError(provider, status, message);
  const retryable = status === undefined || status === 408 || status === 429 || status >= 500;
  return new SpeechVendorError(provider, retryable, status === undefined ? message : `HTTP ${status}: ${message}`, status);
}

/** Why a provider cannot serve a session or a request, now or on any retry. */
export type ProviderFailureType = 'llm_not_configured' | 'stt_not_configured' | 'tts_not_configured' | 'byok_credentials_missing' | 'llm_vendor_rejected';

/**
 * A provider that cannot serve: no key for its vendor on this server, a byok organization without
 * its verified credential, or a request the vendor refused for good. Final by nature: the worker
 * turns it into a non-retryable Temporal failure of the same type (worker/failures.ts), and the
 * API into its own error.
 */
export class ProviderFailure extends Error {
  constructor(
    readonly type: ProviderFailureType,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

import { credentials } from '@grpc/grpc-js';
import type { ClientOptions } from 'google-gax';
import { speechVendorFailure, type SpeechVendorError, type VendorAuthError } from './errors';

/**
 * Client options for a Google Cloud API over gRPC at `baseUrl` with an API key: TLS for `https:`,
 * plaintext for an `http:` stand-in (a local fake). The key travels as the `x-goog-api-key`
 * metadata Google documents for API keys, added to each call (`keyHeaders`). The universe domain
 * is named too: left out, the SDK learns it from the machine's Application Default Credentials
 * before its first call, and off Google Cloud that probes the metadata server for up to 3 s.
 */
export function googleClientOptions(baseUrl: string): ClientOptions {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  return {
    apiEndpoint: url.hostname,
    port: Number(url.port) || (secure ? 443 : 80),
    sslCreds: secure ? credentials.createSsl() : credentials.createInsecure(),
    universeDomain: 'googleapis.com',
  };
}

export const keyHeaders = (apiKey: string) => ({ otherArgs: { headers: { 'x-goog-api-key': apiKey } } });

/** gRPC status codes (google.rpc.Code) as the HTTP statuses Google maps them to. */
const HTTP_OF_GRPC: Record<number, number> = { 3: 400, 4: 504, 5: 404, 7: 403, 8: 429, 9: 400, 10: 409, 11: 400, 12: 501, 13: 500, 14: 503, 15: 500, 16: 401 };

/**
 * A Google API error as the speech adapters raise it. Google refuses an unknown API key with
 * INVALID_ARGUMENT and reason API_KEY_INVALID rather than UNAUTHENTICATED: a refused key too.
 * No code at all (or UNKNOWN) means the call never got an answer.
 */
export function googleFailure(provider: string, err: unknown): VendorAuthError | SpeechVendorError {
  const { code, message, reason } = (err ?? {}) as { code?: unknown; message?: unknown; reason?: unknown };
  const text = typeof message === 'string' ? message : String(err);
  const keyInvalid = code === 3 && (reason === 'API_KEY_INVALID' || /API_KEY_INVALID|API key not valid/.test(text));
  const status = keyInvalid ? 401 : typeof code === 'number' ? HTTP_OF_GRPC[code] : undefined;
  return speechVendorFailure(provider, status, text);
}

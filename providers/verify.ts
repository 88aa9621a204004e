/**
 * Checks a vendor credential with the cheapest authenticated call each vendor documents, before it
 * counts as verified: reads (projects, models, voices, operations, the account) cost nothing and
 * change nothing on the partner's account. `amazon`'s credential is an AWS key pair (as JSON), checked
 * with a SigV4-signed Polly DescribeVoices through the adapter's own client.
 */
import type { Config, VendorBaseUrls } from '../config';
import type { CredentialKind } from '../models/providerCredential';
import { createLlmProvider } from './llm';
import { LLM_VENDORS } from './vendors';
import { ChatVendorLlm } from './llm/chatVendor';
import { VendorAuthError } from './errors';
import { awsKeyPair, describeVoices, pollyFailure } from './tts/amazon';

export type VerificationOutcome =
  | { outcome: 'verified' }
  /** The vendor says the credential is not valid (or not allowed to use this API). */
  | { outcome: 'rejected'; message: string }
  /** The vendor could not answer: unreachable, timed out, rate limited or failing. */
  | { outcome: 'unavailable'; message: string };

export interface VerifyOptions {
  baseUrls: VendorBaseUrls;
  /** The LLM vendors' endpoints, as the adapters that will use the credential reach them. */
  llmVendors: Config['llmVendors'];
  timeoutMs: number;
}

interface Probe {
  vendor: string;
  url: string;
  headers: Record<string, string>;
}

/** The providers whose credentials can be verified, per kind. */
export const VERIFIABLE_PROVIDERS: Record<CredentialKind, readonly string[]> = {
  llm: LLM_VENDORS,
  stt: ['deepgram', 'google'],
  tts: ['elevenlabs', 'google', 'amazon'],
};

function probeFor(kind: CredentialKind, provider: string, apiKey: string, urls: VendorBaseUrls): Probe {
  const key = encodeURIComponent(apiKey);
  switch (`${kind}:${provider}`) {
    case 'stt:deepgram':
      return { vendor: 'Deepgram', url: `${urls.deepgram}/v1/projects`, headers: { authorization: `Token ${apiKey}` } };
    case 'stt:google':
      return { vendor: 'Google Speech-to-Text', url: `${urls.googleSpeech}/v1/operations?pageSize=1&key=${key}`, headers: {} };
    case 'tts:elevenlabs':
      return { vendor: 'ElevenLabs', url: `${urls.elevenlabs}/v1/user`, headers: { 'xi-api-key': apiKey } };
    case 'tts:google':
      return { vendor: 'Google Text-to-Speech', url: `${urls.googleTts}/v1/voices?languageCode=en-US&key=${key}`, headers: {} };
    default:
      throw new Error(`no verification for ${kind} provider ${provider}`);
  }
}

/** The vendor's own words from an error body, in the shapes these vendors use. */
function vendorMessage(body: string): string | undefined {
  let parsed: any;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const candidates = [parsed?.error?.message, parsed?.detail?.message, parsed?.detail, parsed?.err_msg, parsed?.message];
  const found = candidates.find((c) => typeof c === 'string' && c.trim());
  return typeof found === 'string' ? found.slice(0, 300) : undefined;
}

/**
 * Google answers an unknown API key with 400 INVALID_ARGUMENT and reason API_KEY_INVALID rather
 * than 401, so that 400 is a refusal of the credential, unlike a 400 about the request.
 */
const googleKeyInvalid = (status: number, body: string) => status === 400 && body.includes('API_KEY_INVALID');

/**
 * An LLM key is checked by the adapter that will use it (each lists the vendor's models), so the
 * check goes to the same endpoint, with the same authentication, as the conversations will.
 */
async function verifyLlm(provider: string, apiKey: string, options: VerifyOptions): Promise<VerificationOutcome> {
  const vendor = LLM_VENDORS.find((v) => v === provider);
  if (!vendor) throw new Error(`no verification for llm provider ${provider}`);
  const { baseUrl, model } = options.llmVendors[vendor];
  const llm = createLlmProvider(vendor, { apiKey, ...(baseUrl ? { baseUrl } : {}), ...(model ? { model } : {}), timeouts: { verifyMs: options.timeoutMs } });
  if (!(llm instanceof ChatVendorLlm)) throw new Error(`the ${vendor} adapter cannot verify keys`);
  try {
    await llm.verify();
    return { outcome: 'verified' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return err instanceof VendorAuthError ? { outcome: 'rejected', message } : { outcome: 'unavailable', message };
  }
}

async function verifyPolly(secret: string, options: VerifyOptions): Promise<VerificationOutcome> {
  const pair = awsKeyPair(secret);
  try {
    await describeVoices({ ...pair, ...(options.baseUrls.polly ? { baseUrl: options.baseUrls.polly } : {}) }, options.timeoutMs);
    return { outcome: 'verified' };
  } catch (err) {
    const failure = pollyFailure(err);
    const said = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    const status = failure.status === undefined ? '' : ` (HTTP ${failure.status})`;
    return failure instanceof VendorAuthError
      ? { outcome: 'rejected', message: `Amazon Polly refused the credential${status}: ${said}` }
      : { outcome: 'unavailable', message: `Amazon Polly answered${status} ${said}; the credential could not be verified.` };
  }
}

export async function verifyCredential(kind: CredentialKind, provider: string, apiKey: string, options: VerifyOptions): Promise<VerificationOutcome> {
  // The secret never reaches a message: Google's travels in the URL, which fetch errors may quote.
  const scrub = (text: string) => text.split(apiKey).join('…');
  if (kind === 'llm' || (kind === 'tts' && provider === 'amazon')) {
    const result = kind === 'llm' ? await verifyLlm(provider, apiKey, options) : await verifyPolly(apiKey, options);
    return result.outcome === 'verified' ? result : { ...result, message: scrub(result.message) };
  }
  const probe = probeFor(kind, provider, apiKey, options.baseUrls);
  let res: Response;
  let body: string;
  try {
    res = await fetch(probe.url, { headers: { accept: 'application/json', ...probe.headers }, signal: AbortSignal.timeout(options.timeoutMs) });
    body = await res.text();
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    const reason = timedOut ? `did not answer within ${options.timeoutMs} ms` : 'could not be reached';
    return { outcome: 'unavailable', message: scrub(`${probe.vendor} ${reason}; the credential could not be verified.`) };
  }
  if (res.ok) return { outcome: 'verified' };
  const said = vendorMessage(body);
  const detail = said ? `: ${said}` : '';
  if (res.status === 401 || res.status === 403 || googleKeyInvalid(res.status, body)) {
    return { outcome: 'rejected', message: scrub(`${probe.vendor} refused the credential (HTTP ${res.status})${detail}`) };
  }
  return { outcome: 'unavailable', message: scrub(`${probe.vendor} answered HTTP ${res.status}${detail}; the credential could not be verified.`) };
}

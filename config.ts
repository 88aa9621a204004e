import { createHash } from 'node:crypto';
import { LLM_VENDORS, STT_VENDORS, TTS_VENDORS } from './providers/vendors';

/**
 * Runtime configuration, read once from the environment. Every default is the embedded one that
 * `npm run dev` starts, so a fresh checkout runs with no variables set.
 */
export interface Config {
  host: string;
  port: number;
  mongodbUri: string;
  temporal: {
    address: string;
    namespace: string;
    taskQueue: string;
    /**
     * How long the API waits for a workflow to take a message (a campaign action, edit or import, a
     * hangup, an interview's creation, a candidate's end) before answering 504.
     */
    actionTimeoutSeconds: number;
  };
  /** Providers used where an agent names none; `simulated` is the embedded default and says so. */
  providers: {
    llm: string;
    stt: string;
    tts: string;
  };
  /** The service's own accounts with LLM vendors; a vendor without a key is not available to non-byok sessions. */
  llmVendors: Record<'mistral' | 'gemini' | 'groq', { apiKey: string; baseUrl: string; model: string }>;
  /** Where partners reach this API, for links the API hands out. */
  publicBaseUrl: string;
  calls: {
    /** How long a callee's phone rings before the call ends as no_answer. */
    ringTimeoutSeconds: number;
    /** How long POST /calls waits for the carrier's answer before abandoning the call (504). */
    dialTimeoutSeconds: number;
    /** Milliseconds between the simulated carrier's events and turns: a short call takes a few seconds. */
    simulatedPaceMs: number;
  };
  campaigns: {
    /** History events after which a campaign run continues as new, carrying its open calls. */
    historyBudget: number;
  };
  interviews: {
    /** How long a candidate's start or message waits for the agent's turn: longer than a turn's five 30 s attempts. */
    turnTimeoutSeconds: number;
  };
  /** pino level of the request log: trace, debug, info, warn, error, fatal or silent. */
  logLevel: string;
  /** The bearer credential `GET /metrics` takes; empty: metrics are not served. */
  metricsToken: string;
  /** The phone network calls go through: `simulated` (embedded) or `twilio` (every TWILIO_* variable set). */
  carrier: { name: 'simulated' | 'twilio'; twilio: TwilioConfig | null };
  /** Organizations' own vendor credentials (bring your own key). */
  byok: {
    /**
     * AES-256 keys that seal credentials at rest, the current one first (it seals every write);
     * the others only open what they sealed, so the key can rotate. Empty when
     * CREDENTIALS_ENCRYPTION_KEY is unset: storing credentials then answers 503.
     */
    encryptionKeys: CredentialKey[];
    /** How long a PUT waits for the vendor's answer when it verifies a credential. */
    verifyTimeoutMs: number;
    /** Where each speech vendor's API is, so tests and proxies can stand in for it. */
    vendorBaseUrls: VendorBaseUrls;
  };
}

export interface CredentialKey {
  /** A fingerprint of the key, stored with each sealed secret to find the key that opens it. */
  id: string;
  key: Buffer;
}

/** The speech vendors' APIs; the LLM vendors' are in `llmVendors`. */
export interface VendorBaseUrls {
  deepgram: string;
  elevenlabs: string;
  googleSpeech: string;
  googleTts: string;
}

/** A 32-byte key given as 64 hex digits or as base64; anything else is a configuration error. */
function credentialKey(name: string, raw: string): CredentialKey {
  const trimmed = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64')
      : Buffer.alloc(0);
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32)`);
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

function credentialKeys(env: NodeJS.ProcessEnv): CredentialKey[] {
  if (!env.CREDENTIALS_ENCRYPTION_KEY) return [];
  const previous = (env.CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').filter((k) => k.trim());
  return [
    credentialKey('CREDENTIALS_ENCRYPTION_KEY', env.CREDENTIALS_ENCRYPTION_KEY),
    ...previous.map((k, i) => credentialKey(`CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS[${i}]`, k)),
  ];
}

const baseUrl = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The caller id of every call, a Twilio number of the account (E.164). */
  fromNumber: string;
  /** Twilio's REST API; tests point it at a local fake. */
  apiBaseUrl: string;
}

/** A half-configured Twilio would fail on the first call; it fails the process at startup instead. */
function carrierFrom(env: NodeJS.ProcessEnv): Config['carrier'] {
  const name = env.CARRIER || 'simulated';
  if (name === 'simulated') return { name, twilio: null };
  if (name !== 'twilio') throw new Error(`CARRIER must be simulated or twilio, got "${name}"`);
  const missing = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'].filter((v) => !env[v]);
  if (missing.length > 0) throw new Error(`CARRIER=twilio needs ${missing.join(', ')}`);
  return {
    name,
    twilio: {
      accountSid: env.TWILIO_ACCOUNT_SID!,
      authToken: env.TWILIO_AUTH_TOKEN!,
      fromNumber: env.TWILIO_FROM_NUMBER!,
      apiBaseUrl: (env.TWILIO_API_BASE_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
    },
  };
}

/** A misspelt default would fail every session that uses it; it fails the process at startup instead. */
function providerFrom(env: NodeJS.ProcessEnv, name: string, vendors: readonly string[]): string {
  const value = env[name] || 'simulated';
  if (value !== 'simulated' && !vendors.includes(value)) throw new Error(`${name} must be simulated or one of ${vendors.join(', ')}, got "${value}"`);
  return value;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env, 'PORT', 3000);
  return {
    host: env.HOST || '127.0.0.1',
    port,
    mongodbUri: env.MONGODB_URI || `mongodb://127.0.0.1:${intFrom(env, 'FERRETDB_PORT', 27017)}/voice_agent`,
    temporal: {
      address: env.TEMPORAL_ADDRESS || `127.0.0.1:${intFrom(env, 'TEMPORAL_PORT', 7233)}`,
      namespace: env.TEMPORAL_NAMESPACE || 'default',
      taskQueue: env.TEMPORAL_TASK_QUEUE || 'voice-agent',
      actionTimeoutSeconds: intFrom(env, 'WORKFLOW_ACTION_TIMEOUT_SECONDS', 20),
    },
    providers: {
      llm: providerFrom(env, 'DEFAULT_LLM_PROVIDER', LLM_VENDORS),
      stt: providerFrom(env, 'DEFAULT_STT_PROVIDER', STT_VENDORS),
      tts: providerFrom(env, 'DEFAULT_TTS_PROVIDER', TTS_VENDORS),
    },
    llmVendors: {
      mistral: { apiKey: env.MISTRAL_API_KEY || '', baseUrl: env.MISTRAL_BASE_URL || '', model: env.MISTRAL_MODEL || '' },
      gemini: { apiKey: env.GEMINI_API_KEY || '', baseUrl: env.GEMINI_BASE_URL || '', model: env.GEMINI_MODEL || '' },
      groq: { apiKey: env.GROQ_API_KEY || '', baseUrl: env.GROQ_BASE_URL || '', model: env.GROQ_MODEL || '' },
    },
    calls: {
      ringTimeoutSeconds: intFrom(env, 'RING_TIMEOUT_SECONDS', 30),
      simulatedPaceMs: intFrom(env, 'SIMULATED_CALL_PACE_MS', 400),
      dialTimeoutSeconds: intFrom(env, 'DIAL_TIMEOUT_SECONDS', 20),
    },
    campaigns: {
      historyBudget: intFrom(env, 'CAMPAIGN_HISTORY_BUDGET', 8000),
    },
    interviews: {
      turnTimeoutSeconds: intFrom(env, 'INTERVIEW_TURN_TIMEOUT_SECONDS', 180),
    },
    logLevel: env.LOG_LEVEL || 'info',
    metricsToken: env.METRICS_TOKEN || '',
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    carrier: carrierFrom(env),
    byok: {
      encryptionKeys: credentialKeys(env),
      verifyTimeoutMs: Number(env.PROVIDER_VERIFY_TIMEOUT_MS) || 5000,
      vendorBaseUrls: {
        deepgram: baseUrl(env.DEEPGRAM_BASE_URL, 'https://api.deepgram.com'),
        elevenlabs: baseUrl(env.ELEVENLABS_BASE_URL, 'https://api.elevenlabs.io'),
        googleSpeech: baseUrl(env.GOOGLE_SPEECH_BASE_URL, 'https://speech.googleapis.com'),
        googleTts: baseUrl(env.GOOGLE_TTS_BASE_URL, 'https://texttospeech.googleapis.com'),
      },
    },
  };
}

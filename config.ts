import { existsSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { isSupportedCountry } from 'libphonenumber-js/max';
import { EMBEDDED_SPEECH, LLM_VENDORS, STT_VENDORS, TTS_VENDORS } from './providers/vendors';

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
    /**
     * The keys of the codec that encrypts every payload stored in Temporal (lib/payloadCodec.ts):
     * new payloads under the current one, older ones opened by theirs.
     */
    payloadKeys: { currentKeyId: string; keys: Map<string, Buffer> };
    /**
     * The operator's codec endpoint (`/codec/decode`, `/codec/encode`) for the Temporal Web UI and
     * CLI: its bearer token (empty: not served) and the Web UI origins its CORS lets in.
     */
    codec: { token: string; uiOrigins: string[] };
  };
  /**
   * Providers used where an agent names none; `simulated` is the embedded default and says so. STT
   * and TTS may also be `local`, the offline engines (`npm run dev` picks them).
   */
  providers: {
    llm: string;
    stt: string;
    tts: string;
  };
  /** Where the `local` speech engines find their models (scripts/tools.sh local-speech); empty: not provisioned. */
  localSpeechDir: string;
  /** The service's own accounts with LLM vendors; a vendor without a key is not available to non-byok sessions. */
  llmVendors: Record<'mistral' | 'gemini' | 'groq', { apiKey: string; baseUrl: string; model: string }>;
  /**
   * The service's own accounts with speech vendors (their endpoints are in `byok.vendorBaseUrls`);
   * a vendor without a key is not available to non-byok sessions. Empty strings mean unset: the
   * adapters then use their own default model or voice.
   */
  speechVendors: SpeechVendorsConfig;
  /** Where partners reach this API, for links the API hands out. */
  publicBaseUrl: string;
  /**
   * The audio sockets' process. `separate`: `media/server.ts` serves them (on `port`) and the API
   * serves none; otherwise the API serves them itself. `publicUrl` is where clients and carriers
   * open them, the base of every socket address the service hands out; `socketBase` is the same as
   * browsers open it (`ws://`, `wss://`), empty when the API serves the sockets on the page's own host.
   */
  media: { separate: boolean; publicUrl: string; socketBase: string; port: number };
  /**
   * Reverse proxies in front of the API that append the client's address to X-Forwarded-For; the
   * address throttles count by is the one the outermost of them saw. 0 trusts no header.
   */
  trustProxyHops: number;
  /** Invalid credentials (unknown, malformed, revoked, expired) one client address may present per clock minute before they are answered 429. */
  invalidCredentialsPerMinute: number;
  /** WebSockets whose credential comes in their first message (the candidate's audio), before it has. */
  unauthenticatedSockets: {
    /** How long a socket may go without a valid credential before it is closed (4408). */
    timeoutMs: number;
    /** How many such sockets one client address may hold open at once; more are closed (4429). */
    perAddress: number;
  };
  calls: {
    /** How long a callee's phone rings before the call ends as no_answer. */
    ringTimeoutSeconds: number;
    /** How long POST /calls waits for the carrier's answer before abandoning the call (504). */
    dialTimeoutSeconds: number;
    /**
     * The countries an organization may call unless it has its own list (ISO 3166-1 alpha-2);
     * null: any. Premium-rate and other paid number types are refused whatever the list.
     */
    allowedCountries: string[] | null;
    /** Milliseconds between the simulated carrier's events and turns: a short call takes a few seconds. */
    simulatedPaceMs: number;
    /**
     * What the simulated carrier's line carries once answered: `text` (turns exchanged as text, fast,
     * for tests and campaigns) or `audio` (the callee's phone on the API's media socket, through the
     * speech pipeline, as a Twilio call with Media Streams).
     */
    simulatedLine: 'text' | 'audio';
  };
  campaigns: {
    /** History events after which a campaign run continues as new, carrying its open calls. */
    historyBudget: number;
  };
  interviews: {
    /** How long a candidate's start or message waits for the agent's turn: longer than a turn's five 30 s attempts. */
    turnTimeoutSeconds: number;
    /**
     * How long a voice turn holds the interview's run without a renewal: the media session renews it
     * every third of this while the turn is produced, so a process killed mid-turn frees it this soon.
     */
    turnLeaseSeconds: number;
  };
  /** The media session's bounds and timings (conversation/mediaSession.ts), all in milliseconds. */
  voice: VoiceSettings;
  /** pino level of the request log: trace, debug, info, warn, error, fatal or silent. */
  logLevel: string;
  /** The bearer credential `GET /metrics` takes; empty: metrics are not served. */
  metricsToken: string;
  /** The phone network calls go through: `simulated` (embedded) or `twilio` (every TWILIO_* variable set). */
  carrier: { name: 'simulated' | 'twilio'; twilio: TwilioConfig | null };
  contacts: {
    /**
     * The HMAC-SHA256 key under which a do-not-call number is kept once its contact is erased.
     * It must never change: a new key no longer recognises the numbers kept under the old one.
     */
    doNotCallHashKey: Buffer;
  };
  tools: {
    /**
     * Whether agents' `http` tools may be on this machine (`http` or `https` to a loopback address),
     * so a partner can try a tool server on their laptop: `npm run dev` sets TOOLS_ALLOW_LOOPBACK,
     * production refuses to start with it.
     */
    allowLoopback: boolean;
  };
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

export interface VoiceSettings {
  maxDurationMs: number;
  /** The longest the caller may speak without a pause before the session ends. */
  maxTurnMs: number;
  /** The largest frame accepted; 20 ms is the norm. */
  maxFrameMs: number;
  maxFramesPerSecond: number;
  /** Silence after the agent spoke before it reprompts, then after the reprompt before it ends. */
  silenceRepromptMs: number;
  silenceEndMs: number;
  reprompt: string;
  /** Lower-case phrases that acknowledge the agent without interrupting it. */
  backchannels: string[];
  /** Speech over the agent this long interrupts it even before the STT has recognised a word (an agent's `turnTaking.interruptMs` overrides it). */
  bargeInSpeechMs: number;
  /** How long the caller's speech may go without any transcript, the model without a token, TTS without audio. */
  sttTimeoutMs: number;
  llmTimeoutMs: number;
  ttsTimeoutMs: number;
  /** Quiet that ends speech for the voice activity detector (longer than the pauses between words). */
  vadHangoverMs: number;
  /**
   * Who is speaking: `silero` (Silero VAD, with Smart Turn deciding the end of a turn; the default
   * where scripts/tools.sh turn-models provisioned them) or `energy` (a loudness threshold, and the
   * end of a turn at the first pause).
   */
  vad: 'energy' | 'silero';
  /** Silero's probability of speech at or above which a 32 ms window is speech. */
  vadThreshold: number;
  /** Speech this long starts an utterance (a click or a breath is shorter). */
  vadStartMs: number;
  /** Where Silero VAD and Smart Turn are (scripts/tools.sh turn-models); empty: not provisioned. */
  turnModelsDir: string;
  /** The media process's threads running them: two decisions at once, windows beside a decision. */
  turnModelThreads: number;
  /** How much lower those threads' CPU priority is than the event loop's (a nice value, 0 to 19). */
  turnModelNice: number;
  /** How far ahead of real time the agent's audio is sent. */
  playbackLeadMs: number;
}

const DEFAULT_BACKCHANNELS = 'mm-hm,mhm,mm,hmm,uh-huh,yeah,yes,yep,ok,okay,right,sure,i see,got it';

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
  /** Empty: the SDK's endpoint for the credential's region (`https://polly.<region>.amazonaws.com`). */
  polly: string;
}

export interface SpeechVendorsConfig {
  deepgram: { apiKey: string; model: string };
  googleSpeech: { apiKey: string; model: string };
  elevenlabs: { apiKey: string; voiceId: string; model: string };
  googleTts: { apiKey: string; voice: string };
  polly: { accessKeyId: string; secretAccessKey: string; region: string; voiceId: string; engine: string };
}

function speechVendorsFrom(env: NodeJS.ProcessEnv): SpeechVendorsConfig {
  const google = env.GOOGLE_API_KEY || '';
  return {
    deepgram: { apiKey: env.DEEPGRAM_API_KEY || '', model: env.DEEPGRAM_MODEL || '' },
    googleSpeech: { apiKey: env.GOOGLE_SPEECH_API_KEY || google, model: env.GOOGLE_SPEECH_MODEL || '' },
    elevenlabs: { apiKey: env.ELEVENLABS_API_KEY || '', voiceId: env.ELEVENLABS_VOICE_ID || '', model: env.ELEVENLABS_MODEL || '' },
    googleTts: { apiKey: env.GOOGLE_TTS_API_KEY || google, voice: env.GOOGLE_TTS_VOICE || '' },
    polly: {
      accessKeyId: env.AWS_ACCESS_KEY_ID || '',
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY || '',
      region: env.AWS_REGION || '',
      voiceId: env.POLLY_VOICE_ID || '',
      engine: env.POLLY_ENGINE || '',
    },
  };
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

/**
 * Development's do-not-call key, derived from a fixed phrase so that every process of `npm run dev`
 * and of the tests agrees on it; production sets its own secret.
 */
const DEV_DO_NOT_CALL_HASH_KEY = createHash('sha256').update('voice-agent-platform development do-not-call hash key').digest();

/**
 * Development's payload key, derived from a fixed phrase so that every process of `npm run dev` and
 * of the tests (and the histories they record) agrees on it. It is public: production refuses it.
 */
const DEV_PAYLOAD_KEY_ID = 'dev';
const DEV_PAYLOAD_KEY = createHash('sha256').update('voice-agent-platform development temporal payload key').digest();

/** `TEMPORAL_PAYLOAD_KEYS` as `id:key,id:key` (each key 32 bytes, base64 or hex), current one `TEMPORAL_PAYLOAD_KEY_ID`. */
function payloadKeysFrom(env: NodeJS.ProcessEnv): Config['temporal']['payloadKeys'] {
  if (!env.TEMPORAL_PAYLOAD_KEYS) return { currentKeyId: DEV_PAYLOAD_KEY_ID, keys: new Map([[DEV_PAYLOAD_KEY_ID, DEV_PAYLOAD_KEY]]) };
  const keys = new Map<string, Buffer>();
  for (const entry of env.TEMPORAL_PAYLOAD_KEYS.split(',').filter((e) => e.trim())) {
    const [id, key] = entry.trim().split(/:(.*)/s);
    if (!/^[A-Za-z0-9._-]+$/.test(id) || key === undefined)
      throw new Error('TEMPORAL_PAYLOAD_KEYS must be id:key pairs separated by commas, ids of letters, digits, dots, dashes and underscores');
    if (keys.has(id)) throw new Error(`TEMPORAL_PAYLOAD_KEYS names key "${id}" twice`);
    keys.set(id, credentialKey(`TEMPORAL_PAYLOAD_KEYS key "${id}"`, key).key);
  }
  const currentKeyId = env.TEMPORAL_PAYLOAD_KEY_ID ?? '';
  if (!keys.has(currentKeyId))
    throw new Error(`TEMPORAL_PAYLOAD_KEY_ID must name one of the keys of TEMPORAL_PAYLOAD_KEYS (${[...keys.keys()].join(', ')}), got "${currentKeyId}"`);
  return { currentKeyId, keys };
}

/** The development payload key is public: a production process refuses to seal anything under it. */
function refuseDevelopmentPayloadKey(env: NodeJS.ProcessEnv, payloadKeys: Config['temporal']['payloadKeys']): void {
  if (env.NODE_ENV === 'production' && payloadKeys.keys.get(payloadKeys.currentKeyId)!.equals(DEV_PAYLOAD_KEY)) {
    throw new Error('NODE_ENV=production needs TEMPORAL_PAYLOAD_KEYS and TEMPORAL_PAYLOAD_KEY_ID: the development payload key is public');
  }
}

const baseUrl = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The caller id of every call, a Twilio number of the account (E.164). */
  fromNumber: string;
  /** Twilio's REST API; tests point it at a local fake. */
  apiBaseUrl: string;
  /**
   * Who hears and speaks on calls: `streams` (our pipeline over Media Streams, the default) or
   * `relay` (Twilio's ConversationRelay, for calls of keys without byok only).
   */
  speech: 'streams' | 'relay';
  /**
   * How long a request to Twilio's REST API may take before its outcome counts as unknown (a
   * create then is looked for before it is sent again); 10 s unless TWILIO_REQUEST_TIMEOUT_MS.
   */
  requestTimeoutMs: number;
}

/** A half-configured Twilio would fail on the first call; it fails the process at startup instead. */
function carrierFrom(env: NodeJS.ProcessEnv): Config['carrier'] {
  const name = env.CARRIER || 'simulated';
  if (name === 'simulated') return { name, twilio: null };
  if (name !== 'twilio') throw new Error(`CARRIER must be simulated or twilio, got "${name}"`);
  const missing = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'].filter((v) => !env[v]);
  if (missing.length > 0) throw new Error(`CARRIER=twilio needs ${missing.join(', ')}`);
  const speech = env.TWILIO_SPEECH || 'streams';
  if (speech !== 'streams' && speech !== 'relay') throw new Error(`TWILIO_SPEECH must be streams or relay, got "${speech}"`);
  return {
    name,
    twilio: {
      accountSid: env.TWILIO_ACCOUNT_SID!,
      authToken: env.TWILIO_AUTH_TOKEN!,
      fromNumber: env.TWILIO_FROM_NUMBER!,
      apiBaseUrl: (env.TWILIO_API_BASE_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
      speech,
      requestTimeoutMs: intFrom(env, 'TWILIO_REQUEST_TIMEOUT_MS', 10_000),
    },
  };
}

function simulatedLineFrom(env: NodeJS.ProcessEnv): 'text' | 'audio' {
  const value = env.SIMULATED_LINE || 'text';
  if (value !== 'text' && value !== 'audio') throw new Error(`SIMULATED_LINE must be text or audio, got "${value}"`);
  return value;
}

/** A misspelt default would fail every session that uses it; it fails the process at startup instead. */
function providerFrom(env: NodeJS.ProcessEnv, name: string, vendors: readonly string[], embedded: readonly string[] = ['simulated']): string {
  const value = env[name] || 'simulated';
  if (!embedded.includes(value) && !vendors.includes(value))
    throw new Error(`${name} must be ${embedded.join(', ')} or one of ${vendors.join(', ')}, got "${value}"`);
  return value;
}

/** A comma-separated list of ISO 3166-1 alpha-2 codes; empty or `*`: any country. */
function countriesFrom(env: NodeJS.ProcessEnv, name: string): string[] | null {
  const raw = (env[name] ?? '').trim();
  if (raw === '' || raw === '*') return null;
  const codes = raw.split(',').map((c) => c.trim().toUpperCase());
  const unknown = codes.filter((c) => !isSupportedCountry(c));
  if (unknown.length) throw new Error(`${name} must list ISO 3166-1 alpha-2 country codes (GB,US) or be *, got unknown ${unknown.join(', ')}`);
  return [...new Set(codes)];
}

function booleanFrom(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

/** A tool on the service's own machine would reach what only the service should. */
function toolsFrom(env: NodeJS.ProcessEnv): Config['tools'] {
  const allowLoopback = booleanFrom(env, 'TOOLS_ALLOW_LOOPBACK');
  if (allowLoopback && env.NODE_ENV === 'production')
    throw new Error("NODE_ENV=production refuses TOOLS_ALLOW_LOOPBACK: agents' tools must be on public hosts");
  return { allowLoopback };
}

/** The VAD: Silero where its models are (TURN_MODELS_DIR), unless VOICE_VAD says `energy`. */
function vadFrom(env: NodeJS.ProcessEnv): Pick<VoiceSettings, 'vad' | 'vadThreshold' | 'vadStartMs' | 'turnModelsDir' | 'turnModelThreads' | 'turnModelNice'> {
  const turnModelsDir = env.TURN_MODELS_DIR || '';
  const provisioned = turnModelsDir !== '' && ['silero_vad.onnx', 'smart-turn-v3.2-cpu.onnx'].every((file) => existsSync(path.join(turnModelsDir, file)));
  const vad = env.VOICE_VAD || (provisioned ? 'silero' : 'energy');
  if (vad !== 'energy' && vad !== 'silero') throw new Error(`VOICE_VAD must be energy or silero, got "${vad}"`);
  if (vad === 'silero' && !provisioned) throw new Error('VOICE_VAD=silero needs TURN_MODELS_DIR naming the folder scripts/tools.sh turn-models fills');
  const threshold = Number(env.VOICE_VAD_THRESHOLD || 0.7);
  if (!(threshold > 0 && threshold < 1)) throw new Error(`VOICE_VAD_THRESHOLD must be a probability between 0 and 1, got "${env.VOICE_VAD_THRESHOLD}"`);
  const turnModelThreads = intFrom(env, 'TURN_MODEL_THREADS', 2);
  if (turnModelThreads < 1 || turnModelThreads > 8) throw new Error(`TURN_MODEL_THREADS must be from 1 to 8, got "${env.TURN_MODEL_THREADS}"`);
  // The value conversation/turnModels.ts's MODEL_THREAD_NICE explains, measured in docs/benchmarks.md.
  const turnModelNice = env.TURN_MODEL_NICE ? Number(env.TURN_MODEL_NICE) : 10;
  if (!Number.isInteger(turnModelNice) || turnModelNice < 0 || turnModelNice > 19)
    throw new Error(`TURN_MODEL_NICE must be from 0 to 19, got "${env.TURN_MODEL_NICE}"`);
  return { vad, vadThreshold: threshold, vadStartMs: intFrom(env, 'VOICE_VAD_START_MS', 96), turnModelsDir, turnModelThreads, turnModelNice };
}

/** Renewed every third of it: below 3 s a renewal would be due every second or more often, and one late renewal would lose a live turn. */
function turnLeaseFrom(env: NodeJS.ProcessEnv): number {
  const seconds = intFrom(env, 'INTERVIEW_TURN_LEASE_SECONDS', 15);
  if (seconds < 3) throw new Error(`INTERVIEW_TURN_LEASE_SECONDS must be at least 3, got "${env.INTERVIEW_TURN_LEASE_SECONDS}"`);
  return seconds;
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

/**
 * NODE_ENV=production (the Dockerfile's, docker-compose.prod.yml's and `npm run production`'s) refuses
 * to start on the keys a checkout runs with: the development do-not-call key is public, and without
 * CREDENTIALS_ENCRYPTION_KEY no organization's own credentials could be stored.
 */
function checkProductionKeys(env: NodeJS.ProcessEnv, doNotCallHashKey: Buffer, encryptionKeys: CredentialKey[]): void {
  if (env.NODE_ENV !== 'production') return;
  if (!env.DO_NOT_CALL_HASH_KEY || doNotCallHashKey.equals(DEV_DO_NOT_CALL_HASH_KEY)) {
    throw new Error('NODE_ENV=production needs DO_NOT_CALL_HASH_KEY set to a secret of its own (openssl rand -base64 32): the development key is public');
  }
  if (encryptionKeys.length === 0) throw new Error('NODE_ENV=production needs CREDENTIALS_ENCRYPTION_KEY set to a secret of its own (openssl rand -base64 32)');
  const publicKey = encryptionKeys.findIndex(({ key }) => key.equals(DEV_DO_NOT_CALL_HASH_KEY) || key.equals(doNotCallHashKey));
  if (publicKey >= 0) {
    const name = publicKey === 0 ? 'CREDENTIALS_ENCRYPTION_KEY' : `CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS[${publicKey - 1}]`;
    throw new Error(`NODE_ENV=production refuses ${name}: it must be a secret of its own, neither the public development key nor DO_NOT_CALL_HASH_KEY`);
  }
}

function mediaFrom(env: NodeJS.ProcessEnv, publicBaseUrl: string, port: number): Config['media'] {
  const mediaPort = intFrom(env, 'MEDIA_PORT', port + 1);
  if (!env.MEDIA_PUBLIC_URL) return { separate: false, publicUrl: publicBaseUrl, socketBase: '', port: mediaPort };
  const publicUrl = env.MEDIA_PUBLIC_URL.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#]+$/.test(publicUrl))
    throw new Error(`MEDIA_PUBLIC_URL must be an http:// or https:// origin, without a path, got "${env.MEDIA_PUBLIC_URL}"`);
  return { separate: true, publicUrl, socketBase: publicUrl.replace(/^http/, 'ws'), port: mediaPort };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env, 'PORT', 3000);
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  const payloadKeys = payloadKeysFrom(env);
  refuseDevelopmentPayloadKey(env, payloadKeys);
  const doNotCallHashKey = env.DO_NOT_CALL_HASH_KEY ? credentialKey('DO_NOT_CALL_HASH_KEY', env.DO_NOT_CALL_HASH_KEY).key : DEV_DO_NOT_CALL_HASH_KEY;
  const encryptionKeys = credentialKeys(env);
  checkProductionKeys(env, doNotCallHashKey, encryptionKeys);
  return {
    host: env.HOST || '127.0.0.1',
    port,
    mongodbUri: env.MONGODB_URI || `mongodb://127.0.0.1:${intFrom(env, 'FERRETDB_PORT', 27017)}/voice_agent`,
    temporal: {
      address: env.TEMPORAL_ADDRESS || `127.0.0.1:${intFrom(env, 'TEMPORAL_PORT', 7233)}`,
      namespace: env.TEMPORAL_NAMESPACE || 'default',
      taskQueue: env.TEMPORAL_TASK_QUEUE || 'voice-agent',
      actionTimeoutSeconds: intFrom(env, 'WORKFLOW_ACTION_TIMEOUT_SECONDS', 20),
      payloadKeys,
      codec: {
        token: env.TEMPORAL_CODEC_TOKEN || '',
        uiOrigins: (env.TEMPORAL_UI_ORIGINS || 'http://127.0.0.1:8233,http://localhost:8233')
          .split(',')
          .map((o) => o.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      },
    },
    providers: {
      llm: providerFrom(env, 'DEFAULT_LLM_PROVIDER', LLM_VENDORS),
      stt: providerFrom(env, 'DEFAULT_STT_PROVIDER', STT_VENDORS, EMBEDDED_SPEECH),
      tts: providerFrom(env, 'DEFAULT_TTS_PROVIDER', TTS_VENDORS, EMBEDDED_SPEECH),
    },
    localSpeechDir: env.LOCAL_SPEECH_DIR || '',
    llmVendors: {
      mistral: { apiKey: env.MISTRAL_API_KEY || '', baseUrl: env.MISTRAL_BASE_URL || '', model: env.MISTRAL_MODEL || '' },
      gemini: { apiKey: env.GEMINI_API_KEY || '', baseUrl: env.GEMINI_BASE_URL || '', model: env.GEMINI_MODEL || '' },
      groq: { apiKey: env.GROQ_API_KEY || '', baseUrl: env.GROQ_BASE_URL || '', model: env.GROQ_MODEL || '' },
    },
    speechVendors: speechVendorsFrom(env),
    calls: {
      ringTimeoutSeconds: intFrom(env, 'RING_TIMEOUT_SECONDS', 30),
      simulatedPaceMs: intFrom(env, 'SIMULATED_CALL_PACE_MS', 400),
      simulatedLine: simulatedLineFrom(env),
      dialTimeoutSeconds: intFrom(env, 'DIAL_TIMEOUT_SECONDS', 20),
      allowedCountries: countriesFrom(env, 'DIALLING_COUNTRIES'),
    },
    campaigns: {
      historyBudget: intFrom(env, 'CAMPAIGN_HISTORY_BUDGET', 8000),
    },
    interviews: {
      turnTimeoutSeconds: intFrom(env, 'INTERVIEW_TURN_TIMEOUT_SECONDS', 180),
      turnLeaseSeconds: turnLeaseFrom(env),
    },
    contacts: {
      doNotCallHashKey,
    },
    voice: {
      maxDurationMs: intFrom(env, 'VOICE_MAX_SESSION_MINUTES', 60) * 60_000,
      maxTurnMs: intFrom(env, 'VOICE_MAX_TURN_SECONDS', 120) * 1000,
      maxFrameMs: intFrom(env, 'VOICE_MAX_FRAME_MS', 100),
      maxFramesPerSecond: intFrom(env, 'VOICE_MAX_FRAMES_PER_SECOND', 100),
      silenceRepromptMs: intFrom(env, 'VOICE_SILENCE_REPROMPT_SECONDS', 10) * 1000,
      silenceEndMs: intFrom(env, 'VOICE_SILENCE_END_SECONDS', 10) * 1000,
      reprompt: env.VOICE_REPROMPT || 'Are you still there?',
      backchannels: (env.VOICE_BACKCHANNELS ?? DEFAULT_BACKCHANNELS)
        .split(',')
        .map((b) => b.trim().toLowerCase())
        .filter(Boolean),
      bargeInSpeechMs: intFrom(env, 'VOICE_BARGE_IN_MS', 800),
      sttTimeoutMs: intFrom(env, 'VOICE_STT_TIMEOUT_MS', 5000),
      llmTimeoutMs: intFrom(env, 'VOICE_LLM_TIMEOUT_MS', 15000),
      ttsTimeoutMs: intFrom(env, 'VOICE_TTS_TIMEOUT_MS', 5000),
      vadHangoverMs: intFrom(env, 'VOICE_VAD_HANGOVER_MS', 200),
      ...vadFrom(env),
      playbackLeadMs: intFrom(env, 'VOICE_PLAYBACK_LEAD_MS', 200),
    },
    logLevel: env.LOG_LEVEL || 'info',
    metricsToken: env.METRICS_TOKEN || '',
    publicBaseUrl,
    media: mediaFrom(env, publicBaseUrl, port),
    trustProxyHops: intFrom(env, 'TRUST_PROXY_HOPS', 0),
    invalidCredentialsPerMinute: intFrom(env, 'INVALID_CREDENTIALS_PER_MINUTE', 60),
    unauthenticatedSockets: {
      timeoutMs: intFrom(env, 'SOCKET_AUTH_TIMEOUT_SECONDS', 5) * 1000,
      perAddress: intFrom(env, 'SOCKET_UNAUTHENTICATED_PER_ADDRESS', 10),
    },
    carrier: carrierFrom(env),
    tools: toolsFrom(env),
    byok: {
      encryptionKeys,
      verifyTimeoutMs: Number(env.PROVIDER_VERIFY_TIMEOUT_MS) || 5000,
      vendorBaseUrls: {
        deepgram: baseUrl(env.DEEPGRAM_BASE_URL, 'https://api.deepgram.com'),
        elevenlabs: baseUrl(env.ELEVENLABS_BASE_URL, 'https://api.elevenlabs.io'),
        googleSpeech: baseUrl(env.GOOGLE_SPEECH_BASE_URL, 'https://speech.googleapis.com'),
        googleTts: baseUrl(env.GOOGLE_TTS_BASE_URL, 'https://texttospeech.googleapis.com'),
        polly: baseUrl(env.POLLY_BASE_URL, ''),
      },
    },
  };
}

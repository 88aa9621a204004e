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
  };
  /** Providers used where an agent names none; `simulated` is the embedded default and says so. */
  providers: {
    llm: string;
    stt: string;
    tts: string;
  };
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
    /** History events after which a campaign run lets its calls finish and continues as new. */
    historyBudget: number;
    /** How long a campaign action or edit waits for the workflow to confirm it before answering 504. */
    actionTimeoutSeconds: number;
  };
  /** pino level of the request log: trace, debug, info, warn, error, fatal or silent. */
  logLevel: string;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
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
    },
    providers: {
      llm: env.DEFAULT_LLM_PROVIDER || 'simulated',
      stt: env.DEFAULT_STT_PROVIDER || 'simulated',
      tts: env.DEFAULT_TTS_PROVIDER || 'simulated',
    },
    calls: {
      ringTimeoutSeconds: intFrom(env, 'RING_TIMEOUT_SECONDS', 30),
      simulatedPaceMs: intFrom(env, 'SIMULATED_CALL_PACE_MS', 400),
      dialTimeoutSeconds: intFrom(env, 'DIAL_TIMEOUT_SECONDS', 20),
    },
    campaigns: {
      historyBudget: intFrom(env, 'CAMPAIGN_HISTORY_BUDGET', 8000),
      actionTimeoutSeconds: intFrom(env, 'CAMPAIGN_ACTION_TIMEOUT_SECONDS', 20),
    },
    logLevel: env.LOG_LEVEL || 'info',
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
  };
}

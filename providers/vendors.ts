/**
 * The vendors an agent may name for each part of its voice, and the kinds of credential an
 * organization may bring. The agent schema, the configuration's defaults and the BYOK checks all
 * read these lists.
 */
export const LLM_VENDORS = ['mistral', 'gemini', 'groq'] as const;
export const STT_VENDORS = ['deepgram', 'google'] as const;
export const TTS_VENDORS = ['elevenlabs', 'google', 'amazon'] as const;

/**
 * Speech engines that run in the process: `simulated` (tests, benchmarks; a server default only) and
 * `local` (offline models, which an agent may also name).
 */
export const EMBEDDED_SPEECH = ['simulated', 'local'] as const;

export type LlmVendor = (typeof LLM_VENDORS)[number];

export const VENDORS_BY_KIND = { llm: LLM_VENDORS, stt: STT_VENDORS, tts: TTS_VENDORS } as const;

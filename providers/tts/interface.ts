/**
 * Text-to-speech as the media session uses it: a sentence in, its audio streamed out as the vendor
 * produces it, in the pipeline's own format (PCM16 little-endian mono at `sampleRate`, 16 kHz in
 * practice), which every adapter asks its vendor for so no adapter converts audio.
 */
export interface TtsOptions {
  /** BCP 47, the agent's language. */
  language: string;
  sampleRate: number;
  /** The vendor's voice id or name; the adapter's configured default when absent. */
  voice?: string;
}

export interface TtsProvider {
  readonly name: string;
  /**
   * The audio of `text`, chunk by chunk as it arrives. Aborting `signal` (a barge-in) ends the
   * iteration and the vendor request at once. It throws VendorAuthError for a refused key,
   * SpeechVendorError otherwise.
   */
  synthesize(text: string, options: TtsOptions, signal?: AbortSignal): AsyncIterable<Buffer>;
}

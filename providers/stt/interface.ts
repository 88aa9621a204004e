/**
 * Speech-to-text as the media session uses it: one stream per utterance-carrying session, audio in,
 * partial and final transcripts out. Every adapter takes the pipeline's own format (PCM16
 * little-endian mono at `sampleRate`, 16 kHz in practice) and asks its vendor for exactly that, so
 * no adapter converts audio; the transports do, in one place.
 */
export interface SttOptions {
  /** BCP 47, the agent's language. */
  language: string;
  sampleRate: number;
  /** The vendor's model; the adapter's configured default when absent. */
  model?: string;
}

export interface SttEvent {
  /** `partial`: the vendor's current guess, replaced by the next one; `final`: settled text. */
  type: 'partial' | 'final';
  text: string;
}

export interface SttStream {
  /** A frame of PCM16 LE mono audio at the stream's sample rate. */
  send(audio: Buffer): void;
  /** No more audio: the vendor settles what it heard, then `events` ends. */
  finish(): void;
  /** Stops at once, dropping what the vendor has not settled; `events` ends. */
  close(): void;
  /**
   * The transcripts in order. It throws when the vendor fails: VendorAuthError for a refused key
   * (a credential to fix), SpeechVendorError otherwise.
   */
  readonly events: AsyncIterable<SttEvent>;
}

export interface SttProvider {
  readonly name: string;
  /** Opens a stream; resolves once the vendor accepted it (VendorAuthError for a refused key, from ../errors). */
  open(options: SttOptions): Promise<SttStream>;
}

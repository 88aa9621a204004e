/**
 * What a media session needs of the connection it talks over: a browser's WebSocket, a Twilio Media
 * Streams socket. The transport converts audio to and from the pipeline's format (lib/audio.ts)
 * and hands the session the caller's frames (`MediaSession.audio`), playback progress
 * (`MediaSession.played`) and its own closing (`MediaSession.transportClosed`).
 */
export interface Transport {
  /** One frame of the agent's voice (PCM16 LE mono at the session's rate), to play after the ones before. */
  sendAudio(frame: Buffer): void;
  /** Drop every frame sent and not yet played: the caller barged in. */
  clear(): void;
  /**
   * Call `MediaSession.played(name)` once playback reaches this point, and never for a mark whose
   * audio was cleared (Twilio echoes cleared marks at once: ignore those).
   */
  mark(name: string): void;
  /** The session is over: close the connection (after sending what it may need to say why). */
  close(end: SessionEnd): void;
}

export type EndReason =
  /** The agent finished the conversation and its last words were played. */
  | 'agent_ended'
  /** Ended from outside: the candidate pressed End, the call was hung up from the API. */
  | 'ended_by_host'
  /** The caller's side closed the connection. */
  | 'transport_closed'
  /** A transfer put the caller through to a person: the conversation is theirs now, and the call's workflow already ends it. */
  | 'handed_off'
  /** Nobody spoke after the reprompt (or after a call-screening assistant heard who was calling). */
  | 'silence'
  /** An answering machine took the call: the agent left its message or hung up, per `phone.voicemailBehavior`. */
  | 'voicemail'
  /** A phone menu answered the call; the agent hung up without navigating it. */
  | 'phone_menu'
  | 'max_duration'
  | 'max_turn_length'
  /** A frame empty, larger than allowed or not whole PCM16 samples. */
  | 'bad_frame'
  | 'frame_rate_exceeded'
  | 'stt_timeout'
  | 'llm_timeout'
  | 'tts_timeout'
  | 'stt_failed'
  | 'llm_failed'
  | 'tts_failed'
  /** The transcript could not be written. */
  | 'error';

export interface SessionEnd {
  reason: EndReason;
  /** What went wrong, for logs; absent when the session ended normally. */
  detail?: string;
}

import { Type } from '@sinclair/typebox';

/**
 * The fields of Twilio's call status and answering-machine callbacks this service reads. Twilio
 * sends many more (AccountSid, From, To, Timestamp...) and adds new ones over time: all are kept,
 * since the request signature covers every field.
 */
export const TwilioCallback = Type.Object(
  {
    CallSid: Type.Optional(Type.String()),
    /** queued, initiated, ringing, in-progress, completed, busy, no-answer, failed or canceled. */
    CallStatus: Type.Optional(Type.String()),
    /** The answering-machine verdict: human, machine_start, machine_end_beep, machine_end_silence, machine_end_other, fax or unknown. */
    AnsweredBy: Type.Optional(Type.String()),
    CallDuration: Type.Optional(Type.String()),
    SipResponseCode: Type.Optional(Type.String()),
    /** A call to one of our numbers: the caller's number and ours. */
    From: Type.Optional(Type.String()),
    To: Type.Optional(Type.String()),
  },
  { additionalProperties: Type.String() },
);

import { getExpectedTwilioSignature } from 'twilio';
import WebSocket from 'ws';
import type { FakeTwilio } from '../test/fakes/twilio';

/** Where the Twilio benchmarks tell Twilio to reach the service; the signatures cover it. */
export const PUBLIC_BASE_URL = 'https://voice.example.test';

/** Twilio's webhook to the API, form-encoded and signed over the public URL and every field: its answer's body. */
export async function callback(twilio: FakeTwilio, apiUrl: string, path: string, params: Record<string, string>): Promise<string> {
  const res = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': getExpectedTwilioSignature(twilio.authToken, `${PUBLIC_BASE_URL}${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${text}`);
  return text;
}

/** Twilio's Media Streams socket for a call on the media process at `mediaUrl` (MEDIA_PUBLIC_URL), signed over its wss URL as the TwiML gives it. */
export function twilioMediaSocket(twilio: FakeTwilio, mediaUrl: string, callId: string): WebSocket {
  const path = `/carrier/twilio/media/${callId}`;
  const signature = getExpectedTwilioSignature(twilio.authToken, `${mediaUrl.replace(/^https?:/, 'wss:')}${path}`, {});
  return new WebSocket(`${mediaUrl.replace(/^http/, 'ws')}${path}`, { headers: { 'x-twilio-signature': signature } });
}

/** The service's environment for a bench on CARRIER=twilio against `twilio`, the fake in the bench's process. */
export const twilioBenchEnv = (twilio: FakeTwilio) => ({
  CARRIER: 'twilio',
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_FROM_NUMBER: '+442079460100',
  TWILIO_API_BASE_URL: twilio.url,
  PUBLIC_BASE_URL,
  // The callee takes its time between turns without the agent reprompting.
  VOICE_SILENCE_REPROMPT_SECONDS: '600',
});

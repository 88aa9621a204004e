/** What the Twilio tests share: the service's environment against the REST fake, and Twilio's signed callbacks. */
import { getExpectedTwilioSignature } from 'twilio';
import { SCOPES } from '../../api/scopes';
import type { NewOrganization } from '../../models/tenant';
import { MediaStreamClient } from '../fakes/mediaStreams';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio';
import { createTenant, request, startApi } from './app';
import { wordsIn } from './voiceClient';
import { uniqueName } from './servers';
import { runWorker, type RunningWorker } from './worker';

/** Where Twilio is told to reach the service; the signatures cover it, not the test's local address. */
export const TWILIO_PUBLIC = 'https://voice.example.test';

/** CARRIER=twilio against `fake`, on a task queue of its own. */
export const twilioEnv = (fake: FakeTwilio, name: string, extra: Record<string, string> = {}) => ({
  TEMPORAL_TASK_QUEUE: uniqueName(name),
  RING_TIMEOUT_SECONDS: '60',
  PUBLIC_BASE_URL: TWILIO_PUBLIC,
  CARRIER: 'twilio',
  TWILIO_ACCOUNT_SID: fake.accountSid,
  TWILIO_AUTH_TOKEN: fake.authToken,
  TWILIO_FROM_NUMBER: '+442079460100',
  TWILIO_API_BASE_URL: fake.url,
  ...extra,
});

export interface TwilioStack {
  fake: FakeTwilio;
  api: Awaited<ReturnType<typeof startApi>>;
  worker: RunningWorker;
  /** A key with every scope of a tenant made with `tenant`'s options. */
  key: string;
  close(): Promise<void>;
}

/**
 * The real API and a worker with CARRIER=twilio against a REST fake of their own, on task queue
 * `name`, and a tenant's key: what the Twilio suites start before their tests.
 */
export async function startTwilioStack(name: string, extraEnv: Record<string, string> = {}, tenant: Partial<NewOrganization> = {}): Promise<TwilioStack> {
  const fake = await startFakeTwilio();
  const started: { api?: TwilioStack['api']; worker?: RunningWorker } = {};
  const close = async () => {
    await started.worker?.stop();
    await started.api?.close();
    await fake.close();
  };
  try {
    const env = twilioEnv(fake, name, extraEnv);
    const api = (started.api = await startApi(name, env));
    const worker = (started.worker = await runWorker(env));
    const key = await (await createTenant({ creditMinutes: 100, ...tenant })).key(SCOPES, { rateLimitPerMinute: 100_000 });
    return { fake, api, worker, key, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Twilio's callbacks to the API at `apiUrl()`, posted as Twilio does: form-encoded, signed over the public URL and every field. */
export function twilioCallbacks(fake: () => FakeTwilio, apiUrl: () => string) {
  const callback = (
    path: string,
    params: Record<string, string>,
    signature = getExpectedTwilioSignature(fake().authToken, `${TWILIO_PUBLIC}${path}`, params),
  ) =>
    request(apiUrl(), 'POST', path, {
      body: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}) },
    });
  return {
    callback,
    status: (id: string, sid: string, CallStatus: string, extra: Record<string, string> = {}) =>
      callback(`/carrier/twilio/status/${id}`, { AccountSid: fake().accountSid, CallSid: sid, CallStatus, ...extra }),
    amd: (id: string, sid: string, AnsweredBy: string) => callback(`/carrier/twilio/amd/${id}`, { AccountSid: fake().accountSid, CallSid: sid, AnsweredBy }),
  };
}

/** Twilio's side of the call's Media Streams socket on the API at `apiUrl`, signed as Twilio signs it, its stream begun. */
export async function twilioStream(fake: FakeTwilio, apiUrl: string, id: string, sid: string): Promise<MediaStreamClient> {
  const url = `${TWILIO_PUBLIC.replace('https', 'wss')}/carrier/twilio/media/${id}`;
  const client = await MediaStreamClient.connect(
    `${apiUrl.replace('http', 'ws')}/carrier/twilio/media/${id}`,
    getExpectedTwilioSignature(fake.authToken, url, {}),
  );
  client.begin(fake.accountSid, sid, { callId: id });
  return client;
}

/** The words of the agent's turn `n` of a stream's session, once played. */
export async function heardTurn(client: MediaStreamClient, n: number): Promise<string> {
  await client.turnPlayed(n);
  return wordsIn(client.takeHeard());
}

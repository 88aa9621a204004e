/**
 * The TypeScript client of the Voice Agent Platform API: openapi-fetch over the types generated from
 * the OpenAPI document (schema.d.ts, by `npm run clients`). Every path, parameter, body and answer is
 * typed; `data` is the success body and `error` the error envelope.
 *
 *   const api = createVoiceAgentClient({ baseUrl: 'https://voice.example.com', apiKey: process.env.API_KEY! });
 *   const { data, error } = await api.POST('/calls', { body: { agentId, phoneNumber: '+442079460001' } });
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

export type VoiceAgentClient = Client<paths>;

/** The JSON body an operation answers with `status`: `ResponseBody<'getCall'>` is a call. */
export type ResponseBody<Op extends keyof operations, Status extends number = 200> = operations[Op]['responses'] extends {
  [S in Status]: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The error envelope every failure answers: `{error: {type, code, message, param?}, request_id}`. */
export type ApiError = components['schemas']['Error'];

export interface ClientOptions {
  /** The service's origin, e.g. `https://voice.example.com`: requests go to its `/api/v1`. */
  baseUrl: string;
  /** An API key, `rb_live_…` or `rb_test_…`. */
  apiKey: string;
}

export function createVoiceAgentClient({ baseUrl, apiKey }: ClientOptions): VoiceAgentClient {
  return createClient<paths>({ baseUrl: `${baseUrl.replace(/\/+$/, '')}/api/v1`, headers: { authorization: `Bearer ${apiKey}` } });
}

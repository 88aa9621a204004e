/**
 * The API's representations the pages read, by name: aliases of the types generated from the OpenAPI
 * document (clients/typescript, `npm run clients`), so a page cannot drift from what the API sends.
 */
import type { ResponseBody } from '../clients/typescript';

export type Usage = ResponseBody<'getUsage'>;
export type Call = ResponseBody<'getCall'>;
export type Interview = ResponseBody<'getInterview'>;
export type Campaign = ResponseBody<'getCampaign'>;
export type Contact = ResponseBody<'getContact'>;
/** GET /analytics/calls (the analytics API of issue 18) and one of its buckets. */
export type CallAnalytics = Omit<ResponseBody<'getCallAnalytics'>, 'buckets'> & { buckets: CallBucket[] };
/** A day's bucket: the pages group by day, whose keys are never null (an agent's or campaign's may be). */
export type CallBucket = Omit<ResponseBody<'getCallAnalytics'>['buckets'][number], 'key'> & { key: string };
/**
 * A key as listed; `key`, the secret, is in the answer of its creation only. Its scopes, like a
 * user's permissions, are held as plain names: the permission picker edits any list of them.
 */
export type ApiKey = Omit<ResponseBody<'listApiKeys'>['data'][number], 'scopes'> & { scopes: string[]; key?: string };
export type ProviderCredential = ResponseBody<'getProviderCredential'>;
export type User = Omit<ResponseBody<'listUsers'>['data'][number], 'permissions'> & { permissions: string[] };
export type Agent = ResponseBody<'getAgent'>;
export type PhoneNumber = ResponseBody<'getPhoneNumber'>;
export type Turn = ResponseBody<'getCallTranscript'>['data'][number];
/** 202 `pending` until the analysis is written, then 200 with it. */
export type CallReport = ResponseBody<'getCallReport'> | ResponseBody<'getCallReport', 202>;

export const CREDENTIAL_KINDS = ['llm', 'stt', 'tts'] as const;

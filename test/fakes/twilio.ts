/**
 * A local stand-in for Twilio's REST API, as much of it as the carrier uses: creating a call,
 * updating one (hangup, or new TwiML: checked as Twilio reads it, see `twimlProblem`), fetching one and listing an account's calls by `To` and
 * `From`, newest first; listing the account's incoming phone numbers by `PhoneNumber` and updating
 * one's voice settings. It speaks Twilio's wire format (form-encoded requests with HTTP Basic
 * account credentials, JSON call resources, JSON error bodies) and records every request.
 *
 * Once told where the service's public addresses are (`reach`), it also plays a call's TwiML as
 * Twilio documents it: `stream` opens the `<Connect><Stream>`'s socket, signed, and when that
 * socket closes under a call still on, `<Connect>` ends: Twilio requests its `action` and runs
 * the TwiML answered, or without one runs what follows `<Connect>`, and hangs up when nothing is
 * left. New TwiML or a hangup sent to the call ends its stream with `stop` and no action, as does
 * the callee hanging up (`hangUp`), whose `<Connect>` action is still requested, its answer unrun.
 * A call it ends is reported to its status callback as `completed`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getExpectedTwilioSignature } from 'twilio';
import { MediaStreamClient } from './mediaStreams';

export interface RecordedRequest {
  callSid: string;
  /** Every form field; a field sent more than once (StatusCallbackEvent) keeps all its values. */
  form: Record<string, string | string[]>;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  created: RecordedRequest[];
  updated: RecordedRequest[];
  /** Numbers Twilio refuses as invalid (400, code 21211). */
  rejects: Set<string>;
  /** Numbers for which Twilio answers 503, as during an outage. */
  failsFor: Set<string>;
  /** Numbers whose call Twilio places at once but confirms only LATE_ANSWER_MS later, as when overloaded. */
  answersLateFor: Set<string>;
  /** Numbers whose call Twilio places at once but confirms only when the promise settles (a worker can be killed meanwhile). */
  holdsAnswerFor: Map<string, Promise<void>>;
  /** Calls whose updates Twilio acts on (the function: a stream's `stop` as the call moves) before its answer to the update is sent. */
  actsBeforeAnswering: Map<string, () => Promise<void>>;
  /**
   * How calls to a number end up once Twilio has rung them, as their status (`in-progress` when
   * answered, `busy`, `no-answer`, `failed`): a call created to it is `queued`, and has this status
   * from its first fetch on. Calls to other numbers stay `queued` until updated.
   */
  answersAs: Map<string, string>;
  /** Every list request's filters. */
  listed: Array<Record<string, string>>;
  /** The account's incoming phone numbers by E.164, as Twilio's JSON resources; add some to claim them. */
  incomingNumbers: Map<string, Record<string, string>>;
  /** Every update of an incoming phone number: its sid and the form sent. */
  numberUpdates: Array<{ sid: string; form: Record<string, string | string[]> }>;
  /** Every `<Connect>` action the fake requested: the call, the form sent, the TwiML answered. */
  connectActions: Array<{ callSid: string; form: Record<string, string>; twiml: string }>;
  /** The calls whose `completed` status callback the fake posted, in order. */
  reportedCompleted: string[];
  /** Where the fake reaches the service's public origin (`https://voice.example.test`): a local server's origin. */
  reach(publicOrigin: string, localOrigin: string): void;
  /** The call is answered and Twilio runs its `<Connect><Stream>`: the stream's socket, begun with its parameters. */
  stream(callSid: string): Promise<MediaStreamClient>;
  /** The callee hangs up: the stream stops, `<Connect>` ends with the call over, and the call is `completed`. */
  hangUp(callSid: string): Promise<void>;
  addIncomingNumber(
    phoneNumber: string,
    settings?: Partial<Record<'voice_url' | 'voice_method' | 'voice_application_sid' | 'status_callback' | 'status_callback_method', string>>,
  ): string;
  close(): Promise<void>;
}

export const LATE_ANSWER_MS = 3_000;

/** A call's TwiML as the fake plays it. */
interface Line {
  twiml: string;
  statusCallback: string | undefined;
  /** The socket of the `<Connect><Stream>` playing now. */
  stream: MediaStreamClient | undefined;
  answeredAt: number;
  /** Its `completed` status callback went. */
  reported: boolean;
}

/** A `<Connect><Stream>`: its action, socket URL and parameters, and the TwiML after it. */
function connectOf(twiml: string): { action?: string; url: string; parameters: Record<string, string>; rest: string } | undefined {
  const found = /<Connect(?: action="([^"]*)")?><Stream url="([^"]*)">([\s\S]*?)<\/Stream><\/Connect>([\s\S]*)<\/Response>/.exec(twiml);
  if (!found) return undefined;
  const parameters = Object.fromEntries([...found[3]!.matchAll(/<Parameter name="([^"]*)" value="([^"]*)"\/>/g)].map(([, name, value]) => [name!, value!]));
  return { ...(found[1] ? { action: found[1] } : {}), url: found[2]!, parameters, rest: found[4]! };
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * What Twilio would refuse in a TwiML document (its error 12100, "Document parse failure", or a
 * verb's attribute error), as far as the carrier writes TwiML: one `<Response>`; `<Play digits>`
 * of 0-9, *, # and w only; a `<Dial>` to an E.164 number or to a named `<Conference>`, whose
 * `startConferenceOnEnter` and `endConferenceOnExit` are "true" or "false". Null when it is fine.
 */
export function twimlProblem(twiml: string): string | null {
  const body = twiml.replace(/^<\?xml[^>]*\?>/, '');
  if (!/^<Response>[\s\S]*<\/Response>$/.test(body)) return 'Document parse failure: not one <Response>';
  for (const [, digits] of body.matchAll(/<Play digits="([^"]*)"\/>/g)) if (!/^[0-9*#w]+$/.test(digits!)) return `Play: invalid digits "${digits}"`;
  for (const [, dialled] of body.matchAll(/<Dial(?: [^>]*)?>([\s\S]*?)<\/Dial>/g)) {
    const conference = /^<Conference((?: [a-zA-Z]+="[^"]*")*)>([^<]+)<\/Conference>$/.exec(dialled!);
    if (conference) {
      for (const [, name, value] of conference[1]!.matchAll(/ ([a-zA-Z]+)="([^"]*)"/g)) {
        if (['startConferenceOnEnter', 'endConferenceOnExit'].includes(name!) && !['true', 'false'].includes(value!))
          return `Dial->Conference: invalid ${name} value`;
      }
    } else if (!E164.test(dialled!)) return `Dial: "${dialled}" is not a phone number or a conference`;
  }
  return null;
}

function formOf(text: string): Record<string, string | string[]> {
  const params = new URLSearchParams(text);
  const form: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    form[key] = values.length === 1 ? values[0]! : values;
  }
  return form;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
  answer(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const created: RecordedRequest[] = [];
  const updated: RecordedRequest[] = [];
  const rejects = new Set<string>();
  const failsFor = new Set<string>();
  const answersLateFor = new Set<string>();
  const holdsAnswerFor = new Map<string, Promise<void>>();
  const actsBeforeAnswering = new Map<string, () => Promise<void>>();
  const listed: Array<Record<string, string>> = [];
  const answersAs = new Map<string, string>();
  const calls = new Map<string, Record<string, unknown>>();
  const incomingNumbers = new Map<string, Record<string, string>>();
  const numberUpdates: Array<{ sid: string; form: Record<string, string | string[]> }> = [];
  const connectActions: FakeTwilio['connectActions'] = [];
  const reportedCompleted: string[] = [];
  const reached = new Map<string, string>();
  const lines = new Map<string, Line>();

  /** The local address of a public one the service gave, in its own scheme (http or ws). */
  const local = (url: string): string | undefined => {
    const parsed = new URL(url);
    const origin = reached.get(parsed.host);
    if (!origin) return undefined;
    const scheme = parsed.protocol.startsWith('ws') ? origin.replace(/^http/, 'ws') : origin;
    return `${scheme}${parsed.pathname}${parsed.search}`;
  };
  /** A webhook request as Twilio makes it, signed over the public URL and every field: the TwiML answered, if any. */
  const webhook = async (url: string, params: Record<string, string>): Promise<string> => {
    const target = local(url);
    if (!target) return '';
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': getExpectedTwilioSignature(authToken, url, params) },
      body: new URLSearchParams(params).toString(),
    });
    return res.text();
  };
  /** The call is over: its status callback hears `completed`, once. */
  const ended = async (sid: string): Promise<void> => {
    const line = lines.get(sid);
    const call = calls.get(sid)!;
    call.status = 'completed';
    if (!line?.statusCallback || line.reported || !local(line.statusCallback)) return;
    line.reported = true;
    const CallDuration = String(Math.round((Date.now() - line.answeredAt) / 1000));
    await webhook(line.statusCallback, { AccountSid: accountSid, CallSid: sid, CallStatus: 'completed', CallDuration });
    reportedCompleted.push(sid);
  };
  /** Twilio moves the call on (new TwiML, a hangup, the callee gone): the stream playing stops, and its `<Connect>` asks no action for it. */
  const stopStream = async (sid: string): Promise<MediaStreamClient | undefined> => {
    const line = lines.get(sid);
    const stream = line?.stream;
    if (!line || !stream) return undefined;
    line.stream = undefined;
    stream.stop(accountSid, sid);
    stream.ws.close();
    await stream.closed;
    return stream;
  };
  /** The stream's socket closed under a call still on: `<Connect>` ends, and Twilio goes on with its action's TwiML or the rest of the document. */
  const streamClosed = async (sid: string, stream: MediaStreamClient, connect: NonNullable<ReturnType<typeof connectOf>>): Promise<void> => {
    const line = lines.get(sid)!;
    if (line.stream !== stream) return;
    line.stream = undefined;
    let next = connect.rest;
    if (connect.action) {
      const form = { AccountSid: accountSid, CallSid: sid, CallStatus: 'in-progress' };
      next = await webhook(connect.action, form);
      connectActions.push({ callSid: sid, form, twiml: next });
    }
    line.twiml = next;
    // What the fake plays of it: a <Dial> keeps the call on, anything else plays and ends, and then the call does.
    if (!next.includes('<Dial')) await ended(sid);
  };
  /** Twilio's callbacks are its own requests: a failed one is the service's problem, never the REST API's answer. */
  const background = (work: Promise<unknown>) => void work.catch(() => undefined);
  /** Twilio's form fields of a number's voice settings, and their JSON names. */
  const NUMBER_FIELDS: Record<string, string> = {
    VoiceUrl: 'voice_url',
    VoiceMethod: 'voice_method',
    VoiceApplicationSid: 'voice_application_sid',
    StatusCallback: 'status_callback',
    StatusCallbackMethod: 'status_callback_method',
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const form = formOf(await bodyOf(req));
    if (req.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`) {
      return twilioError(res, 401, 20003, 'Authentication Error - invalid username');
    }
    const base = `/2010-04-01/Accounts/${accountSid}/Calls`;
    if (req.method === 'POST' && req.url === `${base}.json`) {
      const to = String(form.To);
      if (rejects.has(to)) return twilioError(res, 400, 21211, `Invalid 'To' Phone Number: ${to}`);
      if (failsFor.has(to)) return twilioError(res, 503, 20503, 'Service unavailable');
      const problem = typeof form.Twiml === 'string' ? twimlProblem(form.Twiml) : null;
      if (problem) return twilioError(res, 400, 12100, problem);
      const sid = `CA${randomBytes(16).toString('hex')}`;
      created.push({ callSid: sid, form });
      const call = {
        sid,
        account_sid: accountSid,
        to,
        from: form.From,
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString().replace('GMT', '+0000'),
        uri: `${base}/${sid}.json`,
      };
      calls.set(sid, call);
      lines.set(sid, {
        twiml: typeof form.Twiml === 'string' ? form.Twiml : '',
        statusCallback: typeof form.StatusCallback === 'string' ? form.StatusCallback : undefined,
        stream: undefined,
        answeredAt: Date.now(),
        reported: false,
      });
      if (answersLateFor.has(to)) await new Promise((resolve) => setTimeout(resolve, LATE_ANSWER_MS));
      await holdsAnswerFor.get(to);
      return answer(res, 201, call);
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const numbers = `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers`;
    if (req.method === 'GET' && url.pathname === `${numbers}.json`) {
      const wanted = url.searchParams.get('PhoneNumber');
      const matching = [...incomingNumbers.values()].filter((n) => !wanted || n.phone_number === wanted);
      return answer(res, 200, {
        incoming_phone_numbers: matching,
        page: 0,
        page_size: 50,
        start: 0,
        end: matching.length - 1,
        next_page_uri: null,
        previous_page_uri: null,
        uri: `${numbers}.json`,
      });
    }
    const numberUpdate = req.method === 'POST' ? new RegExp(`^${numbers}/(PN[0-9a-f]{32})\\.json$`).exec(url.pathname) : null;
    if (numberUpdate) {
      const number = [...incomingNumbers.values()].find((n) => n.sid === numberUpdate[1]);
      if (!number) return twilioError(res, 404, 20404, `The requested resource ${req.url} was not found`);
      numberUpdates.push({ sid: number.sid!, form });
      for (const [field, name] of Object.entries(NUMBER_FIELDS)) if (typeof form[field] === 'string') number[name] = form[field];
      return answer(res, 200, number);
    }
    if (req.method === 'GET' && url.pathname === `${base}.json`) {
      const filters = Object.fromEntries(url.searchParams);
      listed.push(filters);
      const matching = [...calls.values()].filter((c) => (!filters.To || c.to === filters.To) && (!filters.From || c.from === filters.From)).reverse();
      const pageSize = Number(filters.PageSize ?? 50);
      return answer(res, 200, {
        calls: matching.slice(0, pageSize),
        page: 0,
        page_size: pageSize,
        start: 0,
        end: Math.min(pageSize, matching.length) - 1,
        next_page_uri: null,
        previous_page_uri: null,
        uri: `${base}.json`,
      });
    }
    const update = req.method === 'POST' ? new RegExp(`^${base}/(CA[0-9a-f]{32})\\.json$`).exec(req.url ?? '') : null;
    if (update) {
      const call = calls.get(update[1]!);
      if (!call) return twilioError(res, 404, 20404, `The requested resource ${req.url} was not found`);
      if (call.status === 'completed') return twilioError(res, 400, 21220, 'Call is not in-progress. Cannot redirect.');
      const problem = typeof form.Twiml === 'string' ? twimlProblem(form.Twiml) : null;
      if (problem) return twilioError(res, 400, 12100, problem);
      updated.push({ callSid: update[1]!, form });
      if (form.Status) call.status = form.Status;
      // New TwiML that ends in a hangup: the fake plays it at once and the call is over.
      if (typeof form.Twiml === 'string' && form.Twiml.includes('<Hangup/>')) call.status = 'completed';
      const line = lines.get(update[1]!);
      if (line && (typeof form.Twiml === 'string' || call.status === 'completed')) {
        if (typeof form.Twiml === 'string') line.twiml = form.Twiml;
        const over = call.status === 'completed';
        background(stopStream(update[1]!).then(() => (over ? ended(update[1]!) : undefined)));
      }
      await actsBeforeAnswering.get(update[1]!)?.();
      return answer(res, 200, call);
    }
    const fetched = req.method === 'GET' ? new RegExp(`^${base}/(CA[0-9a-f]{32})\\.json$`).exec(req.url ?? '') : null;
    if (fetched) {
      const call = calls.get(fetched[1]!);
      if (!call) return twilioError(res, 404, 20404, `The requested resource ${req.url} was not found`);
      const rung = answersAs.get(call.to as string);
      if (rung && call.status === 'queued') call.status = rung;
      return answer(res, 200, call);
    }
    twilioError(res, 404, 20404, `The requested resource ${req.url} was not found`);
  };
  // A fake that breaks answers 500 like the real API would, rather than leaving the adapter waiting.
  const server = createServer((req, res) => void handle(req, res).catch((err: unknown) => twilioError(res, 500, 20500, String(err))));
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    created,
    updated,
    rejects,
    failsFor,
    answersLateFor,
    holdsAnswerFor,
    actsBeforeAnswering,
    answersAs,
    listed,
    incomingNumbers,
    numberUpdates,
    connectActions,
    reportedCompleted,
    reach: (publicOrigin, localOrigin) => void reached.set(new URL(publicOrigin).host, localOrigin),
    stream: async (sid) => {
      const line = lines.get(sid)!;
      const connect = connectOf(line.twiml);
      if (!connect) throw new Error(`the call's TwiML has no <Connect><Stream>: ${line.twiml}`);
      const target = local(connect.url);
      if (!target) throw new Error(`the fake cannot reach ${connect.url}: reach() its origin first`);
      const call = calls.get(sid)!;
      if (call.status !== 'in-progress') line.answeredAt = Date.now();
      call.status = 'in-progress';
      const stream = await MediaStreamClient.connect(target, getExpectedTwilioSignature(authToken, connect.url, {}));
      line.stream = stream;
      stream.ws.on('close', () => background(streamClosed(sid, stream, connect)));
      stream.begin(accountSid, sid, connect.parameters);
      return stream;
    },
    hangUp: async (sid) => {
      const line = lines.get(sid)!;
      calls.get(sid)!.status = 'completed';
      const connect = connectOf(line.twiml);
      if ((await stopStream(sid)) && connect?.action) {
        // Asked as <Connect> ends, though the call is over and what it answers is not run.
        const form = { AccountSid: accountSid, CallSid: sid, CallStatus: 'completed' };
        connectActions.push({ callSid: sid, form, twiml: await webhook(connect.action, form) });
      }
      await ended(sid);
    },
    addIncomingNumber: (phoneNumber, settings = {}) => {
      const sid = `PN${randomBytes(16).toString('hex')}`;
      incomingNumbers.set(phoneNumber, {
        sid,
        account_sid: accountSid,
        phone_number: phoneNumber,
        voice_url: '',
        voice_method: 'POST',
        voice_application_sid: '',
        status_callback: '',
        status_callback_method: 'POST',
        ...settings,
      });
      return sid;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

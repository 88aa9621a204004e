/**
 * Local stand-ins for the speech vendors, each speaking its documented wire format and recording
 * what the adapter sent:
 * - Deepgram's live `/v1/listen` WebSocket: `Results` messages with `is_final` / `speech_final`,
 *   `Metadata`, a 1000 close after `CloseStream`, close frames with its error codes, and the HTTP
 *   refusal of the handshake (401 with `err_code` / `err_msg`).
 * - Google Speech-to-Text `StreamingRecognize` and Text-to-Speech `SynthesizeSpeech` over gRPC,
 *   from the protos the SDKs ship, with gRPC status errors (an unknown key: INVALID_ARGUMENT,
 *   "API key not valid").
 * - ElevenLabs' `POST /v1/text-to-speech/{voice_id}/stream`: raw audio in chunks, `{detail}` errors.
 * - Amazon Polly's REST `POST /v1/speech` and `GET /v1/voices`, checking the SigV4 signature with
 *   the secret it knows, and AWS's JSON errors with `x-amzn-ErrorType`.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Metadata, Server as GrpcServer, ServerCredentials, status as GrpcStatus, type ServerDuplexStream, type ServiceDefinition } from '@grpc/grpc-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { GrpcClient } from 'google-gax';
import { WebSocketServer, type WebSocket } from 'ws';

/** `n` samples of PCM16 LE mono whose values count up from `seed`: any reordering or loss shows. */
export function pcm(samples: number, seed = 0): Buffer {
  const audio = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) audio.writeInt16LE(((seed + i) % 65536) - 32768, i * 2);
  return audio;
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeHttp = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Audio as vendors stream it: chunk by chunk, `delayMs` apart, stopping when the client hangs up. */
async function writeChunks(res: ServerResponse, chunks: Buffer[], delayMs: number) {
  for (const chunk of chunks) {
    if (res.destroyed) return;
    res.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  res.end();
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

// ---------------------------------------------------------------- Deepgram

export interface DeepgramResult {
  transcript: string;
  is_final: boolean;
  speech_final?: boolean;
}

export interface DeepgramConnection {
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  audio: Buffer[];
  /** The JSON control messages the client sent (`CloseStream`, `KeepAlive`, `Finalize`). */
  controls: { type: string }[];
  closed: boolean;
}

export interface FakeDeepgram {
  url: string;
  apiKey: string;
  connections: DeepgramConnection[];
  /** Sent one per audio frame received, in order; those left are sent on CloseStream. */
  script: DeepgramResult[];
  /** Refuse the handshake with this HTTP status. */
  handshakeStatus: number | null;
  /** After the first audio frame, close with this code and reason (Deepgram's NET / DATA errors). */
  closeAfterAudio: { code: number; reason: string } | null;
  close(): Promise<void>;
}

function deepgramResults(result: DeepgramResult, start: number) {
  const words = result.transcript.split(/\s+/).filter(Boolean);
  return {
    type: 'Results',
    channel_index: [0, 1],
    duration: 1,
    start,
    is_final: result.is_final,
    speech_final: result.speech_final ?? false,
    from_finalize: false,
    channel: {
      alternatives: [
        { transcript: result.transcript, confidence: 0.98, words: words.map((word, i) => ({ word, start: start + i * 0.3, end: start + i * 0.3 + 0.25, confidence: 0.98, punctuated_word: word })) },
      ],
    },
    metadata: { request_id: 'fake-request', model_info: { name: '2-general-nova', version: '2024-01-09.29447', arch: 'nova-3' }, model_uuid: 'fake-model' },
  };
}

const DEEPGRAM_REFUSALS: Record<number, unknown> = {
  401: { err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.', request_id: 'fake-request' },
  403: { err_code: 'INSUFFICIENT_PERMISSIONS', err_msg: 'Project does not have access to the requested model.', request_id: 'fake-request' },
  429: { err_code: 'TOO_MANY_REQUESTS', err_msg: 'Too many requests. Please try again later', request_id: 'fake-request' },
};

export async function startFakeDeepgram(apiKey = 'deepgram-test-key'): Promise<FakeDeepgram> {
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer((_req, res) => json(res, 404, { err_code: 'NOT_FOUND', err_msg: 'Not found' }));
  const fake: FakeDeepgram = {
    url: '',
    apiKey,
    connections: [],
    script: [],
    handshakeStatus: null,
    closeAfterAudio: null,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await closeHttp(server);
    },
  };

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const refuse = (status: number) => {
      const body = JSON.stringify(DEEPGRAM_REFUSALS[status] ?? { err_code: 'INTERNAL_SERVER_ERROR', err_msg: 'Internal error', request_id: 'fake-request' });
      socket.end(`HTTP/1.1 ${status} Refused\r\ncontent-type: application/json\r\ndg-error: ${status}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    if (url.pathname !== '/v1/listen') return refuse(404);
    if (req.headers.authorization !== `Token ${apiKey}`) return refuse(401);
    if (fake.handshakeStatus) return refuse(fake.handshakeStatus);
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, { query: url.searchParams, headers: req.headers, audio: [], controls: [], closed: false }));
  });

  function serve(ws: WebSocket, connection: DeepgramConnection) {
    fake.connections.push(connection);
    const script = [...fake.script];
    let start = 0;
    const send = (result: DeepgramResult) => {
      ws.send(JSON.stringify(deepgramResults(result, start)));
      start += 1;
    };
    ws.on('close', () => (connection.closed = true));
    ws.on('message', (data, isBinary) => {
      if (!isBinary) {
        const control = JSON.parse(String(data)) as { type: string };
        connection.controls.push(control);
        if (control.type === 'CloseStream') {
          script.splice(0).forEach(send);
          ws.send(JSON.stringify({ type: 'Metadata', transaction_key: 'deprecated', request_id: 'fake-request', sha256: 'fake', created: new Date().toISOString(), duration: start, channels: 1 }));
          ws.close(1000);
        }
        return;
      }
      connection.audio.push(Buffer.from(data as Buffer));
      if (fake.closeAfterAudio) return ws.close(fake.closeAfterAudio.code, fake.closeAfterAudio.reason);
      const next = script.shift();
      if (next) send(next);
    });
  }

  fake.url = await listen(server);
  return fake;
}

// ---------------------------------------------------------------- Google (gRPC)

export interface GoogleRecognition {
  metadata: Metadata;
  /** The first request's `streamingConfig`, as sent. */
  config: any;
  audio: Buffer[];
}

export interface GoogleResult {
  transcript: string;
  isFinal: boolean;
}

export interface FakeGoogle {
  url: string;
  apiKey: string;
  recognitions: GoogleRecognition[];
  syntheses: { metadata: Metadata; request: any }[];
  /** Recognition results, one per audio request, the rest when the client half-closes. */
  script: GoogleResult[];
  /** After the first audio request, end the stream with this status. */
  failAfterAudio: { code: number; details: string } | null;
  /** Fail every call at once with this status. */
  failWith: { code: number; details: string } | null;
  /** The samples SynthesizeSpeech answers with, behind the WAV header Google puts on LINEAR16. */
  synthesized: Buffer;
  close(): Promise<void>;
}

const KEY_INVALID = { code: GrpcStatus.INVALID_ARGUMENT, details: 'API key not valid. Please pass a valid API key.' };

/** A 44-byte RIFF header for PCM16 mono at `rate`, with a LIST chunk before `data` as encoders may add. */
function wav(samples: Buffer, rate: number): Buffer {
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE(rate * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const list = Buffer.concat([Buffer.from('LIST', 'ascii'), Buffer.from([4, 0, 0, 0]), Buffer.from('INFO', 'ascii')]);
  const data = Buffer.alloc(8);
  data.write('data', 0, 'ascii');
  data.writeUInt32LE(samples.length, 4);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(4 + fmt.length + list.length + data.length + samples.length, 4);
  riff.write('WAVE', 8, 'ascii');
  return Buffer.concat([riff, fmt, list, data, samples]);
}

export async function startFakeGoogle(apiKey = 'google-test-key'): Promise<FakeGoogle> {
  const gax = new GrpcClient();
  const speech = gax.loadProtoJSON(require('@google-cloud/speech/build/protos/protos.json')) as any;
  const tts = gax.loadProtoJSON(require('@google-cloud/text-to-speech/build/protos/protos.json')) as any;
  const server = new GrpcServer();
  const fake: FakeGoogle = {
    url: '',
    apiKey,
    recognitions: [],
    syntheses: [],
    script: [],
    failAfterAudio: null,
    failWith: null,
    synthesized: pcm(3200),
    close: async () => server.forceShutdown(),
  };
  const refusal = (metadata: Metadata) => (metadata.get('x-goog-api-key')[0] !== apiKey ? KEY_INVALID : fake.failWith);

  server.addService(speech.google.cloud.speech.v1.Speech.service as ServiceDefinition, {
    StreamingRecognize(call: ServerDuplexStream<any, any>) {
      const failure = refusal(call.metadata);
      if (failure) return call.emit('error', failure);
      const script = [...fake.script];
      const respond = (result: GoogleResult) =>
        call.write({ results: [{ alternatives: [{ transcript: result.transcript, confidence: 0.9 }], isFinal: result.isFinal, stability: result.isFinal ? 0 : 0.8, resultEndTime: { seconds: 1 }, languageCode: 'en-us' }] });
      let recognition: GoogleRecognition | undefined;
      call.on('data', (request: any) => {
        if (!recognition) {
          recognition = { metadata: call.metadata, config: request.streamingConfig, audio: [] };
          fake.recognitions.push(recognition);
          return;
        }
        recognition.audio.push(Buffer.from(request.audioContent));
        if (fake.failAfterAudio) return call.emit('error', fake.failAfterAudio);
        const next = script.shift();
        if (next) respond(next);
      });
      call.on('end', () => {
        script.splice(0).forEach(respond);
        call.end();
      });
    },
  });
  server.addService(tts.google.cloud.texttospeech.v1.TextToSpeech.service as ServiceDefinition, {
    SynthesizeSpeech(call: { metadata: Metadata; request: any }, callback: (err: { code: number; details: string } | null, response?: unknown) => void) {
      fake.syntheses.push({ metadata: call.metadata, request: call.request });
      const failure = refusal(call.metadata);
      if (failure) return callback(failure);
      callback(null, { audioContent: wav(fake.synthesized, call.request.audioConfig.sampleRateHertz) });
    },
  });
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}

// ---------------------------------------------------------------- ElevenLabs

export interface FakeElevenLabs {
  url: string;
  apiKey: string;
  requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: any; aborted: boolean }[];
  /** The audio of each synthesis, written chunk by chunk `chunkDelayMs` apart. */
  chunks: Buffer[];
  chunkDelayMs: number;
  /** Answer with this status and ElevenLabs' error body instead. */
  failWith: number | null;
  close(): Promise<void>;
}

const ELEVENLABS_ERRORS: Record<number, unknown> = {
  401: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } },
  422: { detail: [{ loc: ['body', 'text'], msg: 'Field required', type: 'missing' }] },
  429: { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests for your subscription.' } },
};

export async function startFakeElevenLabs(apiKey = 'elevenlabs-test-key'): Promise<FakeElevenLabs> {
  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await bodyOf(req);
    const request = { path: url.pathname, query: url.searchParams, headers: req.headers, body: raw.length ? JSON.parse(raw.toString('utf8')) : undefined, aborted: false };
    fake.requests.push(request);
    res.on('close', () => (request.aborted = !res.writableFinished));
    if (req.method !== 'POST' || !/^\/v1\/text-to-speech\/[^/]+\/stream$/.test(url.pathname)) return json(res, 404, { detail: 'Not Found' });
    if (req.headers['xi-api-key'] !== apiKey) return json(res, 401, ELEVENLABS_ERRORS[401]);
    if (fake.failWith) return json(res, fake.failWith, ELEVENLABS_ERRORS[fake.failWith] ?? { detail: { status: 'internal_error', message: 'An internal error occurred.' } });
    res.writeHead(200, { 'content-type': 'audio/pcm', 'transfer-encoding': 'chunked', 'request-id': 'fake-request' });
    await writeChunks(res, fake.chunks, fake.chunkDelayMs);
  }
  const fake: FakeElevenLabs = { url: '', apiKey, requests: [], chunks: [pcm(800, 0), pcm(800, 800), pcm(800, 1600)], chunkDelayMs: 10, failWith: null, close: () => closeHttp(server) };
  fake.url = await listen(server);
  return fake;
}

// ---------------------------------------------------------------- Amazon Polly

export interface FakePolly {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  requests: { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: any; aborted: boolean }[];
  chunks: Buffer[];
  chunkDelayMs: number;
  /** Answer with this AWS error instead (status and `x-amzn-ErrorType`). */
  failWith: { status: number; type: string; message: string } | null;
  close(): Promise<void>;
}

/** The Hash that SignatureV4 wants, on node:crypto: SHA-256, or HMAC-SHA256 under `secret`. */
class NodeSha256 {
  private hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    const key = secret === undefined || typeof secret === 'string' ? secret : Buffer.from(secret instanceof ArrayBuffer ? new Uint8Array(secret) : new Uint8Array(secret.buffer, secret.byteOffset, secret.byteLength));
    this.hash = key === undefined ? createHash('sha256') : createHmac('sha256', key);
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(typeof data === 'string' ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/;

/** What AWS answers an unsigned, unknown-key or badly signed request with; null when the signature is right. */
async function sigV4Refusal(fake: FakePolly, req: IncomingMessage, url: URL, body: Buffer): Promise<{ type: string; message: string } | null> {
  const match = AUTHORIZATION.exec(req.headers.authorization ?? '');
  if (!match) return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const [, keyId, , region, service, signedHeaders] = match;
  if (keyId !== fake.accessKeyId) return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const signingDate = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) headers[name] = String(req.headers[name] ?? '');
  const signer = new SignatureV4({ credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey }, region, service, sha256: NodeSha256 });
  const query = Object.fromEntries(url.searchParams);
  const expected = await signer.sign(
    { method: req.method ?? 'GET', protocol: 'http:', hostname: url.hostname, path: url.pathname, query, headers, body: body.length ? body : undefined },
    { signingDate, unsignableHeaders: new Set(), signableHeaders: new Set(Object.keys(headers)) },
  );
  if (expected.headers.authorization !== req.headers.authorization) {
    return { type: 'InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided.' };
  }
  return null;
}

export async function startFakePolly(accessKeyId = 'AKIAFAKEPOLLY0000001', secretAccessKey = 'fake/secret/key/for/polly/tests/000000000', region = 'eu-west-1'): Promise<FakePolly> {
  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const raw = await bodyOf(req);
    const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: raw.length ? JSON.parse(raw.toString('utf8')) : undefined, aborted: false };
    fake.requests.push(request);
    res.on('close', () => (request.aborted = !res.writableFinished));
    const fail = (status: number, type: string, message: string) => json(res, status, { message }, { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazonaws.services.tts/`, 'x-amzn-requestid': 'fake-request' });
    const refusal = await sigV4Refusal(fake, req, url, raw);
    if (refusal) return fail(403, refusal.type, refusal.message);
    if (fake.failWith) return fail(fake.failWith.status, fake.failWith.type, fake.failWith.message);
    if (req.method === 'GET' && url.pathname === '/v1/voices') {
      return json(res, 200, { Voices: [{ Id: 'Joanna', Name: 'Joanna', Gender: 'Female', LanguageCode: 'en-US', LanguageName: 'US English', SupportedEngines: ['neural', 'standard'] }] });
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/speech') return fail(404, 'UnknownOperationException', 'Unknown operation');
    res.writeHead(200, { 'content-type': 'audio/pcm', 'x-amzn-requestcharacters': String(request.body.Text.length), 'transfer-encoding': 'chunked' });
    await writeChunks(res, fake.chunks, fake.chunkDelayMs);
  }
  const fake: FakePolly = {
    url: '',
    accessKeyId,
    secretAccessKey,
    region,
    requests: [],
    chunks: [pcm(800, 0), pcm(800, 800), pcm(800, 1600)],
    chunkDelayMs: 10,
    failWith: null,
    close: () => closeHttp(server),
  };
  fake.url = await listen(server);
  return fake;
}

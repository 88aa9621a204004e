/**
 * Local stand-ins for the speech vendors, each speaking its documented wire format and recording
 * what the adapter sent. The STT fakes can hold a whole conversation (`utterances`: each spoken
 * utterance is answered with growing partials, then its final once the speaker pauses) and the TTS
 * fakes can speak any text (`speakText`: audio as long as the text, at the rate asked for).
 * - Deepgram's live `/v1/listen` WebSocket: `Results` messages with `is_final` / `speech_final`,
 *   `Metadata`, a 1000 close after `CloseStream`, close frames with its error codes (1011 `NET-0001`
 *   for a stream that got neither audio nor `KeepAlive` for 10 s), and the HTTP refusal of the
 *   handshake (401 with `err_code` / `err_msg`).
 * - Google Speech-to-Text `StreamingRecognize` and Text-to-Speech `SynthesizeSpeech` over gRPC,
 *   from the protos the SDKs ship, with gRPC status errors (an unknown key: INVALID_ARGUMENT,
 *   "API key not valid"; OUT_OF_RANGE for a stream longer than Google's limit or quiet longer than
 *   its audio timeout). Its `utterances` are the caller's, heard in order across streams.
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

/** How loud a frame must be for the STT fakes to hear speech in it (dBFS, as the pipeline's VAD). */
const SPEECH_DBFS = -40;
/** Quiet after speech that ends an utterance, as a vendor's endpointing does. */
const ENDPOINT_MS = 200;
/** Speech between two partials of an utterance. */
const PARTIAL_EVERY_MS = 200;

/**
 * A vendor's endpointing as the STT fakes play it: loud audio starts the next scripted utterance,
 * whose words come as partials one more every PARTIAL_EVERY_MS of audio, and ENDPOINT_MS of quiet
 * after it settles the whole utterance as a final. Audio with no utterance left is heard as nothing.
 */
class Endpointer {
  private current: { words: string[]; said: number; sinceWord: number; quietMs: number } | undefined;

  constructor(
    private readonly utterances: string[],
    private readonly sampleRate: number,
    private readonly emit: (text: string, final: boolean) => void,
  ) {}

  push(frame: Buffer): void {
    const samples = frame.length >> 1;
    const ms = (samples / this.sampleRate) * 1000;
    let energy = 0;
    for (let i = 0; i < samples; i++) energy += frame.readInt16LE(i * 2) ** 2;
    const loud = 10 * Math.log10(energy / Math.max(1, samples) / 32768 ** 2 + 1e-12) >= SPEECH_DBFS;
    if (!this.current) {
      const next = loud ? this.utterances.shift() : undefined;
      if (next === undefined) return;
      this.current = { words: next.split(/\s+/), said: 0, sinceWord: PARTIAL_EVERY_MS, quietMs: 0 };
    }
    const utterance = this.current;
    if (!loud) {
      utterance.quietMs += ms;
      if (utterance.quietMs < ENDPOINT_MS) return;
      this.current = undefined;
      return this.emit(utterance.words.join(' '), true);
    }
    utterance.quietMs = 0;
    utterance.sinceWord += ms;
    if (utterance.sinceWord < PARTIAL_EVERY_MS || utterance.said === utterance.words.length) return;
    utterance.sinceWord = 0;
    this.emit(utterance.words.slice(0, ++utterance.said).join(' '), false);
  }

  /** The audio has ended (Google's half-close, Deepgram's `CloseStream`): an utterance under way is settled as heard, as both vendors do. */
  flush(): void {
    const utterance = this.current;
    this.current = undefined;
    if (utterance) this.emit(utterance.words.join(' '), true);
  }
}

/** What the TTS fakes say for `text` at `sampleRate` with `speakText`: 50 ms a character in 100 ms chunks, counting up from the text's length so sentences differ. */
export function speechFor(text: string, sampleRate: number): Buffer[] {
  const samples = (text.length * sampleRate) / 20;
  const chunk = sampleRate / 10;
  const chunks: Buffer[] = [];
  for (let start = 0; start < samples; start += chunk) chunks.push(pcm(Math.min(chunk, samples - start), text.length + start));
  return chunks;
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

/** What a streaming TTS fake (ElevenLabs, Polly) answers a synthesis with. */
export interface StreamedSpeech {
  /** The audio of each synthesis, written chunk by chunk `chunkDelayMs` apart. */
  chunks: Buffer[];
  chunkDelayMs: number;
  /** Answer with `speechFor` the text instead of `chunks`. */
  speakText: boolean;
}

const streamedSpeech = (): StreamedSpeech => ({ chunks: [pcm(800, 0), pcm(800, 800), pcm(800, 1600)], chunkDelayMs: 10, speakText: false });

/** Audio as vendors stream it: chunk by chunk, `chunkDelayMs` apart, stopping when the client hangs up. */
async function streamSpeech(res: ServerResponse, fake: StreamedSpeech, text: string, sampleRate: number) {
  for (const chunk of fake.speakText ? speechFor(text, sampleRate) : fake.chunks) {
    if (res.destroyed) return;
    res.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, fake.chunkDelayMs));
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
  /** With no `script`: the transcripts of what the caller will say, one per utterance (see Endpointer). */
  utterances: string[];
  /** A stream that receives neither audio nor `KeepAlive` this long is closed 1011 `NET-0001`, as Deepgram does after 10 s. */
  idleTimeoutMs: number;
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
        {
          transcript: result.transcript,
          confidence: 0.98,
          words: words.map((word, i) => ({ word, start: start + i * 0.3, end: start + i * 0.3 + 0.25, confidence: 0.98, punctuated_word: word })),
        },
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
    utterances: [],
    idleTimeoutMs: 10_000,
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
      socket.end(
        `HTTP/1.1 ${status} Refused\r\ncontent-type: application/json\r\ndg-error: ${status}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
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
    const endpointer = new Endpointer([...fake.utterances], Number(connection.query.get('sample_rate')), (transcript, final) =>
      send({ transcript, is_final: final, speech_final: final }),
    );
    let idle: NodeJS.Timeout | undefined;
    const stillThere = () => {
      clearTimeout(idle);
      idle = setTimeout(() => ws.close(1011, 'NET-0001'), fake.idleTimeoutMs);
    };
    stillThere();
    ws.on('close', () => {
      clearTimeout(idle);
      connection.closed = true;
    });
    ws.on('message', (data, isBinary) => {
      if (!isBinary) {
        const control = JSON.parse(String(data)) as { type: string };
        connection.controls.push(control);
        if (control.type === 'KeepAlive') stillThere();
        if (control.type === 'CloseStream') {
          script.splice(0).forEach(send);
          // Deepgram finishes what it has cached before it closes: an utterance under way is settled.
          endpointer.flush();
          ws.send(
            JSON.stringify({
              type: 'Metadata',
              transaction_key: 'deprecated',
              request_id: 'fake-request',
              sha256: 'fake',
              created: new Date().toISOString(),
              duration: start,
              channels: 1,
            }),
          );
          ws.close(1000);
        }
        return;
      }
      const audio = Buffer.from(data as Buffer);
      connection.audio.push(audio);
      stillThere();
      if (fake.closeAfterAudio) return ws.close(fake.closeAfterAudio.code, fake.closeAfterAudio.reason);
      const next = script.shift();
      if (next) send(next);
      else endpointer.push(audio);
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
  /** The client half-closed the stream. */
  halfClosed: boolean;
  /** Why the fake ended the stream with an error, if it did. */
  failure?: string;
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
  /** With no `script`: the transcripts of what the caller will say, one per utterance (see Endpointer). */
  utterances: string[];
  /** After the first audio request, end the stream with this status. */
  failAfterAudio: { code: number; details: string } | null;
  /** Fail every call at once with this status. */
  failWith: { code: number; details: string } | null;
  /** Google's limit on a stream's length (about 305 s), and on quiet within it (about 10 s without an audio request). */
  streamLimitMs: number;
  audioTimeoutMs: number;
  /** The samples SynthesizeSpeech answers with, behind the WAV header Google puts on LINEAR16. */
  synthesized: Buffer;
  /** Answer with `speechFor` the text instead of `synthesized`. */
  speakText: boolean;
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
    utterances: [],
    failAfterAudio: null,
    failWith: null,
    streamLimitMs: 305_000,
    audioTimeoutMs: 10_000,
    synthesized: pcm(3200),
    speakText: false,
    close: async () => server.forceShutdown(),
  };
  const refusal = (metadata: Metadata) => (metadata.get('x-goog-api-key')[0] !== apiKey ? KEY_INVALID : fake.failWith);
  // What the caller has yet to say of the `utterances` last set, heard in order across streams.
  let caller: { of: string[]; left: string[] } = { of: fake.utterances, left: [] };
  const unsaid = () => {
    if (caller.of !== fake.utterances) caller = { of: fake.utterances, left: [...fake.utterances] };
    return caller.left;
  };

  server.addService(speech.google.cloud.speech.v1.Speech.service as ServiceDefinition, {
    StreamingRecognize(call: ServerDuplexStream<any, any>) {
      const failure = refusal(call.metadata);
      if (failure) return call.emit('error', failure);
      const script = [...fake.script];
      const respond = (result: GoogleResult) =>
        call.write({
          results: [
            {
              alternatives: [{ transcript: result.transcript, confidence: 0.9 }],
              isFinal: result.isFinal,
              stability: result.isFinal ? 0 : 0.8,
              resultEndTime: { seconds: 1 },
              languageCode: 'en-us',
            },
          ],
        });
      let recognition: GoogleRecognition | undefined;
      let endpointer: Endpointer | undefined;
      const openedAt = Date.now();
      let audioAt = openedAt;
      const fail = (details: string) => {
        if (recognition) recognition.failure = details;
        call.emit('error', { code: GrpcStatus.OUT_OF_RANGE, details });
      };
      const limits = setInterval(() => {
        const now = Date.now();
        if (now - openedAt > fake.streamLimitMs) fail(`Exceeded maximum allowed stream duration of ${Math.round(fake.streamLimitMs / 1000)} seconds.`);
        else if (now - audioAt > fake.audioTimeoutMs)
          fail('Audio Timeout Error: Long duration elapsed without audio. Audio should be sent close to real time.');
        else return;
        clearInterval(limits);
      }, 10);
      call.on('cancelled', () => clearInterval(limits));
      call.on('data', (request: any) => {
        audioAt = Date.now();
        if (!recognition) {
          recognition = { metadata: call.metadata, config: request.streamingConfig, audio: [], halfClosed: false };
          fake.recognitions.push(recognition);
          endpointer = new Endpointer(unsaid(), request.streamingConfig.config.sampleRateHertz, (transcript, isFinal) => respond({ transcript, isFinal }));
          return;
        }
        const audio = Buffer.from(request.audioContent);
        recognition.audio.push(audio);
        if (fake.failAfterAudio) {
          clearInterval(limits);
          return call.emit('error', fake.failAfterAudio);
        }
        const next = script.shift();
        if (next) respond(next);
        else endpointer!.push(audio);
      });
      call.on('end', () => {
        clearInterval(limits);
        if (recognition) recognition.halfClosed = true;
        script.splice(0).forEach(respond);
        endpointer?.flush();
        call.end();
      });
    },
  });
  server.addService(tts.google.cloud.texttospeech.v1.TextToSpeech.service as ServiceDefinition, {
    SynthesizeSpeech(call: { metadata: Metadata; request: any }, callback: (err: { code: number; details: string } | null, response?: unknown) => void) {
      fake.syntheses.push({ metadata: call.metadata, request: call.request });
      const failure = refusal(call.metadata);
      if (failure) return callback(failure);
      const rate = call.request.audioConfig.sampleRateHertz;
      callback(null, { audioContent: wav(fake.speakText ? Buffer.concat(speechFor(call.request.input.text, rate)) : fake.synthesized, rate) });
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}

// ---------------------------------------------------------------- ElevenLabs

export interface FakeElevenLabs extends StreamedSpeech {
  url: string;
  apiKey: string;
  requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: any; aborted: boolean }[];
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
    const request = {
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: raw.length ? JSON.parse(raw.toString('utf8')) : undefined,
      aborted: false,
    };
    fake.requests.push(request);
    res.on('close', () => (request.aborted = !res.writableFinished));
    if (req.method !== 'POST' || !/^\/v1\/text-to-speech\/[^/]+\/stream$/.test(url.pathname)) return json(res, 404, { detail: 'Not Found' });
    if (req.headers['xi-api-key'] !== apiKey) return json(res, 401, ELEVENLABS_ERRORS[401]);
    if (fake.failWith)
      return json(res, fake.failWith, ELEVENLABS_ERRORS[fake.failWith] ?? { detail: { status: 'internal_error', message: 'An internal error occurred.' } });
    res.writeHead(200, { 'content-type': 'audio/pcm', 'transfer-encoding': 'chunked', 'request-id': 'fake-request' });
    const rate = Number(/^pcm_(\d+)$/.exec(url.searchParams.get('output_format') ?? '')?.[1]);
    await streamSpeech(res, fake, request.body.text, rate);
  }
  const fake: FakeElevenLabs = { url: '', apiKey, requests: [], ...streamedSpeech(), failWith: null, close: () => closeHttp(server) };
  fake.url = await listen(server);
  return fake;
}

// ---------------------------------------------------------------- Amazon Polly

export interface FakePolly extends StreamedSpeech {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  requests: { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: any; aborted: boolean }[];
  /** Answer with this AWS error instead (status and `x-amzn-ErrorType`). */
  failWith: { status: number; type: string; message: string } | null;
  close(): Promise<void>;
}

/** The Hash that SignatureV4 wants, on node:crypto: SHA-256, or HMAC-SHA256 under `secret`. */
class NodeSha256 {
  private hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    const key =
      secret === undefined || typeof secret === 'string'
        ? secret
        : Buffer.from(secret instanceof ArrayBuffer ? new Uint8Array(secret) : new Uint8Array(secret.buffer, secret.byteOffset, secret.byteLength));
    this.hash = key === undefined ? createHash('sha256') : createHmac('sha256', key);
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(
      typeof data === 'string' ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    );
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
  const signer = new SignatureV4({
    credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    region,
    service,
    sha256: NodeSha256,
  });
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

export async function startFakePolly(
  accessKeyId = 'AKIAFAKEPOLLY0000001',
  secretAccessKey = 'fake/secret/key/for/polly/tests/000000000',
  region = 'eu-west-1',
): Promise<FakePolly> {
  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const raw = await bodyOf(req);
    const request = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: raw.length ? JSON.parse(raw.toString('utf8')) : undefined,
      aborted: false,
    };
    fake.requests.push(request);
    res.on('close', () => (request.aborted = !res.writableFinished));
    const fail = (status: number, type: string, message: string) =>
      json(
        res,
        status,
        { message },
        { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazonaws.services.tts/`, 'x-amzn-requestid': 'fake-request' },
      );
    const refusal = await sigV4Refusal(fake, req, url, raw);
    if (refusal) return fail(403, refusal.type, refusal.message);
    if (fake.failWith) return fail(fake.failWith.status, fake.failWith.type, fake.failWith.message);
    if (req.method === 'GET' && url.pathname === '/v1/voices') {
      return json(res, 200, {
        Voices: [
          { Id: 'Joanna', Name: 'Joanna', Gender: 'Female', LanguageCode: 'en-US', LanguageName: 'US English', SupportedEngines: ['neural', 'standard'] },
        ],
      });
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/speech') return fail(404, 'UnknownOperationException', 'Unknown operation');
    res.writeHead(200, { 'content-type': 'audio/pcm', 'x-amzn-requestcharacters': String(request.body.Text.length), 'transfer-encoding': 'chunked' });
    await streamSpeech(res, fake, request.body.Text, Number(request.body.SampleRate));
  }
  const fake: FakePolly = {
    url: '',
    accessKeyId,
    secretAccessKey,
    region,
    requests: [],
    ...streamedSpeech(),
    failWith: null,
    close: () => closeHttp(server),
  };
  fake.url = await listen(server);
  return fake;
}

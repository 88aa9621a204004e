/**
 * The request to an agent's `http` tool, against a real local tool server: its body, idempotency
 * key and signature (checked the way docs/tools.md tells a partner to), the address it connects to,
 * and each way it gives up.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_TOOL_RESPONSE_BYTES, callHttpTool, type ToolRequest } from '../../providers/tools/httpTool';

const SECRET = 'tss_test-secret';

/** The verification a tool server does, as docs/tools.md shows it. */
function verify(header: string, rawBody: string, secret: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler;
let server: http.Server;
let port: number;
const seen: Array<{ headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => (seen.length = 0));

const request: ToolRequest = {
  toolCallId: 'tc_123',
  name: 'lookup_order',
  arguments: { orderNumber: 'A-17' },
  conversation: { type: 'call', id: 'c1', agentId: 'a1', externalRef: 'crm-9', direction: 'outbound' },
};

const json = (status: number, value: unknown) => (_req: IncomingMessage, _body: string, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

const call = (overrides: Partial<Parameters<typeof callHttpTool>[1]> = {}) =>
  callHttpTool(request, { url: `http://127.0.0.1:${port}/tool`, timeoutSeconds: 2, secret: SECRET, allowLoopback: true, ...overrides });

test('POSTs the call as JSON with its idempotency key and a signature the documented check accepts', async () => {
  handler = json(200, { status: 'shipped', eta: 'Friday' });
  const outcome = await call();
  expect(outcome).toMatchObject({ ok: true, result: { status: 'shipped', eta: 'Friday' } });
  expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  const [{ headers, body }] = seen;
  expect(JSON.parse(body)).toEqual(request);
  expect(headers['content-type']).toBe('application/json');
  expect(headers['idempotency-key']).toBe('tc_123');
  const signature = headers['voice-agent-signature'] as string;
  expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  const now = Math.floor(Date.now() / 1000);
  expect(verify(signature, body, SECRET, now)).toBe(true);
  expect(verify(signature, body, 'another secret', now)).toBe(false);
  expect(verify(signature, body.replace('A-17', 'A-18'), SECRET, now)).toBe(false);
  expect(verify(signature, body, SECRET, now + 301)).toBe(false);
});

test('the signature dates the request with the given clock', async () => {
  handler = json(200, {});
  await call({ now: () => 1_700_000_000 });
  const signature = seen[0].headers['voice-agent-signature'] as string;
  expect(signature.startsWith('t=1700000000,')).toBe(true);
  expect(verify(signature, seen[0].body, SECRET, 1_700_000_100)).toBe(true);
});

test('the connection goes to the address checked: the name is resolved once, by the check, never by the connection', async () => {
  handler = json(200, { ok: 1 });
  const lookups: string[] = [];
  // A name no system resolver knows: reaching the server proves the checked address was used.
  const resolve = async (host: string) => (lookups.push(host), ['127.0.0.1']);
  const outcome = await call({ url: `http://tools.partner.test:${port}/tool`, resolve });
  expect(outcome).toMatchObject({ ok: true, result: { ok: 1 } });
  expect(lookups).toEqual(['tools.partner.test']);
  expect(seen[0].headers.host).toBe(`tools.partner.test:${port}`);
});

test('a name that now resolves to a private address is refused before anything is sent', async () => {
  handler = json(200, {});
  const outcome = await call({ url: `https://tools.partner.test:${port}/tool`, resolve: async () => ['10.0.0.8'], allowLoopback: false });
  expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('10.0.0.8') });
  expect(seen).toHaveLength(0);
});

test('without the development setting, this machine is refused', async () => {
  handler = json(200, {});
  const outcome = await call({ allowLoopback: false });
  expect(outcome.ok).toBe(false);
  expect(seen).toHaveLength(0);
});

test.each([
  [
    'a redirect, which is not followed',
    (_q: IncomingMessage, _b: string, res: ServerResponse) => (res.writeHead(302, { location: 'http://169.254.169.254/' }), res.end()),
    'redirect (302)',
  ],
  ['an error status', json(503, { error: 'down' }), 'answered 503: {"error":"down"}'],
  ['an answer that is not JSON', (_q: IncomingMessage, _b: string, res: ServerResponse) => res.end('<html>'), 'not JSON'],
  [
    'an answer over 64 KiB',
    (_q: IncomingMessage, _b: string, res: ServerResponse) => res.end(JSON.stringify({ blob: 'x'.repeat(MAX_TOOL_RESPONSE_BYTES) })),
    `over ${MAX_TOOL_RESPONSE_BYTES} bytes`,
  ],
] as Array<[string, Handler, string]>)('%s is a failure told as the tool’s error', async (_title, answer, error) => {
  handler = answer;
  const outcome = await call();
  expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining(error) });
  expect(seen).toHaveLength(1);
});

test('U+0000 in an answer, escaped or raw, in a key or a value, or in an error, comes back as U+FFFD: the transcript could not store it', async () => {
  handler = (_q, _b, res) => res.end('{"name\\u0000":"a\\u0000b","list":["\\u0000"],"raw":"c\u0000d"}');
  expect(await call()).toMatchObject({ ok: true, result: { 'name\uFFFD': 'a\uFFFDb', list: ['\uFFFD'], raw: 'c\uFFFDd' } });
  handler = (_q, _b, res) => (res.writeHead(500), res.end('bad\u0000news'));
  expect(await call()).toMatchObject({ ok: false, error: 'the tool answered 500: bad\uFFFDnews' });
});

test('a tool slower than its timeout is given up on at the timeout', async () => {
  handler = (_q, _b, res) => setTimeout(() => json(200, {})(_q, _b, res), 3000);
  const began = Date.now();
  const outcome = await call({ timeoutSeconds: 1 });
  const waited = Date.now() - began;
  expect(outcome).toMatchObject({ ok: false, error: 'the tool did not answer within 1 s' });
  expect(waited).toBeGreaterThanOrEqual(950);
  expect(waited).toBeLessThan(2500);
});

test('a server that is not there is a failure, not an exception', async () => {
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const freePort = (closed.address() as AddressInfo).port;
  await new Promise<void>((r) => closed.close(() => r()));
  const outcome = await call({ url: `http://127.0.0.1:${freePort}/tool` });
  expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining('could not be reached') });
});

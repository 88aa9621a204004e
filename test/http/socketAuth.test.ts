/**
 * The candidate's audio socket and the dashboard's browser call socket take their credential in
 * their first message, so until then anyone may hold them open: on the real app, with real `ws` clients, a socket without a verified token is
 * closed after SOCKET_AUTH_TIMEOUT_SECONDS (4408 `AUTH_TIMEOUT`), and one address may hold only
 * SOCKET_UNAUTHENTICATED_PER_ADDRESS such sockets at once (more: 4429 `RATE_LIMITED`). The app
 * trusts one proxy hop, so each test is a client address of its own through `x-forwarded-for`.
 */
import { WebSocket } from 'ws';
import { browserCallAudioPath } from '../../api/browserCallAudio';
import { CANDIDATE_PREFIX } from '../../api/routes/candidate';
import { startApi } from '../helpers/app';

let api: Awaited<ReturnType<typeof startApi>>;
let lastAddress = 0;
const newAddress = () => `198.51.100.${(lastAddress += 1)}`;

beforeAll(async () => {
  api = await startApi('socket-auth', { SOCKET_AUTH_TIMEOUT_SECONDS: '2', SOCKET_UNAUTHENTICATED_PER_ADDRESS: '3', TRUST_PROXY_HOPS: '1' });
}, 60_000);
afterAll(() => api?.close());

interface Closed {
  code: number;
  error?: { type: string; code: string; message: string };
  afterMs: number;
}

const CANDIDATE_AUDIO = `${CANDIDATE_PREFIX}/interviews/000000000000000000000000/audio`;

/** Opens an audio socket from `address` and resolves once it is open; `closed` settles when the server closes it. */
async function open(address: string, path = CANDIDATE_AUDIO): Promise<{ ws: WebSocket; closed: Promise<Closed> }> {
  const url = `${api.url.replace(/^http/, 'ws')}${path}`;
  const ws = new WebSocket(url, { headers: { 'x-forwarded-for': address } });
  const opened = Date.now();
  let error: Closed['error'];
  ws.on('message', (data) => (error = JSON.parse(String(data)) as Closed['error']));
  const closed = new Promise<Closed>((resolve) => ws.on('close', (code) => resolve({ code, error, afterMs: Date.now() - opened })));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, closed };
}

const stillOpen = (socket: { closed: Promise<Closed> }, ms: number) =>
  Promise.race([socket.closed.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms))]);

test('a socket that sends no start message is closed 4408 AUTH_TIMEOUT after the configured seconds', async () => {
  const socket = await open(newAddress());
  const closed = await socket.closed;
  expect(closed).toMatchObject({ code: 4408, error: { type: 'error', code: 'AUTH_TIMEOUT' } });
  expect(closed.afterMs).toBeGreaterThanOrEqual(1_900);
  expect(closed.afterMs).toBeLessThan(5_000);
});

test('a start message with a bad token does not hold the socket: it is refused 4401', async () => {
  const socket = await open(newAddress());
  socket.ws.send(JSON.stringify({ type: 'start', token: 'ic_not-a-token' }));
  expect((await socket.closed).code).toBe(4401);
});

test('one address holds at most 3 sockets waiting to authenticate; other addresses, and the address once one closes, are served', async () => {
  const address = newAddress();
  const waiting = await Promise.all([open(address), open(address), open(address)]);
  const refused = await (await open(address)).closed;
  expect(refused).toMatchObject({ code: 4429, error: { code: 'RATE_LIMITED' } });
  expect(refused.afterMs).toBeLessThan(1_000);
  // Another address is not affected.
  const other = await open(newAddress());
  expect(await stillOpen(other, 500)).toBe(true);
  // One of the three goes: its place is free again.
  waiting[0].ws.close();
  await waiting[0].closed;
  const again = await open(address);
  expect(await stillOpen(again, 500)).toBe(true);
  // The rest still end at the timeout.
  for (const socket of [...waiting.slice(1), other, again]) expect((await socket.closed).code).toBe(4408);
});

test('the browser call socket holds to the same bounds: 3 waiting per address, the fourth 4429, the rest 4408 at the timeout', async () => {
  const address = newAddress();
  const path = browserCallAudioPath('000000000000000000000000');
  const waiting = await Promise.all([open(address, path), open(address, path), open(address, path)]);
  expect(await (await open(address, path)).closed).toMatchObject({ code: 4429, error: { code: 'RATE_LIMITED' } });
  for (const socket of waiting) expect((await socket.closed).code).toBe(4408);
});

/**
 * A streamed import refuses a hostile body as soon as it shows, on the real stack: nesting deeper
 * than a row's schema, or one item larger than the item bound, is answered 400 naming the item
 * long before the 64 MiB body is sent, without the memory of its whole, and the API goes on serving.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { MAX_ITEM_BYTES } from '../../api/middleware/jsonStream';
import { CONTACT_IMPORT_BODY_LIMIT_BYTES } from '../../api/schemas/contacts';
import { SCOPES } from '../../api/scopes';
import { createTenant, startApi } from '../helpers/app';

let api: Awaited<ReturnType<typeof startApi>>;
let key: string;

beforeAll(async () => {
  api = await startApi('import-bounds');
  const tenant = await createTenant();
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
}, 60_000);
afterAll(() => api?.close());

const CHUNK = 64 * 1024;

/** `head`, then `fill` repeated up to the route's whole 64 MiB limit: the body a hostile client sends. */
function* hostileBody(head: string, fill: string): Generator<Buffer> {
  yield Buffer.from(head);
  const chunk = Buffer.from(fill.repeat(CHUNK / fill.length));
  for (let sent = head.length; sent + CHUNK <= CONTACT_IMPORT_BODY_LIMIT_BYTES; sent += CHUNK) yield chunk;
}

/**
 * Streams the body as a client uploading a file would, and stops sending once the answer comes.
 * `sentBytes`: what the client had written by then.
 */
function streamImport(
  chunks: Generator<Buffer>,
): Promise<{ status: number; body: { error: { code: string; param?: string; message: string } }; sentBytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${api.url}/api/v1/contacts/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': String(CONTACT_IMPORT_BODY_LIMIT_BYTES) },
    });
    let sentBytes = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const answeredAt = sentBytes;
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode!, body: JSON.parse(text), sentBytes: answeredAt, ms: performance.now() - started });
        req.destroy();
      });
    });
    // Once answered, the server may close the connection on a client still sending: that is the point.
    req.on('error', (err) => answered || reject(err));
    // At most one 64 KiB chunk a millisecond (the 64 MiB in about a second, a fast uplink). Unpaced,
    // the loopback took up to 40 MiB in the 87 ms a loaded machine took to carry the answer back, so
    // the bytes counted measured the machine's load rather than when the server refused.
    const write = () => {
      const next = chunks.next();
      if (next.done || answered) return;
      sentBytes += next.value.length;
      if (req.write(next.value)) setTimeout(write, 1);
      else req.once('drain', () => setTimeout(write, 1));
    };
    write();
  });
}

async function expectRefusedEarly(chunks: Generator<Buffer>, param: string, message: RegExp) {
  const rssBefore = process.memoryUsage.rss();
  const res = await streamImport(chunks);
  console.log(
    `import bounds: ${param} refused in ${res.ms.toFixed(0)} ms after ${(res.sentBytes / 1024 / 1024).toFixed(1)} MiB sent, RSS +${((process.memoryUsage.rss() - rssBefore) / 1024 / 1024).toFixed(0)} MiB`,
  );
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param });
  expect(res.body.error.message).toMatch(message);
  // Answered with a fraction of the body sent, and without the memory of it: the whole would be 64 MiB,
  // and a server that read it all before answering would have it all sent. What counts as sent
  // includes what the client wrote while the answer was on its way.
  expect(res.sentBytes).toBeLessThan(CONTACT_IMPORT_BODY_LIMIT_BYTES / 2);
  expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(256 * 1024 * 1024);
  // The API goes on serving.
  expect((await api.call('GET', '/api/v1/contacts', { token: key })).status).toBe(200);
}

test('64 MiB of nested brackets is refused at the first level deeper than a row allows', async () => {
  await expectRefusedEarly(hostileBody('{"contacts":[', '['), 'body.contacts[0]', /nests deeper than the 2 levels/);
  // Inside a row: a value nested in the attributes.
  await expectRefusedEarly(hostileBody('{"contacts":[{"phoneNumber":"+442079460001","attributes":{"a":', '{"b":'), 'body.contacts[0]', /nests deeper/);
}, 60_000);

test(`an item larger than ${MAX_ITEM_BYTES} bytes is refused while it is read, not after`, async () => {
  const row = JSON.stringify({ phoneNumber: '+442079460002', attributes: { firstName: 'Ada' } });
  await expectRefusedEarly(hostileBody(`{"contacts":[${row},{"phoneNumber":"+44207946`, '0'), 'body.contacts[1]', /larger than 1048576 bytes/);
}, 60_000);

test('rows as deep as the schema allows are imported', async () => {
  const res = await api.call('POST', '/api/v1/contacts/import', {
    token: key,
    body: { contacts: [{ phoneNumber: '+442079460003', attributes: { firstName: 'Ada', plan: 'Gold' } }] },
  });
  expect(res.status).toBe(201);
});

/**
 * `npm run bench:import`: the API process's memory during a large recipient import, streamed, against
 * the whole-body parse it replaced, measured in the same run.
 *
 * The API runs in this process; the import of IMPORT_RECIPIENTS (200,000) rows with variables is
 * sent from a generator, so the client never holds the body. Printed: the peak RSS and heap above
 * the idle process (the heap live, sampled after a full collection) while the import runs through the API (parse, checks, storage, the workflow's
 * confirmation by a worker process of its own), then the peak of reading the same body as one
 * buffer, one string and one object (the previous `readJsonBody` followed by JSON.parse), alone;
 * and the refusal of a hostile body of the route's whole 64 MiB limit, `{"recipients":[` then
 * nothing but `[`: its time to the answer, the bytes sent by then, and its peak.
 *
 * Starts its own Temporal dev server and FerretDB unless TEMPORAL_ADDRESS / MONGODB_URI are set.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { IMPORT_BODY_LIMIT_BYTES } from '../api/schemas/campaigns';
import { apiClient, benchServers, benchTenant, campaignStack } from './servers';

const IMPORT_RECIPIENTS = Number(process.env.IMPORT_RECIPIENTS ?? 200_000);
const ROWS_PER_CHUNK = 1000;
const MiB = 1024 * 1024;

const row = (i: number) =>
  JSON.stringify({
    phoneNumber: `+44207${String(1_000_000 + i)}`,
    contactName: `Contact ${i}`,
    externalRef: `crm-${i}`,
    variables: { firstName: `Name${i}`, plan: 'Gold' },
  });

/** The body `{"recipients": [...]}`, a thousand rows per chunk. */
function* bodyChunks(): Generator<string> {
  yield '{"recipients":[';
  for (let start = 0; start < IMPORT_RECIPIENTS; start += ROWS_PER_CHUNK) {
    const rows = Array.from({ length: Math.min(ROWS_PER_CHUNK, IMPORT_RECIPIENTS - start) }, (_, i) => row(start + i));
    yield (start === 0 ? '' : ',') + rows.join(',');
  }
  yield ']}';
}

/**
 * Runs `fn` while sampling this process's memory; the peaks above the level before it. The heap is
 * what is live (a full collection before each sample, `--expose-gc`): garbage not yet collected
 * says little about what an import holds.
 */
async function peakDuring<T>(fn: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = () => {
    rss = Math.max(rss, process.memoryUsage.rss() - before.rss);
    globalThis.gc?.();
    heap = Math.max(heap, process.memoryUsage().heapUsed - before.heapUsed);
  };
  const timer = setInterval(sample, 250);
  try {
    const result = await fn();
    sample();
    return { result, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

/** The route's whole limit of nested brackets, 64 KiB a chunk. */
function* nestedChunks(): Generator<string> {
  yield '{"recipients":[';
  const chunk = '['.repeat(64 * 1024);
  for (let sent = 0; sent + chunk.length <= IMPORT_BODY_LIMIT_BYTES - 16; sent += chunk.length) yield chunk;
}

/**
 * POSTs the generated body chunk by chunk, as a client streaming a file would, until it ends or the
 * answer comes; `bytes`: what was sent by the answer.
 */
function streamImport(url: string, key: string, chunks: Iterator<string>): Promise<{ status: number; text: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
    let bytes = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const sent = bytes;
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode!, text, bytes: sent });
        req.destroy();
      });
    });
    // A body refused before its end: the server may close the connection on a client still sending.
    req.on('error', (err) => answered || reject(err));
    const write = () => {
      if (answered) return;
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        bytes += Buffer.byteLength(next.value);
        if (!req.write(next.value)) return void req.once('drain', write);
        if (answered) return;
      }
      req.end();
    };
    write();
  });
}

async function main(): Promise<void> {
  const servers = await benchServers('import');
  const stack = await campaignStack('import', servers, 1000);
  const { apiUrl } = stack;
  try {
    const { key } = await benchTenant('Bench import', { creditMinutes: 1000 });
    const api = apiClient(apiUrl, key);
    const agent = (
      await api('POST', '/agents', { name: 'Bench import', instructions: 'Remind {{firstName}} of the {{plan}} plan.', phone: { greeting: 'Hello.' } })
    ).body;
    const campaign = (await api('POST', '/campaigns', { name: 'Bench import', agentId: agent.id })).body;

    const started = performance.now();
    const streamed = await peakDuring(() => streamImport(`${apiUrl}/api/v1/campaigns/${campaign.id}/recipients`, key, bodyChunks()));
    const seconds = (performance.now() - started) / 1000;
    if (streamed.result.status !== 201) throw new Error(`The import answered ${streamed.result.status}: ${streamed.result.text.slice(0, 300)}`);

    // Another campaign: the first has its recipients.
    const target = (await api('POST', '/campaigns', { name: 'Bench import refused', agentId: agent.id })).body;
    const refusedAt = performance.now();
    const refused = await peakDuring(() => streamImport(`${apiUrl}/api/v1/campaigns/${target.id}/recipients`, key, nestedChunks()));
    const refusedMs = performance.now() - refusedAt;
    if (refused.result.status !== 400) throw new Error(`The nested body answered ${refused.result.status}: ${refused.result.text.slice(0, 300)}`);

    // The previous path: the body's chunks, then one buffer, one string and one object.
    const chunks = [...bodyChunks()].map((c) => Buffer.from(c));
    const whole = await peakDuring(async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { recipients: unknown[] };
      // Held while the rows are checked and stored, as the previous path held it: one sample with it live.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return body;
    });
    chunks.length = 0;

    const mib = (n: number) => `${(n / MiB).toFixed(0)} MiB`;
    console.log(`| ${IMPORT_RECIPIENTS} recipients, ${mib(streamed.result.bytes)} body | peak RSS above idle | peak heap above idle |`);
    console.log('| --- | --- | --- |');
    console.log(`| streamed import through the API (${seconds.toFixed(1)} s, stored and confirmed) | ${mib(streamed.rss)} | ${mib(streamed.heap)} |`);
    console.log(`| whole-body parse alone (buffer, string, JSON.parse; ${whole.result.recipients.length} rows) | ${mib(whole.rss)} | ${mib(whole.heap)} |`);
    console.log(
      `| ${mib(IMPORT_BODY_LIMIT_BYTES)} of nested brackets, refused 400 (${refusedMs.toFixed(0)} ms, ${mib(refused.result.bytes)} sent by the answer; ${JSON.parse(refused.result.text).error.param}) | ${mib(refused.rss)} | ${mib(refused.heap)} |`,
    );
  } finally {
    await stack.stop({ dropDatabase: true });
    await servers.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

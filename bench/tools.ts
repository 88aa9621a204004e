/**
 * `npm run bench:tools`: the platform's own time around an agent's http tool call, at CONCURRENCY
 * calls at once against a local tool server that answers after DELAY_MS. Out: from the model's tool
 * call in hand (arguments checked against the schema, URL checked and pinned, body signed) to the
 * request's arrival at the tool server. Back: from the tool server's answer to the outcome in the
 * conversation's hands (read, size-capped, parsed). Beside it, in the same run, the baseline: a bare
 * POST of the same body with node:http to the same server, which has none of that work.
 * What this does not include: the organization's signing-secret read (one database read per call)
 * and the model's next request, whose first token is the vendor's time. Then, in the same run, the
 * wait message of an `async` tool on media sessions (bench/toolWait.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { argumentsProblem } from '../conversation/tools';
import type { HttpTool } from '../models/agent';
import { callHttpTool } from '../providers/tools/httpTool';
import { percentile } from './servers';
import { TOOL_MS, waitMessageDelays, waitMessageRow } from './toolWait';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const DELAY_MS = Number(process.env.DELAY_MS ?? 50);

/** When each request arrived and was answered, by its id, on the one clock this process has. */
const arrived = new Map<string, number>();
const answered = new Map<string, number>();

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
  req.on('end', () => {
    const { toolCallId, name } = JSON.parse(raw) as { toolCallId: string; name: string };
    arrived.set(toolCallId, performance.now());
    setTimeout(
      () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        answered.set(toolCallId, performance.now());
        res.end(JSON.stringify({ answer: 'Your order shipped on Monday.' }));
      },
      name === 'slow_lookup' ? TOOL_MS : DELAY_MS,
    );
  });
});

function barePost(url: string, body: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lookup`;
  const tool: HttpTool = {
    type: 'http',
    name: 'lookup_order',
    description: 'Finds an order.',
    parameters: { type: 'object', properties: { orderNumber: { type: 'string' } }, required: ['orderNumber'] },
    url,
    timeoutSeconds: 10,
    async: false,
  };
  const conversation = { type: 'call' as const, id: 'bench', agentId: 'bench', externalRef: null };
  const samples = { platform: { out: [] as number[], back: [] as number[] }, bare: { out: [] as number[], back: [] as number[] } };

  const run = async (kind: 'platform' | 'bare', lane: number, round: number) => {
    const toolCallId = `${kind}_${lane}_${round}`;
    const args = { orderNumber: 'A-17' };
    const started = performance.now();
    if (kind === 'platform') {
      if (argumentsProblem(tool, args)) throw new Error('arguments refused');
      const outcome = await callHttpTool(
        { toolCallId, name: tool.name, arguments: args, conversation },
        { url, timeoutSeconds: 10, secret: 'tss_bench', allowLoopback: true },
      );
      if (!outcome.ok) throw new Error(outcome.error);
    } else {
      await barePost(url, JSON.stringify({ toolCallId, name: tool.name, arguments: args, conversation }));
    }
    const done = performance.now();
    samples[kind].out.push(arrived.get(toolCallId)! - started);
    samples[kind].back.push(done - answered.get(toolCallId)!);
  };

  // Warm-up, then the two kinds alternate round by round so both see the same machine.
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, lane) => run('platform', lane, -1).then(() => run('bare', lane, -1))));
  samples.platform = { out: [], back: [] };
  samples.bare = { out: [], back: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, lane) => run('platform', lane, round)));
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, lane) => run('bare', lane, round)));
  }

  const row = (label: string, values: number[]) =>
    `${label.padEnd(44)} p50 ${percentile(values, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(values, 99).toFixed(2).padStart(7)} ms`;
  console.log(`bench:tools  ${CONCURRENCY} concurrent calls x ${ROUNDS} rounds, tool answering after ${DELAY_MS} ms (target: p50 <= 5 ms, p99 <= 20 ms)`);
  console.log(row('out: tool call -> request at the tool', samples.platform.out));
  console.log(row('  baseline: bare POST -> request at the tool', samples.bare.out));
  console.log(row('back: tool answer -> outcome in hand', samples.platform.back));
  console.log(row('  baseline: bare POST answer -> parsed', samples.bare.back));
  console.log(waitMessageRow(await waitMessageDelays(url)));
  await new Promise<void>((r) => server.close(() => r()));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

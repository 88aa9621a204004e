/**
 * `npm run bench:ledger`: what reading an organization's credit balance costs as its ledger grows,
 * now (the newest numbered entry carries the totals) beside the sum over every entry that it
 * replaced, in the same run and on the same documents. Also the first read in a process that has
 * not seen the organization (it searches for the newest entry) and an append (a charge).
 * The ledgers are inserted directly, as charges would have left them. Runs on FerretDB (SQLite), or
 * on PostgreSQL with BENCH_DATABASE=postgresql, unless MONGODB_URI is set.
 */
import os from 'node:os';
import mongoose, { Types } from 'mongoose';
import { connectDatabase } from '../models/connection';
import { CreditEntry, creditBalance, recordUsage } from '../models/creditEntry';
import { benchServers, percentile } from './servers';

const SIZES = (process.env.SIZES ?? '100,1000,5000,20000').split(',').map(Number);
const SAMPLES = Number(process.env.SAMPLES ?? 30);

/** A ledger of `size` entries: one grant, then one-minute charges. */
function ledger(organizationId: string, size: number) {
  const org = new Types.ObjectId(organizationId);
  return Array.from({ length: size }, (_, i) => {
    const seq = i + 1;
    const grant = i === 0;
    return {
      _id: `${organizationId}:${seq}`,
      organizationId: org,
      kind: grant ? 'grant' : 'charge',
      minutes: grant ? 1_000_000 : 1,
      reference: grant ? 'admin:bench' : `call:${seq}`,
      seq,
      totals: { grant: 1_000_000, charge: i, byok_usage: 0 },
      createdAt: new Date(),
    };
  });
}

/** The read this change replaced: every entry of the organization summed. */
const summed = (organizationId: string) =>
  CreditEntry.aggregate([{ $match: { organizationId: new Types.ObjectId(organizationId) } }, { $group: { _id: '$kind', minutes: { $sum: '$minutes' } } }]);

async function timed(run: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await run();
  return performance.now() - began;
}

async function p50(run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i += 1) await run(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) samples.push(await timed(() => run(i)));
  return percentile(samples, 50);
}

async function main() {
  const servers = await benchServers('ledger');
  await connectDatabase(servers.mongodbUri, { dbName: `bench_ledger_${Date.now()}` });
  await CreditEntry.init();
  console.log(`node ${process.version}, ${os.cpus().length} cores, ${servers.database}; p50 of ${SAMPLES} sequential reads after 3 unmeasured\n`);
  console.log('| entries | baseline: sum of every entry (ms) | balance from the newest entry (ms) | first balance in a process (ms) | append a charge (ms) |');
  console.log('| ---: | ---: | ---: | ---: | ---: |');
  for (const size of SIZES) {
    const org = String(new Types.ObjectId());
    const entries = ledger(org, size);
    for (let i = 0; i < size; i += 5_000) await CreditEntry.collection.insertMany(entries.slice(i, i + 5_000) as never[]);
    const first = await timed(() => creditBalance(org));
    const balance = await creditBalance(org);
    if (balance.usedMinutes !== size - 1) throw new Error(`the balance counts ${balance.usedMinutes} minutes used, not ${size - 1}`);
    const baseline = await p50(() => summed(org));
    const now = await p50(() => creditBalance(org));
    const append = await p50((i) => recordUsage({ organizationId: org, minutes: 1, reference: `call:bench-${i}`, byok: false }));
    console.log(`| ${size.toLocaleString('en')} | ${baseline.toFixed(1)} | ${now.toFixed(1)} | ${first.toFixed(1)} | ${append.toFixed(1)} |`);
  }
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
  await servers.stop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

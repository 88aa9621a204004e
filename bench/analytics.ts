/**
 * `npm run bench:analytics`: latency of `GET /analytics/calls` over the rollups of 1,000,000 calls
 * spread over a year (50 agents, 300 two-week campaigns, direct calls, every disposition, outcomes
 * and sentiment), for each groupBy, over the default 30 days and over a whole year. Beside it, in the
 * same run: the bare `/readyz` round trip, and the database's own fetch of the same day documents.
 * The rollups are inserted directly, as the fold would have left them. Starts its own Temporal dev
 * server and FerretDB unless TEMPORAL_ADDRESS / MONGODB_URI are set.
 */
import os from 'node:os';
import mongoose from 'mongoose';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../api/app';
import { loadConfig } from '../config';
import { encryptedDataConverter } from '../lib/payloadCodec';
import { seeded } from '../lib/seeded';
import { AnalyticsDay, AnalyticsSection, dayId } from '../models/analytics';
import { sectionsOf, type Cell } from '../models/analyticsCells';
import { addDays, utcDay } from '../lib/zonedDays';
import { benchServers, benchTenant, serveApp } from './servers';

const CALLS = 1_000_000;
const DAYS = 365;
const AGENTS = 50;
const CAMPAIGNS = 300;
const CAMPAIGN_DAYS = 14;
const SAMPLES = Number(process.env.SAMPLES ?? 30);

const DISPOSITIONS: [string, number][] = [
  ['completed', 30],
  ['contact_hung_up', 15],
  ['no_answer', 20],
  ['busy', 8],
  ['voicemail', 10],
  ['voicemail_left', 5],
  ['failed', 4],
  ['max_duration', 3],
  ['hangup_requested', 5],
];
const CONNECTED = new Set(['completed', 'contact_hung_up', 'max_duration', 'hangup_requested']);
const OUTCOMES = ['renew', 'cancel', 'callback', null];
const SENTIMENTS = ['positive', 'neutral', 'negative'];

const hex = (n: number, prefix: string) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;

type Summed = Omit<Cell, 'v'> & { sums: Map<string, number> };

/** Day documents for CALLS calls ending up to `last`, as the fold would have written them. */
function rollups(organizationId: string, last: string) {
  const rand = seeded(18);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const weighted = () => {
    let r = rand() * 100;
    for (const [d, w] of DISPOSITIONS) if ((r -= w) < 0) return d;
    return 'completed';
  };
  const docs = [];
  for (let d = 0; d < DAYS; d += 1) {
    const day = addDays(last, d - DAYS + 1);
    const cells = new Map<string, Summed>();
    const add = (cell: Omit<Summed, 'sums'>, sums: Record<string, number>) => {
      const key = JSON.stringify([cell.q, cell.k, cell.agent, cell.campaign, cell.disposition, cell.outcome]);
      const into = cells.get(key) ?? cells.set(key, { ...cell, sums: new Map() }).get(key)!;
      for (const [name, n] of Object.entries(sums)) if (n) into.sums.set(name, (into.sums.get(name) ?? 0) + n);
    };
    const active = Array.from({ length: CAMPAIGNS }, (_, c) => c).filter((c) => {
      const start = Math.floor((c * DAYS) / CAMPAIGNS);
      return d >= start && d < start + CAMPAIGN_DAYS;
    });
    const calls = Math.floor(((d + 1) * CALLS) / DAYS) - Math.floor((d * CALLS) / DAYS);
    for (let i = 0; i < calls; i += 1) {
      const campaign = active.length > 0 && rand() < 0.7 ? pick(active) : null;
      const agent = hex(campaign === null ? Math.floor(rand() * AGENTS) : campaign % AGENTS, 'a');
      // Mostly working hours somewhere between the Americas and Asia.
      const q = Math.min(95, Math.floor(24 + rand() * 64));
      const disposition = weighted();
      const connected = CONNECTED.has(disposition);
      const seconds = connected ? 20 + Math.floor(rand() * 580) : 0;
      const base = { calls: 1, connected: connected ? 1 : 0, completed: disposition === 'completed' ? 1 : 0, seconds, chargedMinutes: Math.ceil(seconds / 60) };
      const dims = { q, agent, campaign: campaign === null ? null : hex(campaign, 'c'), disposition };
      add({ ...dims, k: 'end' as const, outcome: null }, base);
      const outcome = connected ? pick(OUTCOMES) : null;
      add({ ...dims, k: 'report' as const, outcome }, { ...base, [`sentiment:${pick(SENTIMENTS)}`]: 1, optOuts: rand() < 0.01 ? 1 : 0 });
    }
    const all = [...cells.values()].map(({ sums, ...cell }) => ({ ...cell, v: [...sums] }));
    docs.push({ _id: dayId('calls', organizationId, day), pending: [], cellCount: all.length, ...sectionsOf(all) });
  }
  return docs;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(title: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { title, p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function main(): Promise<void> {
  const servers = await benchServers('analytics');
  await mongoose.connect(servers.mongodbUri, { dbName: `bench_analytics_${Date.now()}` });
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  const { organizationId, key } = await benchTenant('Analytics');
  const today = utcDay(Date.now());

  let started = performance.now();
  const docs = rollups(String(organizationId), today);
  const cells = docs.reduce((n, d) => n + d.cellCount, 0);
  const built = performance.now() - started;
  started = performance.now();
  for (let i = 0; i < docs.length; i += 25) {
    const batch = docs.slice(i, i + 25);
    await AnalyticsDay.collection.insertMany(batch.map(({ _id, fine }) => ({ _id, fine, pending: [] })) as never[]);
    const sections = batch.flatMap(({ _id, cellCount: _n, fine: _fine, pending: _p, ...rest }) =>
      Object.entries(rest).map(([section, cells]) => ({ _id: `${_id}:${section}`, cells })),
    );
    await AnalyticsSection.collection.insertMany(sections as never[]);
  }
  const loaded = performance.now() - started;

  const connection = await Connection.connect({ address: servers.temporalAddress });
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const app = createApp({
    config,
    mongo: mongoose.connection,
    temporal: new Client({ connection, dataConverter: encryptedDataConverter(config.temporal.payloadKeys) }),
  });
  const { server, url } = await serveApp(app);
  const get = async (path: string, auth = true) => {
    const res = await fetch(`${url}${path}`, { headers: auth ? { authorization: `Bearer ${key}` } : {} });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    return text;
  };
  const days = (n: number) => Array.from({ length: n }, (_, i) => addDays(today, i - n + 1));
  // What the database alone takes to hand over the same sections (an unfiltered groupBy=agent in UTC).
  const bare = (n: number) => () => Promise.all(days(n).map((day) => AnalyticsSection.findById(`${dayId('calls', String(organizationId), day)}:agent`).lean()));
  const fine = (n: number) => () => Promise.all(days(n).map((day) => AnalyticsDay.findById(dayId('calls', String(organizationId), day), { fine: 1 }).lean()));

  // The route must see every call loaded, or the figures below measure the wrong thing.
  const counted = JSON.parse(await get(`/api/v1/analytics/calls?from=${addDays(today, -364)}&to=${today}&groupBy=agent`)).totals.calls;
  if (counted !== CALLS) throw new Error(`the year holds ${counted} calls, not ${CALLS}`);

  console.log(
    `node ${process.version}, ${os.cpus().length} cores, database FerretDB (SQLite) unless MONGODB_URI; ${SAMPLES} sequential requests per target after 3 unmeasured`,
  );
  console.log(
    `${CALLS.toLocaleString('en')} calls over ${DAYS} days as ${cells.toLocaleString('en')} cells in ${docs.length} day documents (built in ${(built / 1000).toFixed(1)} s, inserted in ${(loaded / 1000).toFixed(1)} s)\n`,
  );
  console.log('| target | p50 (ms) | p99 (ms) |');
  console.log('| --- | ---: | ---: |');
  const row = async (title: string, run: () => Promise<unknown>) => {
    const r = await measure(title, run);
    console.log(`| ${r.title} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`);
  };
  await row('baseline: GET /readyz', () => get('/readyz', false));
  for (const [label, n, query] of [
    ['30 days (default)', 31, ''],
    ['366 days (maximum)', 366, `&from=${addDays(today, -365)}&to=${today}`],
  ] as const) {
    await row(`baseline: bare findById of ${n} days' agent section, ${label}`, bare(n));
    for (const groupBy of ['day', 'agent', 'campaign', 'disposition', 'outcome']) {
      await row(`GET /analytics/calls?groupBy=${groupBy}&timezone=Asia/Kolkata, ${label}`, () =>
        get(`/api/v1/analytics/calls?groupBy=${groupBy}&timezone=Asia/Kolkata${query}`),
      );
    }
    await row(`GET /analytics/calls?groupBy=agent (UTC), ${label}`, () => get(`/api/v1/analytics/calls?groupBy=agent${query}`));
    await row(`baseline: bare findById of ${n} days' fine cells, ${label}`, fine(n));
    await row(`GET /analytics/calls?groupBy=disposition&agentId=…, ${label}`, () =>
      get(`/api/v1/analytics/calls?groupBy=disposition&agentId=${hex(7, 'a')}${query}`),
    );
  }
  console.log('\nTarget: p50 under 100 ms over the default range, for every groupBy.');

  server.close();
  await connection.close();
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
  await servers.stop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

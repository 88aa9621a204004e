/**
 * `npm run bench:campaign`: pacing of one campaign against the ideal, and the cost of a large import.
 *
 * A campaign of RECIPIENTS (10,000) at concurrency 25, every call answered at once and lasting
 * exactly CALL_SECONDS (10) on a fixed-length carrier (bench/campaignWorker.ts, a worker process of
 * its own). Printed: the duration from launch to completed against the ideal (recipients /
 * concurrency x call length), the highest number of calls the carrier saw in flight, each
 * campaign run's history length, and the worker's peak resident memory (VmHWM). Then the import of
 * IMPORT_RECIPIENTS (100,000) recipients into another campaign, timed through the API.
 *
 * ORGS=2 runs that many organizations' campaigns side by side, each of RECIPIENTS at concurrency 25
 * on the same worker, and prints each one's pacing against its own ideal.
 *
 * Starts its own Temporal dev server and FerretDB unless TEMPORAL_ADDRESS / MONGODB_URI are set.
 */
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { campaignWorkflowId } from '../workflows/definitions';
import { apiClient, benchServers, benchTenant, campaignStack } from './servers';

const RECIPIENTS = Number(process.env.RECIPIENTS ?? 10_000);
const IMPORT_RECIPIENTS = Number(process.env.IMPORT_RECIPIENTS ?? 100_000);
const CALL_SECONDS = Number(process.env.CALL_SECONDS ?? 10);
const CONCURRENCY = 25;
const ORGS = Number(process.env.ORGS ?? 1);

/** Distinct valid London numbers, +44 20 7100 0000 onwards. */
const phone = (i: number) => `+44207${String(1_000_000 + i)}`;

async function main(): Promise<void> {
  const servers = await benchServers('campaign');
  const stack = await campaignStack('campaign', servers, CALL_SECONDS * 1000);
  const { worker, client, apiUrl, statsFile } = stack;
  try {
    const orgs = await Promise.all(
      Array.from({ length: ORGS }, async (_, o) => {
        const { key } = await benchTenant(`Bench campaign ${o + 1}`, { creditMinutes: 10_000_000, limits: { maxConcurrentCalls: 100 } });
        const call = apiClient(apiUrl, key);
        const api = async (method: string, route: string, body?: unknown) => {
          const res = await call(method, route, body);
          if (res.status >= 300) throw new Error(`${method} ${route} answered ${res.status}: ${res.text.slice(0, 300)}`);
          return res.body;
        };
        const agent = await api('POST', '/agents', {
          name: 'Bench reminders',
          instructions: 'Remind the contact of their appointment.',
          phone: { greeting: 'Hello.' },
        });
        const createCampaign = (name: string) => api('POST', '/campaigns', { name, agentId: agent.id, settings: { concurrency: CONCURRENCY, retryLimit: 1 } });
        return { api, createCampaign, campaign: await createCampaign('Bench pacing') };
      }),
    );
    const recipients = (n: number) => ({ recipients: Array.from({ length: n }, (_, i) => ({ phoneNumber: phone(i), contactName: `Contact ${i}` })) });
    for (const { api, campaign } of orgs) await api('POST', `/campaigns/${campaign.id}/recipients`, recipients(RECIPIENTS));
    console.log(`launching ${ORGS} x ${RECIPIENTS} recipients, concurrency ${CONCURRENCY} each, calls of ${CALL_SECONDS} s`);
    await Promise.all(orgs.map(({ api, campaign }) => api('POST', `/campaigns/${campaign.id}/launch`)));
    const finished = await Promise.all(
      orgs.map(async ({ api, campaign }, o) => {
        let lastPrint = Date.now();
        for (;;) {
          const state = await api('GET', `/campaigns/${campaign.id}`);
          if (state.status === 'completed') return state;
          if (Date.now() - lastPrint > 30_000) {
            lastPrint = Date.now();
            console.log(`  ${new Date().toISOString()} org ${o + 1} ${JSON.stringify(state.stats)}`);
          }
          await new Promise((r) => setTimeout(r, 2000));
        }
      }),
    );
    const ideal = (RECIPIENTS / CONCURRENCY) * CALL_SECONDS;

    const runs: number[] = [];
    for (const { campaign } of orgs) {
      for await (const execution of client.workflow.list({ query: `WorkflowId = '${campaignWorkflowId(campaign.id)}'` })) {
        const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
        runs.push(history.events?.length ?? 0);
      }
    }
    const { peakInFlight } = JSON.parse(readFileSync(statsFile, 'utf8')) as { peakInFlight: number };
    const vmHwm = readFileSync(`/proc/${worker.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)?.[1];

    // After the campaign: on FerretDB every update scans its collection, so 100,000 more
    // recipients there would slow the campaign's own writes.
    const { api, createCampaign } = orgs[0];
    const big = await createCampaign('Bench import');
    const body = recipients(IMPORT_RECIPIENTS);
    const importStart = performance.now();
    const imported = await api('POST', `/campaigns/${big.id}/recipients`, body);
    const importSeconds = (performance.now() - importStart) / 1000;
    console.log(`imported ${imported.imported} recipients in ${importSeconds.toFixed(1)} s`);

    console.log(
      `\nnode ${process.version}, ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; ${servers.database}, Temporal dev server\n`,
    );
    console.log('| measure | value |');
    console.log('| --- | ---: |');
    console.log(`| organizations x recipients / concurrency / call length | ${ORGS} x ${RECIPIENTS} / ${CONCURRENCY} / ${CALL_SECONDS} s |`);
    console.log(`| ideal duration of each (recipients / concurrency x call length) | ${ideal.toFixed(0)} s |`);
    finished.forEach((done, o) => {
      const seconds = (Date.parse(done.completedAt) - Date.parse(done.launchedAt)) / 1000;
      const label = ORGS > 1 ? `org ${o + 1}: ` : '';
      console.log(`| ${label}final stats | ${done.stats.completed} completed, ${done.stats.failed} failed, ${done.stats.pending} pending |`);
      console.log(`| ${label}measured, launch to completed | ${seconds.toFixed(0)} s |`);
      console.log(`| ${label}pacing (ideal / measured) | ${((100 * ideal) / seconds).toFixed(1)}% |`);
    });
    console.log(`| highest calls in flight (carrier) | ${peakInFlight} |`);
    console.log(`| campaign runs (continue-as-new) | ${runs.length} |`);
    console.log(`| largest history of a run | ${Math.max(...runs)} events |`);
    console.log(`| worker peak RSS (VmHWM) | ${vmHwm ? (Number(vmHwm) / 1024).toFixed(0) : '?'} MiB |`);
    console.log(
      `| import of ${imported.imported} recipients (${(JSON.stringify(body).length / 1048576).toFixed(1)} MiB body) | ${importSeconds.toFixed(1)} s |`,
    );
  } finally {
    await stack.stop();
    await servers.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

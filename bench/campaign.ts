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

/** Distinct valid London numbers, +44 20 7100 0000 onwards. */
const phone = (i: number) => `+44207${String(1_000_000 + i)}`;

async function main(): Promise<void> {
  const servers = await benchServers('campaign');
  const stack = await campaignStack('campaign', servers, CALL_SECONDS * 1000);
  const { worker, client, apiUrl, statsFile } = stack;
  try {

    const { key } = await benchTenant('Bench campaign', { creditMinutes: 10_000_000, limits: { maxConcurrentCalls: 100 } });
    const call = apiClient(apiUrl, key);
    const api = async (method: string, route: string, body?: unknown) => {
      const res = await call(method, route, body);
      if (res.status >= 300) throw new Error(`${method} ${route} answered ${res.status}: ${res.text.slice(0, 300)}`);
      return res.body;
    };
    const agent = await api('POST', '/agents', { name: 'Bench reminders', instructions: 'Remind the contact of their appointment.', phone: { greeting: 'Hello.' } });
    const createCampaign = (name: string) => api('POST', '/campaigns', { name, agentId: agent.id, settings: { concurrency: CONCURRENCY, retryLimit: 1 } });
    const recipients = (n: number) => ({ recipients: Array.from({ length: n }, (_, i) => ({ phoneNumber: phone(i), contactName: `Contact ${i}` })) });

    const campaign = await createCampaign('Bench pacing');
    await api('POST', `/campaigns/${campaign.id}/recipients`, recipients(RECIPIENTS));
    console.log(`launching ${RECIPIENTS} recipients, concurrency ${CONCURRENCY}, calls of ${CALL_SECONDS} s`);
    await api('POST', `/campaigns/${campaign.id}/launch`);
    let done;
    let lastPrint = Date.now();
    for (;;) {
      done = await api('GET', `/campaigns/${campaign.id}`);
      if (done.status === 'completed') break;
      if (Date.now() - lastPrint > 30_000) {
        lastPrint = Date.now();
        console.log(`  ${new Date().toISOString()} ${JSON.stringify(done.stats)}`);
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
    const seconds = (Date.parse(done.completedAt) - Date.parse(done.launchedAt)) / 1000;
    const ideal = (RECIPIENTS / CONCURRENCY) * CALL_SECONDS;

    const runs: number[] = [];
    for await (const execution of client.workflow.list({ query: `WorkflowId = '${campaignWorkflowId(campaign.id)}'` })) {
      const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
      runs.push(history.events?.length ?? 0);
    }
    const { peakInFlight } = JSON.parse(readFileSync(statsFile, 'utf8')) as { peakInFlight: number };
    const vmHwm = readFileSync(`/proc/${worker.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)?.[1];


    // After the campaign: on FerretDB every update scans its collection, so 100,000 more
    // recipients there would slow the campaign's own writes.
    const big = await createCampaign('Bench import');
    const body = recipients(IMPORT_RECIPIENTS);
    const importStart = performance.now();
    const imported = await api('POST', `/campaigns/${big.id}/recipients`, body);
    const importSeconds = (performance.now() - importStart) / 1000;
    console.log(`imported ${imported.imported} recipients in ${importSeconds.toFixed(1)} s`);

    console.log(`\nnode ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; FerretDB on SQLite, Temporal dev server\n`);
    console.log('| measure | value |');
    console.log('| --- | ---: |');
    console.log(`| recipients / concurrency / call length | ${RECIPIENTS} / ${CONCURRENCY} / ${CALL_SECONDS} s |`);
    console.log(`| final stats | ${done.stats.completed} completed, ${done.stats.failed} failed, ${done.stats.pending} pending |`);
    console.log(`| ideal duration (recipients / concurrency x call length) | ${ideal.toFixed(0)} s |`);
    console.log(`| measured, launch to completed | ${seconds.toFixed(0)} s |`);
    console.log(`| pacing (ideal / measured) | ${((100 * ideal) / seconds).toFixed(1)}% |`);
    console.log(`| highest calls in flight (carrier) | ${peakInFlight} |`);
    console.log(`| campaign runs (continue-as-new) | ${runs.length} |`);
    console.log(`| largest history of a run | ${Math.max(...runs)} events |`);
    console.log(`| worker peak RSS (VmHWM) | ${vmHwm ? (Number(vmHwm) / 1024).toFixed(0) : '?'} MiB |`);
    console.log(`| import of ${imported.imported} recipients (${(JSON.stringify(body).length / 1048576).toFixed(1)} MiB body) | ${importSeconds.toFixed(1)} s |`);

  } finally {
    await stack.stop();
    await servers.stop();
  }
}


main().catch((err) => {
  console.error(err);
  process.exit(1);
});

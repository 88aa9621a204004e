/**
 * The benchmarks' baseline: a workflow that only waits, so a bench can set what a bare start and an
 * empty update round trip cost beside its real paths. Only the benches' own worker registers it
 * (`baselineWorker` in bench/servers.ts), never the product's.
 */
import { defineUpdate, setHandler, sleep } from '@temporalio/workflow';

/** Answers at once with nothing: the round trip of an update and no more. */
export const baselinePingUpdate = defineUpdate<void>('ping');

/** How long a baseline run waits before it ends on its own; a bench terminates its runs before. */
const BASELINE_LIFETIME = '1 hour';

export async function baselineWorkflow(): Promise<void> {
  setHandler(baselinePingUpdate, () => undefined);
  await sleep(BASELINE_LIFETIME);
}

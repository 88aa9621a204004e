/**
 * The benchmarks' baseline: a workflow that only waits, so a bench can set what a bare start and an
 * empty update round trip cost beside its real paths. Only the benches' own worker registers it
 * (`baselineWorker` in bench/servers.ts), never the product's.
 */
import { defineUpdate, proxyLocalActivities, setHandler, sleep } from '@temporalio/workflow';

/** Answers at once with nothing: the round trip of an update and no more. */
export const baselinePingUpdate = defineUpdate<void>('ping');

/**
 * Answers after a local activity that does nothing: sent with the start, the Temporal hops of a
 * `POST /calls` (a start, a workflow task that runs the dial and completes with the answer) without
 * the API's checks or the dial's work.
 */
export const baselineAnsweredUpdate = defineUpdate<void>('answered');

/** What `baselineWorker` registers: the no-op the answered update runs. */
export interface BaselineActivities {
  baselineStep(): Promise<void>;
}

const { baselineStep } = proxyLocalActivities<BaselineActivities>({ startToCloseTimeout: '10 seconds' });

/** How long a baseline run waits before it ends on its own; a bench terminates its runs before. */
const BASELINE_LIFETIME = '1 hour';

/**
 * A bare start's run: it ends in its first workflow task, so a bench has nothing to end after the
 * start. Terminating a waiting run instead raced that task, and the worker logged each one it lost.
 */
export async function baselineEndedWorkflow(): Promise<void> {
  return undefined;
}

export async function baselineWorkflow(): Promise<void> {
  setHandler(baselinePingUpdate, () => undefined);
  setHandler(baselineAnsweredUpdate, () => baselineStep());
  await sleep(BASELINE_LIFETIME);
}

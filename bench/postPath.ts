/**
 * Where a `POST /calls` waits, read from the histories of calls it placed: the answer waits for the
 * call's first workflow task, the dial activity and the workflow task that completes the dial
 * update. Each history's event times split that into time queued for a worker and time a worker
 * spends, so a bench can print them beside the POST's own latency; the rest is the API's.
 */
import type { Client, WorkflowHandle } from '@temporalio/client';
import { callWorkflowId } from '../workflows/definitions';
import { percentile } from './servers';

type HistoryEvent = NonNullable<Awaited<ReturnType<WorkflowHandle['fetchHistory']>>['events']>[number];

const SEGMENTS = [
  ['first task queued', 'start to the first workflow task picked up'],
  ['first task run', 'the worker runs it and schedules the dial'],
  ['dial queued', 'the dial activity waits for a worker'],
  ['dial run', 'the carrier and the `created` write'],
  ['answer task queued', 'the dial result waits for the next workflow task'],
  ['answer task run', 'the worker completes the dial update'],
] as const;

const ms = (event: HistoryEvent) => Number(event.eventTime!.seconds) * 1000 + (event.eventTime!.nanos ?? 0) / 1e6;

/** The six segments of one call's path to its dial update's answer, or undefined if the history has not got there. */
function segments(events: HistoryEvent[]): number[] | undefined {
  const first = (pred: (e: HistoryEvent) => unknown, from = 0) => events.findIndex((e, i) => i >= from && pred(e));
  const last = (pred: (e: HistoryEvent) => unknown, before: number) => {
    for (let i = before - 1; i >= 0; i -= 1) if (pred(events[i]!)) return i;
    return -1;
  };
  const started = first((e) => e.workflowExecutionStartedEventAttributes);
  const task1 = first((e) => e.workflowTaskStartedEventAttributes);
  const task1Done = first((e) => e.workflowTaskCompletedEventAttributes, task1);
  const dialScheduled = first((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'dial');
  const dialStarted = first((e) => e.activityTaskStartedEventAttributes, dialScheduled);
  const dialDone = first((e) => e.activityTaskCompletedEventAttributes, dialStarted);
  const answered = first((e) => e.workflowExecutionUpdateCompletedEventAttributes, dialDone);
  if ([started, task1, task1Done, dialScheduled, dialStarted, dialDone, answered].some((i) => i < 0)) return undefined;
  // The update's answer is in the task whose completion precedes it; its start is the last before that.
  const answerDone = last((e) => e.workflowTaskCompletedEventAttributes, answered);
  const answerStarted = last((e) => e.workflowTaskStartedEventAttributes, answerDone);
  if (answerStarted < dialDone) return undefined;
  const t = (i: number) => ms(events[i]!);
  return [
    t(task1) - t(started),
    t(task1Done) - t(task1),
    t(dialStarted) - t(dialScheduled),
    t(dialDone) - t(dialStarted),
    t(answerStarted) - t(dialDone),
    t(answerDone) - t(answerStarted),
  ];
}

/** The p50 of each segment over (up to `limit` of) these calls, as markdown table rows, and their sum. */
export async function postPathRows(client: Client, callIds: string[], limit = 40): Promise<{ rows: string[]; totalP50: number; sampled: number }> {
  const sample = callIds.slice(-limit);
  const measured: number[][] = [];
  for (const callId of sample) {
    const history = await client.workflow.getHandle(callWorkflowId(callId)).fetchHistory().catch(() => undefined);
    const parts = history?.events ? segments(history.events) : undefined;
    if (parts) measured.push(parts);
  }
  if (!measured.length) return { rows: [], totalP50: NaN, sampled: 0 };
  const p50s = SEGMENTS.map((_, i) => percentile(measured.map((m) => m[i]!), 50));
  const rows = SEGMENTS.map(([name, what], i) => `| ${name} | ${what} | ${p50s[i]!.toFixed(1)} |`);
  return { rows, totalP50: percentile(measured.map((m) => m.reduce((a, b) => a + b, 0)), 50), sampled: measured.length };
}

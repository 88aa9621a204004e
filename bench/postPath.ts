/**
 * Where a `POST /calls` waits, read from the histories of calls it placed: the answer waits for the
 * call's first workflow task, inside which the dial runs as a local activity and the dial update is
 * answered. The history's event times and the dial's marker (when the worker scheduled and finished
 * it) split that into time queued for a worker and time a worker spends, so a bench can print them
 * beside the POST's own latency; the rest is the API's.
 */
import type { Client, WorkflowHandle } from '@temporalio/client';
import type { Timestamp } from '@temporalio/common';
import { callWorkflowId } from '../workflows/definitions';
import { percentile } from './servers';

type HistoryEvent = NonNullable<Awaited<ReturnType<WorkflowHandle['fetchHistory']>>['events']>[number];

const SEGMENTS = [
  ['task queued', 'start to the first workflow task picked up'],
  ['task to the dial', 'the worker runs the workflow up to the dial'],
  ['dial run', 'the carrier and the `created` write (a local activity)'],
  ['task answer', "the dial's end to the task completed with the answer"],
] as const;

const msOf = (t: Timestamp | null | undefined) => Number(t!.seconds) * 1000 + (t!.nanos ?? 0) / 1e6;
const ms = (event: HistoryEvent) => msOf(event.eventTime);

/**
 * The worker's own times of the dial, from its marker's `data` payload (JSON, as Core writes it):
 * when the worker scheduled it, on its clock, and its run time, which Core writes as the workflow's
 * time at the task's start plus the run.
 */
function dialMarkerTimes(event: HistoryEvent): { scheduled: number; ranUntil: number } | undefined {
  const payload = event.markerRecordedEventAttributes?.details?.data?.payloads?.[0]?.data;
  if (!payload) return undefined;
  const data = JSON.parse(Buffer.from(payload).toString('utf8')) as { activity_type?: string; original_schedule_time?: Timestamp; complete_time?: Timestamp };
  if (data.activity_type !== 'dial' || !data.original_schedule_time || !data.complete_time) return undefined;
  return { scheduled: msOf(data.original_schedule_time), ranUntil: msOf(data.complete_time) };
}

/** The four segments of one call's path to its dial update's answer, or undefined if the history has not got there. */
function segments(events: HistoryEvent[]): number[] | undefined {
  const first = (pred: (e: HistoryEvent) => unknown, from = 0) => events.findIndex((e, i) => i >= from && pred(e));
  const started = first((e) => e.workflowExecutionStartedEventAttributes);
  const task1 = first((e) => e.workflowTaskStartedEventAttributes);
  const dials = events.map(dialMarkerTimes);
  const marker = dials.findIndex(Boolean);
  const answered = first((e) => e.workflowExecutionUpdateCompletedEventAttributes);
  if ([started, task1, marker, answered].some((i) => i < 0)) return undefined;
  // The marker comes in the completion of the task that ran the dial, the last completed before it
  // (a dial longer than the task's timeout goes on through the worker's heartbeats).
  let answerDone = marker - 1;
  while (answerDone > task1 && !events[answerDone]!.workflowTaskCompletedEventAttributes) answerDone -= 1;
  if (answerDone <= task1 || answered < marker) return undefined;
  const dial = dials[marker]!;
  const t = (i: number) => ms(events[i]!);
  const run = dial.ranUntil - t(task1);
  return [t(task1) - t(started), dial.scheduled - t(task1), run, t(answerDone) - dial.scheduled - run];
}

/** The p50 of each segment over (up to `limit` of) these calls, as markdown table rows, and their sum. */
export async function postPathRows(client: Client, callIds: string[], limit = 40): Promise<{ rows: string[]; totalP50: number; sampled: number }> {
  const sample = callIds.slice(-limit);
  const measured: number[][] = [];
  for (const callId of sample) {
    const history = await client.workflow
      .getHandle(callWorkflowId(callId))
      .fetchHistory()
      .catch(() => undefined);
    const parts = history?.events ? segments(history.events) : undefined;
    if (parts) measured.push(parts);
  }
  if (!measured.length) return { rows: [], totalP50: NaN, sampled: 0 };
  const p50s = SEGMENTS.map((_, i) =>
    percentile(
      measured.map((m) => m[i]!),
      50,
    ),
  );
  const rows = SEGMENTS.map(([name, what], i) => `| ${name} | ${what} | ${p50s[i]!.toFixed(1)} |`);
  return {
    rows,
    totalP50: percentile(
      measured.map((m) => m.reduce((a, b) => a + b, 0)),
      50,
    ),
    sampled: measured.length,
  };
}

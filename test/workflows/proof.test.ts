/** The proof workflow's logic on the time-skipping test server: the hour-long timer passes in seconds. */
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { createActivities } from '../../activities';
import { loadConfig } from '../../config';
import { defaultDeps } from '../../worker';
import { finishProofSignal, proofStateQuery, renameProofUpdate } from '../../workflows/definitions';
import { testServerPath, uniqueName, workflowBundle } from '../helpers/servers';

let env: TestWorkflowEnvironment;
let taskQueue: string;
let worker: Worker;

beforeAll(async () => {
  env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: testServerPath() } },
  });
});
afterAll(() => env?.teardown());
// A worker stops when its runUntil ends, so each test gets its own.
beforeEach(async () => {
  taskQueue = uniqueName('proof');
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities: createActivities(defaultDeps(loadConfig({ TEMPORAL_TASK_QUEUE: taskQueue }), env.client)),
  });
});

test('with no signal the workflow ends on its one-hour timer, skipped in test time', async () => {
  const started = Date.now();
  const handle = await env.client.workflow.start('proofWorkflow', { taskQueue, workflowId: uniqueName('proof-timer'), args: [{ label: 'idle' }] });
  const result = await worker.runUntil(handle.result());
  expect(result).toMatchObject({ label: 'idle', endedBy: 'timer', renames: 0, summary: 'idle (renamed 0 times)' });
  const { startTime, closeTime } = await handle.describe();
  expect(closeTime!.getTime() - startTime.getTime()).toBeGreaterThanOrEqual(60 * 60 * 1000);
  expect(Date.now() - started).toBeLessThan(60_000);
});

test('an update passes its validator or is rejected without touching state; a signal ends the run', async () => {
  await worker.runUntil(async () => {
    const handle = await env.client.workflow.start('proofWorkflow', {
      taskQueue,
      workflowId: uniqueName('proof-signal'),
      args: [{ label: 'first' }],
    });
    expect(await handle.executeUpdate(renameProofUpdate, { args: ['second'] })).toEqual({ label: 'second', renames: 1, finished: false });
    await expect(handle.executeUpdate(renameProofUpdate, { args: ['  '] })).rejects.toBeInstanceOf(WorkflowUpdateFailedError);
    expect(await handle.query(proofStateQuery)).toEqual({ label: 'second', renames: 1, finished: false });

    await handle.signal(finishProofSignal);
    expect(await handle.result()).toMatchObject({ label: 'second', renames: 1, endedBy: 'signal', summary: 'second (renamed 1 time)' });
  });
});

/**
 * The proof workflow end to end on the real Temporal dev server: search attributes, visibility,
 * an update, a signal and an activity. With RECORD_HISTORIES=1 the run's history is written to
 * test/histories/ for the replay test.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { NativeConnection } from '@temporalio/worker';
import { loadConfig } from '../../config';
import { createWorker, defaultDeps } from '../../worker';
import { finishProofSignal, renameProofUpdate, searchAttributes } from '../../workflows/definitions';
import { temporalAddress, uniqueName, waitFor, workflowBundle } from '../helpers/servers';

let connection: Connection;
let nativeConnection: NativeConnection;
let client: Client;

beforeAll(async () => {
  connection = await Connection.connect({ address: temporalAddress() });
  nativeConnection = await NativeConnection.connect({ address: temporalAddress() });
  client = new Client({ connection });
});
afterAll(async () => {
  await connection?.close();
  await nativeConnection?.close();
});

test('a run with an update and a signal completes and is found by its search attributes', async () => {
  const taskQueue = uniqueName('proof-dev');
  const organizationId = uniqueName('org');
  const worker = await createWorker({
    connection: nativeConnection,
    namespace: 'default',
    taskQueue,
    workflowBundle: await workflowBundle(),
    deps: defaultDeps(loadConfig({ TEMPORAL_TASK_QUEUE: taskQueue }), client),
  });

  const handle = await worker.runUntil(async () => {
    const handle = await client.workflow.start('proofWorkflow', {
      taskQueue,
      workflowId: uniqueName('proof-dev'),
      args: [{ label: 'draft' }],
      typedSearchAttributes: [{ key: searchAttributes.organizationId, value: organizationId }],
    });
    await handle.executeUpdate(renameProofUpdate, { args: ['final'] });
    await handle.signal(finishProofSignal);
    expect(await handle.result()).toMatchObject({ label: 'final', renames: 1, endedBy: 'signal', summary: 'final (renamed 1 time)' });
    return handle;
  });

  const found = await waitFor(async () => {
    const ids: string[] = [];
    for await (const wf of client.workflow.list({ query: `OrganizationId = "${organizationId}"` })) ids.push(wf.workflowId);
    return ids.length > 0 ? ids : undefined;
  });
  expect(found).toEqual([handle.workflowId]);

  if (process.env.RECORD_HISTORIES === '1') {
    const file = path.resolve(__dirname, '../histories/proof-update-then-signal.json');
    writeFileSync(file, `${historyToJSON(await handle.fetchHistory())}\n`);
  }
});

/**
 * Replays every recorded history in test/histories/ against today's workflow code: a change that
 * would make a running workflow non-deterministic fails here. They replay through the payload codec
 * as workers run them, so plain payloads (recorded before it) and encrypted ones replay alike. When to
 * re-record them (`RECORD_HISTORIES=1 npx jest test/workflows/<file>`) and when a change goes behind
 * `patched()` instead: docs/development.md's "Changing a workflow".
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { testDataConverter, workflowBundle } from '../helpers/servers';

const dir = path.resolve(__dirname, '../histories');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

test('there are recorded histories to replay', () => {
  expect(files.length).toBeGreaterThan(0);
});

test.each(files)('%s replays deterministically', async (file) => {
  const history = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const results = Worker.runReplayHistories({ workflowBundle: await workflowBundle(), dataConverter: testDataConverter() }, [{ workflowId: file, history }]);
  for await (const result of results) {
    expect(result.error).toBeUndefined();
  }
});

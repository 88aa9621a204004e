/**
 * The simulated carrier's line is a workflow of its own, bundled only where that carrier is
 * configured: a production worker on Twilio neither bundles nor registers it.
 */
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';

const noop = () => undefined;
const logger = { trace: noop, debug: noop, info: noop, warn: console.warn, error: console.error, log: noop };
const bundle = (entry: string) => bundleWorkflowCode({ workflowsPath: require.resolve(path.join('../../workflows', entry)), logger });

test("the service's bundle has the service's workflows and not the simulated line", async () => {
  const { code } = await bundle('index');
  for (const module of ['call', 'campaign', 'interview']) expect(code).toContain(`./workflows/${module}.ts`);
  expect(code).not.toContain('./workflows/simulatedLine.ts');
}, 120_000);

test("the simulated carrier's bundle adds its line", async () => {
  const { code } = await bundle('withSimulatedLine');
  expect(code).toContain('./workflows/call.ts');
  expect(code).toContain('./workflows/simulatedLine.ts');
}, 120_000);

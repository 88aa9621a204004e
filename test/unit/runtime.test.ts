/**
 * The npm scripts run through scripts/node.sh, which picks a Node that package.json's engines allow
 * (Node 24 from the tools cache where the machine's own is older), so the suite runs on one.
 */
import { engines } from '../../package.json';

const asNumber = (version: string) => {
  const [major, minor = 0] = version.replace(/^>=/, '').split('.').map(Number);
  return major * 1000 + minor;
};

test(`the suite runs on a Node that engines.node (${engines.node}) allows: ${process.version}`, () => {
  expect(asNumber(process.versions.node)).toBeGreaterThanOrEqual(asNumber(engines.node));
});

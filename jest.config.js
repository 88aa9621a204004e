/**
 * Two tiers. `unit`: pure modules, vendor adapters against in-process fakes and activities under
 * MockActivityEnvironment, with no servers (`npm run test:unit`, seconds). `integration`: workflows,
 * the database, HTTP, the CLI and pages against the real servers test/globalSetup.ts starts once
 * for the run. `npm test` runs both; the production shape's test (test/production/) runs apart, with
 * `npm run test:production` (jest.production.config.js).
 */
const UNIT = ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/test/providers/**/*.test.ts', '<rootDir>/test/activities/**/*.test.ts'];

const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
    // The Mistral SDK ships ESM only. Node 22.12+ loads it with require(esm); Jest's module loader does
    // only on Node 24.9+ under --experimental-vm-modules, so it gets compiled to CommonJS instead.
    // stream-json (and its stream-chain) too, and SpeexDSP's resampler (whose loader reads import.meta.url).
    '/node_modules/(@mistralai|stream-json|stream-chain|@echogarden)/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@mistralai|stream-json|stream-chain|@echogarden)/)'],
};

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: UNIT },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/test/unit/', '/test/providers/', '/test/activities/', '/test/production/'],
      globalSetup: '<rootDir>/test/globalSetup.ts',
      globalTeardown: '<rootDir>/test/globalTeardown.ts',
    },
  ],
  // Workflow bundling and server round trips are slow on a 2-core machine; no test waits on a fixed sleep.
  testTimeout: 60_000,
  maxWorkers: 2,
  // A worker runs some 66 files in turn, and what a file leaves behind in it (servers' clients, model
  // threads) adds up: one full run in three on 2026-11-27 had a worker die of a full heap near the
  // end. A worker over this much after a file is replaced before the next one.
  workerIdleMemoryLimit: '1GB',
};

/** Tests run against real servers that test/globalSetup.ts starts once for the whole run. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
    // The Mistral SDK ships ESM only. Node 22.12+ loads it with require(esm); Jest's module loader does
    // only on Node 24.9+ under --experimental-vm-modules, so it gets compiled to CommonJS instead.
    '/node_modules/@mistralai/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@mistralai/)'],
  globalSetup: '<rootDir>/test/globalSetup.ts',
  globalTeardown: '<rootDir>/test/globalTeardown.ts',
  // Workflow bundling and server round trips are slow on a 2-core machine; no test waits on a fixed sleep.
  testTimeout: 60_000,
  maxWorkers: 2,
};

/**
 * `npm run test:production`: the production shape (test/production/), a few minutes of PostgreSQL, a
 * Temporal server, FerretDB, nginx and four Node processes of dist/. Apart from `npm test`, which
 * stays on the embedded servers; the shape's test starts its own servers, so no global setup.
 */
const { projects, ...rest } = require('./jest.config');

const integration = projects.find((p) => p.displayName === 'integration');
module.exports = {
  ...rest,
  projects: [
    {
      ...integration,
      displayName: 'production',
      testMatch: ['<rootDir>/test/production/**/*.test.ts'],
      testPathIgnorePatterns: [],
      globalSetup: undefined,
      globalTeardown: undefined,
    },
  ],
  maxWorkers: 1,
};

// The layers' boundaries, enforced: each folder may import only what its line of docs/architecture.md's
// "Layers" table says. Import paths are matched as written (relative), by the folder names they cross.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/** A relative import reaching into `folder` (any depth): `../api`, `../../api/errors`. */
const into = (folder) => `(^|/)${folder}(/|$)`;
/** Workflow implementations: any of `workflows/` except its definitions. */
const WORKFLOW_IMPLEMENTATIONS = '(^|/)workflows(/(?!definitions(/|$))|$)';
const NODE_BUILTINS = `^(node:.*|${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(/.*)?$`;

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * Routes, the API's other modules, the media process and activities reach the read models through domain/ (types
 * excepted: a record's type is the contract between the layers). The HTTP layer's own machinery
 * (the connection, rate-limit and throttle windows, idempotency records) is not an aggregate and
 * stays direct.
 */
const HTTP_MACHINERY = '(connection|rateTicket|throttleTicket|idempotencyKey)';
const throughDomain = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `(^|/)models/(?!${HTTP_MACHINERY}$)`,
          allowTypeImports: true,
          message: 'Call the domain layer (domain/), which owns the rules about this aggregate; import a model only as a type.',
        },
      ],
    },
  ],
};
const rule = (regex, message) => ({ regex, message });

const noApi = rule(into('api'), 'Only the API imports the API: move what is shared below it (models, providers, lib).');
const noActivities = rule(into('activities'), "Activities are the worker's: share code through conversation/, models/ or providers/.");
const noWorkflows = rule(WORKFLOW_IMPLEMENTATIONS, 'Import workflows/definitions, never workflow implementations.');
const noWorker = rule(into('worker'), 'The worker wires everything; nothing imports it.');
const noConversation = rule(into('conversation'), 'The conversation engine sits above models and providers.');
const noDomain = rule(into('domain'), 'The domain layer sits above models and providers: routes and activities call it.');

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', 'test-output/**', '.data/**', 'public/**', '*.js', '*.mjs'] },
  {
    files: ['**/*.ts', 'dashboard/**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['workflows/**/*.ts'],
    ignores: ['workflows/definitions/**'],
    rules: restrict(
      rule(NODE_BUILTINS, 'Workflow code runs in a deterministic sandbox without Node built-ins.'),
      rule(
        '^(?!(@temporalio/workflow|@temporalio/common)$|\\./|\\.\\./(lib/|providers/carrier/testNumbers$))',
        'Workflows import only @temporalio/workflow, their definitions, other workflow modules and pure modules (lib/, the test-number table).',
      ),
    ),
  },
  {
    files: ['workflows/definitions/**/*.ts'],
    rules: restrict(rule('^(?!(@temporalio/workflow|@temporalio/common)$|\\./)', "Definitions import only Temporal's pure modules and each other.")),
  },
  { files: ['api/**/*.ts', 'media/**/*.ts'], rules: restrict(noActivities, noWorkflows, noWorker) },
  {
    files: ['api/**/*.ts', 'activities/**/*.ts', 'media/**/*.ts'],
    rules: throughDomain,
  },
  { files: ['activities/**/*.ts'], rules: restrict(noApi, noWorkflows, noWorker) },
  { files: ['conversation/**/*.ts'], rules: restrict(noApi, noActivities, noWorkflows, noWorker) },
  { files: ['domain/**/*.ts'], rules: restrict(noApi, noActivities, noWorkflows, noWorker, noConversation) },
  { files: ['models/**/*.ts'], rules: restrict(noApi, noActivities, noWorkflows, noWorker, noConversation, noDomain) },
  { files: ['providers/**/*.ts'], rules: restrict(noApi, noActivities, noWorkflows, noWorker, noConversation, noDomain) },
  { files: ['lib/**/*.ts'], rules: restrict(rule('^\\.', 'lib/ holds helpers that import only packages.')) },
  {
    // The dashboard runs in the browser and talks to the API only over HTTP: it imports its own
    // files, preact, chart.js, papaparse, libphonenumber-js, the API's types from the generated client
    // (dashboard/types.ts) and its request schemas compiled at build time (api-schemas), nothing of
    // the server's folders and no Node built-in.
    files: ['dashboard/**/*.ts', 'dashboard/**/*.tsx'],
    rules: restrict(
      rule(
        into('(api|models|workflows|activities|worker|conversation|providers|lib|scripts|config)'),
        'The dashboard talks to the API over HTTP only; it imports nothing of the server.',
      ),
      rule(
        '^(?!(preact|preact/hooks|chart\\.js|papaparse|libphonenumber-js|api-schemas)$|\\./|\\.\\./)',
        'The dashboard imports only preact, chart.js, papaparse, libphonenumber-js, api-schemas and its own modules.',
      ),
    ),
  },
  {
    // A page is a screen of its own: what two pages share lives in a shared file (parts/ for
    // components, the dashboard's root for helpers), never in one page imported by another.
    files: ['dashboard/pages/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\./', message: 'Pages import shared files (../parts/, ../ui, ...), never another page.' }] },
      ],
    },
  },
  {
    files: ['dashboard/parts/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./pages/', message: 'Parts are shared by pages; only the route table imports a page.' }] },
      ],
    },
  },
  {
    files: ['config.ts'],
    rules: restrict(
      rule(
        '^\\./(api|activities|workflows|worker|conversation|models)(/|$)',
        "Configuration is read by every layer and imports none but providers' vendor lists.",
      ),
    ),
  },
);

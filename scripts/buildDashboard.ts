/**
 * `npm run build:dashboard`: bundles the dashboard web app (dashboard/) into dist/dashboard/ with
 * esbuild: one script, one stylesheet, the page and its icon, which the API serves at /dashboard
 * (api/dashboardApp.ts) under a CSP that allows nothing inline. `npm run build`, `npm run dev`
 * and the jest global setup run it, so what is served is always built from the sources.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import Ajv, { _ } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { build, type Plugin } from 'esbuild';
import { plain } from '../api/openapi';
import { apiRoutes } from '../api/routes';

const ROOT = path.resolve(__dirname, '..');
const SOURCE = path.join(ROOT, 'dashboard');
export const DASHBOARD_OUT = path.join(ROOT, 'dist', 'dashboard');

/**
 * `import { createAgent } from 'api-schemas'`: a validator of each request body, compiled ahead of
 * time from the schemas of the route table that the API validates with and publishes in
 * openapi.json, so the forms check what the API will check. Compiled here because the page's CSP
 * forbids the `new Function` Ajv compiles with at run time; the bundle keeps only those imported.
 */
const apiSchemas: Plugin = {
  name: 'api-schemas',
  setup(builder) {
    builder.onResolve({ filter: /^api-schemas$/ }, () => ({ path: 'api-schemas', namespace: 'api-schemas' }));
    builder.onLoad({ filter: /.*/, namespace: 'api-schemas' }, () => {
      const ajv = addFormats(new Ajv({ allErrors: true, strict: true, code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } }));
      const exported: Record<string, string> = {};
      for (const route of apiRoutes()) {
        if (!route.body) continue;
        ajv.addSchema(plain(route.body) as object, route.operationId);
        exported[route.operationId] = route.operationId;
      }
      return { contents: standaloneCode(ajv, exported), loader: 'js', resolveDir: ROOT };
    });
  },
};

export async function buildDashboard(): Promise<void> {
  rmSync(DASHBOARD_OUT, { recursive: true, force: true });
  mkdirSync(DASHBOARD_OUT, { recursive: true });
  await build({
    entryPoints: [
      { in: path.join(SOURCE, 'main.tsx'), out: 'app' },
      { in: path.join(SOURCE, 'styles.css'), out: 'app' },
    ],
    outdir: DASHBOARD_OUT,
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [apiSchemas],
  });
  for (const file of ['index.html', 'icon.svg']) copyFileSync(path.join(SOURCE, file), path.join(DASHBOARD_OUT, file));
}

if (require.main === module) {
  buildDashboard().catch((err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

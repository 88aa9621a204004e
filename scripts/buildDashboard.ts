/**
 * `npm run build:dashboard`: bundles the dashboard web app (dashboard/) into dist/dashboard/ and the
 * API reference page (reference/) into dist/reference/ with esbuild: for each, one script, one
 * stylesheet and the page, which the API serves at /dashboard (api/dashboardApp.ts) and /docs
 * (api/reference.ts) under a CSP that allows no inline script. `npm run build`, `npm run dev` and
 * the jest global setup run it, so what is served is always built from the sources.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import Ajv, { _ } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { plain } from '../api/openapi';
import { apiRoutes } from '../api/routes';
import { E164_FORM, TRIM } from '../api/schemas/common';

const ROOT = path.resolve(__dirname, '..');
const SOURCE = path.join(ROOT, 'dashboard');
export const DASHBOARD_OUT = path.join(ROOT, 'dist', 'dashboard');
const REFERENCE_SOURCE = path.join(ROOT, 'reference');
export const REFERENCE_OUT = path.join(ROOT, 'dist', 'reference');

const BUNDLE: BuildOptions = { bundle: true, minify: true, format: 'esm', target: ['es2022'], legalComments: 'none', logLevel: 'warning' };

/**
 * The validators the dashboard's sources import by name (`import { createAgent } from 'api-schemas'`).
 * Ajv's standalone module cannot be tree-shaken (each validator's setup runs at load), so whatever it
 * exports stays in the bundle: it must export only these.
 */
export function importedValidators(dir = SOURCE): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'api-schemas'/g)) {
      for (const name of match[1]!.split(',')) if (name.trim()) names.add(name.trim());
    }
  }
  return [...names].sort();
}

type SchemaNode = { properties?: Record<string, SchemaNode> } & Record<string, unknown>;

/** The schema of each property below `schema`, at any depth of properties. */
function* propertySchemas(schema: SchemaNode): Generator<SchemaNode> {
  for (const sub of Object.values(schema.properties ?? {})) {
    yield sub;
    yield* propertySchemas(sub);
  }
}

/** Smaller ones cost less as code than the call to a shared function. */
const SHARED_MIN_CHARS = 400;

/**
 * The bodies with each property schema that more than one of them holds (an agent's tools, phone
 * and voice settings on create and update; a campaign's settings) given once, under an $id, and
 * referenced: Ajv then compiles it into one function the validators share instead of into each.
 * Errors keep their `instancePath`, which is all the forms read.
 */
function withSharedProperties(ajv: Ajv, bodies: SchemaNode[]): SchemaNode[] {
  const copies = bodies.map((body) => structuredClone(body));
  const seen = new Map<string, number>();
  for (const body of copies)
    for (const sub of propertySchemas(body)) {
      const text = JSON.stringify(sub);
      if (text.length >= SHARED_MIN_CHARS) seen.set(text, (seen.get(text) ?? 0) + 1);
    }
  const ids = new Map<string, string>();
  for (const [text, count] of seen) {
    if (count < 2) continue;
    const id = `shared-${ids.size}`;
    ids.set(text, id);
    ajv.addSchema({ ...(JSON.parse(text) as object), $id: id });
  }
  const refer = (schema: SchemaNode) => {
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      const id = ids.get(JSON.stringify(sub));
      if (id) schema.properties![key] = { $ref: id };
      else refer(sub);
    }
  };
  copies.forEach(refer);
  return copies;
}

/**
 * `import { createAgent } from 'api-schemas'`: a validator of each request body a form imports,
 * compiled ahead of time from the schemas of the route table that the API validates with and
 * publishes in openapi.json, so the forms check what the API will check. Compiled here because the
 * page's CSP forbids the `new Function` Ajv compiles with at run time.
 */
const apiSchemas: Plugin = {
  name: 'api-schemas',
  setup(builder) {
    builder.onResolve({ filter: /^api-schemas$/ }, () => ({ path: 'api-schemas', namespace: 'api-schemas' }));
    builder.onLoad({ filter: /.*/, namespace: 'api-schemas' }, () => {
      const ajv = addFormats(
        new Ajv({
          allErrors: true,
          strict: true,
          discriminator: true,
          messages: false,
          code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
        }),
      );
      // The API drops a name's surrounding spaces and writes a number in E.164; the form's check
      // only judges the value as typed.
      ajv.addKeyword({ keyword: TRIM, schemaType: 'boolean' });
      ajv.addKeyword({ keyword: E164_FORM, schemaType: 'boolean' });
      const bodies = new Map(apiRoutes().flatMap((route) => (route.body ? [[route.operationId, route.body] as const] : [])));
      const names = importedValidators();
      const schemas = names.map((name) => {
        const body = bodies.get(name);
        if (!body) throw new Error(`api-schemas: no route with the operationId ${name} has a request body`);
        return plain(body) as SchemaNode;
      });
      withSharedProperties(ajv, schemas).forEach((schema, i) => ajv.addSchema(schema, names[i]));
      const exported = Object.fromEntries(names.map((name) => [name, name]));
      return { contents: standaloneCode(ajv, exported), loader: 'js', resolveDir: ROOT };
    });
  },
};

function clean(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

async function buildApp(): Promise<void> {
  clean(DASHBOARD_OUT);
  await build({
    ...BUNDLE,
    entryPoints: [
      { in: path.join(SOURCE, 'main.tsx'), out: 'app' },
      { in: path.join(SOURCE, 'styles.css'), out: 'app' },
    ],
    outdir: DASHBOARD_OUT,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    plugins: [apiSchemas],
  });
  for (const file of ['index.html', 'icon.svg']) copyFileSync(path.join(SOURCE, file), path.join(DASHBOARD_OUT, file));
}

/** Scalar's renderer and its stylesheet (imported by main.ts) become reference.js and reference.css. */
async function buildReference(): Promise<void> {
  clean(REFERENCE_OUT);
  await build({ ...BUNDLE, entryPoints: [{ in: path.join(REFERENCE_SOURCE, 'main.ts'), out: 'reference' }], outdir: REFERENCE_OUT });
  copyFileSync(path.join(REFERENCE_SOURCE, 'index.html'), path.join(REFERENCE_OUT, 'index.html'));
}

export async function buildDashboard(): Promise<void> {
  await Promise.all([buildApp(), buildReference()]);
}

if (require.main === module) {
  buildDashboard().catch((err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

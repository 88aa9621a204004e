/**
 * `npm run build:dashboard`: bundles the dashboard web app (dashboard/) into dist/dashboard/ and the
 * API reference page (reference/) into dist/reference/ with esbuild: for each, one script, one
 * stylesheet and the page, which the API serves at /dashboard (api/dashboardApp.ts) and /docs
 * (api/reference.ts) under a CSP that allows no inline script. `npm run build`, `npm run dev` and
 * the jest global setup run it, so what is served is always built from the sources.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const ROOT = path.resolve(__dirname, '..');
const SOURCE = path.join(ROOT, 'dashboard');
export const DASHBOARD_OUT = path.join(ROOT, 'dist', 'dashboard');
const REFERENCE_SOURCE = path.join(ROOT, 'reference');
export const REFERENCE_OUT = path.join(ROOT, 'dist', 'reference');

const BUNDLE: BuildOptions = { bundle: true, minify: true, format: 'esm', target: ['es2022'], legalComments: 'none', logLevel: 'warning' };

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

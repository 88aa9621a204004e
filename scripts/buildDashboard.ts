/**
 * `npm run build:dashboard`: bundles the dashboard web app (dashboard/) into dist/dashboard/ with
 * esbuild: one script, one stylesheet, the page and its icon, which the API serves at /dashboard
 * (api/dashboardApp.ts) under a CSP that allows nothing inline. `npm run build`, `npm run dev`
 * and the jest global setup run it, so what is served is always built from the sources.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(__dirname, '..');
const SOURCE = path.join(ROOT, 'dashboard');
export const DASHBOARD_OUT = path.join(ROOT, 'dist', 'dashboard');

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
  });
  for (const file of ['index.html', 'icon.svg']) copyFileSync(path.join(SOURCE, file), path.join(DASHBOARD_OUT, file));
}

if (require.main === module) {
  buildDashboard().catch((err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type Koa from 'koa';

export interface Bundle {
  /** The folder scripts/buildDashboard.ts writes under dist/, e.g. `dashboard`. */
  name: string;
  /** Route -> file in the folder and its media type; the first route is the page. */
  files: Record<string, { file: string; type: string }>;
  csp: string;
  /** The metrics label of its requests. */
  probe: string;
  /** What the 503 says when the bundle was never built. */
  unbuilt: string;
}

/**
 * A page and its bundle, read once at start from dist/<name>, seen from api/ (tsx, jest) or from
 * dist/api/ (the built service). The page answers with and without its trailing slash. Unbuilt, it
 * answers 503 saying how to build it rather than an empty page.
 */
export function bundleRoutes({ name, files, csp, probe, unbuilt }: Bundle): Router {
  const dir = [path.resolve(__dirname, '../dist', name), path.resolve(__dirname, '..', name)].find((d) =>
    Object.values(files).every(({ file }) => existsSync(path.join(d, file))),
  );
  const [page] = Object.keys(files);
  const bodies = dir ? Object.fromEntries(Object.entries(files).map(([route, { file }]) => [route, readFileSync(path.join(dir, file))])) : {};
  const router = new Router();
  for (const [route, { type }] of Object.entries(files)) {
    router.get(route === page ? [route, `${route}/`] : [route], (ctx: Koa.Context) => {
      ctx.state.probe = probe;
      const body = bodies[route];
      if (!body) {
        ctx.status = 503;
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = unbuilt;
        return;
      }
      ctx.type = type;
      ctx.set({
        'content-security-policy': csp,
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        // Fixed names, so a browser revalidates rather than keep an old bundle after a deploy.
        'cache-control': 'no-cache',
      });
      ctx.body = body;
    });
  }
  return router;
}

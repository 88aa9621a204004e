import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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

/** A file as served: its bytes, its ETag and, once first asked for, its gzipped bytes. */
interface Served {
  body: Buffer;
  etag: string;
  gzipped?: Buffer;
}

function served(file: string): Served {
  const body = readFileSync(file);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/**
 * A page and its bundle, read once at start from dist/<name>, seen from api/ (tsx, jest) or from
 * dist/api/ (the built service). The page answers with and without its trailing slash. A browser
 * revalidates each file (fixed names, so a deploy's new bundle is never missed) and gets a 304 while
 * it is unchanged; a client that takes gzip gets it, compressed on the first request rather than at
 * start (the reference's script is 4.9 MB, 1.4 MB gzipped). Unbuilt, it answers 503 saying how to
 * build it rather than an empty page.
 */
export function bundleRoutes({ name, files, csp, probe, unbuilt }: Bundle): Router {
  const dir = [path.resolve(__dirname, '../dist', name), path.resolve(__dirname, '..', name)].find((d) =>
    Object.values(files).every(({ file }) => existsSync(path.join(d, file))),
  );
  const [page] = Object.keys(files);
  const bodies: Record<string, Served> = dir ? Object.fromEntries(Object.entries(files).map(([route, { file }]) => [route, served(path.join(dir, file))])) : {};
  const router = new Router();
  for (const [route, { type }] of Object.entries(files)) {
    router.get(route === page ? [route, `${route}/`] : [route], (ctx: Koa.Context) => {
      ctx.state.probe = probe;
      const file = bodies[route];
      if (!file) {
        ctx.status = 503;
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = unbuilt;
        return;
      }
      ctx.set({
        'content-security-policy': csp,
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cache-control': 'no-cache',
        etag: file.etag,
      });
      ctx.vary('accept-encoding');
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.type = type;
      if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
        ctx.set('content-encoding', 'gzip');
        ctx.body = file.gzipped ??= gzipSync(file.body);
      } else {
        ctx.body = file.body;
      }
    });
  }
  return router;
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type Koa from 'koa';

/** The bundle scripts/buildDashboard.ts writes: dist/dashboard, seen from api/ (tsx, jest) or from dist/api/ (the built service). */
const DIR = [path.resolve(__dirname, '../dist/dashboard'), path.resolve(__dirname, '../dashboard')].find((dir) => existsSync(path.join(dir, 'app.js')));

const FILES: Record<string, { file: string; type: string }> = {
  '/dashboard': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/dashboard/app.js': { file: 'app.js', type: 'application/javascript; charset=utf-8' },
  '/dashboard/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
  '/dashboard/icon.svg': { file: 'icon.svg', type: 'image/svg+xml' },
};

/**
 * Only our own files, nothing inline, talking only to this host, framed by nobody. Styles that
 * scripts set through the CSSOM (chart.js sizing its canvas) are not inline styles and need no
 * 'unsafe-inline'. The app keeps its session token in sessionStorage, so no cookie is involved.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  // A call's recording is fetched with the session and played from a blob: URL.
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The dashboard web app at /dashboard: its page and bundle, built by `npm run build:dashboard`.
 * Unbuilt, /dashboard answers 503 saying how to build it rather than an empty page.
 */
export function dashboardAppRoutes(): Router {
  const router = new Router();
  const bodies = DIR ? Object.fromEntries(Object.entries(FILES).map(([route, { file }]) => [route, readFileSync(path.join(DIR, file))])) : {};
  for (const [route, { type }] of Object.entries(FILES)) {
    const paths = route === '/dashboard' ? ['/dashboard', '/dashboard/'] : [route];
    router.get(paths, (ctx: Koa.Context) => {
      ctx.state.probe = 'dashboard';
      const body = bodies[route];
      if (!body) {
        ctx.status = 503;
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = 'The dashboard is not built: run `npm run build:dashboard`.';
        return;
      }
      ctx.type = type;
      ctx.set({
        'content-security-policy': CSP,
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

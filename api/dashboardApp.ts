import type Router from '@koa/router';
import { bundleRoutes } from './bundle';

/**
 * Only our own files, nothing inline, talking only to this host, framed by nobody. Styles that
 * scripts set through the CSSOM (chart.js sizing its canvas) are not inline styles and need no
 * 'unsafe-inline'. The app keeps its session token in sessionStorage, so no cookie is involved.
 */
const csp = (mediaUrl: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    // A call's recording is fetched with the session and played from a blob: URL.
    "media-src 'self' blob:",
    // Browser calls' audio sockets, on the media process's host when it has its own.
    `connect-src 'self'${mediaUrl ? ` ${mediaUrl}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The dashboard web app at /dashboard: its page and bundle, built by `npm run build:dashboard`.
 * `mediaUrl` is where browser calls open their socket (config.media.socketBase).
 */
export function dashboardAppRoutes(mediaUrl: string): Router {
  return bundleRoutes({
    name: 'dashboard',
    files: {
      '/dashboard': { file: 'index.html', type: 'text/html; charset=utf-8' },
      '/dashboard/app.js': { file: 'app.js', type: 'application/javascript; charset=utf-8' },
      '/dashboard/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
      '/dashboard/icon.svg': { file: 'icon.svg', type: 'image/svg+xml' },
    },
    csp: csp(mediaUrl),
    probe: 'dashboard',
    unbuilt: 'The dashboard is not built: run `npm run build:dashboard`.',
  });
}

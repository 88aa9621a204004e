import type Router from '@koa/router';
import { bundleRoutes } from './bundle';

/**
 * Our own bundle only, talking only to this host (the document, and the try-it console's requests
 * to /api/v1), framed by nobody. Scalar's components write `<style>` elements and style attributes
 * at run time (its theme, its code highlighting), so styles take 'unsafe-inline'; scripts do not.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The interactive API reference at /docs (reference/), built by `npm run build:dashboard`. */
export function referenceRoutes(): Router {
  return bundleRoutes({
    name: 'reference',
    files: {
      '/docs': { file: 'index.html', type: 'text/html; charset=utf-8' },
      '/docs/reference.js': { file: 'reference.js', type: 'application/javascript; charset=utf-8' },
      '/docs/reference.css': { file: 'reference.css', type: 'text/css; charset=utf-8' },
    },
    csp: CSP,
    probe: 'docs',
    unbuilt: 'The API reference is not built: run `npm run build:dashboard`.',
  });
}

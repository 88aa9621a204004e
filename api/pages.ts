import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type Koa from 'koa';
import { embedOriginsOf } from '../domain/candidates';

/** `public/` beside the sources (tsx, jest) or beside `dist/` (the built service). */
const PUBLIC_DIR = [path.resolve(__dirname, '../public'), path.resolve(__dirname, '../../public')].find((dir) => existsSync(dir))!;

const read = (file: string) => readFileSync(path.join(PUBLIC_DIR, file), 'utf8');

const ASSETS: Record<string, { file: string; type: string }> = {
  '/embed.js': { file: 'embed.js', type: 'application/javascript; charset=utf-8' },
  '/assets/session.js': { file: 'session.js', type: 'application/javascript; charset=utf-8' },
  '/assets/voice.js': { file: 'voice.js', type: 'application/javascript; charset=utf-8' },
  '/assets/voice-worklet.js': { file: 'voice-worklet.js', type: 'application/javascript; charset=utf-8' },
  '/assets/session.css': { file: 'session.css', type: 'text/css; charset=utf-8' },
  '/assets/icon.svg': { file: 'icon.svg', type: 'image/svg+xml' },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface PageData {
  surface: 'hosted' | 'embed';
  /** Where the voice socket is opened (`wss://` + the media process's host); empty: this host. */
  mediaUrl?: string;
  interviewId: string;
  error?: string;
  errorCode?: string;
}

/** The session page with its data attributes filled in, every value escaped. */
function sessionPage(template: string, data: PageData): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: keyof PageData) => escapeHtml(String(data[name] ?? '')));
}

/**
 * The pages serve only our own files and talk only to this host. `frame-ancestors` decides who
 * may frame them: nobody for the hosted link (it carries the candidate's capability), the allowed
 * origins of the interview's embed tokens for the embed page. The voice worklet is a script of
 * ours ('self'), and the microphone is ours alone (the embedding page grants it with allow="microphone").
 */
function sendPage(ctx: Koa.Context, status: number, html: string, frameAncestors: string[], mediaUrl: string) {
  // Voice mode's socket, on the media process's host, or named as well as 'self' on this one:
  // browsers before CSP 3 (Safari until 15.4) do not count ws: as 'self'.
  const socketOrigin = mediaUrl ? ` ${mediaUrl}` : /^[\w.-]+(:\d+)?$/.test(ctx.host) ? ` ${ctx.protocol === 'https' ? 'wss' : 'ws'}://${ctx.host}` : '';
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set({
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      `connect-src 'self'${socketOrigin}`,
      "img-src 'self' data:",
      "media-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
    ].join('; '),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'permissions-policy': 'microphone=(self)',
  });
  ctx.body = html;
}

/**
 * The hosted interview page, the embed page and the loader script, served from `public/`.
 * `mediaUrl` is where the voice socket is opened (config.media.socketBase).
 */
export function pageRoutes(mediaUrl: string): Router {
  const router = new Router();
  const template = read('session.html');

  for (const [route, asset] of Object.entries(ASSETS)) {
    const body = read(asset.file);
    router.get(route, (ctx) => {
      ctx.state.probe = 'page';
      ctx.type = asset.type;
      ctx.set({ 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' });
      ctx.body = body;
    });
  }

  router.get('/i/:id', (ctx) => {
    ctx.state.probe = 'page';
    const interviewId = /^[0-9a-f]{24}$/.test(ctx.params.id!) ? ctx.params.id! : '';
    const error = interviewId ? undefined : 'This interview link is not valid. Open the full link you were sent.';
    sendPage(
      ctx,
      interviewId ? 200 : 404,
      sessionPage(template, { surface: 'hosted', interviewId, mediaUrl, error, errorCode: 'INVALID_CANDIDATE_TOKEN' }),
      [],
      mediaUrl,
    );
  });

  // The token is in the fragment (embed.js puts it there), which browsers never send: the server
  // sees only the interview, and the page reads the token and checks it through the candidate API.
  router.get('/embed/:id', async (ctx) => {
    ctx.state.probe = 'page';
    const interviewId = /^[0-9a-f]{24}$/.test(ctx.params.id!) ? ctx.params.id! : '';
    const refuse = (status: number, errorCode: string, error: string) =>
      sendPage(ctx, status, sessionPage(template, { surface: 'embed', interviewId: '', error, errorCode }), [], mediaUrl);
    // Opened on its own (a tab, a link), the frame could be dressed up by nobody's page: it is a frame only.
    if (ctx.get('sec-fetch-dest') !== 'iframe') {
      return refuse(403, 'FRAME_REQUIRED', 'This interview can only be shown inside the page that embeds it.');
    }
    if (!interviewId) return refuse(404, 'INVALID_CANDIDATE_TOKEN', 'This interview cannot be shown here: its embed token is not valid for it.');
    sendPage(ctx, 200, sessionPage(template, { surface: 'embed', interviewId, mediaUrl }), await embedOriginsOf(interviewId), mediaUrl);
  });
  return router;
}

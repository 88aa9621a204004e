/**
 * What the browser tests share: loopback HTTP servers, the partner's page that mounts an interview
 * with embed.js, and the agent the candidate meets.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@temporalio/client';
import mongoose from 'mongoose';
import { createApp } from '../../api/app';
import { loadConfig, type Config } from '../../config';
import type { TestApi } from './app';

/** An HTTP server on a free loopback port; the handler can be attached once the port is known. */
export async function listen(handler?: http.RequestListener): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export const close = (server?: http.Server) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

/**
 * An API of a test's own, configured by `env` (a task queue of its own, short deadlines) and served
 * where its links point, so that the test can stop and start that queue's worker under a page.
 */
export async function ownHost(temporal: Client, env: NodeJS.ProcessEnv): Promise<{ server: http.Server; origin: string; config: Config }> {
  const { server, origin } = await listen();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env, PUBLIC_BASE_URL: origin });
  const app = createApp({ config, mongo: mongoose.connection, temporal }).callback();
  server.on('request', (req, res) => void app(req, res));
  return { server, origin, config };
}

/**
 * The partner's page, loading embed.js from `embedHost`: mounts the interview from the token and id
 * in its own query string, keeps the session in `window.session` and every event in `window.events`.
 */
export function partnerPage(embedHost: string): http.RequestListener {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme Careers</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#fafafa}header{padding:1rem 2rem;background:#123;color:#fff}main{max-width:48rem;margin:1.5rem auto;padding:0 1rem}</style>
</head><body><header><h1>Acme Careers: your interview</h1></header>
<main><div id="slot"></div></main>
<script src="${embedHost}/embed.js"></script>
<script>
  window.events = [];
  var params = new URLSearchParams(location.search);
  window.session = VoiceAgent.mount(document.getElementById('slot'), {
    token: params.get('token'),
    interviewId: params.get('interviewId'),
    readyTimeoutMs: 5000,
    onEvent: function (event) { window.events.push(event); },
  });
</script></body></html>`);
  };
}

/** The voice agent "Acme hiring" with this opening and these criteria; its id. */
export async function acmeAgent(api: TestApi, key: string, voice: { opening: string; evaluationCriteria: string[] }): Promise<string> {
  const res = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { type: 'voice', name: 'Acme hiring', instructions: 'Interview the candidate.', voice },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

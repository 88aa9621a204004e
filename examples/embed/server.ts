/**
 * Your server's side of an embedded interview: it keeps your API key, creates the interview and
 * mints a short-lived embed token for it (POST /interview), and serves the page (index.html) that
 * mounts the interview with embed.js. The key's allowed origins must include this page's origin
 * (http://127.0.0.1:PORT here): an embed token works only on the origins its key allows.
 *
 *   VOICE_AGENT_BASE_URL=https://voice.example.com VOICE_AGENT_API_KEY=rb_test_… AGENT_ID=<a voice agent> \
 *     PORT=8080 npx tsx examples/embed/server.ts
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createVoiceAgentClient } from '../../clients/typescript';

const { VOICE_AGENT_BASE_URL: baseUrl, VOICE_AGENT_API_KEY: apiKey, AGENT_ID: agentId } = process.env;
if (!baseUrl || !apiKey || !agentId) throw new Error('Set VOICE_AGENT_BASE_URL, VOICE_AGENT_API_KEY and AGENT_ID (a voice agent).');
const port = Number(process.env.PORT ?? 8080);
const api = createVoiceAgentClient({ baseUrl, apiKey });
// embed.js comes from the service itself; the page is told where.
const page = readFileSync(path.join(__dirname, 'index.html'), 'utf8').replaceAll('{{EMBED_HOST}}', new URL(baseUrl).origin);

/** A new interview for the candidate and a token that lets this page's frame run it, and nothing else. */
async function mint(candidateName: string): Promise<{ interviewId: string; token: string }> {
  const interview = await api.POST('/interviews', { body: { agentId: agentId!, candidateName, mode: 'text' } });
  if (interview.error) throw new Error(`${interview.error.error.code}: ${interview.error.error.message}`);
  const embed = await api.POST('/interviews/{id}/embed-token', { params: { path: { id: interview.data.id } }, body: { expiresInSeconds: 900 } });
  if (embed.error) throw new Error(`${embed.error.error.code}: ${embed.error.error.message}`);
  return { interviewId: interview.data.id, token: embed.data.token };
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
    return;
  }
  if (req.method === 'POST' && req.url === '/interview') {
    // In your application the candidate is the signed-in user; here it is a fixed name.
    mint('Grace Hopper').then(
      (minted) => (res.writeHead(200, { 'content-type': 'application/json' }), res.end(JSON.stringify(minted))),
      (err: unknown) => (res.writeHead(502, { 'content-type': 'application/json' }), res.end(JSON.stringify({ error: String(err) }))),
    );
    return;
  }
  res.writeHead(404).end();
});

server.listen(port, '127.0.0.1', () => console.log(`embed example on http://127.0.0.1:${port}`));

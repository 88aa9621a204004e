/**
 * The candidate's side in a real browser: headless Chromium (Debian's `chromium`, driven by
 * playwright-core) against the real stack. A partner page on an allowed origin mounts embed.js and
 * runs a text interview to the end with the token in the frame's fragment; the same page on another
 * origin cannot frame it, nor can a tab open it; the hosted link works on its own. Screenshots of every page land in test-output/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import mongoose from 'mongoose';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { createApp } from '../../api/app';
import { SCOPES } from '../../api/scopes';
import { grantCredits } from '../../models/creditEntry';
import { createTenant, request, startApi } from '../helpers/app';
import { acmeAgent, close, listen, ownHost, partnerPage } from '../helpers/browser';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

// Functions given to page.evaluate run in the browser; these name its globals for the compiler only.
declare const window: any;
declare const document: any;
declare function getComputedStyle(element: unknown): { backgroundColor: string };

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(__dirname, '../../test-output/screenshots');
const taskQueue = uniqueName('browser');

let api: Awaited<ReturnType<typeof startApi>>;
let embedHost: http.Server;
let base: string;
let partner: http.Server;
let stranger: http.Server;
let allowedOrigin: string;
let foreignOrigin: string;
let browser: Browser;
let worker: RunningWorker;
let key: string;
let agentId: string;
/** Every request the embed host received: its URL and Referer, as a server log would keep them. */
const received: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // The embed host must be where the links point, so its port is chosen before the config exists.
  ({ server: embedHost, origin: base } = await listen());
  api = await startApi('browser', { TEMPORAL_TASK_QUEUE: taskQueue, PUBLIC_BASE_URL: base });
  worker = await runWorker({ TEMPORAL_TASK_QUEUE: taskQueue });
  const embedApp = createApp({ config: api.config, mongo: mongoose.connection, temporal: worker.client }).callback();
  // Koa answers every error itself, so the promise it returns never rejects.
  embedHost.on('request', (req, res) => {
    received.push(`${req.url} ${req.headers.referer ?? ''}`);
    void embedApp(req, res);
  });
  ({ server: partner, origin: allowedOrigin } = await listen(partnerPage(base)));
  ({ server: stranger, origin: foreignOrigin } = await listen(partnerPage(base)));

  const tenant = await createTenant({ creditMinutes: 100 });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000, allowedOrigins: [allowedOrigin] });
  agentId = await acmeAgent(api, key, { opening: 'Hello, and welcome to Acme. Tell me when you are ready.', evaluationCriteria: ['TypeScript', 'teamwork'] });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([close(embedHost), close(partner), close(stranger)]);
  await worker?.stop();
  await api?.close();
});

async function newInterview(mode: 'text' | 'voice' = 'text') {
  const res = await api.call('POST', '/api/v1/interviews', { token: key, body: { agentId, candidateName: 'Grace Hopper', mode } });
  expect(res.status).toBe(201);
  return res.body as { id: string; interviewUrl: string };
}

async function embedToken(interviewId: string): Promise<string> {
  const res = await api.call('POST', `/api/v1/interviews/${interviewId}/embed-token`, { token: key, body: { expiresInSeconds: 600 } });
  expect(res.status).toBe(200);
  return res.body.token;
}

type EmbedEvent = { type: string; payload: Record<string, unknown> };
const events = (page: Page) => page.evaluate(() => (window as unknown as { events: EmbedEvent[] }).events);
const eventOf = (page: Page, type: string) => waitFor(async () => (await events(page)).find((e) => e.type === type), 20_000);

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

/** Answers in the conversation UI of `frame` (the embed frame or the hosted page) and waits for the agent's reply. */
async function answer(frame: Frame, text: string, turnsAfter: number, viaKeyboard = false) {
  await frame.fill('#message', text);
  if (viaKeyboard) await frame.press('#message', 'Enter');
  else await frame.click('#send');
  await frame.waitForFunction((n) => document.querySelectorAll('#transcript li').length >= n, turnsAfter);
}

test('a partner page on an allowed origin runs an embedded interview to the end and gets the report id', async () => {
  const interview = await newInterview();
  const token = await embedToken(interview.id);
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  try {
    await page.goto(`${allowedOrigin}/?token=${token}&interviewId=${interview.id}`);
    expect(await eventOf(page, 'session.ready')).toEqual({ type: 'session.ready', payload: { interviewId: interview.id, status: 'created', mode: 'text' } });
    const frame = page.frames().find((f) => f.url().startsWith(`${base}/embed/`))!;
    expect(frame).toBeDefined();
    // The token rides in the frame's fragment: no URL or Referer the embed host received carries it.
    expect(new URL(frame.url()).search).toBe('');
    expect(new URL(frame.url()).hash).toContain(token);
    expect(received.some((line) => line.startsWith(`/embed/${interview.id} `))).toBe(true);
    expect(received.filter((line) => line.includes(token))).toEqual([]);
    await frame.waitForSelector('#start:visible');
    // The frame grows to its content: embed.js applied a height the frame reported.
    await waitFor(async () => ((await page.$eval('iframe', (f) => (f as any).style.height)) !== '420px' ? true : undefined));
    await shot(page, 'embed-welcome');

    await page.evaluate(() => (window as unknown as { session: { start(): void } }).session.start());
    await eventOf(page, 'session.started');
    await frame.waitForSelector('#transcript li.agent');
    expect(await frame.textContent('#transcript li.agent')).toContain('Hello, and welcome to Acme.');
    await answer(frame, 'Ready when you are.', 3);
    await answer(frame, 'I have built typed TypeScript services for years, with strict settings and tests against real servers.', 5);
    await shot(page, 'embed-conversation');

    // The theme command reaches the frame and changes how it looks.
    const lightBackground = await frame.$eval('.card', (el) => getComputedStyle(el).backgroundColor);
    await page.evaluate(() => (window as unknown as { session: { setTheme(t: string): void } }).session.setTheme('dark'));
    await frame.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const darkBackground = await frame.$eval('.card', (el) => getComputedStyle(el).backgroundColor);
    expect(darkBackground).not.toBe(lightBackground);
    expect(darkBackground).toBe('rgb(24, 28, 34)');
    await shot(page, 'embed-dark');

    await answer(frame, 'I pair with colleagues and review code kindly.', 7);
    const ended = await eventOf(page, 'session.ended');
    expect(ended.payload).toEqual({ interviewId: interview.id, reportId: expect.stringMatching(/^[0-9a-f]{24}$/), endedReason: 'agent_ended' });
    await frame.waitForSelector('#done:visible');
    expect(await frame.textContent('#done')).toContain('Thank you');
    await shot(page, 'embed-ended');

    const turns = (await events(page)).filter((e) => e.type === 'transcript.turn').map((e) => [e.payload.index, e.payload.role]);
    expect(turns).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => [i, i % 2 === 0 ? 'agent' : 'candidate']));
    // The partner's backend then gets that very report from the API.
    const report = await waitFor(async () => {
      const res = await api.call('GET', `/api/v1/interviews/${interview.id}/report`, { token: key });
      return res.status === 200 ? res.body : undefined;
    }, 30_000);
    expect(report).toMatchObject({ id: ended.payload.reportId, interviewId: interview.id, family: 'interview' });
    expect(report.evaluations.map((e: { criterion: string }) => e.criterion)).toEqual(['TypeScript', 'teamwork']);
  } finally {
    await page.close();
  }
});

test('the same page on an origin the key does not allow cannot frame the interview', async () => {
  const interview = await newInterview();
  const token = await embedToken(interview.id);
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  try {
    await page.goto(`${foreignOrigin}/?token=${token}&interviewId=${interview.id}`);
    const error = await eventOf(page, 'error');
    expect(error.payload.code).toBe('FRAME_UNAVAILABLE');
    expect((await events(page)).map((e) => e.type)).not.toContain('session.ready');
    // The browser refused the frame: nothing of the interview page runs in it.
    const framed = await Promise.all(
      page
        .frames()
        .filter((f) => f !== page.mainFrame())
        .map((f) => f.evaluate(() => document.documentElement.dataset.surface ?? null).catch(() => null)),
    );
    expect(framed).not.toContain('embed');
    await shot(page, 'embed-foreign-origin');
    // And the interview was not touched.
    expect((await api.call('GET', `/api/v1/interviews/${interview.id}`, { token: key })).body.status).toBe('created');
  } finally {
    await page.close();
  }
});

test('the hosted link runs a whole interview on its own, by keyboard, and says thank you', async () => {
  const interview = await newInterview();
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  try {
    await page.goto(interview.interviewUrl);
    await page.waitForSelector('#start:visible');
    expect(await page.textContent('h1')).toBe('Interview with Acme hiring');
    expect(await page.textContent('#opening')).toBe('Hello, and welcome to Acme. Tell me when you are ready.');
    expect(await page.getAttribute('#transcript', 'aria-live')).toBe('polite');
    expect(await page.$eval('label[for="message"]', (l) => l.textContent)).toBe('Your answer');
    await shot(page, 'hosted-welcome');

    await page.focus('#start');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#transcript li.agent');
    await answer(page.mainFrame(), 'Ready.', 3, true);
    await answer(page.mainFrame(), 'Mostly TypeScript on the server side.', 5, true);
    await page.click('#theme');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getAttribute('#theme', 'aria-pressed')).toBe('true');
    await shot(page, 'hosted-conversation-dark');
    await page.click('#theme');
    // End asks first, by keyboard too: Keep going (where the focus lands) leaves the interview as it was.
    await page.focus('#end');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#end-confirm:visible');
    expect(await page.textContent('#end-question')).toBe('End the interview now? You cannot come back to it.');
    expect(await page.isVisible('#send')).toBe(false);
    await shot(page, 'hosted-end-confirm');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#send:visible');
    expect(await page.evaluate(() => document.activeElement.id)).toBe('end');
    expect((await api.call('GET', `/api/v1/interviews/${interview.id}`, { token: key })).body.status).toBe('active');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#done:visible');
    await shot(page, 'hosted-done');

    const done = await api.call('GET', `/api/v1/interviews/${interview.id}`, { token: key });
    expect(done.body).toMatchObject({ status: 'completed', endedReason: 'candidate_ended', reportId: expect.any(String) });
  } finally {
    await page.close();
  }
});

test('a voice interview where the browser finds no microphone says so and goes on in writing', async () => {
  // This browser runs without Chromium's fake devices: getUserMedia finds no microphone.
  const interview = await newInterview('voice');
  const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
  try {
    await page.goto(interview.interviewUrl);
    await page.waitForSelector('#start:visible');
    expect(await page.textContent('#mode-note')).toBe('This is a voice interview: allow the microphone when asked, or type your answers.');
    await page.click('#start');
    await page.waitForSelector('#voice-problem:visible');
    expect(await page.textContent('#voice-problem')).toBe('No microphone was found. Connect one and reconnect, or type your answers.');
    expect(await page.getAttribute('#voice-problem', 'role')).toBe('alert');
    expect(await page.isVisible('#reconnect')).toBe(true);
    expect(await page.isVisible('#voice')).toBe(false);
    expect(await page.isVisible('#mic')).toBe(false);
    // Started over HTTP instead: the opening is there and a typed answer gets its reply.
    await page.waitForSelector('#transcript li.agent');
    await answer(page.mainFrame(), 'Typed instead.', 3);
    expect(await page.textContent('#transcript li.agent:last-child')).toContain('Tell me about your experience with TypeScript.');
    await shot(page, 'hosted-voice-no-microphone');
  } finally {
    await page.close();
  }
});

test('without Web Audio in the browser a voice interview is a written one and says so', async () => {
  const interview = await newInterview('voice');
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  try {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'AudioWorkletNode', { value: undefined, configurable: true });
    });
    await page.goto(interview.interviewUrl);
    await page.waitForSelector('#start:visible');
    expect(await page.textContent('#mode-note')).toContain('voice is not available in this browser');
    await page.click('#start');
    await page.waitForSelector('#transcript li.agent');
    expect(await page.isVisible('#mic')).toBe(false);
    expect(await page.textContent('#voice-note')).toBe('Voice is not available in this browser: read the questions and type your answers.');
    await answer(page.mainFrame(), 'Typed instead.', 3);
    await shot(page, 'hosted-voice-fallback');
  } finally {
    await page.close();
  }
});

test('an embed token for another interview shows a clear refusal in the frame and tells the partner page', async () => {
  const [a, b] = [await newInterview(), await newInterview()];
  const token = await embedToken(a.id);
  // b has a token of its own, so the partner's origin may frame it; a's token is still not b's.
  await embedToken(b.id);
  const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
  try {
    await page.goto(`${allowedOrigin}/?token=${token}&interviewId=${b.id}`);
    const error = await eventOf(page, 'error');
    expect(error.payload.code).toBe('INVALID_CANDIDATE_TOKEN');
    const frame = page.frames().find((f) => f.url().startsWith(`${base}/embed/`))!;
    await frame.waitForSelector('#problem:visible');
    expect(await frame.textContent('#problem-text')).toBe('This interview link or token is not valid for this interview.');
    await shot(page, 'embed-foreign-token');
  } finally {
    await page.close();
  }
});

test('the embed page opened on its own, outside a frame, is refused', async () => {
  const interview = await newInterview();
  const token = await embedToken(interview.id);
  const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
  try {
    const res = await page.goto(`${base}/embed/${interview.id}#token=${token}`);
    expect(res!.status()).toBe(403);
    await page.waitForSelector('#problem:visible');
    expect(await page.textContent('#problem-text')).toBe('This interview can only be shown inside the page that embeds it.');
    await shot(page, 'embed-not-framed');
    expect((await api.call('GET', `/api/v1/interviews/${interview.id}`, { token: key })).body.status).toBe('created');
  } finally {
    await page.close();
  }
});

test('with no worker to confirm them, the candidate reads plain words, and the page learns from the session what became of the start, an answer and the end', async () => {
  const queue = uniqueName('idle-browser');
  // An API of its own that waits 2 s for a worker, serving the page where its links point.
  const { server: idleHost, origin } = await ownHost(worker.client, {
    TEMPORAL_TASK_QUEUE: queue,
    WORKFLOW_ACTION_TIMEOUT_SECONDS: '2',
    INTERVIEW_TURN_TIMEOUT_SECONDS: '2',
  });
  let running: RunningWorker | undefined = await runWorker({ TEMPORAL_TASK_QUEUE: queue });
  const stopWorker = async () => {
    const stopping = running;
    running = undefined;
    await stopping?.stop();
  };
  const created = await request(origin, 'POST', '/api/v1/interviews', { token: key, body: { agentId, candidateName: 'Grace Hopper', mode: 'text' } });
  expect(created.status).toBe(201);
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  const status = () => page.textContent('#status');
  const untilStatus = (text: string) => page.waitForFunction((t) => document.getElementById('status').textContent.includes(t), text);
  try {
    await page.goto(created.body.interviewUrl);
    await stopWorker();
    await page.click('#start');
    await untilStatus('Starting… this is taking longer than usual.');
    running = await runWorker({ TEMPORAL_TASK_QUEUE: queue });
    await page.waitForSelector('#transcript li.agent', { timeout: 60_000 });
    await stopWorker();

    await page.fill('#message', 'Mostly TypeScript on the server side.');
    await page.click('#send');
    await untilStatus('is taking longer than usual to reply');
    expect(await status()).not.toMatch(/workflow|retriev/i);
    expect(await page.isDisabled('#send')).toBe(true);
    await shot(page, 'hosted-reply-late');
    running = await runWorker({ TEMPORAL_TASK_QUEUE: queue });
    // The answer reaches the agent when the worker takes the update Temporal admitted. Should the
    // server have dropped it meanwhile, the page asks for the answer again, and sending it again
    // is what the candidate would do.
    await page.waitForFunction(
      () => document.querySelectorAll('#transcript li.agent').length === 2 || document.getElementById('status').textContent.includes('send it again'),
      undefined,
      { timeout: 90_000 },
    );
    if ((await page.$$('#transcript li.agent')).length < 2) await answer(page.mainFrame(), 'Mostly TypeScript on the server side.', 3);
    expect(await page.$$eval('#transcript li.candidate', (items) => items.map((item) => item.lastChild.textContent))).toEqual([
      'Mostly TypeScript on the server side.',
    ]);
    expect(await page.inputValue('#message')).toBe('');
    expect(await page.isDisabled('#send')).toBe(false);

    await stopWorker();
    await page.click('#end');
    await page.click('#end-now');
    await untilStatus('Ending the interview… this is taking longer than usual.');
    expect(await page.isVisible('#done')).toBe(false);
    running = await runWorker({ TEMPORAL_TASK_QUEUE: queue });
    await page.waitForSelector('#done:visible', { timeout: 60_000 });
    const done = await api.call('GET', `/api/v1/interviews/${created.body.id}`, { token: key });
    expect(done.body).toMatchObject({ status: 'completed', endedReason: 'candidate_ended' });
  } finally {
    await page.close();
    await stopWorker();
    await close(idleHost);
  }
}, 240_000);

test("a refusal worded for the organization reads as plain words to the candidate, and the partner page's event keeps it", async () => {
  const tenant = await createTenant({ creditMinutes: 1 });
  const own = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000, allowedOrigins: [allowedOrigin] });
  const agent = await acmeAgent(api, own, { opening: 'Hello.', evaluationCriteria: ['TypeScript'] });
  const created = await api.call('POST', '/api/v1/interviews', { token: own, body: { agentId: agent, candidateName: 'Grace Hopper', mode: 'text' } });
  expect(created.status).toBe(201);
  const minted = await api.call('POST', `/api/v1/interviews/${created.body.id}/embed-token`, { token: own, body: { expiresInSeconds: 600 } });
  expect(minted.status).toBe(200);
  // The organization's last minute is spent before the candidate starts.
  await grantCredits(tenant.organizationId, -1, uniqueName('spent'));
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  try {
    await page.goto(`${allowedOrigin}/?token=${minted.body.token}&interviewId=${created.body.id}`);
    await eventOf(page, 'session.ready');
    const frame = page.frames().find((f) => f.url().startsWith(`${base}/embed/`))!;
    await frame.waitForSelector('#start:visible');
    await frame.click('#start');
    expect(await eventOf(page, 'error')).toMatchObject({ payload: { code: 'INSUFFICIENT_CREDITS', message: expect.stringContaining('credit minutes') } });
    await frame.waitForSelector('#problem:visible');
    expect(await frame.textContent('#problem-text')).toBe('This interview cannot run just now. Please let the organization that invited you know.');
    await shot(page, 'embed-cannot-run');
  } finally {
    await page.close();
  }
});

test('an interview whose agent was deleted before the candidate started says so in plain words, on the start and on coming back', async () => {
  const tenant = await createTenant({ creditMinutes: 10 });
  const own = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await acmeAgent(api, own, { opening: 'Hello.', evaluationCriteria: ['TypeScript'] });
  const created = await api.call('POST', '/api/v1/interviews', { token: own, body: { agentId: agent, candidateName: 'Grace Hopper', mode: 'text' } });
  expect(created.status).toBe(201);
  expect((await api.call('DELETE', `/api/v1/agents/${agent}`, { token: own })).status).toBe(200);
  const noLonger = 'This interview is no longer available. Please let the organization that invited you know.';
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  try {
    await page.goto(created.body.interviewUrl);
    await page.waitForSelector('#start:visible');
    await page.click('#start');
    await page.waitForSelector('#problem:visible');
    expect(await page.textContent('#problem-text')).toBe(noLonger);
    await shot(page, 'hosted-agent-deleted');
    // Back on the link: the same words, not a thank-you for an interview that never took place.
    await page.reload();
    await page.waitForSelector('#problem:visible');
    expect(await page.textContent('#problem-text')).toBe(noLonger);
    expect(await page.isVisible('#done')).toBe(false);
  } finally {
    await page.close();
  }
});

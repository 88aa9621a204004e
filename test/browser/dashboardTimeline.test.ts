/**
 * The turn timelines on the dashboard's call and interview pages, on conversations that really ran
 * through the media session: a call on the simulated carrier's audio line (the persona answers,
 * keys a digit and cuts into a question) and a voice interview spoken over the candidate's audio
 * socket, both on the simulated speech engines. Light, dark and 375 px (`dashboard-timeline-*.png`).
 */
import type { Page } from 'playwright-core';
import { useDashboard } from '../helpers/dashboard';
import { uniqueName, waitFor } from '../helpers/servers';
import { VoiceClient } from '../helpers/voiceClient';

// Functions given to page.evaluate run in the browser; this names its document for the compiler only.
declare const document: { documentElement: { scrollWidth: number } };

// The persona takes its time between turns; the agent must not reprompt meanwhile.
const dashboard = useDashboard('dashboard-timeline', { env: { SIMULATED_LINE: 'audio', SIMULATED_CALL_PACE_MS: '100', VOICE_SILENCE_REPROMPT_SECONDS: '60' } });
let key: string;

beforeAll(async () => {
  key = await dashboard.tenant.key();
});

async function at(hash: string, options: Parameters<typeof dashboard.open>[0] = {}) {
  const opened = await dashboard.open(options);
  await dashboard.signIn(opened.page);
  await opened.page.goto(`${dashboard.api.url}/dashboard#${hash}`);
  return opened;
}

/** Each turn's timeline text as the page shows it, in order. */
async function timelines(page: Page): Promise<string[]> {
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await transcript.locator('.timeline').first().waitFor();
  return transcript.locator('.conversation > li').evaluateAll((items) => items.map((li) => li.querySelector('.timeline')?.textContent ?? ''));
}

/** The widest bar's segments fill its track: the scale is the transcript's longest turn. */
async function widestBarFills(page: Page): Promise<boolean> {
  return page.locator('.timeline-bar').evaluateAll((bars) =>
    bars.some((bar) => {
      const track = bar.getBoundingClientRect();
      const segments = [...bar.querySelectorAll('.seg')].map((s) => s.getBoundingClientRect());
      return segments.length > 0 && Math.abs(Math.max(...segments.map((s) => s.right)) - track.right) <= 2;
    }),
  );
}

test('a call page shows each turn’s timeline: how the callee’s turns ended, the agent’s stages, and what the barge-in cut', async () => {
  const agent = await dashboard.api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: uniqueName('Service desk'),
      language: 'en-GB',
      instructions: 'You call {{firstName}} about their subscription.',
      phone: {
        greeting: 'Hi {{firstName}}, this is the service desk.',
        requiredContactFields: ['email', 'optionDigit'],
        outcomeLabels: ['renew', 'cancel', 'call back later'],
      },
    },
  });
  expect(agent.status).toBe(201);
  const placed = await dashboard.api.call('POST', '/api/v1/calls', {
    token: key,
    body: { agentId: agent.body.id, phoneNumber: '+442079460077', variables: { firstName: 'Ada' } },
  });
  expect(placed.status).toBe(201);
  const callId = placed.body.id as string;
  await waitFor(async () => (await dashboard.api.call('GET', `/api/v1/calls/${callId}`, { token: key })).body.status === 'completed' || undefined, 90_000);

  for (const [colorScheme, width] of [
    ['light', 1280],
    ['dark', 1280],
    ['light', 375],
  ] as const) {
    const { context, page } = await at(`/calls/${callId}`, { colorScheme, width });
    const lines = await timelines(page);
    expect(lines).toHaveLength(9);
    expect(lines[0]).toMatch(/^first speech \d+ ms · first audio out \d+ ms$/);
    for (const i of [1, 3, 7]) expect(lines[i]).toMatch(/^Turn ended by the pause, \d+ ms after the pause/);
    expect(lines[5]).toBe('Turn taken from its text alone, with nothing to wait for');
    for (const i of [2, 4, 8]) expect(lines[i]).toMatch(/^first token \d+ ms · first speech \d+ ms · first audio out \d+ ms$/);
    expect(lines[6]).toMatch(/Interrupted at \d+\.\d s; not heard: “.*(call back later\?)”$/);
    const legend = await page.locator('.timeline-legend').textContent();
    for (const stage of ['end of turn', 'speech-to-text', 'language model', 'text-to-speech', 'sending']) expect(legend).toContain(stage);
    expect(await widestBarFills(page)).toBe(true);
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await dashboard.shot(page, `timeline-call-${colorScheme}-${width}px`);
    await context.close();
  }
}, 180_000);

test('an interview page shows each turn’s timeline from the spoken interview', async () => {
  const agent = await dashboard.api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      type: 'voice',
      mode: 'interview',
      name: uniqueName('Panel'),
      instructions: 'Interview the candidate.',
      voice: { opening: 'Welcome. We will talk about TypeScript.', evaluationCriteria: ['TypeScript'] },
    },
  });
  expect(agent.status).toBe(201);
  const created = await dashboard.api.call('POST', '/api/v1/interviews', {
    token: key,
    body: { agentId: agent.body.id, candidateName: 'Ada Lovelace', mode: 'voice' },
  });
  expect(created.status).toBe(201);
  const interviewId = created.body.id as string;
  const client = await VoiceClient.connect(dashboard.api.url, interviewId);
  try {
    client.start(new URL(created.body.interviewUrl as string).hash.slice(1));
    await client.next((m) => m.type === 'mark' && m.name === 't0.end');
    await client.speak('Ready.');
    await client.next((m) => m.type === 'mark' && m.name === 't1.end');
    await client.speak('I have written TypeScript for six years.');
    await client.next((m) => m.type === 'ended');
  } finally {
    client.close();
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    const { context, page } = await at(`/interviews/${interviewId}`, { colorScheme });
    const lines = await timelines(page);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^Turn ended by the pause, \d+ ms after the pause/);
    expect(lines[2]).toMatch(/^first token \d+ ms · first speech \d+ ms · first audio out \d+ ms$/);
    await dashboard.shot(page, `timeline-interview-${colorScheme}`);
    await context.close();
  }
}, 120_000);

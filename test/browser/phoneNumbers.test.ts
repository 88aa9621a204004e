/**
 * Phone numbers and browser calls in the dashboard, in headless Chromium against the real stack:
 * a number claimed, edited, rung with a simulated caller and released from the Phone numbers page;
 * "Talk to this agent" holding a call with the fake microphone (Chromium's fake device) over the
 * browser call socket, the agent's greeting in its live transcript, ended from the page, then
 * listed as inbound and reported. Screenshots (light, dark, 375 px) in test-output/screenshots/.
 */
import { SCOPES } from '../../api/scopes';
import { useDashboard } from '../helpers/dashboard';
import { waitFor } from '../helpers/servers';

declare const document: { documentElement: { scrollWidth: number } };

const GREETING = 'Thanks for calling Northwind, how can I help?';
const dashboard = useDashboard('phone-numbers', { browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
let key: string;
let agentId: string;

beforeAll(async () => {
  key = await dashboard.tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await dashboard.api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Front desk', instructions: 'Answer questions about opening hours.', phone: { direction: 'both', greeting: GREETING } },
  });
  agentId = agent.body.id;
}, 60_000);

async function at(hash: string, options: Parameters<typeof dashboard.open>[0] = {}) {
  const opened = await dashboard.open(options);
  await dashboard.signIn(opened.page);
  await opened.page.goto(`${dashboard.api.url}/dashboard#${hash}`);
  return opened;
}

const callsOf = async (direction: string) =>
  (await dashboard.api.call('GET', `/api/v1/calls?direction=${direction}`, { token: key })).body.data as {
    id: string;
    status: string;
    reportId: string | null;
    phoneNumber: string;
    disposition: string | null;
  }[];

test('claim a number for an agent, rename it, ring it with a test call, find the call listed inbound, release the number', async () => {
  const { context, page } = await at('/phone-numbers');
  await page.getByRole('heading', { level: 1, name: 'Phone numbers' }).waitFor();
  await page.getByText('No numbers yet').waitFor();
  await page.getByLabel('Number', { exact: true }).fill('+441134960500');
  await page.getByLabel('Answered by').selectOption({ label: 'Front desk' });
  await page.getByLabel('Name (optional)').fill('Support line');
  await page.getByRole('button', { name: 'Claim number' }).click();
  const row = page.getByRole('listitem', { name: '+441134960500' });
  await row.getByText('Support line').waitFor();
  await dashboard.shot(page, 'phone-numbers');

  // A number already claimed: the API's error under the field.
  await page.getByLabel('Number', { exact: true }).fill('+441134960500');
  await page.getByRole('button', { name: 'Claim number' }).click();
  await page
    .getByText(/already claimed/)
    .first()
    .waitFor();

  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('form', { name: 'Edit +441134960500' }).getByLabel('Name').fill('Main line');
  await page.getByRole('button', { name: 'Save' }).click();
  await row.getByText('Main line').waitFor();

  await row.getByRole('button', { name: 'Place a test call' }).click();
  await page.getByRole('heading', { level: 1, name: /^Call from/ }).waitFor();
  await page.getByText('Caller ·').first().waitFor({ timeout: 30_000 });

  await page.goto(`${dashboard.api.url}/dashboard#/calls`);
  await page.getByLabel('Direction').selectOption('inbound');
  await page.getByRole('row').filter({ hasText: '+442079460100' }).getByText('inbound').waitFor();
  await page.getByLabel('Direction').selectOption('outbound');
  await page.getByText('No calls match.').waitFor();
  await dashboard.shot(page, 'calls-outbound-filter');

  await page.goto(`${dashboard.api.url}/dashboard#/phone-numbers`);
  await row.getByRole('button', { name: 'Release…' }).click();
  await row.getByRole('button', { name: 'Release +441134960500' }).click();
  await page.getByText('No numbers yet').waitFor();
  expect((await dashboard.api.call('GET', '/api/v1/phone-numbers', { token: key })).body.data).toEqual([]);
  await context.close();
}, 90_000);

test('"Talk to this agent": the greeting in the live transcript, the call ended from the page, then listed inbound and reported', async () => {
  const claimed = await dashboard.api.call('POST', '/api/v1/phone-numbers', {
    token: key,
    body: { phoneNumber: '+441134960501', agentId, name: 'Sales line' },
  });
  expect(claimed.status).toBe(201);
  const { context, page } = await at(`/agents/${agentId}`);
  await page.getByRole('heading', { level: 1, name: 'Front desk' }).waitFor();
  // The agent's numbers on its page.
  await page.getByRole('region', { name: 'Phone numbers' }).getByText('+441134960501').waitFor();
  await page.getByRole('button', { name: 'Talk to this agent' }).click();
  const talk = page.getByRole('region', { name: 'Talk to this agent' });
  await talk.getByText(/Connected|speaking|Listening/).waitFor({ timeout: 30_000 });
  await talk.getByText(GREETING).waitFor({ timeout: 30_000 });
  const live = (await callsOf('inbound')).find((c) => c.phoneNumber === 'browser')!;
  expect(live.status).toBe('active');
  await dashboard.shot(page, 'talk-to-agent-live');

  // Heard to its end before hanging up: a greeting cut off unheard would not stay in the transcript.
  await talk.getByText('Listening…').waitFor({ timeout: 30_000 });
  await talk.getByRole('button', { name: 'Mute' }).click();
  await talk.getByRole('button', { name: 'Unmute' }).waitFor();
  await talk.getByRole('button', { name: 'End call' }).click();
  await talk.getByText('The call has ended.').waitFor({ timeout: 15_000 });
  await talk.getByRole('button', { name: 'Call again' }).waitFor();
  await talk.getByText(GREETING).waitFor();
  await dashboard.shot(page, 'talk-to-agent-ended');

  const ended = await waitFor(async () => {
    const call = (await callsOf('inbound')).find((c) => c.id === live.id);
    return call?.reportId ? call : undefined;
  }, 30_000);
  expect(ended).toMatchObject({ status: 'completed', disposition: 'contact_hung_up' });
  await talk.getByRole('link', { name: 'Open the call' }).click();
  await page.getByRole('heading', { level: 1, name: /^Call from/ }).waitFor();
  await page.getByRole('region', { name: 'Report' }).getByText('Outcome').waitFor();
  await context.close();
}, 90_000);

test('dark and 375 px: the Phone numbers page and the agent page fit and read', async () => {
  const dark = await at('/phone-numbers', { colorScheme: 'dark' });
  await dark.page.getByRole('listitem', { name: '+441134960501' }).waitFor();
  await dashboard.shot(dark.page, 'phone-numbers-dark');
  await dark.context.close();

  const narrow = await at('/phone-numbers', { width: 375 });
  await narrow.page.getByRole('listitem', { name: '+441134960501' }).waitFor();
  expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await dashboard.shot(narrow.page, 'phone-numbers-375px');
  await narrow.page.goto(`${dashboard.api.url}/dashboard#/agents/${agentId}`);
  await narrow.page.getByRole('button', { name: 'Talk to this agent' }).waitFor();
  expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await dashboard.shot(narrow.page, 'agent-phone-375px');
  await narrow.context.close();
}, 60_000);

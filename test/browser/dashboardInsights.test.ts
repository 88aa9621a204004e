/**
 * The dashboard's remaining product points (issue 39), in a real browser against the real stack
 * (see test/helpers/dashboard.ts): analytics filters that cannot contradict each other and summary
 * cards above the charts, a campaign recipient's next attempt while a retry is scheduled, an
 * interview's link expiry shown only while the link works, and the API's phone-number refusals in
 * plain words. Screenshots in light, dark and at 375 px.
 */
import type { Page } from 'playwright-core';
import { useDashboard } from '../helpers/dashboard';
import { uniqueName, waitFor } from '../helpers/servers';

// Functions given to page.evaluate run in the browser; this names its globals for the compiler only.
declare const document: any;

const dashboard = useDashboard('dashboard-insights', { creditMinutes: 300 });
const { shot, at } = dashboard;

const PHONE_PROBLEM = 'This is not a phone number we can read. Type it with its country code, such as +44 20 7946 0001.';

async function mainText(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector('main').innerText);
}

async function sameWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const post = async (path: string, body: unknown) => {
  const res = await dashboard.api.call('POST', `/api/v1${path}`, { token: await dashboard.tenant.key(), body });
  expect(res.status).toBeLessThan(300);
  return res.body;
};

const callEnded = async (id: string) =>
  waitFor(async () => {
    const call = (await dashboard.api.call('GET', `/api/v1/calls/${id}`, { token: await dashboard.tenant.key() })).body;
    return call.endedAt ? call : undefined;
  }, 60_000);

test('analytics: the agent and campaign filters cannot contradict each other, and each section leads with its totals in words and units', async () => {
  const front = await post('/agents', { name: uniqueName('Front desk'), instructions: 'Book visits.', phone: { greeting: 'Hello.' } });
  const sales = await post('/agents', { name: uniqueName('Sales'), instructions: 'Sell.', phone: { greeting: 'Hello.' } });
  const screener = await post('/agents', { type: 'voice', name: uniqueName('Screener'), instructions: 'Interview.' });
  const frontCampaign = await post('/campaigns', { name: uniqueName('Front spring'), agentId: front.id });
  const salesCampaign = await post('/campaigns', { name: uniqueName('Sales spring'), agentId: sales.id });
  await callEnded((await post('/calls', { agentId: front.id, phoneNumber: '+442079460001' })).id);
  await callEnded((await post('/calls', { agentId: sales.id, phoneNumber: '+442079460003' })).id);

  const { context, page } = await at('/analytics');
  const calls = page.getByRole('region', { name: 'Calls' });
  const interviews = page.getByRole('region', { name: 'Interviews' });
  const card = (scope: typeof calls, label: string) =>
    scope.locator('.stat', { has: page.locator('.label', { hasText: new RegExp(`^${label}$`) }) }).locator('.value');
  await calls.getByTestId('summary-calls').waitFor();
  expect(await calls.locator('.stat .label').allTextContents()).toEqual(['Calls', 'Answer rate', 'Connected minutes', 'Average length', 'Minutes charged']);
  expect(Number(await card(calls, 'Calls').textContent())).toBeGreaterThanOrEqual(2);
  expect(await card(calls, 'Answer rate').textContent()).toMatch(/^\d+%$/);
  expect(await card(calls, 'Connected minutes').textContent()).toMatch(/^[\d.]+ min$/);
  expect(await card(calls, 'Average length').textContent()).toMatch(/^\d+ s$/);
  expect(await interviews.locator('.stat .label').allTextContents()).toEqual(['Interviews', 'Completed', 'Average score']);
  // The cards come before the chart.
  await calls.locator('canvas').waitFor();
  expect((await calls.getByTestId('summary-calls').boundingBox())!.y).toBeLessThan((await calls.locator('canvas').boundingBox())!.y);

  // An agent offers only its own campaigns; its figures are its calls alone.
  await page.getByLabel('Agent').selectOption({ label: front.name });
  expect(await page.getByLabel('Campaign').locator('option').allTextContents()).toEqual(['Any', frontCampaign.name]);
  await page.getByRole('button', { name: 'Show' }).click();
  await waitFor(async () => ((await card(calls, 'Calls').textContent()) === '1' ? true : undefined), 10_000);
  expect(await card(calls, 'Answer rate').textContent()).toBe('100%');
  await interviews.getByText('This agent places calls; it holds no interviews.').waitFor();

  // Any agent again, then a campaign: the campaign brings its own agent, and interviews step aside.
  await page.getByLabel('Agent').selectOption({ label: 'Any' });
  await page.getByLabel('Campaign').selectOption({ label: salesCampaign.name });
  expect(await page.getByLabel('Agent').inputValue()).toBe(sales.id);
  await page.getByRole('button', { name: 'Show' }).click();
  await interviews.getByText('Interviews belong to no campaign.').waitFor();
  await waitFor(async () => ((await card(calls, 'Calls').textContent()) === '0' ? true : undefined), 10_000);
  expect(await card(calls, 'Answer rate').textContent()).toBe('—');

  // A voice agent clears a campaign that is not its own and says calls do not apply.
  await page.getByLabel('Agent').selectOption({ label: screener.name });
  expect(await page.getByLabel('Campaign').inputValue()).toBe('');
  await page.getByRole('button', { name: 'Show' }).click();
  await calls.getByText('This agent holds interviews; it places no calls.').waitFor();
  await interviews.getByTestId('summary-interviews').waitFor();
  expect(await mainText(page)).not.toMatch(/connectRate|avgDurationSeconds|chargedMinutes|\bnull\b|NaN|undefined/);

  await page.getByLabel('Agent').selectOption({ label: 'Any' });
  await page.getByRole('button', { name: 'Show' }).click();
  await interviews.getByTestId('summary-interviews').waitFor();
  await calls.locator('canvas').waitFor();
  await shot(page, 'analytics-light');
  await context.close();

  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'analytics-dark'],
    [{ width: 375 }, 'analytics-375px'],
  ] as const) {
    const opened = await at('/analytics', options);
    await opened.page.getByRole('region', { name: 'Calls' }).locator('canvas').waitFor();
    await opened.page.getByTestId('summary-interviews').waitFor();
    await sameWidth(opened.page, options && 'width' in options ? 375 : 1280);
    await shot(opened.page, shotName);
    await opened.context.close();
  }
});

test('a campaign recipient waiting for a retry says when the next attempt is, and one done says nothing', async () => {
  const agent = await post('/agents', { name: uniqueName('Renewals'), instructions: 'Ask for an email.', phone: { greeting: 'Hello.' } });
  const campaign = await post('/campaigns', {
    name: uniqueName('Retry'),
    agentId: agent.id,
    settings: { retryLimit: 2, retryDelayMinutes: 1, concurrency: 2 },
  });
  await post(`/campaigns/${campaign.id}/recipients`, {
    recipients: [
      { phoneNumber: '+442079460001', contactName: 'Ada' },
      { phoneNumber: '+442079460003', contactName: 'Bob' },
    ],
  });
  await post(`/campaigns/${campaign.id}/launch`, {});
  const key = await dashboard.tenant.key();
  const listed = async () =>
    (await dashboard.api.call('GET', `/api/v1/campaigns/${campaign.id}/recipients`, { token: key })).body.data as Array<Record<string, any>>;
  const waiting = await waitFor(async () => {
    const rows = await listed();
    const bob = rows.find((r) => r.contactName === 'Bob');
    return bob?.status === 'retry_scheduled' && rows.find((r) => r.contactName === 'Ada')?.status === 'completed' ? bob : undefined;
  }, 60_000);

  const { context, page } = await at(`/campaigns/${campaign.id}`);
  const bob = page.getByRole('row', { name: /Bob/ });
  await bob.getByText('Retry scheduled').waitFor();
  const next = bob.locator('td[data-label="Next attempt"] time');
  expect(await next.getAttribute('datetime')).toBe(waiting.nextAttemptAt);
  expect(await next.textContent()).toMatch(/^in \d+ (seconds?|minutes?)$/);
  expect(await page.getByRole('row', { name: /Ada/ }).locator('td[data-label="Next attempt"]').textContent()).toBe('—');
  await shot(page, 'campaign-retry-light');
  await context.close();
  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'campaign-retry-dark'],
    [{ width: 375 }, 'campaign-retry-375px'],
  ] as const) {
    const opened = await at(`/campaigns/${campaign.id}`, options);
    await opened.page.getByRole('row', { name: /Bob/ }).getByText('Retry scheduled').waitFor();
    await sameWidth(opened.page, options && 'width' in options ? 375 : 1280);
    await shot(opened.page, shotName);
    await opened.context.close();
  }
  await post(`/campaigns/${campaign.id}/cancel`, {});
});

test('an interview’s link expiry is shown while the link works, and not once the interview is over', async () => {
  const agent = await post('/agents', { type: 'voice', name: uniqueName('Screener'), instructions: 'Interview the candidate.' });
  const created = await post('/interviews', { agentId: agent.id, candidateName: 'Grace Hopper', mode: 'text' });
  const capability = new URL(created.interviewUrl).hash.slice(1);
  const { context, page } = await at(`/interviews/${created.id}`);
  await page.getByTestId('interview-status').filter({ hasText: 'Waiting for the candidate' }).waitFor();
  await page.getByText('Link expires').waitFor();
  const candidate = (action: string) => dashboard.api.call('POST', `/candidate/v1/interviews/${created.id}/${action}`, { token: capability });
  expect((await candidate('start')).status).toBe(200);
  expect((await candidate('end')).status).toBe(200);
  await page.getByTestId('interview-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 30_000 });
  expect(await mainText(page)).not.toContain('Link expires');
  expect(await page.getByRole('button', { name: 'Issue a new link' }).count()).toBe(0);
  await context.close();
});

test('a phone number only the API refuses is said in plain words, at the field and in an import’s rows', async () => {
  const agent = await post('/agents', { name: uniqueName('Reception'), instructions: 'Answer.', phone: { greeting: 'Hello.', direction: 'both' } });
  const { context, page } = await at('/phone-numbers');
  await page.getByLabel('Answered by').locator('option', { hasText: agent.name }).waitFor({ state: 'attached' });
  await page.getByLabel('Answered by').selectOption({ label: agent.name });
  await page.getByLabel('Number', { exact: true }).fill('+44 113');
  await page.getByRole('button', { name: 'Claim number' }).click();
  const claimProblem = page.locator('.field.invalid', { has: page.getByLabel('Number', { exact: true }) }).locator('.field-error');
  expect(await claimProblem.textContent()).toBe(PHONE_PROBLEM);

  await page.goto(`${dashboard.api.url}/dashboard#/contacts`);
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  await page.getByText('Import contacts from a CSV file').click();
  await page
    .getByLabel('Contacts CSV file')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from('phoneNumber,name\n+44 20 7946,Dee\n+442079460041,Eve\n') });
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByText('Nothing was imported').waitFor();
  expect(await page.locator('table', { hasText: 'Problem' }).locator('tbody tr td').nth(2).textContent()).toBe(PHONE_PROBLEM);
  const text = await mainText(page);
  expect(text).not.toMatch(/E\.164|pattern|\^\\\+/);
  await context.close();
});

/**
 * The dashboard as a product (issue 39), in a real browser against the real stack (see
 * test/helpers/dashboard.ts): forms checked against the API's own schemas with every problem at
 * once in plain words, the agent's providers, recording and simulated model, calls found by what a
 * person knows of them. Screenshots in light, dark and at 375 px.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import Papa from 'papaparse';
import { useDashboard } from '../helpers/dashboard';
import { uniqueName, waitFor } from '../helpers/servers';

// Functions given to page.evaluate run in the browser; this names its globals for the compiler only.
declare const document: any;

const dashboard = useDashboard('dashboard-product', { creditMinutes: 300 });
const { open, shot, at, adminSession } = dashboard;

/** No API field path, JSON pointer or pattern in what the page shows. */
async function speaksPlainly(page: Page) {
  const text: string = await page.evaluate(() => document.querySelector('main').innerText);
  expect(text).not.toMatch(/body\.|query\.|must match pattern|\^\[|\$\)|\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+_[a-z_]+\b/);
}

test('the agent form: every problem at once in plain words, focus on the first, nothing sent until it is right', async () => {
  const { context, page } = await at('/agents');
  await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
  const posted: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/v1/agents')) posted.push(req.url());
  });
  await page.getByLabel('Language', { exact: true }).fill('English');
  await page.getByLabel('Maximum duration (minutes)').fill('500');
  await page.getByLabel('Outcome labels (one per line)').fill('booked\nbooked');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await page.getByRole('alert').getByText('Please correct the 5 fields marked below.').waitFor();
  const problem = (label: string) => page.locator('.field.invalid', { has: page.getByLabel(label, { exact: true }) }).locator('.field-error');
  expect(await problem('Name').textContent()).toBe('This cannot be empty.');
  expect(await problem('Instructions').textContent()).toBe('This cannot be empty.');
  expect(await problem('Language').textContent()).toBe('Use a language tag such as en-US, fr or es-MX.');
  expect(await problem('Maximum duration (minutes)').textContent()).toBe('Use a number of at most 120.');
  expect(await problem('Outcome labels (one per line)').textContent()).toBe('Lines 1 and 2 are the same; keep one.');
  // The first field in trouble has the focus, however long the form.
  // Focus moves to the first field once the errors are drawn (an effect after the render that shows them).
  const nameId = await page.getByLabel('Name', { exact: true }).getAttribute('id');
  await page.waitForFunction((id) => document.activeElement?.id === id, nameId, { timeout: 5_000 });
  expect(posted).toEqual([]);
  await speaksPlainly(page);
  await shot(page, 'agent-form-errors');

  // Right in the browser's eyes, wrong in the API's: the API's answer is the one shown.
  const taken = uniqueName('Front desk');
  await dashboard.api.call('POST', '/api/v1/agents', { token: await dashboard.tenant.key(), body: { name: taken, instructions: 'Hello.' } });
  await page.getByLabel('Name', { exact: true }).fill(taken);
  await page.getByLabel('Instructions').fill('You book visits.');
  await page.getByLabel('Language', { exact: true }).fill('en-GB');
  await page.getByLabel('Maximum duration (minutes)').fill('10');
  await page.getByLabel('Outcome labels (one per line)').fill('booked\nnot interested');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await problem('Name')
    .getByText(/already exists/)
    .waitFor();
  expect(posted).toHaveLength(1);
  await context.close();
});

test('the agent page: the providers the API accepts beside the organization’s keys, recording and answering-machine detection on, turn taking, the simulated model said plainly, a call to a number typed as people say it', async () => {
  const session = await adminSession();
  expect((await dashboard.api.call('PATCH', '/api/v1/dashboard/organization', { token: session, body: { allowedCountries: ['GB', 'IE'] } })).status).toBe(200);
  const { context, page } = await at('/agents');
  const name = uniqueName('Reception');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Instructions').fill('You greet the caller and book a visit.');
  await page.getByLabel('Greeting').fill('Hello, this call is recorded.');
  // Every vendor the published agent schema lists, each with the state of the organization's key.
  const models = await page.getByLabel('Language model').locator('option').allTextContents();
  expect(models).toEqual([
    'The service’s default',
    'mistral: no key of your organization',
    'gemini: no key of your organization',
    'groq: no key of your organization',
  ]);
  expect(await page.getByLabel('Speech to text').locator('option').allTextContents()).toContain('local (this server’s offline engine)');
  await page.getByLabel('Record calls').check();
  await page.getByLabel('Detect answering machines').check();
  // Turn taking: a value out of range is named at its field before anything is sent.
  const sureness = page.getByLabel('How sure before answering a pause (0 to 1)');
  await sureness.fill('1.5');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await page.locator('.field.invalid', { has: sureness }).locator('.field-error').getByText('Use a number of at most 1.').waitFor();
  await sureness.fill('0.6');
  await page.getByLabel('Longest wait for someone mid-sentence (milliseconds)').fill('2500');
  await page.getByLabel('Words that never interrupt (one per line)').fill('Right\nMm-hmm');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const agentId = page.url().split('/').pop()!;
  const stored = (await dashboard.api.call('GET', `/api/v1/agents/${agentId}`, { token: session })).body;
  expect(stored.phone.recordCalls).toBe(true);
  expect(stored.phone.machineDetection).toBe(true);
  // The fields left blank took the phone agent's defaults.
  expect(stored.turnTaking).toEqual({ completeThreshold: 0.6, maxWaitMs: 2500, interruptWords: 1, backchannels: ['Right', 'Mm-hmm'] });
  await page.getByText(/answering machines detected/).waitFor();
  expect(stored.providers.llm).toBe('simulated');
  await page
    .getByTestId('simulated-note')
    .getByText(/answers from a fixed script/)
    .waitFor();
  await page.getByText(/calls recorded/).waitFor();
  await speaksPlainly(page);
  await shot(page, 'agent-light');

  // Switched off again from the settings; the providers left alone stay on the service's default.
  // The turn-taking fields show the values in use; only the one changed is sent.
  expect(await page.getByLabel('Longest wait for someone mid-sentence (milliseconds)').inputValue()).toBe('2500');
  expect(await page.getByLabel('Words that interrupt the agent').inputValue()).toBe('1');
  await page.getByLabel('Words that interrupt the agent').fill('2');
  await page.getByLabel('Record calls').uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').getByText('Saved.').waitFor();
  const saved = (await dashboard.api.call('GET', `/api/v1/agents/${agentId}`, { token: session })).body;
  expect(saved.phone.recordCalls).toBe(false);
  expect(saved.turnTaking).toEqual({ ...stored.turnTaking, interruptWords: 2 });

  // A British number as people write it, read with the organization's first country.
  await page.getByLabel('Number to call').fill('020 7946 0001');
  await page.getByRole('button', { name: 'Call now' }).click();
  await page.getByRole('heading', { level: 1, name: 'Call to Test call' }).waitFor();
  const callId = page.url().split('/').pop()!;
  expect((await dashboard.api.call('GET', `/api/v1/calls/${callId}`, { token: session })).body.phoneNumber).toBe('+442079460001');
  await context.close();

  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'agent-dark'],
    [{ width: 375 }, 'agent-375px'],
  ] as const) {
    const opened = await at(`/agents/${agentId}`, options);
    await opened.page.getByRole('heading', { level: 1, name }).waitFor();
    await opened.page.getByLabel('Language model').locator('option', { hasText: 'mistral' }).waitFor({ state: 'attached' });
    expect(await opened.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options && 'width' in options ? 375 : 1280);
    await shot(opened.page, shotName);
    await opened.context.close();
  }
});

test('calls: found by a number as people write it, a name or a reference, by day and by how they ended, and exported as CSV', async () => {
  const key = await dashboard.tenant.key();
  const agent = await dashboard.api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: uniqueName('Renewals'), instructions: 'Ask for an email.', phone: { greeting: 'Hello.' } },
  });
  const people = [
    ['Ada Lovelace', '+442079460001', 'crm-ada'],
    ['Bob Brown', '+442079460004', 'crm-bob'],
    ['Cy Young', '+442079460003', 'ticket-77'],
    ['=HYPERLINK("//x.io")', '+442079460001', '@ref-dee'],
  ];
  const placed: string[] = [];
  for (const [contactName, phoneNumber, externalRef] of people) {
    placed.push(
      (await dashboard.api.call('POST', '/api/v1/calls', { token: key, body: { agentId: agent.body.id, phoneNumber, contactName, externalRef } })).body.id,
    );
  }
  for (const id of placed) {
    await waitFor(
      async () => ((await dashboard.api.call('GET', `/api/v1/calls/${id}`, { token: key })).body.status === 'completed' ? true : undefined),
      60_000,
    );
  }

  const { context, page } = await at('/calls');
  const rows = page.getByRole('region', { name: 'Calls' }).locator('tbody tr');
  await page.getByLabel('Search').fill('020 7946 0004');
  await page.getByRole('row', { name: /Bob Brown/ }).waitFor();
  await waitFor(async () => ((await rows.count()) === 1 ? true : undefined), 10_000);
  expect(await rows.first().textContent()).toContain('Voicemail');

  await page.getByLabel('Search').fill('');
  await page.getByLabel('State').selectOption({ label: 'Busy' });
  await waitFor(async () => ((await rows.count()) === 1 && /Cy Young/.test((await rows.first().textContent()) ?? '') ? true : undefined), 10_000);
  await page.getByLabel('State').selectOption({ label: 'Any' });
  await page.getByLabel('Search').fill('crm-');
  await waitFor(async () => ((await rows.count()) === 2 ? true : undefined), 10_000);
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await page.getByLabel('Placed from').fill(today);
  await page.getByLabel('Placed until').fill(today);
  await waitFor(async () => ((await rows.count()) === 2 ? true : undefined), 10_000);
  await speaksPlainly(page);
  await shot(page, 'calls-light');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('Placed,Contact,Number,Direction,Your reference,Agent,State,Duration (seconds),Minutes charged,Call id');
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[1])
      .sort(),
  ).toEqual(['Ada Lovelace', 'Bob Brown']);
  expect(lines.find((l) => l.includes('Bob Brown'))).toContain(',Voicemail,');
  // What a partner wrote that a spreadsheet would run as a formula is exported as text.
  await page.getByLabel('Search').fill('ref-dee');
  await waitFor(async () => ((await rows.count()) === 1 ? true : undefined), 10_000);
  const [dee] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const [, row] = Papa.parse<string[]>(readFileSync((await dee.path())!, 'utf8').trim()).data;
  expect([row![1], row![4]]).toEqual(['\'=HYPERLINK("//x.io")', "'@ref-dee"]);
  await context.close();

  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'calls-dark'],
    [{ width: 375 }, 'calls-375px'],
  ] as const) {
    const opened = await at('/calls', options);
    await opened.page.getByRole('row', { name: /Cy Young/ }).waitFor();
    await shot(opened.page, shotName);
    expect(await opened.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options && 'width' in options ? 375 : 1280);
    await opened.context.close();
  }
});

test('an interview: the conversation live and after beside the report, "not scored" without criteria, a fresh link, and the candidate page under the public name with its icon', async () => {
  const key = await dashboard.tenant.key();
  const agent = await dashboard.api.call('POST', '/api/v1/agents', {
    token: key,
    body: { type: 'voice', name: uniqueName('Support engineer screener'), displayName: 'Acme Recruiting', instructions: 'Interview the candidate.' },
  });
  const created = await dashboard.api.call('POST', '/api/v1/interviews', {
    token: key,
    body: { agentId: agent.body.id, candidateName: 'Grace Hopper', mode: 'text' },
  });
  const id = created.body.id;
  const oldLink = created.body.interviewUrl.replace(dashboard.api.config.publicBaseUrl, dashboard.api.url);

  // A member with the default permissions (executions:read among them), as the API allows: whoever may create an interview may reissue its link.
  const member = { email: `${uniqueName('recruiter')}@example.com`, password: 'correct horse battery' };
  expect((await dashboard.api.call('POST', '/api/v1/dashboard/users', { token: await adminSession(), body: member })).body.role).toBe('member');
  const { context, page } = await open();
  await dashboard.signIn(page, member.email, member.password);
  await page.goto(`${dashboard.api.url}/dashboard#/interviews/${id}`);
  await page.getByRole('heading', { level: 1, name: 'Interview with Grace Hopper' }).waitFor();
  await page.getByTestId('interview-status').filter({ hasText: 'Waiting for the candidate' }).waitFor();
  await page.getByRole('button', { name: 'Issue a new link' }).click();
  const fresh = (await page.getByTestId('interview-link').textContent())!;
  expect(fresh).toMatch(new RegExp(`/i/${id}#ic_`));
  const capability = new URL(fresh).hash.slice(1);
  // The old link no longer opens the session; the new one does.
  expect((await dashboard.api.call('GET', `/candidate/v1/interviews/${id}`, { token: new URL(oldLink).hash.slice(1) })).status).toBe(401);

  // The candidate's page, from the new link: the public name, and an icon that loads.
  const candidate = await open();
  const icon = candidate.page.waitForResponse((res) => res.url().endsWith('/assets/icon.svg'));
  await candidate.page.goto(fresh.replace(dashboard.api.config.publicBaseUrl, dashboard.api.url));
  expect((await icon).status()).toBe(200);
  await candidate.page.getByRole('heading', { name: 'Interview with Acme Recruiting' }).waitFor();
  expect(await candidate.page.title()).toBe('Interview with Acme Recruiting');
  expect(await candidate.page.content()).not.toContain(agent.body.name);
  await candidate.context.close();

  // Live: the page shows each turn as it is said.
  const say = (action: string, body?: unknown) =>
    dashboard.api.call('POST', `/candidate/v1/interviews/${id}/${action}`, { token: capability, ...(body ? { body } : {}) });
  expect((await say('start')).status).toBe(200);
  await page.locator('.conversation li.agent').first().waitFor({ timeout: 20_000 });
  expect((await say('messages', { text: 'I have built TypeScript services for six years.' })).status).toBe(200);
  await page.locator('.conversation li.contact').getByText('I have built TypeScript services for six years.').waitFor({ timeout: 20_000 });
  await page.getByTestId('interview-status').filter({ hasText: 'In progress' }).waitFor();
  await shot(page, 'interview-live');

  expect((await say('end')).status).toBe(200);
  await page.getByTestId('interview-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 30_000 });
  await page.getByTestId('not-evaluated').waitFor({ timeout: 60_000 });
  const report = await page.getByRole('region', { name: 'Report' }).textContent();
  expect(report).not.toMatch(/0 of 0|score 0 of 5|Overall score/);
  await page.locator('.conversation li.contact').getByText('six years').waitFor();
  await speaksPlainly(page);
  await shot(page, 'interview-light');
  await context.close();

  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'interview-dark'],
    [{ width: 375 }, 'interview-375px'],
  ] as const) {
    const opened = await at(`/interviews/${id}`, options);
    await opened.page.getByTestId('not-evaluated').waitFor();
    expect(await opened.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options && 'width' in options ? 375 : 1280);
    await shot(opened.page, shotName);
    await opened.context.close();
  }
});

test('a campaign: the counts add up to the recipients, a do-not-call recipient counted once, each state and outcome in words', async () => {
  const key = await dashboard.tenant.key();
  const agent = await dashboard.api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: uniqueName('Renewals'), instructions: 'Ask for an email.', phone: { greeting: 'Hello.', maxAttempts: 1 } },
  });
  expect((await dashboard.api.call('POST', '/api/v1/contacts', { token: key, body: { phoneNumber: '+442079460020', doNotCall: true } })).status).toBe(201);
  const campaign = await dashboard.api.call('POST', '/api/v1/campaigns', { token: key, body: { name: uniqueName('Spring'), agentId: agent.body.id } });
  expect(campaign.status).toBe(201);
  const recipients = [
    { phoneNumber: '+442079460021', contactName: 'Ada' },
    { phoneNumber: '+442079460020', contactName: 'Bob' },
    { phoneNumber: '+442079460022', contactName: 'Cy' },
  ];
  const imported = await dashboard.api.call('POST', `/api/v1/campaigns/${campaign.body.id}/recipients`, { token: key, body: { recipients } });
  expect(imported.body).toMatchObject({ imported: 3, suppressed: 1 });

  const { context, page } = await at(`/campaigns/${campaign.body.id}`);
  await page.getByTestId('stat-sum').filter({ hasText: '3 recipients = 2 pending + 0 reached + 0 not reached + 1 do-not-call' }).waitFor();
  const counts = await Promise.all(
    ['Pending', 'Reached', 'Not reached', 'Do-not-call'].map(async (label) => Number(await page.getByTestId(`stat-${label}`).textContent())),
  );
  expect(counts.reduce((a, b) => a + b, 0)).toBe(Number(await page.getByTestId('stat-Recipients').textContent()));
  await page.getByRole('row', { name: /Bob/ }).getByText('Do-not-call').waitFor();
  await page.getByRole('row', { name: /Ada/ }).getByText('Not dialled yet').waitFor();
  // Where the attempts come from: the campaign, whatever the agent form says.
  await page.getByText('this campaign’s setting; the agent’s own is not used').waitFor();
  await speaksPlainly(page);
  await shot(page, 'campaign-light');
  await context.close();
  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'campaign-dark'],
    [{ width: 375 }, 'campaign-375px'],
  ] as const) {
    const opened = await at(`/campaigns/${campaign.body.id}`, options);
    await opened.page.getByTestId('stat-sum').waitFor();
    expect(await opened.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options && 'width' in options ? 375 : 1280);
    await shot(opened.page, shotName);
    await opened.context.close();
  }
});

test('API keys: creation first, the active keys newest first, revoked ones one filter away', async () => {
  const session = await adminSession();
  const make = async (name: string) =>
    (await dashboard.api.call('POST', '/api/v1/api-keys', { token: session, body: { name, scopes: ['agents:read'] } })).body.id as string;
  const gone = uniqueName('old-backend');
  await dashboard.api.call('DELETE', `/api/v1/api-keys/${await make(gone)}`, { token: session });
  const older = uniqueName('backend');
  await make(older);
  const newer = uniqueName('reports');
  await make(newer);

  const { context, page } = await at('/api-keys');
  const keys = page.getByRole('region', { name: 'Keys' });
  await keys.getByRole('row', { name: new RegExp(newer) }).waitFor();
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.indexOf('Create a key')).toBeLessThan(headings.indexOf('Keys'));
  const names = await keys.locator('tbody tr th, tbody tr td:first-child').allTextContents();
  expect(names.findIndex((n) => n.includes(newer))).toBeLessThan(names.findIndex((n) => n.includes(older)));
  expect(await keys.getByRole('row', { name: new RegExp(gone) }).count()).toBe(0);
  await shot(page, 'api-keys-light');
  await keys.getByLabel('Status').selectOption({ label: 'Revoked' });
  await keys
    .getByRole('row', { name: new RegExp(gone) })
    .getByText('revoked')
    .waitFor();
  await context.close();

  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'api-keys-dark'],
    [{ width: 375 }, 'api-keys-375px'],
  ] as const) {
    const opened = await at('/api-keys', options);
    await opened.page.getByRole('row', { name: new RegExp(newer) }).waitFor();
    expect(await opened.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options && 'width' in options ? 375 : 1280);
    await shot(opened.page, shotName);
    await opened.context.close();
  }
});

test('a CSV file of numbers written as people write them is read with the organization’s country', async () => {
  const session = await adminSession();
  expect((await dashboard.api.call('PATCH', '/api/v1/dashboard/organization', { token: session, body: { allowedCountries: ['GB', 'IE'] } })).status).toBe(200);
  const { context, page } = await open();
  await dashboard.signIn(page);
  // The organization's settings come late, as on a loaded server: a file imported meanwhile was
  // read with the browser's region (US), and its British number refused.
  await page.route('**/api/v1/dashboard/organization', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`${dashboard.api.url}/dashboard#/contacts`);
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  const file = { name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from('phoneNumber,name\n020 7946 0031,Dee\n+353 1 234 5678,Eve\n') };
  await page.getByText('Import contacts from a CSV file').click();
  await page.getByLabel('Contacts CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('status').filter({ hasText: 'Imported: 2 created, 0 updated.' }).waitFor();
  const found = await dashboard.api.call('GET', `/api/v1/contacts?phoneNumber=${encodeURIComponent('+442079460031')}`, { token: session });
  expect(found.body.data.map((c: { name: string }) => c.name)).toEqual(['Dee']);
  await context.close();
});

/**
 * The dashboard's operations pages in a real browser against the real stack (see
 * test/helpers/dashboard.ts): a campaign from creation through a CSV import refused row by row,
 * the corrected import, launch, pause, resume and completion; an interview and its copied link; a
 * contact made do-not-call; the analytics page. Every page is screenshotted.
 */
import type { Page } from 'playwright-core';
import { askedTwice, useDashboard } from '../helpers/dashboard';

// Functions given to page.evaluate run in the browser; this names its globals for the compiler only.
declare const navigator: { clipboard: { readText(): Promise<string> } };

const dashboard = useDashboard('dashboard-ops', { creditMinutes: 300 });
const { open, shot, signIn } = dashboard;

const csv = (lines: string[]) => ({ name: 'recipients.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });

async function createAgent(body: Record<string, unknown>): Promise<string> {
  const res = await dashboard.api.call('POST', '/api/v1/agents', { token: await dashboard.tenant.key(), body });
  expect(res.status).toBe(201);
  return res.body.id;
}

const statusIs = (page: Page, testId: string, status: string) =>
  page
    .getByTestId(testId)
    .filter({ hasText: new RegExp(`^${status}$`) })
    .waitFor({ timeout: 60_000 });

test('a campaign: create, a CSV import refused with each bad row by its line, the fixed import, launch, pause, resume, completion, archive', async () => {
  await createAgent({ name: 'Renewals', instructions: 'You call {{firstName}} about their renewal.', phone: { greeting: 'Hi {{firstName}}.' } });
  const { context, page } = await open();
  await signIn(page);
  await page.getByRole('link', { name: 'Campaigns' }).click();
  await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
  await page.getByRole('link', { name: 'New campaign' }).click();
  await page.getByRole('heading', { level: 1, name: 'New campaign' }).waitFor();
  // Checked against the API's schema before it is sent: both problems at once, beside their fields.
  await page.getByLabel('Agent').selectOption({ label: 'Renewals' });
  await page.getByLabel('Concurrency').fill('30');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.getByRole('alert').getByText('Please correct the 2 fields marked below.').waitFor();
  await page.locator('.field.invalid').filter({ hasText: 'Name' }).getByText('This cannot be empty.').waitFor();
  await page.locator('.field.invalid').filter({ hasText: 'Concurrency' }).getByText('Use a number of at most 25.').waitFor();
  await shot(page, 'campaign-new');
  await page.getByLabel('Name', { exact: true }).fill('Spring renewals');
  await page.getByLabel('Concurrency').fill('1');
  await page.getByLabel('Attempts per recipient').fill('1');
  await page.getByLabel('Retry after busy').fill('10');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.getByRole('heading', { level: 1, name: 'Spring renewals' }).waitFor();
  await statusIs(page, 'campaign-status', 'draft');

  // Line 3: not a number; line 5 (after a blank line): no firstName for the agent's {{firstName}}.
  // The headers are a spreadsheet's: "First Name" is the variable firstName.
  await page
    .getByLabel('Recipients CSV file')
    .setInputFiles(csv(['Phone Number,Contact Name,First Name', '+442079460002,Ada,Ada', '+1234,Bob,Bob', '', '+442079460010,Cy,', '+442079460011,Di,Di']));
  await page.getByRole('button', { name: 'Import' }).click();
  const refused = page.getByRole('alert').filter({ hasText: '2 rows are not valid' });
  await refused.waitFor();
  const rows = await refused.locator('tbody tr').allTextContents();
  expect(rows).toHaveLength(2);
  // The API's refusal of the number, in the words the forms use, not its format's name.
  // Each column by its header in the file.
  expect(rows[0]).toBe('3Phone NumberThis is not a phone number we can read. Type it with its country code, such as +44 20 7946 0001.');
  expect(rows[1]).toMatch(/^5First Name.*required/);
  // Each problem is said of its row and column, with no path of the request in it.
  expect(rows.join(' ')).not.toMatch(/recipients|body\./);
  await shot(page, 'campaign-import-refused');
  const id = page.url().split('/').pop()!;
  const stored = await dashboard.api.call('GET', `/api/v1/campaigns/${id}/recipients`, { token: await dashboard.tenant.key() });
  expect(stored.body.pagination.total).toBe(0);

  await page
    .getByLabel('Recipients CSV file')
    .setInputFiles(
      csv(['Phone Number,Contact Name,First Name', '+442079460002,Ada,Ada', '+442079460012,Bob,Bob', '+442079460010,Cy,Cy', '+442079460011,Di,Di']),
    );
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByTestId('stat-Recipients').filter({ hasText: /^4$/ }).waitFor();
  await page.getByRole('cell', { name: '+442079460012' }).waitFor();
  await shot(page, 'campaign-draft');

  // Edited while in draft: the form opens with the stored settings, a refusal lands at its field.
  await page.getByRole('button', { name: 'Edit settings' }).click();
  const edit = page.getByRole('form', { name: 'Edit the campaign' });
  expect(await edit.getByLabel('Retry after busy').inputValue()).toBe('10');
  await edit.getByLabel('Description').fill('Renewals due in spring.');
  await edit.getByLabel('Retry after voicemail').fill('never');
  await edit.getByLabel('Concurrency').fill('30');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await edit.locator('.field.invalid').filter({ hasText: 'Concurrency' }).getByText('Use a number of at most 25.').waitFor();
  await shot(page, 'campaign-edit');
  await edit.getByLabel('Concurrency').fill('1');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('voicemail: no retry').waitFor();
  await page.getByText('Renewals due in spring.').waitFor();
  const edited = await dashboard.api.call('GET', `/api/v1/campaigns/${id}`, { token: await dashboard.tenant.key() });
  expect(edited.body).toMatchObject({
    description: 'Renewals due in spring.',
    settings: { concurrency: 1, retryLimit: 1, retryPolicy: { busy: { delayMinutes: 10 }, voicemail: { retry: false } } },
  });

  // The first number rings for RING_TIMEOUT_SECONDS, so the pause lands while it is being called.
  await page.getByRole('button', { name: 'Launch' }).click();
  await page.getByRole('button', { name: 'Pause' }).click();
  await statusIs(page, 'campaign-status', 'paused');
  await page.getByRole('button', { name: 'Edit settings' }).waitFor();
  await shot(page, 'campaign-paused');
  await page.getByRole('button', { name: 'Resume' }).click();
  await statusIs(page, 'campaign-status', 'completed');
  await page.getByTestId('stat-Reached').filter({ hasText: /^3$/ }).waitFor();
  expect(await page.getByTestId('stat-Not reached').textContent()).toBe('1');
  await page.getByRole('cell', { name: 'No answer' }).waitFor();
  // A completed campaign's settings are final (PATCH answers 409): nothing offers to edit them.
  expect(await page.getByRole('button', { name: 'Edit settings' }).count()).toBe(0);
  await shot(page, 'campaign-completed');
  await page.getByRole('button', { name: 'Archive' }).click();
  await statusIs(page, 'campaign-status', 'archived');

  await page.getByRole('link', { name: 'Campaigns' }).click();
  await page.getByLabel('Status').selectOption('archived');
  await page.getByRole('link', { name: 'Spring renewals' }).waitFor();
  await shot(page, 'campaigns');
  await context.close();

  const phone = await open({ width: 375, colorScheme: 'dark' });
  await signIn(phone.page);
  await phone.page.goto(`${dashboard.api.url}/dashboard#/campaigns/${id}`);
  await statusIs(phone.page, 'campaign-status', 'archived');
  await shot(phone.page, 'campaign-375-dark');
  await phone.context.close();
}, 120_000);

test('an interview: create it, copy its link, watch its state', async () => {
  await createAgent({ type: 'voice', name: 'Screening', instructions: 'Interview the candidate.' });
  const { context, page } = await open();
  await signIn(page);
  await page.getByRole('link', { name: 'Interviews' }).click();
  await page.getByLabel('Interview agent').selectOption({ label: 'Screening' });
  await page.getByRole('button', { name: 'Create interview' }).click();
  await page.locator('.field.invalid').filter({ hasText: 'Candidate name' }).waitFor();
  await page.getByLabel('Candidate name').fill('Grace Hopper');
  await page.getByLabel('Mode').selectOption('text');
  await page.getByRole('button', { name: 'Create interview' }).click();
  const url = await page.getByTestId('interview-url').textContent();
  expect(url).toMatch(/\/i\/[0-9a-f]{24}#ic_/);
  await page.getByRole('button', { name: 'Copy the interview link' }).click();
  await page.getByRole('button', { name: 'Copy the interview link' }).filter({ hasText: 'Copied' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.getByRole('cell', { name: 'Grace Hopper' }).waitFor();
  // Its state in the same words as on its own page, and the filter offers them.
  const row = page.getByRole('row', { name: /Grace Hopper/ });
  await row.getByText('Waiting for the candidate').waitFor();
  expect(await page.getByLabel('Status').locator('option').allTextContents()).toEqual(['Any', 'Waiting for the candidate', 'In progress', 'Completed']);
  await page.getByLabel('Status').selectOption({ label: 'In progress' });
  await page.getByText('No interviews match.').waitFor();
  await page.getByLabel('Status').selectOption({ label: 'Waiting for the candidate' });
  await row.waitFor();
  await shot(page, 'interviews');
  await page.getByRole('link', { name: 'Watch the interview' }).click();
  await page.getByRole('heading', { level: 1, name: 'Interview with Grace Hopper' }).waitFor();
  await statusIs(page, 'interview-status', 'Waiting for the candidate');
  await page.getByText('The report appears here once the interview ends.').waitFor();
  await shot(page, 'interview');

  // The candidate takes the interview and ends it; the page follows until the report is written, then stops asking.
  const [, interviewId, capability] = /\/i\/([0-9a-f]{24})#(.+)$/.exec(url!)!;
  const candidate = (action: string) => dashboard.api.call('POST', `/candidate/v1/interviews/${interviewId}/${action}`, { token: capability });
  expect((await candidate('start')).status).toBe(200);
  expect((await candidate('end')).status).toBe(200);
  await statusIs(page, 'interview-status', 'Completed');
  await page.getByRole('heading', { name: 'Report' }).waitFor();
  await page.getByText('The report is being written…').waitFor({ state: 'detached', timeout: 60_000 });
  await shot(page, 'interview-completed');
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(`/api/v1/interviews/${interviewId}`)) asked.push(req.url());
  });
  // Over two polling intervals.
  await page.waitForTimeout(7000);
  expect(asked).toEqual([]);

  // The overview's recent interviews say its state in the same words, and link to it.
  await page.getByRole('link', { name: 'Overview' }).click();
  const recent = page.getByRole('region', { name: 'Recent interviews' });
  await recent.getByText('Completed').waitFor();
  await recent.getByRole('link', { name: 'Grace Hopper' }).click();
  await page.getByRole('heading', { level: 1, name: 'Interview with Grace Hopper' }).waitFor();
  await context.close();
}, 120_000);

test('a contact: add it, import a CSV with a bad row, find it, mark it do-not-call, edit and erase it', async () => {
  const { context, page } = await open();
  await signIn(page);
  await page.getByRole('link', { name: 'Contacts' }).click();
  await page.getByText('Add a contact').click();
  await page.getByLabel('Phone number', { exact: true }).first().fill('020 7123 4567');
  await page.getByRole('button', { name: 'Add contact' }).click();
  await page
    .locator('.field.invalid')
    .getByText(/not a phone number we can read/)
    .waitFor();
  await page.getByLabel('Phone number', { exact: true }).first().fill('+442071234567');
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Attributes').fill('firstName=Ada');
  await page.getByRole('button', { name: 'Add contact' }).click();
  await page.getByRole('status').filter({ hasText: 'Added +442071234567' }).waitFor();

  await page.getByText('Import contacts from a CSV file').click();
  await page.getByLabel('Contacts CSV file').setInputFiles(csv(['Phone number,phoneNumber', '+442071234568,+442071234569']));
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('alert').getByText('Line 1: the columns “Phone number” and “phoneNumber” are both phoneNumber.').waitFor();
  await page
    .getByLabel('Contacts CSV file')
    .setInputFiles(csv(['Phone number,Name,Do Not Call,Plan Tier', '+442071234568,Bea,false,gold', '+442071234569,Cid,maybe,']));
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: '1 row is not valid' })
    .locator('tbody tr')
    .filter({ hasText: /^3Do Not Call/ })
    .waitFor();
  // A spreadsheet's export with two empty columns at the end: no header, no value.
  await page
    .getByLabel('Contacts CSV file')
    .setInputFiles(csv(['Phone number,Name,Do Not Call,Plan Tier,,', '+442071234568,Bea,false,gold,,', '+442071234569,Cid,yes,,,']));
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('status').filter({ hasText: 'Imported: 2 created, 0 updated.' }).waitFor();
  await shot(page, 'contacts');
  const bea = await dashboard.api.call('GET', '/api/v1/contacts?phoneNumber=%2B442071234568', { token: await dashboard.tenant.key() });
  expect(bea.body.data).toMatchObject([{ name: 'Bea', doNotCall: false, attributes: { planTier: 'gold' } }]);

  await page.getByRole('search').getByLabel('Phone number').fill('+442071234567');
  await page.getByRole('search').getByLabel('Phone number').press('Enter');
  await page.getByRole('link', { name: '+442071234567' }).click();
  await page.getByRole('heading', { level: 1, name: 'Ada Lovelace · +442071234567' }).waitFor();
  await page.getByRole('button', { name: 'Mark do-not-call' }).click();
  await page.getByRole('button', { name: 'Allow calls again' }).waitFor();
  await page.getByText('No call or campaign dials this number.').waitFor();
  await shot(page, 'contact');
  const listed = await dashboard.api.call('GET', '/api/v1/contacts?doNotCall=true', { token: await dashboard.tenant.key() });
  expect(listed.body.data.map((c: { phoneNumber: string }) => c.phoneNumber).sort()).toEqual(['+442071234567', '+442071234569']);

  // Edited, then erased: the number stays do-not-call (the registry keeps its hash), the contact is gone.
  await page.getByLabel('Email').fill('not an email');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.field.invalid').filter({ hasText: 'Email' }).waitFor();
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  await page.getByRole('button', { name: 'Erase contact…' }).click();
  await page.getByRole('button', { name: 'Erase +442071234567' }).click();
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  await page.getByRole('link', { name: '+442071234568' }).waitFor();
  expect(await page.getByRole('link', { name: '+442071234567' }).count()).toBe(0);
  await context.close();
});

test('the analytics page charts calls and interviews, each with its figures as a table', async () => {
  const { context, page } = await open();
  await signIn(page);
  await page.getByRole('link', { name: 'Analytics' }).click();
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  for (const title of ['Calls', 'Interviews']) {
    const section = page.getByRole('region', { name: title });
    await section.locator('canvas').waitFor();
    // Every day of the default 30-day range is a row, empty days too.
    expect(await section.locator('table tbody tr').count()).toBeGreaterThanOrEqual(30);
  }
  // Grouped by agent, the interviews chart follows; grouped by disposition, it stays by day (the API groups interviews by day or agent only).
  await page.getByLabel('Group by').selectOption('disposition');
  await page.getByRole('button', { name: 'Show' }).click();
  // The figures are one click away, in words and units.
  await page.getByRole('region', { name: 'Calls' }).getByText('Every figure as a table').click();
  await page.getByRole('region', { name: 'Calls' }).getByRole('columnheader', { name: 'How calls ended' }).waitFor();
  await page.getByRole('region', { name: 'Calls' }).getByRole('columnheader', { name: 'Answer rate' }).waitFor();
  expect(await page.getByRole('main').innerText()).not.toMatch(/connectRate|avgDurationSeconds|\bnull\b/);
  expect(await page.getByRole('region', { name: 'Interviews' }).locator('.error, [role=alert]').count()).toBe(0);
  await shot(page, 'analytics');
  await context.close();
});

/**
 * Clicks `first`, sees `consequence` (if any) and the screenshot, keeps things as they were (Enter on
 * `keep`, which has the focus) and checks with `unchanged` that they are; then clicks `first` again and
 * confirms with `confirm`.
 */
test('what cannot be undone is asked twice: an agent’s deletion, a live call’s hangup, a campaign’s cancellation; keeping it changes nothing; refusals read in the dashboard’s words', async () => {
  const token = await dashboard.tenant.key();
  const agentId = await createAgent({ name: 'Short-lived', instructions: 'You call about a parcel.' });
  const status = async (path: string) => (await dashboard.api.call('GET', `/api/v1${path}`, { token })).body.status;
  const { context, page } = await open();
  await signIn(page);

  // A live call: the test number that stays silent until a hangup.
  const placed = await dashboard.api.call('POST', '/api/v1/calls', { token, body: { agentId, phoneNumber: '+442079460007', contactName: 'Bea' } });
  expect(placed.status).toBe(201);
  // While it is live its agent stays: the page says which call holds it, and what to do.
  await page.goto(`${dashboard.api.url}/dashboard#/agents/${agentId}`);
  await page.getByRole('button', { name: 'Delete agent…' }).click();
  await page.getByRole('button', { name: 'Delete Short-lived' }).click();
  await page
    .getByRole('alert')
    .filter({
      hasText: `The call ${placed.body.id} to +442079460007 is in progress with this agent: hang it up or wait for it to end before deleting the agent.`,
    })
    .waitFor();
  await shot(page, 'agent-delete-in-use');
  expect((await dashboard.api.call('GET', `/api/v1/agents/${agentId}`, { token })).status).toBe(200);
  await page.goto(`${dashboard.api.url}/dashboard#/calls/${placed.body.id}`);
  await statusIs(page, 'call-state', 'In progress');
  await askedTwice(dashboard, page, {
    first: 'Hang up…',
    keep: 'Stay on the call',
    confirm: 'Hang up on Bea',
    screenshot: 'call-hangup-confirm',
    unchanged: async () => expect(await status(`/calls/${placed.body.id}`)).toBe('active'),
  });
  await statusIs(page, 'call-state', 'Hung up by you');

  const created = await dashboard.api.call('POST', '/api/v1/campaigns', { token, body: { name: 'Parcel follow-up', agentId } });
  expect(created.status).toBe(201);
  await page.goto(`${dashboard.api.url}/dashboard#/campaigns/${created.body.id}`);
  await statusIs(page, 'campaign-status', 'draft');
  // Launched with nobody to call: the refusal in the dashboard's words, not the API's route.
  await page.getByRole('button', { name: 'Launch' }).click();
  await page.getByRole('alert').filter({ hasText: 'Import the recipients before launching the campaign.' }).waitFor();
  expect(await page.getByRole('main').innerText()).not.toMatch(/POST|\/campaigns/);
  await askedTwice(dashboard, page, {
    first: 'Cancel…',
    keep: 'Keep it',
    confirm: 'Cancel Parcel follow-up',
    consequence: 'Nobody else is called, and calls in progress are hung up.',
    screenshot: 'campaign-cancel-confirm',
    unchanged: async () => expect(await status(`/campaigns/${created.body.id}`)).toBe('draft'),
  });
  await statusIs(page, 'campaign-status', 'cancelled');

  // Its campaign is over, so the agent can go; first, a do-not-call number it is asked to ring,
  // refused in the dashboard's words.
  expect((await dashboard.api.call('POST', '/api/v1/contacts', { token, body: { phoneNumber: '+442071234570', doNotCall: true } })).status).toBe(201);
  await page.goto(`${dashboard.api.url}/dashboard#/agents/${agentId}`);
  await page.getByRole('heading', { level: 1, name: 'Short-lived' }).waitFor();
  await page.getByLabel('Number to call').fill('+442071234570');
  await page.getByRole('button', { name: 'Call now' }).click();
  await page
    .locator('.field.invalid')
    .filter({
      hasText: 'This number is do-not-call in your organization. If the person agreed to be called, allow calls again on its contact’s page (Contacts).',
    })
    .waitFor();
  await askedTwice(dashboard, page, {
    first: 'Delete agent…',
    keep: 'Keep it',
    confirm: 'Delete Short-lived',
    consequence: 'Its calls, interviews and campaigns keep its name; it takes no new ones.',
    screenshot: 'agent-delete-confirm',
    unchanged: async () => expect((await dashboard.api.call('GET', `/api/v1/agents/${agentId}`, { token })).status).toBe(200),
  });
  await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
  expect((await dashboard.api.call('GET', `/api/v1/agents/${agentId}`, { token })).status).toBe(404);
  await context.close();
});

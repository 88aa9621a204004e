/**
 * The dashboard web app in a real browser: headless Chromium (Debian's `chromium`, driven by
 * playwright-core) against the real stack, with the bundle the jest global setup built. Each test
 * walks one page's main path as a user would, by labels and roles; every page is screenshotted to
 * test-output/screenshots/. No console error, page error or CSP violation may happen anywhere.
 */
import { randomBytes } from 'node:crypto';
import { startFakeLlmVendor, type FakeLlmServer } from '../fakes/llmVendors';
import { askedTwice, useDashboard } from '../helpers/dashboard';
import { storeRecordedCall } from '../helpers/recording';
import { uniqueName, waitFor } from '../helpers/servers';

// Functions given to page.evaluate run in the browser; these name its globals for the compiler only.
declare const document: any;
declare const sessionStorage: any;
declare const navigator: any;
declare function getComputedStyle(element: unknown): { backgroundColor: string };

const dashboard = useDashboard('dashboard-app');
const { open, shot, signIn } = dashboard;

test('the page is served with a strict CSP and a wrong password is answered next to the form', async () => {
  const res = await fetch(`${dashboard.api.url}/dashboard`);
  expect(res.status).toBe(200);
  const csp = res.headers.get('content-security-policy') ?? '';
  for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
  expect(csp).not.toContain('unsafe-inline');
  const script = await fetch(`${dashboard.api.url}/dashboard/app.js`);
  expect(script.headers.get('content-type')).toContain('javascript');

  const { context, page } = await open();
  await page.goto(`${dashboard.api.url}/dashboard`);
  await shot(page, 'sign-in');
  await page.getByLabel('Email').fill(dashboard.tenant.adminEmail);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /email and password do not match/ })
    .waitFor();
  await context.close();
});

test('sign in, the overview in light and dark, the theme toggle, and sign out', async () => {
  const { context, page } = await open({ colorScheme: 'light' });
  await signIn(page);
  await page.getByText(/credits left of 120 min/).waitFor();
  expect(await page.getByTestId('live-calls').textContent()).toBe('0');
  // The session is in this tab's sessionStorage and never in the address.
  const stored = await page.evaluate(() => sessionStorage.getItem('dashboard.session'));
  expect(JSON.parse(stored).token).toMatch(/^rb_dash_/);
  expect(page.url()).not.toContain('rb_dash_');
  await shot(page, 'overview-light');

  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
  expect(await background()).not.toBe(light);
  await shot(page, 'overview-dark-toggle');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await page.evaluate(() => sessionStorage.getItem('dashboard.session'))).toBeNull();
  // The token is ended on the server too.
  const ended = await dashboard.api.call('GET', '/api/v1/agents', { token: JSON.parse(stored).token });
  expect(ended.status).toBe(401);
  await context.close();

  const dark = await open({ colorScheme: 'dark' });
  await signIn(dark.page);
  await dark.page.getByText(/credits left/).waitFor();
  expect(await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(light);
  await shot(dark.page, 'overview-dark');
  await dark.context.close();
});

test('minutes per day: the chart draws the analytics API answer under the CSP, with its figures as a table', async () => {
  // A call connected for a couple of seconds, placed and hung up on the real stack, so today has
  // connected minutes: the silent test number holds the line until the hangup.
  const key = await dashboard.tenant.key();
  const agent = await dashboard.api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: uniqueName('Minutes'), instructions: 'Ask for an email.', phone: { greeting: 'Hello.' } },
  });
  const placed = await dashboard.api.call('POST', '/api/v1/calls', { token: key, body: { agentId: agent.body.id, phoneNumber: '+442079460007' } });
  expect(placed.status).toBe(201);
  const call = `/api/v1/calls/${placed.body.id}`;
  await waitFor(async () => ((await dashboard.api.call('GET', call, { token: key })).body.status === 'active' ? true : undefined), 30_000);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect((await dashboard.api.call('POST', `${call}/hangup`, { token: key })).status).toBe(200);
  const asked = '/api/v1/analytics/calls?groupBy=day&timezone=UTC';
  const answer = await waitFor(async () => {
    const res = await dashboard.api.call('GET', asked, { token: key });
    return res.body.totals?.calls >= 1 && res.body.totals.minutes > 0 ? res.body : undefined;
  }, 60_000);

  const { context, page } = await open({ timezoneId: 'UTC' });
  await signIn(page);
  const chart = page.getByRole('img', { name: /Connected minutes per day/ });
  await chart.waitFor();
  // Drawn: the canvas has coloured pixels, not only its background.
  const painted = await chart.evaluate((canvas: any) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) count += 1;
    return count;
  });
  expect(painted).toBeGreaterThan(1000);
  // The table beside the chart holds the API's figure of each day.
  const figures = await page.locator('table.visually-hidden td').allTextContents();
  expect(figures).toEqual(answer.buckets.map((b: { minutes: number }) => `${Math.round(b.minutes * 10) / 10} min`));
  await shot(page, 'overview-chart');
  await context.close();
});

/** Signed in as the tenant's admin, on the page of `hash`. */
async function at(hash: string, options: Parameters<typeof open>[0] = {}) {
  const opened = await open(options);
  await signIn(opened.page);
  await opened.page.goto(`${dashboard.api.url}/dashboard#${hash}`);
  return opened;
}

const listKeys = async () => {
  const session = (
    await dashboard.api.call('POST', '/api/v1/dashboard/sessions', { body: { email: dashboard.tenant.adminEmail, password: dashboard.tenant.adminPassword } })
  ).body.token;
  return (await dashboard.api.call('GET', '/api/v1/api-keys?limit=100', { token: session })).body.data as {
    id: string;
    name: string;
    last4: string;
    scopes: string[];
    allowedOrigins: string[];
    rateLimitPerMinute: number;
    revokedAt: string | null;
    lastUsedAt: string | null;
  }[];
};

test('API keys: a bad origin is shown at its field; a key is shown once, copied, works, and revoked stops working', async () => {
  const { context, page } = await at('/api-keys');
  await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
  const name = uniqueName('backend');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('checkbox', { name: 'agents:read' }).check();
  await page.getByLabel('Allowed origins').fill('ftp://files.example.com');
  await page.getByRole('button', { name: 'Create key' }).click();
  // Checked in the browser against the API's schema, said in plain words next to the field, which has the focus.
  const originField = page.locator('.field.invalid', { has: page.getByLabel('Allowed origins') });
  await originField.getByText('Line 1: Use an origin such as https://app.example.com').waitFor();
  // Focus moves to the field once its error is drawn (an effect after the render that shows it).
  const originId = await page.getByLabel('Allowed origins').getAttribute('id');
  await page.waitForFunction((id) => document.activeElement?.id === id, originId, { timeout: 5_000 });
  await shot(page, 'api-keys-error');

  await page.getByLabel('Allowed origins').fill('https://app.example.com');
  await page.getByRole('button', { name: 'Create key' }).click();
  const plaintext = (await page.getByTestId('new-key').textContent())!;
  expect(plaintext).toMatch(/^rb_live_[A-Za-z0-9]{32}$/);
  await page.getByRole('button', { name: 'Copy the new key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(plaintext);
  await shot(page, 'api-keys-created');
  expect((await dashboard.api.call('GET', '/api/v1/agents', { token: plaintext })).status).toBe(200);

  // Once dismissed, the plaintext is nowhere in the page, and the list shows the key's use.
  await page.getByRole('button', { name: 'I have stored it' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  // The key's use is recorded beside the request, not before its answer: reloaded until it shows.
  const shown = await waitFor(async () => {
    await page.reload();
    await row.getByText('active').waitFor();
    const text = (await row.textContent())!;
    return text.includes('never') ? undefined : text;
  }, 15_000);
  expect(await page.content()).not.toContain(plaintext);
  expect(shown).toContain('agents:read');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await row.getByRole('button', { name: `Confirm revoking ${name}` }).click();
  // Revoked keys leave the list of active ones, and are one filter away.
  await row.waitFor({ state: 'detached' });
  await page.getByLabel('Status').selectOption({ label: 'Revoked' });
  await row.getByText('revoked').waitFor();
  await shot(page, 'api-keys');
  expect((await dashboard.api.call('GET', '/api/v1/agents', { token: plaintext })).status).toBe(401);
  await context.close();
});

test('API keys: a guided rotation creates the twin, shows the old key in use, and revokes it', async () => {
  const old = await dashboard.tenant.key(['agents:read', 'executions:read'], {
    name: uniqueName('rotate-me'),
    rateLimitPerMinute: 300,
    allowedOrigins: ['https://shop.example.com'],
  });
  const oldRecord = (await listKeys()).find((k) => old.endsWith(k.last4) && k.name.startsWith('rotate-me'))!;
  const { context, page } = await at('/api-keys');
  await page.getByRole('button', { name: `Rotate ${oldRecord.name}` }).click();
  await page.getByRole('button', { name: 'Create the new key' }).click();
  const twin = (await page.getByTestId('rotated-key').textContent())!;
  expect(twin).toMatch(/^rb_live_/);
  expect((await dashboard.api.call('GET', '/api/v1/agents', { token: twin })).status).toBe(200);

  // The old key is still in use somewhere: its last use shows up while the page watches.
  expect((await dashboard.api.call('GET', '/api/v1/agents', { token: old })).status).toBe(200);
  await page
    .getByTestId('old-last-used')
    .getByText(/now|second/)
    .waitFor({ timeout: 20_000 });
  await shot(page, 'api-keys-rotation');
  await page.getByRole('button', { name: `Revoke the old key …${oldRecord.last4}` }).click();
  await page
    .getByRole('status')
    .getByText(/Rotation done/)
    .waitFor();
  expect((await dashboard.api.call('GET', '/api/v1/agents', { token: old })).status).toBe(401);

  const keys = await listKeys();
  const created = keys.find((k) => twin.endsWith(k.last4) && k.name === oldRecord.name)!;
  expect({
    scopes: created.scopes,
    allowedOrigins: created.allowedOrigins,
    rateLimitPerMinute: created.rateLimitPerMinute,
    revokedAt: created.revokedAt,
  }).toEqual({
    scopes: ['agents:read', 'executions:read'],
    allowedOrigins: ['https://shop.example.com'],
    rateLimitPerMinute: 300,
    revokedAt: null,
  });
  await context.close();
});

test('a provider credential: verified with the vendor, refused with its reason, removed only once confirmed', async () => {
  // An API over the same stack whose Mistral is a local fake that knows one key.
  const mistral = await startFakeLlmVendor('mistral');
  try {
    await credentialWalk(mistral);
  } finally {
    await mistral.close();
  }
});

async function credentialWalk(mistral: FakeLlmServer) {
  const app = await dashboard.api.extraApp({
    CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    MISTRAL_BASE_URL: mistral.url,
    PROVIDER_VERIFY_TIMEOUT_MS: '3000',
  });
  const { context, page } = await open();
  await page.goto(`${app.url}/dashboard`);
  await page.getByLabel('Email').fill(dashboard.tenant.adminEmail);
  await page.getByLabel('Password').fill(dashboard.tenant.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await page.getByRole('link', { name: 'Provider credentials' }).click();
  const card = page.locator('section.card').filter({ has: page.getByRole('heading', { name: 'Language model (llm)' }) });
  const form = card.getByRole('form', { name: 'Set the llm credential' });

  // A key the vendor refuses: kept unverified (there is no verified one to keep instead), with the vendor's reason.
  await form.getByLabel('Vendor', { exact: true }).fill('mistral');
  await form.getByLabel('Vendor API key').fill('not-the-key');
  await form.getByRole('button', { name: 'Save and verify' }).click();
  await card.getByText('not verified').waitFor();
  await form.locator('.field-error').filter({ hasText: 'mistral refused the API key (401)' }).waitFor();
  await card.getByRole('definition').filter({ hasText: 'mistral refused the API key (401)' }).waitFor();
  // The vendor's key: verified, and the key is not shown again.
  await form.getByLabel('Vendor API key').fill(mistral.apiKey);
  await form.getByRole('button', { name: 'Save and verify' }).click();
  await card.getByText('verified', { exact: true }).waitFor();
  expect(await form.getByLabel('Vendor API key').inputValue()).toBe('');
  expect(await page.content()).not.toContain(mistral.apiKey);
  await shot(page, 'credential-verified');

  const session = await dashboard.adminSession();
  const stored = async () => (await app.call('GET', '/api/v1/dashboard/provider-credentials/llm', { token: session })).status;
  await askedTwice(dashboard, page, {
    first: 'Remove the llm credential…',
    keep: 'Keep it',
    confirm: 'Remove the llm credential',
    consequence: 'byok keys can start nothing until a credential of this kind is verified again',
    screenshot: 'credential-remove-confirm',
    unchanged: async () => expect(await stored()).toBe(200),
  });
  await card.getByText(/None: byok keys cannot be created/).waitFor();
  expect(await stored()).toBe(404);
  await context.close();
}

test('users, provider credentials and organization limits (admins)', async () => {
  const { context, page } = await at('/users');
  const email = `${uniqueName('agent-lead')}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Initial password').fill('correct horse battery');
  await page.getByRole('checkbox', { name: 'agents:read' }).check();
  await page.getByRole('checkbox', { name: 'organization:read' }).check();
  await page.getByRole('button', { name: 'Add user' }).click();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await row.getByText('member').waitFor();
  await row.getByRole('button', { name: `Edit ${email}` }).click();
  const form = page.getByRole('form', { name: `Edit ${email}` });
  await form.getByRole('checkbox', { name: 'executions:read' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await row.getByText('executions:read').waitFor();
  await shot(page, 'users');

  await page.getByRole('link', { name: 'Provider credentials' }).click();
  await page.getByRole('heading', { level: 1, name: 'Provider credentials' }).waitFor();
  await page.getByRole('heading', { name: 'Language model (llm)' }).waitFor();
  await shot(page, 'credentials');

  await page.getByRole('link', { name: 'Organization' }).click();
  const users = page.getByRole('row', { name: /^Users/ });
  await users.waitFor();
  // The founder and the user added above, of the default 10.
  expect(await users.getByRole('cell').allTextContents()).toEqual(['2', '10']);

  // Recording retention: a refused value is shown at its field, a good one is stored.
  const retention = page.getByLabel('Keep call recordings for (days)');
  expect(await retention.inputValue()).toBe('90');
  await retention.fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.field.invalid').filter({ hasText: 'Keep call recordings for (days)' }).waitFor();
  await retention.fill('30');
  // The countries calls may go to: an unknown code is shown at its field, a good list is stored.
  const countries = page.getByLabel('Countries calls may go to');
  expect(await countries.inputValue()).toBe('');
  await countries.fill('gb, XX');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.field.invalid').filter({ hasText: 'Countries calls may go to' }).waitFor();
  await countries.fill('gb ie');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  expect(await page.locator('.field.invalid').count()).toBe(0);
  expect(await countries.inputValue()).toBe('GB, IE');
  await shot(page, 'organization');
  await context.close();

  // A member reads the setting and has nothing to change it with (here on a phone, dark).
  const member = await open({ width: 375, colorScheme: 'dark' });
  await signIn(member.page, email, 'correct horse battery');
  await member.page.getByRole('button', { name: 'Menu' }).click();
  await member.page.getByRole('link', { name: 'Organization' }).click();
  await member.page.getByTestId('retention-days').filter({ hasText: '30 days' }).waitFor();
  await member.page.getByTestId('allowed-countries').filter({ hasText: 'GB, IE' }).waitFor();
  expect(await member.page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  expect(await member.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(member.page, 'organization-member-375-dark');
  await member.context.close();
});

test('users: deactivating warns with the keys that will stop and offers their guided rotation first', async () => {
  const founder = (
    await dashboard.api.call('POST', '/api/v1/dashboard/sessions', { body: { email: dashboard.tenant.adminEmail, password: dashboard.tenant.adminPassword } })
  ).body.token;
  const email = `${uniqueName('leaving')}@example.com`;
  expect(
    (await dashboard.api.call('POST', '/api/v1/dashboard/users', { token: founder, body: { email, password: 'correct horse battery', role: 'admin' } })).status,
  ).toBe(201);
  const theirs = (await dashboard.api.call('POST', '/api/v1/dashboard/sessions', { body: { email, password: 'correct horse battery' } })).body.token;
  const key = (await dashboard.api.call('POST', '/api/v1/api-keys', { token: theirs, body: { name: uniqueName('backend'), scopes: ['agents:read'] } })).body;

  const { context, page } = await at('/users');
  const row = page.getByRole('row', { name: new RegExp(email) });
  await row.getByRole('button', { name: `Edit ${email}` }).click();
  const form = page.getByRole('form', { name: `Edit ${email}` });
  await form.getByLabel('Status').selectOption('deactivated');
  const warning = form.getByTestId('deactivation-warning');
  await warning.getByText(/Deactivating stops the API key they created/).waitFor();
  await warning.getByText(`“${key.name}” (…${key.last4})`, { exact: false }).waitFor();
  await warning.getByRole('button', { name: `Rotate ${key.name} first` }).click();
  await form.getByRole('button', { name: 'Create the new key' }).click();
  const twin = (await form.getByTestId('rotated-key').textContent())!;
  await shot(page, 'users-deactivation');
  await form.getByRole('button', { name: 'Save' }).click();
  await row.getByText('deactivated').waitFor();
  await context.close();

  const refused = await dashboard.api.call('GET', '/api/v1/agents', { token: key.key });
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toMatch(/deactivated/);
  expect((await dashboard.api.call('GET', '/api/v1/agents', { token: twin })).status).toBe(200);
});

test('agents: create a phone agent, edit it, call a test number from it and watch the call complete', async () => {
  const { context, page } = await at('/agents');
  const name = uniqueName('Front desk');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Instructions').fill('You greet {{firstName}} and book a visit.');
  await page.getByLabel('Greeting').fill('Hello {{firstName}}, this is the front desk.');
  await page.getByLabel('Outcome labels (one per line)').fill('booked\nnot interested');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();

  await page.getByLabel('Fallback').fill('Let me pass you to a colleague.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').getByText('Saved.').waitFor();
  const agentId = page.url().split('/').pop()!;
  const session = JSON.parse(await page.evaluate(() => sessionStorage.getItem('dashboard.session'))).token;
  const stored = await dashboard.api.call('GET', `/api/v1/agents/${agentId}`, { token: session });
  expect(stored.body.phone).toMatchObject({ fallback: 'Let me pass you to a colleague.', outcomeLabels: ['booked', 'not interested'] });
  await shot(page, 'agent');

  await page.getByLabel('Number to call').fill('+442079460001');
  await page.getByLabel('Variable {{firstName}}').fill('Ada');
  await page.getByRole('button', { name: 'Call now' }).click();
  await page.getByRole('heading', { level: 1, name: 'Call to Test call' }).waitFor();
  await page.getByTestId('call-state').getByText('completed').waitFor({ timeout: 30_000 });
  await page.locator('.conversation li.agent').first().waitFor();
  expect(await page.locator('.conversation li.agent').first().textContent()).toContain('Hello Ada, this is the front desk.');
  await page.getByRole('heading', { name: 'Report' }).waitFor();
  await page.locator('#report-title + dl').getByText('Summary', { exact: true }).waitFor({ timeout: 20_000 });
  await shot(page, 'call');

  await page.getByRole('link', { name: 'Calls', exact: true }).click();
  await page
    .getByRole('row', { name: /Test call/ })
    .getByText('completed')
    .waitFor();
  await shot(page, 'calls');
  await page.getByRole('link', { name: 'Agents', exact: true }).click();
  await page.getByRole('row', { name: new RegExp(name) }).waitFor();
  await shot(page, 'agents');
  await context.close();
});

test('a recorded call: the call page loads its recording under the CSP and the player can play it', async () => {
  const key = await dashboard.tenant.key();
  const agent = await dashboard.api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: uniqueName('Recorded desk'), instructions: 'Ask for an email.', phone: { recordCalls: true } },
  });
  expect(agent.status).toBe(201);
  const callId = await storeRecordedCall(dashboard.tenant.organizationId, agent.body.id);
  const { context, page } = await at(`/calls/${callId}`);
  await page.getByRole('button', { name: 'Load the recording' }).click();
  const player = page.getByTestId('recording');
  await player.waitFor();
  expect(await player.getAttribute('src')).toMatch(/^blob:/);
  // The browser decoded the WAV the API served: 2.5 s of stereo audio.
  const duration = await player.evaluate(
    (audio: any) =>
      new Promise<number>((resolve) =>
        audio.readyState >= 1 ? resolve(audio.duration) : audio.addEventListener('loadedmetadata', () => resolve(audio.duration)),
      ),
  );
  expect(duration).toBeCloseTo(2.5, 1);
  await shot(page, 'call-recording');
  await context.close();
});

test('a phone-sized screen (375 px): the navigation folds behind a Menu button, and the agent page fits without sideways scrolling', async () => {
  const { context, page } = await at('/agents', { width: 375 });
  await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const sections = page.getByRole('navigation', { name: 'Sections' });
  expect(await sections.getByRole('link', { name: 'Overview' }).isVisible()).toBe(false);
  expect((await sections.boundingBox())!.height).toBeLessThan(70);
  await shot(page, 'agents-375px');
  await sections.getByRole('button', { name: 'Menu' }).click();
  expect(await sections.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
  await shot(page, 'menu-375px');
  await page.getByRole('link', { name: 'Overview' }).click();
  // Navigating folds the sections again.
  await sections.getByRole('button', { name: 'Menu' }).waitFor();
  await page.getByText(/credits left/).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'overview-375px');
  await context.close();
});

test('keyboard: a skip link, then every control of the sign-in form in order', async () => {
  const { context, page } = await open();
  await page.goto(`${dashboard.api.url}/dashboard`);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement.getAttribute('name'))).toBe('email');
  await page.keyboard.type(dashboard.tenant.adminEmail);
  await page.keyboard.press('Tab');
  await page.keyboard.type(dashboard.tenant.adminPassword);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement.textContent)).toBe('Skip to content');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement.id)).toBe('main');
  await context.close();
});

/**
 * An agent's tools in the dashboard (issue 36), in a real browser against the real stack (see
 * test/helpers/dashboard.ts): the tools editor on the agent form (add, reorder, remove, each type's
 * fields, every problem at the field the API's `param` names), the tool-signing secret's panel
 * (made and rotated, shown once, copied), and a call's tool turns in its transcript, made by a real
 * call whose tool request the local tool server checks with the secret the page showed.
 * Screenshots in light, dark and at 375 px.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { appendTurn, CallTurn } from '../../models/callTurn';
import { useDashboard } from '../helpers/dashboard';
import { uniqueName, waitFor } from '../helpers/servers';

// Functions given to page.evaluate run in the browser; this names its globals for the compiler only.
declare const document: any;
declare const navigator: any;

const received: Array<{ signature: string; raw: string }> = [];
let toolServer: http.Server;
let toolUrl: string;

beforeAll(async () => {
  toolServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      received.push({ signature: String(req.headers['voice-agent-signature']), raw });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ answer: 'Your order shipped on Monday.' }));
    });
  });
  await new Promise<void>((r) => toolServer.listen(0, '127.0.0.1', r));
  toolUrl = `http://127.0.0.1:${(toolServer.address() as AddressInfo).port}/lookup`;
});
afterAll(() => new Promise<void>((r) => toolServer.close(() => r())));

const dashboard = useDashboard('dashboard-tools', { env: { TOOLS_ALLOW_LOOPBACK: 'true', CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('base64') } });
const { shot, at, adminSession } = dashboard;

/** No API field path or pattern in what the page shows (tool names and JSON the person typed aside). */
async function noFieldPaths(page: Page) {
  const text: string = await page.evaluate(() => document.querySelector('main').innerText);
  expect(text).not.toMatch(/body\.|tools\[|must match pattern|\^\[/);
}

async function sameWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

let agentId: string;
let secret: string;

test('the tools editor: each type’s fields, every problem at its field, reordered and removed, saved as the API stores it', async () => {
  const { context, page } = await at('/agents');
  await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
  const posted: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/v1/agents')) posted.push(req.url());
  });
  const name = uniqueName('Orders desk');
  await page.getByLabel('Name', { exact: true }).first().fill(name);
  await page.getByLabel('Instructions').fill('You help callers with their orders.');
  await page.getByLabel('Greeting').fill('Hello, this is the orders desk.');
  const tools = page.getByRole('group', { name: 'Tools' });
  const tool = (n: number) => tools.getByRole('listitem', { name: `Tool ${n}`, exact: true });
  const problem = (scope: ReturnType<typeof tool>, label: string) =>
    scope.locator('.field.invalid', { has: page.getByLabel(label, { exact: true }) }).locator('.field-error');

  // Four tools: an http tool typed badly, a hang-up, a transfer and a keypad.
  for (let i = 0; i < 4; i++) await tools.getByRole('button', { name: 'Add a tool' }).click();
  await tool(1).getByLabel('Name', { exact: true }).fill('lookup order');
  await tool(1).getByLabel('What it does', { exact: true }).fill('Finds an order by its number.');
  await tool(1).getByLabel('Arguments (JSON Schema)').fill('{"type": "object",');
  await tool(1).getByLabel('Address').fill(toolUrl);
  await tool(2).getByLabel('Tool 2: kind').selectOption({ label: 'Hang up' });
  await tool(3).getByLabel('Tool 3: kind').selectOption({ label: 'Transfer the call' });
  await tool(3).getByLabel('Destination 1: number').fill('020 7946 0030');
  await tool(3).getByLabel('Destination 1: who answers').fill('The orders team');
  await tool(4).getByLabel('Tool 4: kind').selectOption({ label: 'Press keys on a phone menu' });
  await page.getByRole('button', { name: 'Create agent' }).click();
  await page.getByRole('alert').getByText('Please correct the 3 fields marked below.').waitFor();
  expect(await problem(tool(1), 'Name').textContent()).toBe('Use 1 to 64 letters, digits and _, such as lookup_order.');
  expect(await problem(tool(1), 'Arguments (JSON Schema)').textContent()).toMatch(/^This is not valid JSON: /);
  expect(await problem(tool(3), 'Destination 1: number').textContent()).toBe('Type the number with its country code, such as +44 20 7946 0030.');
  const nameId = await tool(1).getByLabel('Name', { exact: true }).getAttribute('id');
  await page.waitForFunction((id) => document.activeElement?.id === id, nameId, { timeout: 5_000 });
  expect(posted).toEqual([]);
  await noFieldPaths(page);
  await shot(page, 'tools-editor-errors');

  // Right for the schema, wrong for the API: a parameter type no vendor takes, named inside the box.
  await tool(1).getByLabel('Name', { exact: true }).fill('lookup_order');
  await tool(1)
    .getByLabel('Arguments (JSON Schema)')
    .fill(JSON.stringify({ type: 'object', properties: { orderNumber: { type: 'string' }, date: { type: 'date' } }, required: ['orderNumber'] }));
  await tool(3).getByLabel('Destination 1: number').fill('+44 20 7946 0030');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await problem(tool(1), 'Arguments (JSON Schema)')
    .getByText('In the schema at properties → date → type: must be one of: object, string, number, integer, boolean, array.')
    .waitFor();
  expect(posted).toHaveLength(1);
  await noFieldPaths(page);

  // Reordered and pruned: the hang-up first, the keypad gone.
  await tool(4).getByRole('button', { name: 'Remove tool 4' }).click();
  await tool(2).getByRole('button', { name: 'Move tool 2 up' }).click();
  expect(await tool(1).getByLabel('Tool 1: kind').inputValue()).toBe('end_call');
  await tool(2)
    .getByLabel('Arguments (JSON Schema)')
    .fill(
      JSON.stringify({ type: 'object', properties: { orderNumber: { type: 'string', description: 'As the caller reads it.' } }, required: ['orderNumber'] }),
    );
  await tool(3).getByLabel('How it hands over').selectOption('warm');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  agentId = page.url().split('/').pop()!;
  const stored = (await dashboard.api.call('GET', `/api/v1/agents/${agentId}`, { token: await adminSession() })).body;
  expect(stored.tools).toEqual([
    { type: 'end_call' },
    {
      type: 'http',
      name: 'lookup_order',
      description: 'Finds an order by its number.',
      parameters: { type: 'object', properties: { orderNumber: { type: 'string', description: 'As the caller reads it.' } }, required: ['orderNumber'] },
      url: toolUrl,
      timeoutSeconds: 10,
      async: false,
    },
    { type: 'transfer', destinations: [{ phoneNumber: '+442079460030', description: 'The orders team' }], mode: 'warm' },
  ]);

  // The agent's page reads them back in order; a repeated name is the API's refusal, said of tool 1 as people count.
  await tool(3).getByLabel('Tool 3: kind').waitFor();
  await tools.getByRole('button', { name: 'Add a tool' }).click();
  await tool(4).getByLabel('Name', { exact: true }).fill('lookup_order');
  await tool(4).getByLabel('What it does', { exact: true }).fill('The same again.');
  await tool(4).getByLabel('Address').fill(toolUrl);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await problem(tool(4), 'Name').getByText('This repeats the name "lookup_order" of tool 2.').waitFor();
  await noFieldPaths(page);
  await tool(4).getByRole('button', { name: 'Remove tool 4' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').getByText('Saved.').waitFor();
  await shot(page, 'tools-editor-light');
  await context.close();

  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'tools-editor-dark'],
    [{ width: 375 }, 'tools-editor-375px'],
  ] as const) {
    const opened = await at(`/agents/${agentId}`, options);
    await opened.page.getByRole('group', { name: 'Tools' }).getByLabel('Tool 3: kind').waitFor();
    await sameWidth(opened.page, options && 'width' in options ? 375 : 1280);
    await shot(opened.page, shotName);
    await opened.context.close();
  }
});

test('a voice agent’s tools: only the kinds an interview runs are offered, and they are saved', async () => {
  const { context, page } = await at('/agents');
  await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
  const name = uniqueName('Screener');
  await page.getByLabel('Type', { exact: true }).selectOption('voice');
  await page.getByLabel('Name', { exact: true }).first().fill(name);
  await page.getByLabel('Instructions').fill('Interview the candidate.');
  const tools = page.getByRole('group', { name: 'Tools' });
  const tool = (n: number) => tools.getByRole('listitem', { name: `Tool ${n}`, exact: true });
  await tools.getByRole('button', { name: 'Add a tool' }).click();
  await tools.getByRole('button', { name: 'Add a tool' }).click();
  expect(await tool(1).getByLabel('Tool 1: kind').locator('option').allTextContents()).toEqual(['Ask your server (http)', 'Hang up']);
  await tool(1).getByLabel('Name', { exact: true }).fill('lookup_order');
  await tool(1).getByLabel('What it does', { exact: true }).fill('Finds an order by its number.');
  await tool(1).getByLabel('Address').fill(toolUrl);
  await tool(2).getByLabel('Tool 2: kind').selectOption({ label: 'Hang up' });
  await tool(2).getByText('The agent may end the interview once it has said goodbye.').waitFor();
  await page.getByRole('button', { name: 'Create agent' }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const id = page.url().split('/').pop()!;
  const stored = (await dashboard.api.call('GET', `/api/v1/agents/${id}`, { token: await adminSession() })).body;
  expect(stored).toMatchObject({ type: 'voice', tools: [{ type: 'http', name: 'lookup_order', url: toolUrl }, { type: 'end_call' }] });
  await context.close();
});

test('the tool-signing secret: made, shown once with a copy button, rotated after a confirmation, then only its last four', async () => {
  const { context, page } = await at('/organization');
  const panel = page.getByRole('region', { name: 'Tool-signing secret' });
  await panel
    .getByTestId('tool-secret-state')
    .getByText(/None yet/)
    .waitFor();
  await panel.getByRole('button', { name: 'Create a secret' }).click();
  const first = (await panel.getByTestId('tool-secret').textContent())!;
  expect(first.length).toBeGreaterThanOrEqual(32);
  await panel
    .getByTestId('tool-secret-state')
    .getByText(`Ends in ${first.slice(-4)}`)
    .waitFor();
  await panel
    .getByTestId('tool-secret-verify')
    .getByText(/Verifying the signature/)
    .waitFor();

  await panel.getByRole('button', { name: 'Rotate the secret' }).click();
  await panel.getByRole('button', { name: 'Confirm the rotation' }).click();
  await waitFor(async () => ((await panel.getByTestId('tool-secret').textContent()) !== first ? true : undefined), 10_000);
  secret = (await panel.getByTestId('tool-secret').textContent())!;
  await panel.getByRole('button', { name: 'Copy the tool-signing secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await panel
    .getByTestId('tool-secret-state')
    .getByText(`Ends in ${secret.slice(-4)}`)
    .waitFor();
  const listed = await dashboard.api.call('GET', '/api/v1/dashboard/tool-signing-secret', { token: await adminSession() });
  expect(listed.body.hint).toBe(secret.slice(-4));
  await shot(page, 'tool-secret-light');
  await context.close();

  // Opened again, the secret itself is nowhere on the page.
  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'tool-secret-dark'],
    [{ width: 375 }, 'tool-secret-375px'],
  ] as const) {
    const opened = await at('/organization', options);
    const again = opened.page.getByRole('region', { name: 'Tool-signing secret' });
    await again
      .getByTestId('tool-secret-state')
      .getByText(`Ends in ${secret.slice(-4)}`)
      .waitFor();
    expect(await opened.page.content()).not.toContain(secret);
    await sameWidth(opened.page, options && 'width' in options ? 375 : 1280);
    await shot(opened.page, shotName);
    await opened.context.close();
  }
});

test('a call’s transcript shows each tool turn as such: name, arguments, outcome and duration, and a transfer with its destination', async () => {
  const session = await adminSession();
  const placed = await dashboard.api.call('POST', '/api/v1/calls', { token: session, body: { agentId, phoneNumber: '+442079460021', contactName: 'Ada' } });
  expect(placed.status).toBe(201);
  const callId = placed.body.id as string;
  await waitFor(
    async () => ((await dashboard.api.call('GET', `/api/v1/calls/${callId}`, { token: session })).body.status === 'completed' ? true : undefined),
    60_000,
  );

  // The tool server got the request signed with the secret the panel showed.
  const request = received.at(-1)!;
  const parts = Object.fromEntries(request.signature.split(',').map((p) => p.split('=') as [string, string]));
  expect(parts.v1).toBe(createHmac('sha256', secret).update(`${parts.t}.${request.raw}`).digest('hex'));

  // No conversation makes transfer turns yet (another branch adds them): one is written as a call's turn is, to show how it reads.
  const turns = await CallTurn.countDocuments({ callId });
  await appendTurn(callId, turns, {
    role: 'tool',
    text: 'transfer answered',
    tool: {
      toolCallId: `tc_${callId}_${turns}`,
      call: { id: 'transfer-1', name: 'transfer', arguments: { phoneNumber: '+442079460030' } },
      outcome: { ok: true, result: { outcome: 'connected' } },
      durationMs: 840,
    },
  });

  const { context, page } = await at(`/calls/${callId}`);
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const lookup = transcript.locator('li.tool', { hasText: 'lookup_order' });
  await lookup.waitFor({ timeout: 20_000 });
  expect(await lookup.innerText()).toMatch(/lookup_order · answered · \d+ ms/);
  expect(await lookup.locator('dd').first().textContent()).toBe('{"orderNumber":"example"}');
  expect(await lookup.locator('dd').nth(1).textContent()).toBe('{"answer":"Your order shipped on Monday."}');
  const transfer = transcript.locator('li.tool', { hasText: 'Transfer' });
  expect(await transfer.innerText()).toMatch(/Transfer to \+442079460030 · connected · 840 ms/);
  await transcript.locator('li.agent').getByText('Your order shipped on Monday.').waitFor();
  await shot(page, 'call-tools-light');
  await context.close();

  for (const [options, shotName] of [
    [{ colorScheme: 'dark' }, 'call-tools-dark'],
    [{ width: 375 }, 'call-tools-375px'],
  ] as const) {
    const opened = await at(`/calls/${callId}`, options);
    await opened.page.locator('li.tool', { hasText: 'Transfer' }).waitFor();
    await sameWidth(opened.page, options && 'width' in options ? 375 : 1280);
    await shot(opened.page, shotName);
    await opened.context.close();
  }
});

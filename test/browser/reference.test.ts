/**
 * The API reference at /docs in a real browser (headless Chromium against the real stack, with the
 * bundle the jest global setup built): served under its CSP with no violation, loading nothing
 * from another origin, and its try-it console answering a pasted test key with a 200 from this
 * server. Screenshots in light and dark go to test-output/screenshots/.
 */
import http from 'node:http';
import type { Page } from 'playwright-core';
import { useDashboard } from '../helpers/dashboard';

const dashboard = useDashboard('reference');
const { open } = dashboard;

const shot = (page: Page, name: string) => page.screenshot({ path: `test-output/screenshots/reference-${name}.png` });

/** The status of a GET sent with exactly these headers. */
function statusOf(url: string, headers: Record<string, string>): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => (res.resume(), resolve(res.statusCode))).on('error', reject);
  });
}

/** Every URL the page requests, to show that it reaches no origin but ours. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  return urls;
}

test('GET /docs serves our own bundle under a CSP that allows no foreign origin and no inline script', async () => {
  const res = await fetch(`${dashboard.api.url}/docs`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('<script type="module" src="/docs/reference.js"></script>');
  expect(html).not.toMatch(/https?:\/\//);
  const csp = res.headers.get('content-security-policy') ?? '';
  for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  const script = await fetch(`${dashboard.api.url}/docs/reference.js`);
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toContain('javascript');
  const styles = await fetch(`${dashboard.api.url}/docs/reference.css`);
  expect(styles.headers.get('content-type')).toContain('text/css');
});

test('the bundle is revalidated by its ETag and sent gzipped to a client that takes gzip', async () => {
  const url = `${dashboard.api.url}/docs/reference.js`;
  const identity = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  expect(identity.headers.get('content-encoding')).toBeNull();
  const bytes = Buffer.from(await identity.arrayBuffer());
  const etag = identity.headers.get('etag')!;
  expect(etag).toMatch(/^"[\w-]{32}"$/);

  const gzipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzipped.headers.get('content-encoding')).toBe('gzip');
  expect(gzipped.headers.get('vary')).toContain('accept-encoding');
  expect(Buffer.from(await gzipped.arrayBuffer()).equals(bytes)).toBe(true);

  // As a browser revalidates; fetch() adds `cache-control: no-cache` to a request with If-None-Match, asking for the whole file.
  expect(await statusOf(url, { 'if-none-match': etag })).toBe(304);
  expect(await statusOf(url, { 'if-none-match': '"another"' })).toBe(200);
});

test('the try-it console sends GET /usage with a pasted test key to this server and shows its 200', async () => {
  const key = await dashboard.tenant.key(undefined, { mode: 'test' });
  expect(key).toMatch(/^rb_test_/);
  const { context, page } = await open({ colorScheme: 'light' });
  const urls = requestsOf(page);
  await page.goto(`${dashboard.api.url}/docs`);
  await page.getByRole('heading', { name: 'Voice Agent Platform API' }).waitFor();
  await shot(page, 'light');

  await page.getByPlaceholder('Token').first().fill(key);
  await page.getByRole('button', { name: 'Open Group - Usage' }).click();
  await page.getByText('Credits, plan limits and what is used of them').first().click();
  await page.getByRole('button', { name: /Test Request.*get \/usage/ }).click();
  const sent = page.waitForResponse((res) => res.url() === `${dashboard.api.url}/api/v1/usage`);
  await page.getByRole('button', { name: `Send get request to ${dashboard.api.url}/api/v1/usage` }).click();
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(await answer.request().headerValue('authorization')).toBe(`Bearer ${key}`);
  expect((await answer.json()).organization.id).toBe(String(dashboard.tenant.organizationId));
  // The console shows the answer's status and body.
  await page.getByText('200 OK').first().waitFor();
  await page.getByText(String(dashboard.tenant.organizationId)).first().waitFor();
  await shot(page, 'try-it');

  expect(urls.filter((url) => !url.startsWith(`${dashboard.api.url}/`) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
  await context.close();
});

test('dark mode follows the reader’s preference', async () => {
  const { context, page } = await open({ colorScheme: 'dark' });
  await page.goto(`${dashboard.api.url}/docs`);
  await page.getByRole('heading', { name: 'Voice Agent Platform API' }).waitFor();
  expect(await page.evaluate(() => (globalThis as unknown as { document: { body: { className: string } } }).document.body.className)).toContain('dark-mode');
  await shot(page, 'dark');
  await context.close();
});

test('the dashboard’s navigation and the document’s description link to the reference', async () => {
  const { context, page } = await open();
  await dashboard.signIn(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API reference' }).click();
  await page.getByRole('heading', { name: 'Voice Agent Platform API' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/docs');
  await context.close();

  const doc = (await (await fetch(`${dashboard.api.url}/api/v1/openapi.json`)).json()) as { info: { description: string } };
  expect(doc.info.description).toContain(`(${dashboard.api.config.publicBaseUrl}/docs)`);
});

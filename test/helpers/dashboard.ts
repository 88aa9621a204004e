/**
 * What the dashboard's browser tests share: the stack (API, worker, a tenant), headless Chromium
 * (Debian's `chromium`, driven by playwright-core), pages that record every console error, page
 * error, CSP violation and 5xx answer (each test must end with none), sign-in and screenshots to
 * test-output/screenshots/. `useDashboard` registers the jest hooks of a test file.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTenant, startApi, type Tenant } from './app';
import { uniqueName } from './servers';
import { runWorker, type RunningWorker } from './worker';

// Functions given to page.evaluate run in the browser; this names its document for the compiler only.
declare const document: { addEventListener(type: string, listener: (e: { violatedDirective: string; blockedURI: string }) => void): void };

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(__dirname, '../../test-output/screenshots');

export interface Dashboard {
  api: Awaited<ReturnType<typeof startApi>>;
  tenant: Tenant;
  browser: Browser;
  /** A fresh browser context (its own sessionStorage) watching for problems. */
  open(options?: { colorScheme?: 'light' | 'dark'; width?: number; timezoneId?: string }): Promise<{ context: BrowserContext; page: Page }>;
  signIn(page: Page, email?: string, password?: string): Promise<void>;
  /** A fresh context signed in as the tenant's admin, on the page of `hash` (`/agents/<id>`). */
  at(hash: string, options?: Parameters<Dashboard['open']>[0]): Promise<{ context: BrowserContext; page: Page }>;
  /** A dashboard session token of the tenant's admin, for the API calls a test makes itself. */
  adminSession(): Promise<string>;
  shot(page: Page, name: string): Promise<unknown>;
}

export function useDashboard(
  name: string,
  options: { creditMinutes?: number; tenantName?: string; browserArgs?: string[]; env?: Record<string, string> } = {},
): Dashboard {
  const env: Record<string, string> & { TEMPORAL_TASK_QUEUE: string } = {
    TEMPORAL_TASK_QUEUE: uniqueName(name),
    SIMULATED_CALL_PACE_MS: '50',
    RING_TIMEOUT_SECONDS: '2',
    ...options.env,
  };
  const problems: string[] = [];
  let worker: RunningWorker;
  const dashboard = {} as Dashboard;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    dashboard.api = await startApi(name, env);
    // The simulated audio line's phone, in the worker, dials the API where it listens.
    worker = await runWorker(env.SIMULATED_LINE === 'audio' ? { ...env, PUBLIC_BASE_URL: dashboard.api.url } : env);
    dashboard.tenant = await createTenant({ name: options.tenantName ?? 'Acme Support', creditMinutes: options.creditMinutes ?? 120 });
    dashboard.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', ...(options.browserArgs ?? [])] });
  }, 120_000);
  afterAll(async () => {
    await dashboard.browser?.close();
    await worker?.stop();
    await dashboard.api?.close();
  });
  afterEach(() => {
    expect(problems).toEqual([]);
    problems.length = 0;
  });

  dashboard.shot = (page, shotName) => page.screenshot({ path: path.join(SCREENSHOTS, `dashboard-${shotName}.png`), fullPage: true });

  dashboard.open = async ({ colorScheme = 'light', width = 1280, timezoneId } = {}) => {
    const context = await dashboard.browser.newContext({
      colorScheme,
      viewport: { width, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
      ...(timezoneId ? { timezoneId } : {}),
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      // A 4xx is an answer the app shows (a field's error, a route not on this server); Chromium logs each as a console error.
      if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('response', (res) => {
      if (res.status() >= 500) problems.push(`${res.status()} ${res.request().method()} ${res.url()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    return { context, page };
  };

  dashboard.signIn = async (page, email = dashboard.tenant.adminEmail, password = dashboard.tenant.adminPassword) => {
    await page.goto(`${dashboard.api.url}/dashboard`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  };

  dashboard.at = async (hash, options = {}) => {
    const opened = await dashboard.open(options);
    await dashboard.signIn(opened.page);
    await opened.page.goto(`${dashboard.api.url}/dashboard#${hash}`);
    return opened;
  };

  dashboard.adminSession = async () => {
    const res = await dashboard.api.call('POST', '/api/v1/dashboard/sessions', {
      body: { email: dashboard.tenant.adminEmail, password: dashboard.tenant.adminPassword },
    });
    return res.body.token as string;
  };

  return dashboard;
}

/**
 * An action that cannot be undone, walked as `ConfirmButton` asks it: opened, kept by keyboard
 * (the focus on the way back, then back on the button, and `unchanged` holds), then confirmed.
 */
export async function askedTwice(
  dashboard: Dashboard,
  page: Page,
  step: { first: string; keep: string; confirm: string; consequence?: string; screenshot: string; unchanged: () => Promise<void> },
) {
  await page.getByRole('button', { name: step.first }).click();
  if (step.consequence) await page.getByText(step.consequence).waitFor();
  await dashboard.shot(page, step.screenshot);
  expect(await page.locator(':focus').textContent()).toBe(step.keep);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: step.first }).waitFor();
  expect(await page.locator(':focus').textContent()).toBe(step.first);
  await step.unchanged();
  await page.getByRole('button', { name: step.first }).click();
  await page.getByRole('button', { name: step.confirm }).click();
}

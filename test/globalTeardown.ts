/** Stops what test/globalSetup.ts started; jest runs this after failing tests too. */
export default async function globalTeardown(): Promise<void> {
  await Promise.allSettled((globalThis.__testServers ?? []).map((server) => server.stop()));
}

import { ProviderFailure } from '../../providers/errors';

/** The rejection of `promise`, which must be a ProviderFailure (a session that cannot run, on any retry). */
export async function providerFailureOf(promise: Promise<unknown>): Promise<ProviderFailure> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderFailure);
  return err as ProviderFailure;
}

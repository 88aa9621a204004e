import { ApplicationFailure } from '@temporalio/common';

/** The rejection of `promise`, which must be a non-retryable ApplicationFailure (a session that cannot run). */
export async function nonRetryableFailureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApplicationFailure);
  expect((err as ApplicationFailure).nonRetryable).toBe(true);
  return err as ApplicationFailure;
}

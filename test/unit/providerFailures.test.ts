/** Providers raise their own failures; the worker's activity interceptor hands them to Temporal as final. */
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityExecuteInput } from '@temporalio/worker';
import { ProviderFailure } from '../../providers/errors';
import { ProviderFailureInterceptor, activityInterceptors } from '../../worker/failures';

const input = {} as ActivityExecuteInput;

test("an activity's ProviderFailure leaves it as a non-retryable failure of the same type and message", async () => {
  const thrown = await new ProviderFailureInterceptor()
    .execute(input, () => Promise.reject(new ProviderFailure('byok_credentials_missing', 'organization o has no verified LLM credential')))
    .catch((err: unknown) => err);
  expect(thrown).toBeInstanceOf(ApplicationFailure);
  expect(thrown).toMatchObject({ type: 'byok_credentials_missing', nonRetryable: true, message: 'organization o has no verified LLM credential' });
});

test('any other failure is left to the retry policy, unchanged', async () => {
  const vendorDown = new Error('mistral request failed with 503');
  await expect(new ProviderFailureInterceptor().execute(input, () => Promise.reject(vendorDown))).rejects.toBe(vendorDown);
  await expect(new ProviderFailureInterceptor().execute(input, () => Promise.resolve('done'))).resolves.toBe('done');
});

test("the worker's activities run behind the interceptor", () => {
  const [factory] = activityInterceptors.activity;
  expect(factory!().inbound).toBeInstanceOf(ProviderFailureInterceptor);
});

/**
 * Providers raise their own errors, and Temporal's failures are the worker's business: an
 * activity's ProviderFailure (no key, no byok credential, a request the vendor refused for good)
 * leaves the activity as a non-retryable failure of the same type, since a retry would meet the
 * same refusal. Anything else is left to the activity's retry policy.
 */
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityExecuteInput, ActivityInboundCallsInterceptor, Next } from '@temporalio/worker';
import { ProviderFailure } from '../providers/errors';

export function toTemporalFailure(err: unknown): unknown {
  return err instanceof ProviderFailure ? ApplicationFailure.create({ message: err.message, type: err.type, nonRetryable: true, cause: err }) : err;
}

export class ProviderFailureInterceptor implements ActivityInboundCallsInterceptor {
  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    try {
      return await next(input);
    } catch (err) {
      throw toTemporalFailure(err);
    }
  }
}

/** The worker's activity interceptors, for Worker.create's `interceptors`. */
export const activityInterceptors = { activity: [() => ({ inbound: new ProviderFailureInterceptor() })] };

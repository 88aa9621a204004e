/** How a workflow refuses an update: a non-retryable failure whose type the API maps to its error. */
import { ApplicationFailure } from '@temporalio/workflow';
import { FailureType } from './definitions';

export const refusal = (type: FailureType, message: string) => ApplicationFailure.create({ type, message, nonRetryable: true });

/** From a validator: the workflow's state does not allow the update (the API's 409). */
export function refuse(message: string): never {
  throw refusal(FailureType.invalidState, message);
}

import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { isDatabaseUnavailable } from '../models/connection';
import { ProviderFailure } from '../providers/errors';
import { LlmAnalysisError } from '../providers/llm/interface';
import { ANALYSIS_MAX_ATTEMPTS } from '../workflows/definitions';

/** A report whose analysis could not be produced: it says why, with nothing made up. */
export interface FailedAnalysis {
  analysisStatus: 'failed';
  analysisError: string;
}

/**
 * An analysis that no retry can produce: the model kept answering invalid JSON, or the vendor (or
 * the session's key) refused for good, or the vendor kept failing (429, 5xx, timeouts) through
 * every attempt the workflow gives the activity.
 */
function isFinal(err: unknown): err is Error {
  if (err instanceof LlmAnalysisError || err instanceof ProviderFailure || (err instanceof ApplicationFailure && err.nonRetryable === true)) return true;
  // The database out of reach (a byok key is read from it) is retried until it is back.
  return err instanceof Error && !isDatabaseUnavailable(err) && Context.current().info.attempt >= ANALYSIS_MAX_ATTEMPTS;
}

/**
 * Runs an analysis inside an analysis activity. A failure a retry may mend is thrown, so Temporal
 * retries the activity; a final one becomes a failed analysis, so the report is final rather than
 * pending for ever and the workflow never fails on it.
 */
export async function analysisOrFailure<T>(analyze: () => Promise<T>): Promise<T | FailedAnalysis> {
  try {
    return await analyze();
  } catch (err) {
    if (!isFinal(err)) throw err;
    return { analysisStatus: 'failed', analysisError: err.message };
  }
}

/** What every workflow shares: search attributes, the failure types its messages are refused with, analysis attempts. */
import { ActivityFailure, ApplicationFailure, defineSearchAttributeKey } from '@temporalio/common';

/**
 * Custom search attributes, registered on the dev server at start (scripts/stack.ts) and by
 * `temporal operator search-attribute create` on other clusters. @temporalio/common is the pure
 * module @temporalio/workflow itself builds on.
 */
export const searchAttributes = {
  organizationId: defineSearchAttributeKey('OrganizationId', 'KEYWORD'),
  agentId: defineSearchAttributeKey('AgentId', 'KEYWORD'),
  campaignId: defineSearchAttributeKey('CampaignId', 'KEYWORD'),
  externalRef: defineSearchAttributeKey('ExternalRef', 'KEYWORD'),
} as const;

/**
 * `ApplicationFailure.type` of every refusal a workflow sends back to the API, and of the final
 * failure of an activity whose agent was deleted. The API maps each to its error in one place
 * (api/temporal.ts); nothing else spells these strings.
 */
export const FailureType = {
  /** The workflow's state does not allow the update (a 409 `INVALID_STATE_TRANSITION`). */
  invalidState: 'invalid_state',
  /** The interview's turn is held by another (a reply being produced): a 409 `INVALID_STATE_TRANSITION` too, but one that passes. */
  turnBusy: 'turn_busy',
  /** A campaign's recipients were already imported. */
  alreadyImported: 'already_imported',
  /** A campaign launched before its recipients were imported. */
  noRecipients: 'no_recipients',
  /** The carrier refused the dial for good: the number cannot be called. */
  carrierRejected: 'carrier_rejected',
  /** The carrier could not take the dial now. */
  carrierUnavailable: 'carrier_unavailable',
  /** The API had abandoned the dial before it started: nothing was dialled, and never will be. */
  dialAbandoned: 'dial_abandoned',
  /** The organization had no credit minute left to hold for the call: nothing was dialled. */
  insufficientCredits: 'insufficient_credits',
  /** An activity found the conversation's agent deleted (agentDeletedFailure). */
  agentDeleted: 'agent_deleted',
} as const;
export type FailureType = (typeof FailureType)[keyof typeof FailureType];

/**
 * How an activity fails that found its conversation's agent deleted: for good, since no retry
 * brings the agent back, and the workflow handles it (isAgentDeleted) rather than failing or
 * retrying for ever.
 */
export const agentDeletedFailure = (message: string) => ApplicationFailure.create({ type: FailureType.agentDeleted, message, nonRetryable: true });

/** The activity failed with agentDeletedFailure. */
export function isAgentDeleted(err: unknown): boolean {
  // An activity's failure comes wrapped in an ActivityFailure; a local activity's, as it was thrown.
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure && cause.type === FailureType.agentDeleted;
}

/**
 * Why a conversation that ended has no report, and never will: `agent_deleted`, its agent was
 * deleted before the analysis could read it. Recorded in the read model, where the report route finds it.
 */
export type ReportUnavailable = 'agent_deleted';

/**
 * Attempts of a call's or interview's analysis activity after which the model's failure is final:
 * that attempt records a failed report rather than failing, so a vendor that keeps failing never
 * leaves a report pending for ever. The activity itself has no maximum: an unreachable database is
 * retried until it is back.
 */
export const ANALYSIS_MAX_ATTEMPTS = 5;

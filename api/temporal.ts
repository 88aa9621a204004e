/**
 * Everything the API sends to a workflow, in one place: each start, update-with-start, update and
 * signal, typed by the workflow's definitions, bounded by a deadline, and with the one mapping from
 * a workflow's refusal to the API's errors. Routes never hold a Temporal handle.
 *
 * With no worker on the task queue Temporal holds an update open for ever, so every message waits
 * at most its deadline, then answers 504: `DIAL_TIMEOUT` or `CREATE_TIMEOUT` when what was being
 * created is abandoned, `ACTION_TIMEOUT` when the message may still take effect. An action that
 * has a signal of its own (a hangup; a campaign's pause, resume or cancel; a candidate's end) is
 * then sent again as the signal, which, unlike an update, Temporal writes to the history at once.
 */
import {
  Connection,
  defaultGrpcRetryOptions,
  isGrpcDeadlineError,
  isGrpcServiceError,
  makeGrpcRetryInterceptor,
  WithStartWorkflowOperation,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type Client,
  type WorkflowHandle,
} from '@temporalio/client';
import { ApplicationFailure, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type SignalDefinition, type Workflow } from '@temporalio/common';
import type { Config } from '../config';
import { anyCause } from '../lib/cause';
import { temporalChannelArgs } from '../lib/temporalChannel';
import {
  callAbandonSignal,
  callCarrierEventSignal,
  callDialUpdate,
  callHangupSignal,
  callHangupUpdate,
  callWorkflowId,
  callWorkflowType,
  campaignArchiveUpdate,
  campaignCancelSignal,
  campaignCancelUpdate,
  campaignEditUpdate,
  campaignLaunchUpdate,
  campaignPauseSignal,
  campaignPauseUpdate,
  campaignResumeSignal,
  campaignResumeUpdate,
  campaignSetRecipientsUpdate,
  campaignWorkflowId,
  campaignWorkflowType,
  FailureType,
  interviewCandidateEndSignal,
  interviewEndUpdate,
  interviewLinkUpdate,
  interviewMessageUpdate,
  interviewOpenUpdate,
  interviewSilentUpdate,
  interviewStartUpdate,
  interviewVoiceTurnDoneUpdate,
  interviewVoiceTurnMoreUpdate,
  interviewVoiceTurnRenewUpdate,
  interviewVoiceTurnUpdate,
  interviewWorkflowId,
  interviewWorkflowType,
  searchAttributes,
  type CallInput,
  type CallWorkflow,
  type CampaignEdit,
  type CampaignInput,
  type CampaignState,
  type CampaignWorkflow,
  type CarrierEvent,
  type InterviewInput,
  type InterviewReply,
  type InterviewWorkflow,
  type VoiceTurnDone,
  type VoiceTurnSlot,
  type ZoneCount,
} from '../workflows/definitions';
import {
  actionRecorded,
  actionTimeout,
  carrierRejected,
  carrierUnavailable,
  createTimeout,
  dialTimeout,
  insufficientCredits,
  interviewAgentDeleted,
  invalidStateTransition,
  noRecipients,
  recipientsAlreadyImported,
  type ApiError,
} from './errors';

/** A campaign's actions; a launch has no signal, as nothing but the API launches a campaign. */
const CAMPAIGN_ACTIONS = {
  launch: { update: campaignLaunchUpdate, signal: undefined },
  pause: { update: campaignPauseUpdate, signal: campaignPauseSignal },
  resume: { update: campaignResumeUpdate, signal: campaignResumeSignal },
  cancel: { update: campaignCancelUpdate, signal: campaignCancelSignal },
} as const;
export type CampaignAction = keyof typeof CAMPAIGN_ACTIONS;

/** How long ending an abandoned workflow (or recording an unconfirmed action) may take. */
const ABANDON_DEADLINE_MS = 5_000;
/** How often a voice turn asks again for an interview's turn held by another. */
const TURN_BUSY_RETRY_MS = 500;

/** gRPC's status code for a server that cannot be reached (connection refused or lost). */
const GRPC_UNAVAILABLE = 14;

/**
 * The API's connection to Temporal. The client's default retries an unreachable server for about
 * 20 s, as long as a request's whole deadline: six attempts (about 3 s of backoff) ride out a blip,
 * and past them the request answers 503 at once rather than 504 at its deadline. It reconnects
 * after an outage as every client of ours does (lib/temporalChannel.ts): the API answers 503, and
 * /readyz is not ready, for about 2 s after Temporal's return, not the 11 s of gRPC's default.
 */
export function connectTemporal(address: string): Promise<Connection> {
  return Connection.connect({
    address,
    interceptors: [makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: 6 }))],
    channelArgs: temporalChannelArgs,
  });
}

/** True when the client could not reach Temporal (the client keeps the gRPC error as `cause`). */
export const isTemporalUnavailable = (err: unknown) => anyCause(err, (e) => isGrpcServiceError(e) && e.code === GRPC_UNAVAILABLE);

/**
 * A workflow's refusal as the API's error; anything else unchanged. `closed` says why a workflow
 * that has finished (so that Temporal no longer finds it) refuses; without it that stays an error
 * for the caller to handle.
 */
function refusal(err: unknown, closed: string | undefined): unknown {
  if (err instanceof WorkflowNotFoundError) return closed === undefined ? err : invalidStateTransition(closed);
  const cause = err instanceof WorkflowUpdateFailedError ? err.cause : undefined;
  if (!(cause instanceof ApplicationFailure)) return err;
  switch (cause.type) {
    case FailureType.alreadyImported:
      return recipientsAlreadyImported();
    case FailureType.noRecipients:
      return noRecipients();
    case FailureType.carrierRejected:
      return carrierRejected(cause.message);
    case FailureType.carrierUnavailable:
      return carrierUnavailable(cause.message);
    case FailureType.insufficientCredits:
      return insufficientCredits();
    case FailureType.agentDeleted:
      return interviewAgentDeleted();
    default:
      // `invalid_state`, `turn_busy`, or Temporal's own refusal of an update its workflow closed before finishing.
      return invalidStateTransition(cause.message);
  }
}

const isTurnBusy = (err: unknown) =>
  err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === FailureType.turnBusy;

const isDeadline = (err: unknown) => err instanceof WorkflowUpdateRPCTimeoutOrCancelledError || isGrpcDeadlineError(err);

/** The search attributes operators filter by, from a workflow's input; empty ones are left out. */
function searchAttributesOf(input: { organizationId: string; agentId: string; externalRef?: string; campaignId?: string | null }) {
  return [
    { key: searchAttributes.organizationId, value: input.organizationId },
    { key: searchAttributes.agentId, value: input.agentId },
    ...(input.externalRef ? [{ key: searchAttributes.externalRef, value: input.externalRef }] : []),
    ...(input.campaignId ? [{ key: searchAttributes.campaignId, value: input.campaignId }] : []),
  ];
}

export class Workflows {
  private readonly deadlines: { dial: number; action: number; turn: number; lease: number };

  constructor(
    private readonly client: Client,
    private readonly config: Config,
  ) {
    this.deadlines = {
      dial: config.calls.dialTimeoutSeconds,
      action: config.temporal.actionTimeoutSeconds,
      turn: config.interviews.turnTimeoutSeconds,
      lease: config.interviews.turnLeaseSeconds,
    };
  }

  /**
   * Starts the call and answers once the carrier accepted the dial (`placed`); a dial not confirmed
   * in time is abandoned. A call id already started (a retry of a keyed request whose first try the
   * API lost) is never started again: a running call answers with its dial's outcome, a finished
   * one with how its dial ended, and one whose dial the API had abandoned before it began is
   * `abandoned`: nothing was dialled under that id, nor ever will be.
   */
  async placeCall(input: CallInput): Promise<'placed' | 'abandoned'> {
    const workflowId = callWorkflowId(input.callId);
    const start = new WithStartWorkflowOperation<CallWorkflow>(callWorkflowType, {
      ...this.startOptions(workflowId, input),
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [input],
    });
    const dialled = async (): Promise<'placed' | 'abandoned'> => {
      try {
        await this.client.workflow.executeUpdateWithStart(callDialUpdate, { startWorkflowOperation: start });
        return 'placed';
      } catch (err) {
        const cause = err instanceof WorkflowUpdateFailedError ? err.cause : undefined;
        if (cause instanceof ApplicationFailure && cause.type === FailureType.dialAbandoned) return 'abandoned';
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        const ended = await this.call(input.callId).result();
        if (ended.abandoned) return 'abandoned';
        if (ended.refused === 'insufficient_credits') throw insufficientCredits();
        if (ended.refused)
          throw (ended.refused === 'rejected' ? carrierRejected : carrierUnavailable)('The carrier refused this call when it was first placed.');
        return 'placed';
      }
    };
    return this.within(this.deadlines.dial, dialled, {
      // No worker took the call in time, or the carrier hangs.
      timedOut: this.abandoning(
        () => this.abandonDial(input),
        () => dialTimeout(this.deadlines.dial),
      ),
    });
  }

  /**
   * Tells the call's workflow that nobody waits for its dial any more. Not a termination: a dial
   * already in the carrier's hands may still be accepted, and only the workflow can hang that call
   * up. Sent with start, so a start still on its way to the server finds the signal and never dials;
   * a run that has already finished is left alone.
   */
  private abandonDial(input: CallInput) {
    return this.client.workflow.signalWithStart<CallWorkflow, []>(callWorkflowType, {
      ...this.startOptions(callWorkflowId(input.callId), input),
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [input],
      signal: callAbandonSignal,
    });
  }

  /**
   * `closed` is the 409's message when the call's workflow has already finished. A hangup the
   * workflow does not confirm in time is sent again as its signal: an update nobody waits for any
   * more lives only in the server's memory until a worker takes it, and is lost if the server drops
   * the workflow from its cache first, while a signal is written to the history at once.
   */
  async hangupCall(callId: string, closed: string): Promise<void> {
    const handle = this.call(callId);
    await this.within(this.deadlines.action, () => handle.executeUpdate(callHangupUpdate), {
      closed,
      timedOut: this.unconfirmed(handle, 'call', this.deadlines.action, callHangupSignal),
    });
  }

  /**
   * Hands the carrier's events to the call's workflow, in order (none: checks it exists). False
   * when the workflow has finished: late and repeated events change nothing then.
   */
  async sendCarrierEvents(callId: string, events: CarrierEvent[]): Promise<boolean> {
    const handle = this.call(callId);
    try {
      await this.within(
        this.deadlines.action,
        async () => {
          for (const event of events) await handle.signal(callCarrierEventSignal, event);
          if (events.length === 0) await handle.describe();
        },
        { timedOut: () => actionTimeout(this.deadlines.action, 'call') },
      );
      return true;
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return false;
      throw err;
    }
  }

  /** Starts the campaign in draft; one not started in time is abandoned. */
  async startCampaign(input: CampaignInput): Promise<void> {
    const workflowId = campaignWorkflowId(input.campaignId);
    await this.within(
      this.deadlines.action,
      () => this.client.workflow.start<CampaignWorkflow>(campaignWorkflowType, { ...this.startOptions(workflowId, input), args: [input] }),
      {
        timedOut: this.abandoning(this.terminate(workflowId, 'POST /campaigns gave up waiting for the start'), () =>
          createTimeout(this.deadlines.action, 'campaign'),
        ),
      },
    );
  }

  /**
   * Starts an inbound call's workflow, its call already answered and recorded. A repeated start (the
   * carrier's webhook retried) finds the workflow the first one started.
   */
  async answerCall(input: CallInput): Promise<void> {
    const workflowId = callWorkflowId(input.callId);
    await this.within(
      this.deadlines.action,
      () =>
        this.client.workflow.start<CallWorkflow>(callWorkflowType, {
          ...this.startOptions(workflowId, input),
          workflowIdConflictPolicy: 'USE_EXISTING',
          args: [input],
        }),
      {
        timedOut: () => actionTimeout(this.deadlines.action, 'call'),
      },
    );
  }

  /**
   * A launch, pause, resume or cancel. Like every campaign update, it answers once the resulting
   * state is in the read model; `closed` is the 409's message once the workflow has finished. A
   * pause, resume or cancel not confirmed in time is recorded as its signal, as a call's hangup is.
   */
  async campaignAction(campaignId: string, action: CampaignAction, closed: string): Promise<void> {
    const { update, signal } = CAMPAIGN_ACTIONS[action];
    await this.updateCampaign(campaignId, closed, (h) => h.executeUpdate(update), signal);
  }

  async editCampaign(campaignId: string, edit: CampaignEdit, closed: string): Promise<void> {
    await this.updateCampaign(campaignId, closed, (h) => h.executeUpdate(campaignEditUpdate, { args: [edit] }));
  }

  /** The import's count, its do-not-call recipients (final at once) and each zone's first-attempt lane. */
  async setRecipients(campaignId: string, recipients: { total: number; suppressed: number; zones: ZoneCount[] }, closed: string): Promise<void> {
    await this.updateCampaign(campaignId, closed, (h) => h.executeUpdate(campaignSetRecipientsUpdate, { args: [recipients] }));
  }

  /** Archives through the workflow while it runs; `closed` when it has finished and only the read model is left to archive. */
  async archiveCampaign(campaignId: string): Promise<'archived' | 'closed'> {
    try {
      await this.updateCampaign(campaignId, undefined, (h) => h.executeUpdate(campaignArchiveUpdate));
      return 'archived';
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return 'closed';
      throw err;
    }
  }

  /** Starts the interview and answers once `created` is in the read model; one not confirmed in time is abandoned. */
  async openInterview(input: InterviewInput): Promise<void> {
    const workflowId = interviewWorkflowId(input.interviewId);
    const start = new WithStartWorkflowOperation<InterviewWorkflow>(interviewWorkflowType, { ...this.startOptions(workflowId, input), args: [input] });
    await this.within(this.deadlines.action, () => this.client.workflow.executeUpdateWithStart(interviewOpenUpdate, { startWorkflowOperation: start }), {
      // Its link would be in the answer that is not given: nobody could ever use it.
      timedOut: this.abandoning(this.terminate(workflowId, 'POST /interviews gave up waiting for the workflow'), () =>
        createTimeout(this.deadlines.action, 'interview'),
      ),
    });
  }

  /** The candidate starts; answers once the agent's opening turn is stored. */
  async startInterview(interviewId: string): Promise<void> {
    await this.updateInterview(interviewId, this.deadlines.turn, (h) => h.executeUpdate(interviewStartUpdate));
  }

  /** Waits for the agent's reply: a turn retries a failing model before the workflow gives up, and the deadline outlasts that. */
  sendCandidateMessage(interviewId: string, text: string): Promise<InterviewReply> {
    return this.updateInterview(interviewId, this.deadlines.turn, (h) => h.executeUpdate(interviewMessageUpdate, { args: [text] }));
  }

  /** The candidate's end; not confirmed in time, it is recorded as the `candidateEnd` signal, as a call's hangup is. */
  endInterview(interviewId: string): Promise<{ reportId: string }> {
    return this.updateInterview(interviewId, this.deadlines.action, (h) => h.executeUpdate(interviewEndUpdate), interviewCandidateEndSignal, 'end');
  }

  /** A voice session's turn: its indices, the run held until `voiceTurnDone`, or INTERVIEW_TURN_LEASE_SECONDS after its last renewal. */
  reserveVoiceTurn(interviewId: string, candidate: boolean): Promise<VoiceTurnSlot> {
    const request = { candidate, leaseSeconds: this.deadlines.lease };
    // A turn held by another holder is waited for up to a lease: one whose process died (the candidate
    // reconnected to another) lapses by then, and the session goes on instead of ending on a refusal.
    const { lease, action } = this.deadlines;
    const freeBy = Date.now() + lease * 1000;
    const reserve = async (h: WorkflowHandle<InterviewWorkflow>): Promise<VoiceTurnSlot> => {
      for (;;) {
        try {
          return await h.executeUpdate(interviewVoiceTurnUpdate, { args: [request] });
        } catch (err) {
          if (!isTurnBusy(err) || Date.now() >= freeBy) throw err;
          await new Promise((resolve) => setTimeout(resolve, TURN_BUSY_RETRY_MS));
        }
      }
    };
    return this.updateInterview(interviewId, lease + action, reserve);
  }

  /** One more position for the voice turn holding the run at `heldIndex`; its lease moves there. */
  moreVoiceTurn(interviewId: string, heldIndex: number): Promise<{ index: number }> {
    const request = { heldIndex, leaseSeconds: this.deadlines.lease };
    return this.updateInterview(interviewId, this.deadlines.action, (h) => h.executeUpdate(interviewVoiceTurnMoreUpdate, { args: [request] }));
  }

  /** The voice turn holding the run at `heldIndex` is still being produced: its lease runs again from now. */
  renewVoiceTurn(interviewId: string, heldIndex: number): Promise<void> {
    const request = { heldIndex, leaseSeconds: this.deadlines.lease };
    return this.updateInterview(interviewId, this.deadlines.action, (h) => h.executeUpdate(interviewVoiceTurnRenewUpdate, { args: [request] }));
  }

  voiceTurnDone(interviewId: string, done: VoiceTurnDone): Promise<{ reportId: string | null }> {
    return this.updateInterview(interviewId, this.deadlines.action, (h) => h.executeUpdate(interviewVoiceTurnDoneUpdate, { args: [done] }));
  }

  /** A fresh hosted link: the workflow writes its capability's hash, which the old link's no longer matches; answers with the link's expiry. */
  reissueInterviewLink(interviewId: string, capabilityHash: string): Promise<{ expiresAt: string }> {
    return this.updateInterview(interviewId, this.deadlines.action, (h) => h.executeUpdate(interviewLinkUpdate, { args: [capabilityHash] }));
  }

  /** The voice session ended on the candidate's silence (`candidate_silent`). */
  candidateSilent(interviewId: string): Promise<{ reportId: string }> {
    return this.updateInterview(interviewId, this.deadlines.action, (h) => h.executeUpdate(interviewSilentUpdate));
  }

  private call = (callId: string) => this.client.workflow.getHandle<CallWorkflow>(callWorkflowId(callId));

  private startOptions(workflowId: string, input: Parameters<typeof searchAttributesOf>[0]) {
    return {
      workflowId,
      taskQueue: this.config.temporal.taskQueue,
      workflowIdConflictPolicy: 'FAIL' as const,
      typedSearchAttributes: searchAttributesOf(input),
    };
  }

  private updateCampaign(
    campaignId: string,
    closed: string | undefined,
    send: (h: WorkflowHandle<CampaignWorkflow>) => Promise<CampaignState>,
    signal?: SignalDefinition,
  ) {
    const handle = this.client.workflow.getHandle<CampaignWorkflow>(campaignWorkflowId(campaignId));
    return this.within(this.deadlines.action, () => send(handle), { closed, timedOut: this.unconfirmed(handle, 'campaign', this.deadlines.action, signal) });
  }

  private updateInterview<R>(
    interviewId: string,
    seconds: number,
    send: (h: WorkflowHandle<InterviewWorkflow>) => Promise<R>,
    signal?: SignalDefinition,
    action?: string,
  ) {
    const handle = this.client.workflow.getHandle<InterviewWorkflow>(interviewWorkflowId(interviewId));
    return this.within(seconds, () => send(handle), {
      closed: 'This interview is over.',
      timedOut: this.unconfirmed(handle, 'interview', seconds, signal, action),
    });
  }

  /** Sends within `seconds`, past which the answer is `timedOut`'s error; a refusal becomes its API error. */
  private async within<R>(seconds: number, send: () => Promise<R>, on: { closed?: string; timedOut: () => ApiError | Promise<ApiError> }): Promise<R> {
    try {
      return await this.client.withDeadline(Date.now() + seconds * 1000, send);
    } catch (err) {
      if (isDeadline(err)) throw await on.timedOut();
      throw refusal(err, on.closed);
    }
  }

  /**
   * What a timed-out start answers, once `end` has told the workflow that nobody waits for it (a
   * termination, or the call's abandon signal), so no worker acts on it later behind the client's
   * back. A server that does not answer in time leaves the workflow as it is.
   */
  private abandoning(end: () => Promise<unknown>, error: () => ApiError) {
    return async () => {
      await this.client.withDeadline(Date.now() + ABANDON_DEADLINE_MS, end).catch(() => undefined);
      return error();
    };
  }

  /**
   * The 504 of an action not confirmed within `seconds`. With `signal` (the action `action` names,
   * its own name unless given), the action is first sent again as the signal, which Temporal writes
   * to the history at once, and the answer says it is recorded, unless the server did not take it.
   */
  private unconfirmed(handle: WorkflowHandle, resource: 'call' | 'campaign' | 'interview', seconds: number, signal?: SignalDefinition, action?: string) {
    return async () => {
      if (signal) {
        const sent = await this.client
          .withDeadline(Date.now() + ABANDON_DEADLINE_MS, () => handle.signal(signal))
          .then(
            () => true,
            () => false,
          );
        if (sent) return actionRecorded(seconds, resource, action ?? signal.name);
      }
      return actionTimeout(seconds, resource);
    };
  }

  private terminate(workflowId: string, reason: string) {
    return () => this.client.workflow.getHandle<Workflow>(workflowId).terminate(reason);
  }
}

import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { simulatedLineWorkflowId, simulatedLineHangupSignal, type SimulatedLineInput, type TransferResult } from '../../workflows/definitions';
import {
  CarrierRefusedError,
  NumberUnavailableError,
  type Carrier,
  type CarrierNumbers,
  type DialRequest,
  type NumberClaim,
  type TestCalls,
  type TransferRequest,
} from './interface';
import { isSimulatedInboundNumber, scenarioOf } from './testNumbers';

/**
 * The simulated carrier runs each call's line as a workflow of its own (`simline-<callId>`), so a
 * simulated call is as durable as the call it serves: it survives a worker restart mid-call.
 */
export class SimulatedCarrier implements Carrier, CarrierNumbers {
  readonly name = 'simulated';
  readonly dialTimeoutMs = 10_000;
  /** A retried dial finds the line its call's first dial started (USE_EXISTING). */
  readonly dialIsIdempotent = true;

  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly paceMs: number,
    /** SIMULATED_LINE=audio: answered calls talk over the API's media socket. */
    private readonly audio = false,
  ) {}

  async dial(request: DialRequest): Promise<{ carrierCallId: string }> {
    const scenario = scenarioOf(request.to);
    if (scenario === 'rejected') throw new CarrierRefusedError('rejected', `The carrier rejected ${request.to} (simulated test number).`);
    if (scenario === 'carrier_unavailable') throw new CarrierRefusedError('unavailable', 'The carrier is unavailable (simulated test number).');
    const input: SimulatedLineInput = { callId: request.callId, phoneNumber: request.to, paceMs: this.paceMs, ...(this.audio ? { audio: true } : {}) };
    const workflowId = simulatedLineWorkflowId(request.callId);
    // A retried dial finds the line it already started, so one that gave up is thrown to be retried.
    await this.client.withDeadline(Date.now() + this.dialTimeoutMs, () =>
      this.client.workflow.start('simulatedLineWorkflow', { workflowId, taskQueue: this.taskQueue, args: [input], workflowIdConflictPolicy: 'USE_EXISTING' }),
    );
    return { carrierCallId: workflowId };
  }

  /** The line a dial started for the call, if any: its workflow is the call on this carrier. */
  async findCall(request: { callId: string }): Promise<string | null> {
    const workflowId = simulatedLineWorkflowId(request.callId);
    try {
      await this.client.workflow.getHandle(workflowId).describe();
      return workflowId;
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return null;
      throw err;
    }
  }

  /** Numbers of the simulated range only (testNumbers.ts); nothing on a network to point. */
  async claimNumber({ phoneNumber }: { phoneNumber: string }): Promise<NumberClaim> {
    if (!isSimulatedInboundNumber(phoneNumber)) {
      throw new NumberUnavailableError(
        `The simulated carrier gives out only +44 113 496 0000 to 0999 (Ofcom's drama range); ${phoneNumber} is not one of them.`,
      );
    }
    return { carrierNumberId: phoneNumber, previousSettings: null };
  }

  async releaseNumber(): Promise<void> {}

  /** A test call's line is a workflow named after our call, like a dialled one: a retried ring finds it. */
  readonly testCalls: TestCalls = {
    carrierCallId: (callId) => simulatedLineWorkflowId(callId),
    ring: async ({ callId, from }) => {
      const input: SimulatedLineInput = { callId, phoneNumber: from, paceMs: this.paceMs, inbound: true, ...(this.audio ? { audio: true } : {}) };
      await this.client.workflow.start('simulatedLineWorkflow', {
        workflowId: simulatedLineWorkflowId(callId),
        taskQueue: this.taskQueue,
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
    },
  };

  /**
   * A cold transfer hands the caller over whoever is there, as a redirect does; a warm one reaches
   * the person its test number plays (+442079460030 answers, 0031 never does, 0032 is busy).
   */
  async transfer({ to, mode }: TransferRequest): Promise<TransferResult> {
    if (mode === 'cold') return { outcome: 'connected' };
    switch (scenarioOf(to)) {
      case 'never_answers':
      case 'transfer_never_answers':
        return { outcome: 'failed', reason: 'no_answer', message: `${to} did not answer` };
      case 'busy':
      case 'transfer_busy':
        return { outcome: 'failed', reason: 'busy', message: `${to} is busy` };
      case 'fails':
      case 'rejected':
      case 'carrier_unavailable':
        return { outcome: 'failed', reason: 'failed', message: `the dial to ${to} failed (simulated test number)` };
    }
    return { outcome: 'connected' };
  }

  /** The line's callee reads the keys from the transcript's keypad turn, as its menu hears them. */
  async sendDigits(): Promise<void> {}

  async hangup(carrierCallId: string): Promise<void> {
    try {
      await this.client.workflow.getHandle(carrierCallId).signal(simulatedLineHangupSignal);
    } catch (err) {
      // The line already hung up by itself: nothing left to end.
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
  }
}

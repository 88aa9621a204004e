import { defineSignal } from '@temporalio/workflow';

/** The simulated carrier's phone line for one call: rings, answers, talks, hangs up. */
export interface SimulatedLineInput {
  callId: string;
  phoneNumber: string;
  /** Milliseconds between simulated events and turns. */
  paceMs: number;
}

export const lineHangupSignal = defineSignal('lineHangup');
export const simulatedLineWorkflowId = (callId: string) => `simline-${callId}`;

export const simulatedLineWorkflowType = 'simulatedLineWorkflow';
export type SimulatedLineWorkflow = (input: SimulatedLineInput) => Promise<void>;

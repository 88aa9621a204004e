import { defineSignal } from '@temporalio/workflow';

/** The simulated carrier's phone line for one call: rings, answers, talks, hangs up. */
export interface SimulatedLineInput {
  callId: string;
  phoneNumber: string;
  /** Milliseconds between simulated events and turns. */
  paceMs: number;
}

/** The activity the simulated line runs; activities/calls.ts implements it. */
export interface SimulatedLineActivities {
  /** Turn `index` of the conversation (even: the agent's, odd: the callee's); says who ended it, if either did. */
  simulatedTurn: (request: { callId: string; phoneNumber: string; index: number }) => Promise<{ ended?: 'agent' | 'contact' }>;
}

export const simulatedLineHangupSignal = defineSignal('hangup');
export const simulatedLineWorkflowId = (callId: string) => `simline-${callId}`;

export const simulatedLineWorkflowType = 'simulatedLineWorkflow';
export type SimulatedLineWorkflow = (input: SimulatedLineInput) => Promise<void>;

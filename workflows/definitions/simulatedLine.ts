import { defineSignal } from '@temporalio/workflow';

/** The simulated carrier's phone line for one call: rings, answers, talks, hangs up. */
export interface SimulatedLineInput {
  callId: string;
  phoneNumber: string;
  /** Milliseconds between simulated events and turns. */
  paceMs: number;
  /**
   * The line carries audio (SIMULATED_LINE=audio): once answered, the callee talks to the agent over
   * the API's media socket instead of turn by turn. Absent: the text-level line.
   */
  audio?: boolean;
  /**
   * The line rings one of our numbers (a test call): `phoneNumber` is the caller's, who is on the
   * line from the start and plays the caller persona. Absent: a dialled call to `phoneNumber`.
   */
  inbound?: true;
}

/** The activities the simulated line runs, on its own queue; activities/simulatedLine.ts implements them. */
export interface SimulatedLineActivities {
  /**
   * The whole answered call on the text-level line, a turn every `paceMs` (even: the agent's, odd:
   * the callee's); says who ended it, or nothing when the call was ended from our side.
   */
  simulatedTextCall: (request: {
    callId: string;
    phoneNumber: string;
    paceMs: number;
    inbound?: true;
  }) => Promise<{ endedBy?: 'agent' | 'contact'; callbackAt?: string }>;
  /** The whole answered call on the audio line, until the stream is over; says who ended it. */
  simulatedAudioCall: (request: { callId: string; phoneNumber: string; inbound?: true }) => Promise<{ endedBy: 'agent' | 'contact' }>;
}

export const simulatedLineHangupSignal = defineSignal('hangup');
/**
 * The failure type of an audio call whose stream dropped without the service closing it (1006): the
 * media process that held the call's session died. The line reports it as the call's media lost.
 */
export const MEDIA_STREAM_LOST = 'MediaStreamLost';
/** The queue of the line's call activities, beside the service's own (`taskQueue`), so they never hold its activity slots. */
export const simulatedLineTaskQueue = (taskQueue: string) => `${taskQueue}-simulated-line`;
export const simulatedLineWorkflowId = (callId: string) => `simline-${callId}`;

export const simulatedLineWorkflowType = 'simulatedLineWorkflow';
export type SimulatedLineWorkflow = (input: SimulatedLineInput) => Promise<void>;

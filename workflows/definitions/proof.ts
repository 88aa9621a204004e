import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

/**
 * The foundation's proof workflow: a signal, an update with a validator and a one-hour timer,
 * exercised on both the time-skipping and the dev server and replayed from a recorded history.
 * The call, interview and campaign workflows replace it as they land.
 */
export interface ProofInput {
  label: string;
}

export interface ProofState {
  label: string;
  renames: number;
  finished: boolean;
}

export interface ProofResult extends ProofState {
  endedBy: 'signal' | 'timer';
  summary: string;
}

export const finishProofSignal = defineSignal('finish');
export const renameProofUpdate = defineUpdate<ProofState, [string]>('rename');
export const proofStateQuery = defineQuery<ProofState>('state');
/** How long the proof workflow waits for `finish` before ending on its own. */
export const PROOF_DEADLINE = '1 hour';

export interface ProofActivities {
  summarizeProof: (state: ProofState) => Promise<string>;
}

import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import {
  PROOF_DEADLINE,
  finishProofSignal,
  proofStateQuery,
  renameProofUpdate,
  type ProofActivities,
  type ProofInput,
  type ProofResult,
  type ProofState,
} from './definitions';

const { summarizeProof } = proxyActivities<ProofActivities>({ startToCloseTimeout: '10 seconds' });

export async function proofWorkflow(input: ProofInput): Promise<ProofResult> {
  const state: ProofState = { label: input.label, renames: 0, finished: false };

  setHandler(finishProofSignal, () => {
    state.finished = true;
  });
  setHandler(
    renameProofUpdate,
    (label) => {
      state.label = label;
      state.renames += 1;
      return { ...state };
    },
    {
      // Rejected before it enters history, so a bad rename never changes state.
      validator: (label) => {
        if (typeof label !== 'string' || label.trim() === '') throw new Error('label must be a non-empty string');
        if (state.finished) throw new Error('the workflow has already finished');
      },
    },
  );
  setHandler(proofStateQuery, () => ({ ...state }));

  const signalled = await condition(() => state.finished, PROOF_DEADLINE);
  state.finished = true;
  const summary = await summarizeProof(state);
  return { ...state, endedBy: signalled ? 'signal' : 'timer', summary };
}

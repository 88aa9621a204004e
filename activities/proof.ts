import type { ProofState } from '../workflows/definitions';

export function proofActivities() {
  return {
    async summarizeProof(state: ProofState): Promise<string> {
      return `${state.label} (renamed ${state.renames} time${state.renames === 1 ? '' : 's'})`;
    },
  };
}

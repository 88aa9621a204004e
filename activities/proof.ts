import type { ProofActivities } from '../workflows/definitions';

export function proofActivities() {
  return {
    async summarizeProof(state) {
      return `${state.label} (renamed ${state.renames} time${state.renames === 1 ? '' : 's'})`;
    },
  } satisfies ProofActivities;
}

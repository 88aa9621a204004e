import { proofActivities } from './proof';

/** Activities get their dependencies here, once per worker, so tests build them the same way. */
export function createActivities() {
  return {
    ...proofActivities(),
  };
}

export type Activities = ReturnType<typeof createActivities>;

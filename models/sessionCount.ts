import { Types } from 'mongoose';
import { Agent } from './agent';

/** How long after a session ends its agent's `sessionsCount` is refreshed. */
export const RECOUNT_DELAY_MS = 5000;

const scheduled = new Set<string>();

/**
 * Refreshes an agent's `sessionsCount` from `count` shortly after one of its sessions ended. A recount
 * rather than `$inc` keeps it exact on FerretDB, which loses concurrent increments; but a recount is
 * a scan there, so a burst of sessions (a campaign ends dozens of calls a minute) shares one recount
 * per agent and worker process. The count is exact again RECOUNT_DELAY_MS after the burst's last
 * session, or at the next session if the worker stopped before its recount ran.
 */
export function recountSessionsSoon(agentId: string, count: (agentId: Types.ObjectId) => Promise<number>): void {
  if (scheduled.has(agentId)) return;
  scheduled.add(agentId);
  setTimeout(() => {
    // Cleared before counting, so that a session settled during the count schedules another one.
    scheduled.delete(agentId);
    count(new Types.ObjectId(agentId))
      .then((sessions) => Agent.updateOne({ _id: agentId }, { $set: { sessionsCount: sessions } }))
      .catch((err: unknown) => {
        console.error(JSON.stringify({ level: 'warn', msg: 'sessions recount failed; the next session retries it', agentId, error: String(err) }));
      });
  }, RECOUNT_DELAY_MS).unref();
}

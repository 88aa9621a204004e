import { Types } from 'mongoose';
import { Agent } from './agent';

/** How long after a session ends its agent's `sessionsCount` is refreshed. */
export const RECOUNT_DELAY_MS = 5000;

type Count = (agentId: Types.ObjectId) => Promise<number>;

const waiting = new Map<string, { timer: NodeJS.Timeout; count: Count }>();
const running = new Set<Promise<void>>();

function recount(agentId: string, count: Count): void {
  // Off the waiting list before counting, so that a session settled during the count schedules another one.
  waiting.delete(agentId);
  const done: Promise<void> = count(new Types.ObjectId(agentId))
    .then(async (sessions) => {
      await Agent.updateOne({ _id: agentId }, { $set: { sessionsCount: sessions } });
    })
    .catch((err: unknown) => {
      console.error(JSON.stringify({ level: 'warn', msg: 'sessions recount failed; the next session retries it', agentId, error: String(err) }));
    })
    .finally(() => running.delete(done));
  running.add(done);
}

/**
 * Refreshes an agent's `sessionsCount` from `count` shortly after one of its sessions ended. A recount
 * rather than `$inc` keeps it exact on FerretDB, which loses concurrent increments; but a recount
 * reads every session of the agent there, so a burst of sessions (a campaign ends dozens of calls a minute) shares one recount
 * per agent and worker process. The count is exact again RECOUNT_DELAY_MS after the burst's last
 * session; a worker that stops runs its waiting recounts first (flushSessionRecounts).
 */
export function recountSessionsSoon(agentId: string, count: Count): void {
  if (waiting.has(agentId)) return;
  waiting.set(agentId, { timer: setTimeout(() => recount(agentId, count), RECOUNT_DELAY_MS).unref(), count });
}

/** Runs the waiting recounts now and waits for every recount in progress: before the database is closed. */
export async function flushSessionRecounts(): Promise<void> {
  for (const [agentId, { timer, count }] of [...waiting]) {
    clearTimeout(timer);
    recount(agentId, count);
  }
  await Promise.all([...running]);
}

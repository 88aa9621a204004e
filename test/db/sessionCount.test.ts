/** The agent's session count: one recount per burst of sessions, and none lost when a worker stops. */
import { Types } from 'mongoose';
import { Agent } from '../../models/agent';
import { flushSessionRecounts, recountSessionsSoon } from '../../models/sessionCount';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('session_count');
});
afterAll(() => cleanup());

async function newAgent() {
  return Agent.create({
    organizationId: new Types.ObjectId(),
    type: 'phone',
    name: 'Counted',
    nameKey: `counted-${new Types.ObjectId()}`,
    language: 'en-US',
    maxDurationMinutes: 5,
    instructions: 'Hello.',
  });
}

/** A session count the test moves, and the values each recount read. */
function sessionCounter(sessions: number) {
  const counter = {
    sessions,
    counted: [] as number[],
    count: async () => {
      counter.counted.push(counter.sessions);
      return counter.sessions;
    },
  };
  return counter;
}

test('a burst of sessions shares one recount, which a stopping worker runs before it goes', async () => {
  const agent = await newAgent();
  const counter = sessionCounter(0);
  for (let i = 0; i < 5; i += 1) {
    counter.sessions += 1;
    recountSessionsSoon(String(agent._id), counter.count);
  }
  // Nothing yet: the recount waits for the burst to end.
  expect(counter.counted).toEqual([]);
  expect((await Agent.findById(agent._id).lean())!.sessionsCount).toBe(0);

  await flushSessionRecounts();
  expect(counter.counted).toEqual([5]);
  expect((await Agent.findById(agent._id).lean())!.sessionsCount).toBe(5);
});

test('a session settled after a recount ran schedules another one', async () => {
  const agent = await newAgent();
  const counter = sessionCounter(1);
  recountSessionsSoon(String(agent._id), counter.count);
  await flushSessionRecounts();
  counter.sessions = 2;
  recountSessionsSoon(String(agent._id), counter.count);
  await flushSessionRecounts();
  expect(counter.counted).toEqual([1, 2]);
  expect((await Agent.findById(agent._id).lean())!.sessionsCount).toBe(2);
});

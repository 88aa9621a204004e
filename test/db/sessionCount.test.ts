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

test('a burst of sessions shares one recount, which a stopping worker runs before it goes', async () => {
  const agent = await newAgent();
  let sessions = 0;
  const counted: number[] = [];
  const count = async () => {
    counted.push(sessions);
    return sessions;
  };
  for (let i = 0; i < 5; i += 1) {
    sessions += 1;
    recountSessionsSoon(String(agent._id), count);
  }
  // Nothing yet: the recount waits for the burst to end.
  expect(counted).toEqual([]);
  expect((await Agent.findById(agent._id).lean())!.sessionsCount).toBe(0);

  await flushSessionRecounts();
  expect(counted).toEqual([5]);
  expect((await Agent.findById(agent._id).lean())!.sessionsCount).toBe(5);
});

test('a session settled after a recount ran schedules another one', async () => {
  const agent = await newAgent();
  let sessions = 1;
  const calls: number[] = [];
  const count = async () => {
    calls.push(sessions);
    return sessions;
  };
  recountSessionsSoon(String(agent._id), count);
  await flushSessionRecounts();
  sessions = 2;
  recountSessionsSoon(String(agent._id), count);
  await flushSessionRecounts();
  expect(calls).toEqual([1, 2]);
  expect((await Agent.findById(agent._id).lean())!.sessionsCount).toBe(2);
});

/**
 * The media session's side of the interview's turn lease, against a keeper standing in for the
 * workflow's updates: the position held is renewed on a timer from the reservation until `done`,
 * follows `more`, and stops for a session that ends or a turn held past its worst case.
 */
import { TurnLease, type LeasedTurnKeeper } from '../../conversation/turnLease';

// Jest's clock, Date.now included: each tick is exact however loaded the machine is.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());
const sleep = (ms: number) => jest.advanceTimersByTimeAsync(ms);

function keeper(): { keeper: LeasedTurnKeeper; renewed: number[] } {
  const renewed: number[] = [];
  let next = 0;
  return {
    renewed,
    keeper: {
      reserve: async (candidate) => {
        const slot = { candidateIndex: candidate ? next : null, agentIndex: next + (candidate ? 1 : 0) };
        next = slot.agentIndex + 1;
        return slot;
      },
      more: async () => next++,
      renew: async (heldIndex) => {
        renewed.push(heldIndex);
        // A refused or lost renewal does not stop the next.
        if (renewed.length === 2) throw new Error('This voice turn no longer holds the interview.');
      },
      done: async () => ({ reportId: null }),
    },
  };
}

test('the held position is renewed from the reservation until done, and the renewal follows it when it moves', async () => {
  const { keeper: inner, renewed } = keeper();
  const lease = new TurnLease(inner, { renewEveryMs: 20, maxHoldMs: 10_000 });
  expect(await lease.reserve(true)).toEqual({ candidateIndex: 0, agentIndex: 1 });
  await sleep(65);
  expect(renewed).toEqual([1, 1, 1]);
  expect(await lease.more(1)).toBe(2);
  await sleep(60);
  expect(renewed).toEqual([1, 1, 1, 2, 2, 2]);
  await lease.done(2, false);
  await sleep(70);
  expect(renewed).toHaveLength(6);
});

test('a session that stops, or a turn held past its worst case, renews nothing more', async () => {
  const { keeper: inner, renewed } = keeper();
  const stopped = new TurnLease(inner, { renewEveryMs: 20, maxHoldMs: 10_000 });
  await stopped.reserve(false);
  await sleep(50);
  stopped.stop();
  await sleep(70);
  expect(renewed).toEqual([0, 0]);

  const stuck = new TurnLease(inner, { renewEveryMs: 20, maxHoldMs: 60 });
  await stuck.reserve(false);
  await sleep(200);
  // Renewed at 20, 40 and 60 ms; at 80 it has been held past 60 ms and is let go.
  expect(renewed).toEqual([0, 0, 1, 1, 1]);
});

/**
 * One process's memory of the failed-credential throttles stays bounded whatever the number of
 * subjects: a flood of sign-ins with random emails cannot grow it, nor make each claim scan it.
 * Windows with no places (limit 0) are refused from memory, so no database is needed here.
 */
import { performance } from 'node:perf_hooks';
import { MAX_THROTTLE_WINDOWS, createThrottle, throttleWindow } from '../../models/throttleTicket';

const MINUTE = 60_000;

test(`a flood of distinct subjects keeps at most ${MAX_THROTTLE_WINDOWS} windows, and each claim costs the same as the first`, async () => {
  const throttle = createThrottle();
  const flood = async (from: number, count: number) => {
    const started = performance.now();
    for (let i = from; i < from + count; i += 1) expect(await throttle.take(throttleWindow('signin-email', `random-${i}`, 0, 15 * MINUTE))).toBeNull();
    return performance.now() - started;
  };
  const first = await flood(0, MAX_THROTTLE_WINDOWS);
  expect(throttle.windows).toBe(MAX_THROTTLE_WINDOWS);
  // Ten times as many again: the map is full all along, and a claim that scanned it would take thousands of times longer.
  const flooded = await flood(MAX_THROTTLE_WINDOWS, 10 * MAX_THROTTLE_WINDOWS);
  expect(throttle.windows).toBe(MAX_THROTTLE_WINDOWS);
  console.log(
    `throttle: ${MAX_THROTTLE_WINDOWS} claims of new subjects ${first.toFixed(0)} ms, then ${10 * MAX_THROTTLE_WINDOWS} more ${flooded.toFixed(0)} ms`,
  );
  expect(flooded / 10).toBeLessThan(first * 5);
});

test('ended windows are forgotten as new ones come', async () => {
  const throttle = createThrottle();
  const past = Date.now() - 2 * MINUTE;
  for (let i = 0; i < 100; i += 1) await throttle.take(throttleWindow('bad-credential', `203.0.113.${i}`, 0, MINUTE, past));
  expect(throttle.windows).toBe(1);
  await throttle.take(throttleWindow('bad-credential', '198.51.100.1', 0, MINUTE));
  await throttle.take(throttleWindow('bad-credential', '198.51.100.2', 0, MINUTE));
  expect(throttle.windows).toBe(2);
});

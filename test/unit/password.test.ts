/** Password hashes: today's cost, the legacy format still verified, and the cap on hashes at once. */
import { randomBytes, scryptSync } from 'node:crypto';
import { createSemaphore } from '../../lib/semaphore';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '../../models/user';

test('a new hash records its cost (N=2^16), verifies the password and no other', async () => {
  const stored = await hashPassword('correct horse battery');
  expect(stored).toMatch(/^scrypt\$N=65536,r=8,p=1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
  expect(await verifyPassword('correct horse battery', stored)).toBe(true);
  expect(await verifyPassword('correct horse batterz', stored)).toBe(false);
  expect(passwordNeedsRehash(stored)).toBe(false);
  expect(await hashPassword('correct horse battery')).not.toBe(stored);
});

test('a hash of the earlier format (Node’s default cost, no cost field) still verifies, and asks to be rehashed', async () => {
  const salt = randomBytes(16);
  const legacy = `scrypt$${salt.toString('hex')}$${scryptSync('old password', salt, 32).toString('hex')}`;
  expect(await verifyPassword('old password', legacy)).toBe(true);
  expect(await verifyPassword('old passwore', legacy)).toBe(false);
  expect(passwordNeedsRehash(legacy)).toBe(true);
});

test.each(['', 'bcrypt$x$y', 'scrypt$N=x$aa$bb', 'scrypt$aa$'])('a stored value that is no hash (%j) verifies nothing', async (stored) => {
  expect(await verifyPassword('anything', stored)).toBe(false);
});

test('the semaphore lets `size` holders run at once, the others in arrival order, and frees a place on failure', async () => {
  const run = createSemaphore(2);
  let running = 0;
  let peak = 0;
  const order: number[] = [];
  const work = (i: number) =>
    run(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      order.push(i);
      if (i === 1) throw new Error('boom');
      return i;
    });
  const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(work));
  expect(peak).toBe(2);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  expect(order.slice(2)).toEqual([2, 3, 4, 5]);
});

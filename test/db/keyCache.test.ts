/** The API process's key cache against the real database: made-up keys cannot push a real key out, and a revocation reaches it within its time. */
import { Types } from 'mongoose';
import { KeyCache } from '../../api/middleware/auth';
import { ApiKey, createApiKey, hashKey, revokeApiKey } from '../../models/apiKey';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('keycache');
});
afterAll(() => cleanup());

test('a flood of unknown keys evicts only unknown keys: the real key stays cached', async () => {
  const { key } = await createApiKey({
    organizationId: new Types.ObjectId(),
    createdBy: new Types.ObjectId(),
    name: 'real',
    mode: 'live',
    scopes: ['agents:read'],
  });
  const cache = new KeyCache(60_000, 5);
  expect((await cache.find(hashKey(key)))?.name).toBe('real');
  for (let i = 0; i < 20; i += 1) expect(await cache.find(hashKey(`rb_live_${String(i).padStart(32, 'x')}`))).toBeNull();
  // Deleted from the database, the key is still answered from the cache: the flood did not evict it.
  await ApiKey.deleteOne({ keyHash: hashKey(key) });
  expect((await cache.find(hashKey(key)))?.name).toBe('real');
  cache.clear();
  expect(await cache.find(hashKey(key))).toBeNull();
});

test('a revocation recorded by another process is seen once the cached lookup expires, never later', async () => {
  const { doc, key } = await createApiKey({
    organizationId: new Types.ObjectId(),
    createdBy: new Types.ObjectId(),
    name: 'revoked elsewhere',
    mode: 'live',
    scopes: ['agents:read'],
  });
  // The cache's clock is moved past its time rather than waited out: a short time would lapse on a
  // loaded machine during the lookups that should still be within it.
  const real = Date.now.bind(Date);
  let skew = 0;
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => real() + skew);
  try {
    const cache = new KeyCache(60_000, 5);
    expect((await cache.find(hashKey(key)))?.revokedAt).toBeNull();
    await revokeApiKey(doc._id);
    skew = 59_000;
    // Still the cached lookup within its time, then the revocation.
    expect((await cache.find(hashKey(key)))?.revokedAt).toBeNull();
    skew = 60_001;
    expect((await cache.find(hashKey(key)))?.revokedAt).toEqual(expect.any(Date));
  } finally {
    clock.mockRestore();
  }
});

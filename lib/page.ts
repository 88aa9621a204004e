import type { Model } from 'mongoose';

/** One page of a filtered collection, newest first, with the total the pagination envelope needs. */
export async function findPage<T>(
  // Any model: schema-inferred model types do not unify with a plain record type.
  model: Model<any>,
  filter: Record<string, unknown>,
  { page, limit }: { page: number; limit: number },
) {
  const [docs, total] = await Promise.all([
    model
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<T[]>(),
    model.countDocuments(filter),
  ]);
  return { docs, total };
}

import type { Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/**
 * Applies state `seq` of a workflow's read-model document unless the document already holds that
 * state or a newer one, so a retried or late write never rewinds it. Each state is a snapshot of
 * the fields it sets; the first inserts the document. True when this write applied its state.
 */
export async function projectState<T extends { seq: number }>(model: Model<T>, _id: Types.ObjectId, seq: number, fields: Partial<T>): Promise<boolean> {
  const { modifiedCount } = await model.updateOne({ _id, seq: { $lt: seq } } as never, { $set: { ...fields, seq } } as never);
  if (modifiedCount === 1) return true;
  if (await model.exists({ _id } as never)) return false;
  try {
    await model.create({ ...fields, _id, seq });
    return true;
  } catch (err) {
    // Inserted concurrently by a retry of this same write: it is there now.
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

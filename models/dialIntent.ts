import { Schema, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/**
 * A dial's intent, written before the carrier is asked: a dial that finds its call's intent already
 * there is a retry (after a lost worker, or a carrier request that went unanswered) and asks the
 * carrier for the call the first attempt may have placed before it dials again. By `_id`, so the
 * insert is the one atomic write on FerretDB and the lookup reaches an index.
 */
const dialIntentSchema = new Schema({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { versionKey: false });

export const DialIntent = model('DialIntent', dialIntentSchema);

/** Records the call's dial intent: `retry` when an earlier attempt had, with when it did. */
export async function recordDialIntent(callId: string): Promise<{ retry: boolean; at: Date }> {
  const at = new Date();
  try {
    await DialIntent.create({ _id: callId, at });
    return { retry: false, at };
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    const earlier = await DialIntent.findById(callId).lean();
    return { retry: true, at: earlier?.at ?? at };
  }
}

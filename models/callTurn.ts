import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/** One turn of a call's transcript, stored as it happens; (callId, index) makes a retried write land once. */
const callTurnSchema = new Schema(
  {
    callId: { type: Schema.Types.ObjectId, required: true },
    index: { type: Number, required: true },
    role: { type: String, required: true, enum: ['agent', 'contact'] },
    text: { type: String, required: true },
    startedAt: { type: Date, required: true },
    /** Set on the turn after which the conversation ended: who ended it. */
    ends: { type: String, enum: ['agent', 'contact'] },
  },
  { versionKey: false },
);
callTurnSchema.index({ callId: 1, index: 1 }, { unique: true });

export const CallTurn = model('CallTurn', callTurnSchema);

/** Appends turn number `index`; a retried append finds its turn already there. */
export async function appendTurn(callId: string, index: number, turn: { role: 'agent' | 'contact'; text: string }, ends?: 'agent' | 'contact'): Promise<void> {
  try {
    await CallTurn.create({ callId: new Types.ObjectId(callId), index, ...turn, startedAt: new Date(), ...(ends ? { ends } : {}) });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

export function transcriptOf(callId: string) {
  return CallTurn.find({ callId: new Types.ObjectId(callId) }).sort({ index: 1 }).lean();
}

import { Schema, Types, model } from 'mongoose';
import { fromStoredKeys, toStoredKeys } from './storedKeys';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/** One turn of a call's transcript, stored as it happens; (callId, index) makes a retried write land once. */
const callTurnSchema = new Schema(
  {
    callId: { type: Schema.Types.ObjectId, required: true },
    index: { type: Number, required: true },
    role: { type: String, required: true, enum: ['agent', 'contact', 'tool'] },
    text: { type: String, required: true },
    /** On a `tool` turn: the call the model made, what came back and how long it took. */
    tool: { type: Schema.Types.Mixed },
    startedAt: { type: Date, required: true },
    /** How the turn was heard or produced, stage by stage (conversation/turnTimings.ts); only where a media session ran it. */
    timings: { type: Schema.Types.Mixed },
    /** Set on the turn after which the conversation ended: who ended it. */
    ends: { type: String, enum: ['agent', 'contact'] },
  },
  // Kept as given: a tool call's empty `arguments` dropped would be a call without them when the
  // transcript is the model's history again, which the chat vendors refuse.
  { versionKey: false, minimize: false },
);
callTurnSchema.index({ callId: 1, index: 1 }, { unique: true });

export const CallTurn = model('CallTurn', callTurnSchema);

/** A tool turn as stored: `toolCallId` is the one the tool's request carried, `call.id` the model's own. */
export interface StoredToolTurn {
  toolCallId: string;
  call: { id: string; name: string; arguments: unknown };
  outcome: { ok: true; result: unknown } | { ok: false; error: string };
  durationMs: number;
}

/** Appends turn number `index`; a retried append finds its turn already there. */
export async function appendTurn(
  callId: string,
  index: number,
  turn: { role: 'agent' | 'contact' | 'tool'; text: string; tool?: StoredToolTurn; timings?: object },
  ends?: 'agent' | 'contact',
): Promise<void> {
  try {
    await CallTurn.create({
      callId: new Types.ObjectId(callId),
      index,
      ...turn,
      ...(turn.tool ? { tool: toStoredKeys(turn.tool) } : {}),
      startedAt: new Date(),
      ...(ends ? { ends } : {}),
    });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/**
 * Appends the agent's last turn after whatever the conversation has stored, ending it: a turn the
 * line stores meanwhile takes the number first, and the closing turn the next one.
 */
export async function appendClosingTurn(callId: string, text: string): Promise<void> {
  const id = new Types.ObjectId(callId);
  for (let tries = 0; tries < 5; tries += 1) {
    if (await CallTurn.exists({ callId: id, text, ends: 'agent' })) return;
    const last = await CallTurn.findOne({ callId: id }, { index: 1 }).sort({ index: -1 }).lean();
    try {
      await CallTurn.create({ callId: id, index: (last?.index ?? -1) + 1, role: 'agent', text, startedAt: new Date(), ends: 'agent' });
      return;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
}

export async function transcriptOf(callId: string) {
  const turns = await CallTurn.find({ callId: new Types.ObjectId(callId) })
    .sort({ index: 1 })
    .lean();
  return turns.map((turn) => (turn.tool ? { ...turn, tool: fromStoredKeys(turn.tool) } : turn));
}

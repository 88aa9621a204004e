import { Schema, Types, model } from 'mongoose';
import { fromStoredKeys, toStoredKeys } from './storedKeys';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/** One turn of an interview, stored as it happens; (interviewId, index) makes a retried write land once. */
const interviewTurnSchema = new Schema(
  {
    interviewId: { type: Schema.Types.ObjectId, required: true },
    index: { type: Number, required: true },
    /** `tool`: the agent called one of its tools; never shown to the candidate. */
    role: { type: String, required: true, enum: ['agent', 'candidate', 'tool'] },
    text: { type: String, required: true },
    startedAt: { type: Date, required: true },
    /** How the turn was heard or produced, stage by stage (conversation/turnTimings.ts). */
    timings: { type: Schema.Types.Mixed },
    /** On `tool` turns: the call, its outcome and duration (the call transcript's StoredToolTurn). */
    tool: { type: Schema.Types.Mixed },
    /** Set on the turn after which the agent ended the interview (an agent turn, or its `end_call`). */
    ends: { type: Boolean },
  },
  // Kept as given: a tool call's empty `arguments` dropped would be a call without them when the
  // transcript is the model's history again, which the chat vendors refuse.
  { versionKey: false, minimize: false },
);
interviewTurnSchema.index({ interviewId: 1, index: 1 }, { unique: true });

export const InterviewTurn = model('InterviewTurn', interviewTurnSchema);

export async function interviewTranscript(interviewId: string) {
  const turns = await InterviewTurn.find({ interviewId: new Types.ObjectId(interviewId) })
    .sort({ index: 1 })
    .lean();
  return turns.map((turn) => (turn.tool ? { ...turn, tool: fromStoredKeys(turn.tool) } : turn));
}

export type InterviewRole = 'agent' | 'candidate' | 'tool';

/** The turns the candidate sees: their own and the agent's, never its tool calls. */
export const candidateVisible = <T extends { role: string }>(turns: readonly T[]): T[] => turns.filter((t) => t.role !== 'tool');

/** Stores turn `index`; false when a retried write finds it already there. */
export async function appendTurn(
  interviewId: string,
  index: number,
  role: InterviewRole,
  text: string,
  ends?: boolean,
  fields: { timings?: object; tool?: object } = {},
): Promise<boolean> {
  try {
    await InterviewTurn.create({
      interviewId: new Types.ObjectId(interviewId),
      index,
      role,
      text,
      startedAt: new Date(),
      ...(ends ? { ends } : {}),
      ...fields,
      ...(fields.tool ? { tool: toStoredKeys(fields.tool) } : {}),
    });
    return true;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    return false;
  }
}

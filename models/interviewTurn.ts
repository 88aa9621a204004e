import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/** One turn of an interview, stored as it happens; (interviewId, index) makes a retried write land once. */
const interviewTurnSchema = new Schema(
  {
    interviewId: { type: Schema.Types.ObjectId, required: true },
    index: { type: Number, required: true },
    role: { type: String, required: true, enum: ['agent', 'candidate'] },
    text: { type: String, required: true },
    startedAt: { type: Date, required: true },
    /** How the turn was heard or produced, stage by stage (conversation/turnTimings.ts). */
    timings: { type: Schema.Types.Mixed },
    /** Set on the agent turn after which the agent ended the interview. */
    ends: { type: Boolean },
  },
  { versionKey: false },
);
interviewTurnSchema.index({ interviewId: 1, index: 1 }, { unique: true });

export const InterviewTurn = model('InterviewTurn', interviewTurnSchema);

export function interviewTranscript(interviewId: string) {
  return InterviewTurn.find({ interviewId: new Types.ObjectId(interviewId) }).sort({ index: 1 }).lean();
}

/** Stores turn `index`; false when a retried write finds it already there. */
export async function appendTurn(interviewId: string, index: number, role: 'agent' | 'candidate', text: string, ends?: boolean, timings?: object): Promise<boolean> {
  try {
    await InterviewTurn.create({ interviewId: new Types.ObjectId(interviewId), index, role, text, startedAt: new Date(), ...(ends ? { ends } : {}), ...(timings ? { timings } : {}) });
    return true;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    return false;
  }
}

import { Schema, model, type FlattenMaps, type InferSchemaType, type Types } from 'mongoose';

/**
 * A finished interview's report: one per interview (unique). It is inserted `pending` when the
 * interview ends, so its id exists from then on, and the analysis fills it in and makes it `ready`.
 * `family` follows the agent's mode: `interview` (evaluations) or `workflow` (captured answers).
 */
const interviewReportSchema = new Schema(
  {
    interviewId: { type: Schema.Types.ObjectId, required: true },
    organizationId: { type: Schema.Types.ObjectId, required: true },
    externalRef: { type: String, default: '' },
    status: { type: String, required: true, enum: ['pending', 'ready'] },
    family: { type: String, enum: ['interview', 'workflow'] },
    summary: { type: String },
    evaluations: { type: [{ _id: false, criterion: String, score: Number, rationale: String }], default: undefined },
    overallScore: { type: Number },
    recommendation: { type: String },
    strengths: { type: [String], default: undefined },
    concerns: { type: [String], default: undefined },
    outcome: { type: String },
    capturedFields: { type: Schema.Types.Mixed },
    /** The agent's tool calls in the order made, as the call report lists them. */
    toolCalls: { type: [Schema.Types.Mixed], default: undefined },
    /** `failed`: the analysis could not be produced; the report is final, with `analysisError` and no family fields. */
    analysisStatus: { type: String, enum: ['completed', 'failed'] },
    analysisError: { type: String },
    readyAt: { type: Date },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false, minimize: false },
);
interviewReportSchema.index({ interviewId: 1 }, { unique: true });

export const InterviewReport = model('InterviewReport', interviewReportSchema);
/** A report as read with `lean()`. */
export type InterviewReportRecord = FlattenMaps<InferSchemaType<typeof interviewReportSchema>> & { _id: Types.ObjectId };

import { Schema, model, type FlattenMaps, type InferSchemaType, type Types } from 'mongoose';

/** A finished call's analysis: one per call (unique), written once the analysis activity succeeds or the model's analysis has failed for good. */
const callReportSchema = new Schema(
  {
    callId: { type: Schema.Types.ObjectId, required: true },
    organizationId: { type: Schema.Types.ObjectId, required: true },
    externalRef: { type: String, default: '' },
    disposition: { type: String, required: true },
    outcome: { type: String },
    // Absent when the analysis failed: nothing is reported that the model did not give.
    summary: { type: String },
    capturedFields: { type: Schema.Types.Mixed, default: {} },
    sentiment: { type: String },
    // The person asked not to be called again; absent when the analysis failed.
    optOut: { type: Boolean },
    analysisStatus: { type: String, enum: ['completed', 'failed'], default: 'completed' },
    analysisError: { type: String },
    /** The agent's tool calls in the order made: `{name, outcome: ok | error, error?}`. */
    toolCalls: { type: [Schema.Types.Mixed], default: undefined },
    /** The callback the person asked for with the `callback` tool: `{at, timezone, nextAttempt?}`. */
    callback: { type: Schema.Types.Mixed, default: undefined },
    /** The last transfer the carrier attempted: `{destination, mode, outcome: connected | failed, reason?}`; absent when none was. */
    transfer: { type: Schema.Types.Mixed, default: undefined },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false, minimize: false },
);
callReportSchema.index({ callId: 1 }, { unique: true });

export const CallReport = model('CallReport', callReportSchema);
/** A report as read with `lean()`. */
export type CallReportRecord = FlattenMaps<InferSchemaType<typeof callReportSchema>> & { _id: Types.ObjectId };

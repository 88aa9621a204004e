import { Schema, model } from 'mongoose';

/** A finished call's analysis: one per call (unique), written once the analysis activity succeeds. */
const callReportSchema = new Schema(
  {
    callId: { type: Schema.Types.ObjectId, required: true },
    organizationId: { type: Schema.Types.ObjectId, required: true },
    externalRef: { type: String, default: '' },
    disposition: { type: String, required: true },
    outcome: { type: String },
    summary: { type: String, required: true },
    capturedFields: { type: Schema.Types.Mixed, default: {} },
    sentiment: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false, minimize: false },
);
callReportSchema.index({ callId: 1 }, { unique: true });

export const CallReport = model('CallReport', callReportSchema);

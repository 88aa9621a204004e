import { Schema, model } from 'mongoose';

/** A signed-in dashboard user; only the token's hash is stored. Expired ones are ignored and swept. */
const dashboardSessionSchema = new Schema(
  {
    tokenHash: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    organizationId: { type: Schema.Types.ObjectId, required: true },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
dashboardSessionSchema.index({ tokenHash: 1 }, { unique: true });

export const DashboardSession = model('DashboardSession', dashboardSessionSchema);

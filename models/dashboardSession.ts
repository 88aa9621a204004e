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
dashboardSessionSchema.index({ userId: 1 });

export const DashboardSession = model('DashboardSession', dashboardSessionSchema);

/** Deletes sessions that expired before `before`: FerretDB has no TTL indexes. */
export async function sweepSessions(before: Date): Promise<void> {
  await DashboardSession.deleteMany({ expiresAt: { $lt: before } });
}

import { Schema, model, type InferSchemaType } from 'mongoose';

/** A tenant. Credits live in the credit ledger (models/creditEntry.ts), not here, so that charges stay exact. */
const limitsSchema = new Schema(
  {
    maxAgents: { type: Number, required: true, default: 25 },
    maxUsers: { type: Number, required: true, default: 10 },
    maxConcurrentCalls: { type: Number, required: true, default: 5 },
  },
  { _id: false },
);

const organizationSchema = new Schema(
  {
    name: { type: String, required: true },
    plan: { type: String, required: true, default: 'starter' },
    limits: { type: limitsSchema, required: true, default: () => ({}) },
  },
  { timestamps: true, versionKey: false },
);

export type OrganizationDoc = InferSchemaType<typeof organizationSchema> & { _id: import('mongoose').Types.ObjectId };
export const Organization = model('Organization', organizationSchema);

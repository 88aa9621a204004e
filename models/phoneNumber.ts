import { Schema, model, type Types } from 'mongoose';

/**
 * A phone number an organization has claimed and pointed at one of its phone agents: a call to it
 * is answered by that agent (domain/inbound.ts). The number is unique across organizations, so
 * the unique index is what lets only one claim win, on FerretDB as on MongoDB.
 */
export interface PhoneNumberRecord {
  _id: Types.ObjectId;
  organizationId: Types.ObjectId;
  /** E.164. */
  phoneNumber: string;
  agentId: Types.ObjectId;
  name: string;
  /** The carrier the number was claimed on (`simulated`, `twilio`). */
  carrier: string;
  /** The carrier's id of the number (Twilio's IncomingPhoneNumber sid); the number itself on the simulated carrier. */
  carrierNumberId: string;
  /** What the number's voice settings were before the claim, restored when it is released (Twilio). */
  previousSettings: Record<string, string> | null;
  createdAt: Date;
  updatedAt: Date;
}

const phoneNumberSchema = new Schema<PhoneNumberRecord>(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    phoneNumber: { type: String, required: true },
    agentId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, default: '' },
    carrier: { type: String, required: true },
    carrierNumberId: { type: String, required: true },
    previousSettings: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
phoneNumberSchema.index({ phoneNumber: 1 }, { unique: true });
phoneNumberSchema.index({ organizationId: 1, createdAt: -1 });
phoneNumberSchema.index({ organizationId: 1, agentId: 1, createdAt: -1 });

export const PhoneNumber = model<PhoneNumberRecord>('PhoneNumber', phoneNumberSchema);

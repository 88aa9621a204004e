import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from './duplicateKey';

export const RECIPIENT_STATUSES = ['pending', 'calling', 'retry_scheduled', 'completed', 'failed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export interface RecipientRecord {
  /** `<campaignId>:<index>`: every read is by id, the one lookup FerretDB answers without a scan. */
  _id: string;
  campaignId: Types.ObjectId;
  index: number;
  phoneNumber: string;
  contactName: string;
  externalRef: string;
  variables: Record<string, string>;
  status: RecipientStatus;
  attempts: number;
  lastCallId: Types.ObjectId | null;
  lastDisposition: string | null;
  updatedAt: Date;
}

const recipientSchema = new Schema<RecipientRecord>(
  {
    _id: { type: String, required: true },
    campaignId: { type: Schema.Types.ObjectId, required: true },
    index: { type: Number, required: true },
    phoneNumber: { type: String, required: true },
    contactName: { type: String, default: '' },
    externalRef: { type: String, default: '' },
    variables: { type: Schema.Types.Mixed, default: {} },
    status: { type: String, required: true, enum: RECIPIENT_STATUSES },
    attempts: { type: Number, default: 0 },
    lastCallId: { type: Schema.Types.ObjectId, default: null },
    lastDisposition: { type: String, default: null },
    updatedAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false, minimize: false },
);

export const Recipient = model<RecipientRecord>('Recipient', recipientSchema);

/** Zero-padded so that ids sort in index order. */
export const recipientId = (campaignId: string, index: number) => `${campaignId}:${String(index).padStart(7, '0')}`;

/**
 * One import per campaign, claimed by inserting this document (the one atomic write on FerretDB):
 * a second import finds it. `done` turns true once every recipient is stored; until then the
 * campaign cannot launch, and a failed import removes what it stored along with this claim.
 */
const recipientImportSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    total: { type: Number, required: true },
    done: { type: Boolean, default: false },
  },
  { timestamps: true, versionKey: false },
);
export const RecipientImport = model('RecipientImport', recipientImportSchema);

/**
 * The campaign's retry queue, first in first out: entry `seq` is the attempt the workflow scheduled
 * as its seq-th retry. The delay is the same for every entry, so entries fall due in queue order.
 */
export interface RetryEntryRecord {
  _id: string;
  index: number;
  attempt: number;
  dueAt: Date;
}
const retryEntrySchema = new Schema<RetryEntryRecord>(
  {
    _id: { type: String, required: true },
    index: { type: Number, required: true },
    attempt: { type: Number, required: true },
    dueAt: { type: Date, required: true },
  },
  { versionKey: false },
);
export const RetryEntry = model<RetryEntryRecord>('RetryEntry', retryEntrySchema);
export const retryEntryId = (campaignId: string, seq: number) => `${campaignId}:${String(seq).padStart(7, '0')}`;

/** Stores a retry entry; a retried write finds it already there. */
export async function putRetryEntry(campaignId: string, seq: number, entry: Omit<RetryEntryRecord, '_id'>): Promise<void> {
  try {
    await RetryEntry.create({ _id: retryEntryId(campaignId, seq), ...entry });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

export const RECIPIENT_STATUSES = ['pending', 'calling', 'retry_scheduled', 'completed', 'failed', 'suppressed'] as const;
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

/** One row of a campaign's recipient import, as the partner gave it. */
export interface RecipientRow {
  phoneNumber: string;
  contactName?: string;
  externalRef?: string;
  variables?: Record<string, string>;
}

/** Recipients written per insert: large enough to be quick, small enough to hold little at once. */
const IMPORT_BATCH = 1000;

/** Claims the campaign's one import of `total` recipients; false when it already has one. */
export async function claimRecipientImport(campaignId: string, total: number): Promise<boolean> {
  try {
    await RecipientImport.create({ _id: new Types.ObjectId(campaignId), total });
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

/**
 * Stores the rows in batches, those whose number is in `doNotCall` as `suppressed`, never to be
 * dialled; on any failure removes what it stored and the claim, and rethrows.
 */
export async function storeRecipients(campaignId: string, rows: RecipientRow[], doNotCall: ReadonlySet<string>): Promise<void> {
  const campaignObjectId = new Types.ObjectId(campaignId);
  const now = new Date();
  let stored = 0;
  try {
    for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
      const docs = rows.slice(start, start + IMPORT_BATCH).map((r, i) => ({
        _id: recipientId(campaignId, start + i),
        campaignId: campaignObjectId,
        index: start + i,
        phoneNumber: r.phoneNumber,
        contactName: r.contactName ?? '',
        externalRef: r.externalRef ?? '',
        variables: r.variables ?? {},
        status: doNotCall.has(r.phoneNumber) ? 'suppressed' : 'pending',
        attempts: 0,
        lastCallId: null,
        lastDisposition: null,
        updatedAt: now,
      }));
      // The driver's insert: Mongoose's per-document casting costs more than the write here.
      await Recipient.collection.insertMany(docs as never[], { ordered: true });
      stored = start + docs.length;
    }
  } catch (err) {
    await removeRecipients(campaignId, stored + IMPORT_BATCH);
    throw err;
  }
}

/** Removes the campaign's first `upTo` recipients and its import claim. */
export async function removeRecipients(campaignId: string, upTo: number): Promise<void> {
  // By id in chunks: FerretDB refuses one delete over a very large match.
  for (let start = 0; start < upTo; start += 500) {
    const ids = Array.from({ length: 500 }, (_, i) => recipientId(campaignId, start + i));
    await Recipient.deleteMany({ _id: { $in: ids } });
  }
  await RecipientImport.deleteOne({ _id: new Types.ObjectId(campaignId) });
}

/** Every recipient is stored: from now on they are listed, and the campaign may launch. */
export async function finishRecipientImport(campaignId: string): Promise<void> {
  await RecipientImport.updateOne({ _id: new Types.ObjectId(campaignId) }, { $set: { done: true } });
}

/** One page of the campaign's recipients in import order, with their total; none until the import is done. */
export async function recipientPage(campaignId: string, { page, limit }: { page: number; limit: number }): Promise<{ docs: RecipientRecord[]; total: number }> {
  const imported = await RecipientImport.findById(new Types.ObjectId(campaignId)).lean();
  const total = imported?.done ? imported.total : 0;
  const from = (page - 1) * limit;
  const indexes = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => from + i);
  // One lookup by id each: the read FerretDB answers without scanning the collection.
  const docs = await Promise.all(indexes.map((i) => Recipient.findById(recipientId(campaignId, i)).lean<RecipientRecord>()));
  return { docs: docs.filter((d) => d !== null), total };
}

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

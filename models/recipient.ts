import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { inferTimezone } from '../lib/phoneTimezone';
import type { ZoneCount } from '../workflows/definitions';

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
  /** The recipient's own IANA zone (see recipientTimezone); null: the campaign's. */
  timezone: string | null;
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
    timezone: { type: String, default: null },
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
  timezone?: string;
}

/**
 * A recipient's time zone, for its calling hours: its contact's, else the one its import row
 * gives, else the one its number determines; null when none does, which stands for the campaign's.
 */
export function recipientTimezone(row: Pick<RecipientRow, 'phoneNumber' | 'timezone'>, contactTimezone?: string | null): string | null {
  return contactTimezone ?? row.timezone ?? inferTimezone(row.phoneNumber);
}

/**
 * Each zone's first-attempt lane, in order of first appearance, and each row's place in it: lane z
 * holds zone z's rows to dial in import order (see CampaignLanes). A suppressed row has no place.
 */
export function zoneLanes(rows: Array<{ timezone: string | null; suppressed: boolean }>): { zones: ZoneCount[]; places: Array<{ lane: number; seq: number } | null> } {
  const zones: ZoneCount[] = [];
  const laneOf = new Map<string | null, number>();
  const places = rows.map(({ timezone, suppressed }) => {
    if (suppressed) return null;
    let lane = laneOf.get(timezone);
    if (lane === undefined) {
      lane = zones.push({ timezone, count: 0 }) - 1;
      laneOf.set(timezone, lane);
    }
    return { lane, seq: zones[lane]!.count++ };
  });
  return { zones, places };
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
 * Stores the rows, each with its resolved `timezone`, in batches, those whose number is in
 * `doNotCall` as `suppressed` (final, never dialled, in no lane) and each of the others' entry in its
 * zone's first-attempt lane; returns the zones for the campaign's workflow. On any failure removes
 * what it stored and the claim, and rethrows.
 */
export async function storeRecipients(
  campaignId: string,
  rows: Array<Omit<RecipientRow, 'timezone'> & { timezone: string | null }>,
  doNotCall: ReadonlySet<string>,
): Promise<ZoneCount[]> {
  const campaignObjectId = new Types.ObjectId(campaignId);
  const now = new Date();
  const { zones, places } = zoneLanes(rows.map((r) => ({ timezone: r.timezone, suppressed: doNotCall.has(r.phoneNumber) })));
  let stored = 0;
  try {
    for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
      const batch = rows.slice(start, start + IMPORT_BATCH);
      const entries = batch.flatMap((_, i) => {
        const place = places[start + i];
        return place ? [{ _id: laneEntryId(campaignId, place.lane, place.seq), index: start + i, attempt: 1, dueAt: new Date(0) }] : [];
      });
      // A batch of do-not-call numbers only has no entries, and the driver refuses an empty insert.
      if (entries.length > 0) await LaneEntry.collection.insertMany(entries as never[], { ordered: true });
      const docs = batch.map((r, i) => ({
        _id: recipientId(campaignId, start + i),
        campaignId: campaignObjectId,
        index: start + i,
        phoneNumber: r.phoneNumber,
        contactName: r.contactName ?? '',
        externalRef: r.externalRef ?? '',
        variables: r.variables ?? {},
        timezone: r.timezone,
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
    await removeRecipients(campaignId, stored + IMPORT_BATCH, zones);
    throw err;
  }
  return zones;
}

/** Removes the campaign's first `upTo` recipients, its zones' first-attempt lanes and its import claim. */
export async function removeRecipients(campaignId: string, upTo: number, zones: ZoneCount[]): Promise<void> {
  // By id in chunks: FerretDB refuses one delete over a very large match.
  const deleteIds = async (collection: typeof Recipient.collection, count: number, id: (i: number) => string) => {
    for (let start = 0; start < count; start += 500) {
      await collection.deleteMany({ _id: { $in: Array.from({ length: Math.min(500, count - start) }, (_, i) => id(start + i)) } } as never);
    }
  };
  await deleteIds(Recipient.collection, upTo, (i) => recipientId(campaignId, i));
  for (const [lane, zone] of zones.entries()) await deleteIds(LaneEntry.collection, zone.count, (seq) => laneEntryId(campaignId, lane, seq));
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
 * The campaign's dial lanes (CampaignLanes), each first in first out: entry `seq` of lane `lane` is
 * the attempt queued seq-th in it, by the import (first attempts, due at once) or by the workflow
 * (retries). One lane's entries share a delay, so they fall due in queue order.
 */
export interface LaneEntryRecord {
  _id: string;
  index: number;
  attempt: number;
  dueAt: Date;
}
const laneEntrySchema = new Schema<LaneEntryRecord>(
  {
    _id: { type: String, required: true },
    index: { type: Number, required: true },
    attempt: { type: Number, required: true },
    dueAt: { type: Date, required: true },
  },
  { versionKey: false },
);
export const LaneEntry = model<LaneEntryRecord>('LaneEntry', laneEntrySchema);
export const laneEntryId = (campaignId: string, lane: number, seq: number) => `${campaignId}:${lane}:${String(seq).padStart(7, '0')}`;

/** Stores a lane entry; a retried write finds it already there. */
export async function putLaneEntry(campaignId: string, lane: number, seq: number, entry: Omit<LaneEntryRecord, '_id'>): Promise<void> {
  try {
    await LaneEntry.create({ _id: laneEntryId(campaignId, lane, seq), ...entry });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { inferTimezone } from '../lib/phoneTimezone';
import { Campaign } from './campaign';
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
  /** While `retry_scheduled`: when its next attempt becomes due (calling hours may put it later). Null otherwise. */
  nextAttemptAt?: Date | null;
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
    nextAttemptAt: { type: Date, default: null },
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
 * Zone lanes handed out row by row as an import arrives: lane z holds zone z's rows to dial in import
 * order (see CampaignLanes), lanes in order of their zone's first appearance.
 */
class ZoneLanes {
  readonly zones: ZoneCount[] = [];
  private laneOf = new Map<string | null, number>();

  /** The row's place in its zone's lane; a suppressed row has none. */
  place(timezone: string | null, suppressed: boolean): { lane: number; seq: number } | null {
    if (suppressed) return null;
    let lane = this.laneOf.get(timezone);
    if (lane === undefined) {
      lane = this.zones.push({ timezone, count: 0 }) - 1;
      this.laneOf.set(timezone, lane);
    }
    return { lane, seq: this.zones[lane]!.count++ };
  }
}

/** Each zone's first-attempt lane and each row's place in it (see ZoneLanes). */
export function zoneLanes(rows: Array<{ timezone: string | null; suppressed: boolean }>): {
  zones: ZoneCount[];
  places: Array<{ lane: number; seq: number } | null>;
} {
  const lanes = new ZoneLanes();
  const places = rows.map(({ timezone, suppressed }) => lanes.place(timezone, suppressed));
  return { zones: lanes.zones, places };
}

/** Claims the campaign's one import; false when it already has one. Its total is set when it is done. */
export async function claimRecipientImport(campaignId: string): Promise<boolean> {
  try {
    await RecipientImport.create({ _id: new Types.ObjectId(campaignId), total: 0 });
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

/**
 * A campaign's import stored batch by batch as it arrives: each row with its resolved `timezone`,
 * those whose number is in the batch's `doNotCall` as `suppressed` (final, never dialled, in no lane)
 * and each of the others' entry in its zone's first-attempt lane. `zones` is for the campaign's
 * workflow once every batch is in; `remove` undoes every write, a batch that failed halfway included.
 */
export class RecipientStore {
  private lanes = new ZoneLanes();
  /** Rows written or being written: what `remove` covers. */
  private written = 0;
  total = 0;
  suppressed = 0;

  constructor(private readonly campaignId: string) {}

  get zones(): ZoneCount[] {
    return this.lanes.zones;
  }

  async write(rows: Array<Omit<RecipientRow, 'timezone'> & { timezone: string | null }>, doNotCall: ReadonlySet<string>): Promise<void> {
    const start = this.total;
    this.written = start + rows.length;
    const entries = rows.flatMap((r, i) => {
      const place = this.lanes.place(r.timezone, doNotCall.has(r.phoneNumber));
      return place ? [{ _id: laneEntryId(this.campaignId, place.lane, place.seq), index: start + i, attempt: 1, dueAt: new Date(0) }] : [];
    });
    // A batch of do-not-call numbers only has no entries, and the driver refuses an empty insert.
    if (entries.length > 0) await LaneEntry.collection.insertMany(entries as never[], { ordered: true });
    const now = new Date();
    const docs = rows.map((r, i) => ({
      _id: recipientId(this.campaignId, start + i),
      campaignId: new Types.ObjectId(this.campaignId),
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
    this.total = this.written;
    this.suppressed += rows.filter((r) => doNotCall.has(r.phoneNumber)).length;
  }

  /** Removes every recipient and lane entry written, and the import's claim. */
  remove(): Promise<void> {
    return removeRecipients(this.campaignId, this.written, this.zones);
  }
}

/**
 * Recipients stored in the organization's campaigns not archived (maxRecipients): each campaign's
 * finished import. An import still running is not counted; only one runs per organization (see
 * models/importClaim.ts), and it counts its own rows.
 */
export async function storedRecipients(organizationId: Types.ObjectId): Promise<number> {
  const campaigns = await Campaign.find({ organizationId, status: { $ne: 'archived' } }, { _id: 1 }).lean();
  const imports = await RecipientImport.find({ _id: { $in: campaigns.map((c) => c._id) } }, { total: 1 }).lean();
  return imports.reduce((sum, i) => sum + i.total, 0);
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
export async function finishRecipientImport(campaignId: string, total: number): Promise<void> {
  await RecipientImport.updateOne({ _id: new Types.ObjectId(campaignId) }, { $set: { done: true, total } });
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

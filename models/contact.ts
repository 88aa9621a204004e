import { createHmac } from 'node:crypto';
import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { inferTimezone } from '../lib/phoneTimezone';
import { inTurn } from './slot';

/** Why a number is do-not-call: marked through the API, or the person asked during a call. */
export const DO_NOT_CALL_REASONS = ['manual', 'opted_out_in_call'] as const;
export type DoNotCallReason = (typeof DO_NOT_CALL_REASONS)[number];

export interface ContactRecord {
  _id: Types.ObjectId;
  organizationId: Types.ObjectId;
  /** E.164; a contact is its number, which does not change. */
  phoneNumber: string;
  name: string | null;
  email: string | null;
  timezone: string | null;
  externalRef: string | null;
  attributes: Record<string, string>;
  doNotCall: boolean;
  doNotCallReason: DoNotCallReason | null;
  doNotCallSince: Date | null;
  doNotCallCallId: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
}

const contactSchema = new Schema<ContactRecord>(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    phoneNumber: { type: String, required: true },
    name: { type: String, default: null },
    email: { type: String, default: null },
    timezone: { type: String, default: null },
    externalRef: { type: String, default: null },
    attributes: { type: Schema.Types.Mixed, default: {} },
    doNotCall: { type: Boolean, default: false },
    doNotCallReason: { type: String, default: null },
    doNotCallSince: { type: Date, default: null },
    doNotCallCallId: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
contactSchema.index({ organizationId: 1, phoneNumber: 1 }, { unique: true });
contactSchema.index({ organizationId: 1, createdAt: -1 });

export const Contact = model<ContactRecord>('Contact', contactSchema);

/**
 * The do-not-call registry, which every dial consults and which outlives a contact's erasure: one
 * entry per suppressed number, keyed by the organization and an HMAC-SHA256 of the number, so an
 * erased contact leaves no number behind, only what recognises it when it is dialled again. Keyed
 * by `_id`: the one lookup FerretDB answers from an index, also for a whole import's numbers.
 */
interface DoNotCallEntryRecord {
  _id: string;
  organizationId: Types.ObjectId;
  reason: DoNotCallReason;
  since: Date;
  callId: Types.ObjectId | null;
}
const doNotCallEntrySchema = new Schema<DoNotCallEntryRecord>(
  {
    _id: { type: String, required: true },
    organizationId: { type: Schema.Types.ObjectId, required: true },
    reason: { type: String, required: true, enum: DO_NOT_CALL_REASONS },
    since: { type: Date, required: true },
    callId: { type: Schema.Types.ObjectId, default: null },
  },
  { versionKey: false },
);
const DoNotCallEntry = model<DoNotCallEntryRecord>('DoNotCallEntry', doNotCallEntrySchema);

/**
 * The service's key for the registry (DO_NOT_CALL_HASH_KEY): an entry's id is the number's HMAC
 * under it, so the registry keeps no number. Every process passes its configuration's key to what
 * reads or writes the registry; a process with another key would miss every entry.
 */
export type DoNotCallKey = Buffer;

function entryId(key: DoNotCallKey, organizationId: Types.ObjectId | string, phoneNumber: string): string {
  return `${organizationId}:${createHmac('sha256', key).update(phoneNumber).digest('hex')}`;
}

/** Entries looked up per query: FerretDB answers `_id: {$in}` from its index. */
const LOOKUP_BATCH = 1000;

export async function isDoNotCall(key: DoNotCallKey, organizationId: Types.ObjectId | string, phoneNumber: string): Promise<boolean> {
  return (await DoNotCallEntry.exists({ _id: entryId(key, organizationId, phoneNumber) })) !== null;
}

/** The numbers among `numbers` that are do-not-call, in one query per thousand numbers. */
export async function doNotCallAmong(key: DoNotCallKey, organizationId: Types.ObjectId | string, numbers: string[]): Promise<Set<string>> {
  const byId = new Map(numbers.map((n) => [entryId(key, organizationId, n), n]));
  const ids = [...byId.keys()];
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
    const entries = await DoNotCallEntry.find({ _id: { $in: ids.slice(start, start + LOOKUP_BATCH) } }, { _id: 1 }).lean();
    for (const e of entries) found.add(byId.get(e._id)!);
  }
  return found;
}

/** What a campaign's recipient takes from its contact: the time zone and the attributes. */
export type ContactProfile = Pick<ContactRecord, 'phoneNumber' | 'timezone' | 'attributes'>;

/** The organization's contacts among `numbers`, by number: one query per thousand numbers. */
export async function contactProfiles(organizationId: Types.ObjectId | string, numbers: string[]): Promise<Map<string, ContactProfile>> {
  const found = new Map<string, ContactProfile>();
  for (let start = 0; start < numbers.length; start += LOOKUP_BATCH) {
    const batch = numbers.slice(start, start + LOOKUP_BATCH);
    const contacts = await Contact.find({ organizationId, phoneNumber: { $in: batch } }, { _id: 0, phoneNumber: 1, timezone: 1, attributes: 1 }).lean<
      ContactProfile[]
    >();
    for (const c of contacts) found.set(c.phoneNumber, c);
  }
  return found;
}

type Suppression = Pick<ContactRecord, 'doNotCall' | 'doNotCallReason' | 'doNotCallSince' | 'doNotCallCallId'>;
const NOT_SUPPRESSED: Suppression = { doNotCall: false, doNotCallReason: null, doNotCallSince: null, doNotCallCallId: null };

/** Puts the number on the registry, keeping the first reason when it is there already; answers the entry. */
async function suppress(
  key: DoNotCallKey,
  organizationId: Types.ObjectId,
  phoneNumber: string,
  reason: DoNotCallReason,
  callId: string | null,
): Promise<Suppression> {
  const _id = entryId(key, organizationId, phoneNumber);
  try {
    await DoNotCallEntry.create({ _id, organizationId, reason, since: new Date(), callId: callId ? new Types.ObjectId(callId) : null });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  return (await registered(key, organizationId, phoneNumber))!;
}

/** The registry's entry for the number, as the contact shows it; null when it is not suppressed. */
async function registered(key: DoNotCallKey, organizationId: Types.ObjectId, phoneNumber: string): Promise<Suppression | null> {
  const entry = await DoNotCallEntry.findById(entryId(key, organizationId, phoneNumber)).lean();
  return entry ? { doNotCall: true, doNotCallReason: entry.reason, doNotCallSince: entry.since, doNotCallCallId: entry.callId } : null;
}

/** A contact's fields as the API gives them; absent ones keep their value (or their default). */
export interface ContactFields {
  name?: string | null;
  email?: string | null;
  timezone?: string | null;
  externalRef?: string | null;
  attributes?: Record<string, string>;
  doNotCall?: boolean;
}

/** An organization is at its `maxContacts`: the contacts that would pass it were not kept. */
export class ContactQuotaExceeded extends Error {
  constructor(readonly maxContacts: number) {
    super(`the organization is at its limit of ${maxContacts} contacts`);
  }
}

/**
 * Keeps contacts just inserted only if the organization's count, read after their insert, is within
 * `maxContacts`; otherwise deletes them and throws ContactQuotaExceeded. This cannot overrun under
 * concurrency without a lock or a counter (which FerretDB would not apply atomically): of the
 * contacts kept, the last one inserted was counted with all the others present. Concurrent
 * creations at the limit would refuse each other (each counting the others' inserts), so single
 * creations take turns; an import's batch racing them may still refuse one that would have fit.
 */
async function admitContacts(organizationId: Types.ObjectId, ids: Types.ObjectId[], maxContacts: number): Promise<void> {
  if ((await Contact.countDocuments({ organizationId })) <= maxContacts) return;
  await Contact.deleteMany({ _id: { $in: ids } });
  throw new ContactQuotaExceeded(maxContacts);
}

/**
 * A new contact. It is do-not-call when asked, and also when the registry already has its number
 * (a contact erased while suppressed): the suppression stays until lifted by an update. Without a
 * time zone it gets the one its number determines, if any. Throws the duplicate-key error when the
 * organization has a contact with this number, and ContactQuotaExceeded beyond `maxContacts` if given.
 */
export async function createContact(
  key: DoNotCallKey,
  organizationId: Types.ObjectId,
  phoneNumber: string,
  fields: ContactFields,
  maxContacts?: number,
): Promise<ContactRecord> {
  const { doNotCall, ...rest } = fields;
  const suppression = (await registered(key, organizationId, phoneNumber)) ?? NOT_SUPPRESSED;
  const timezone = fields.timezone ?? inferTimezone(phoneNumber);
  const insert = async () => (await Contact.create({ organizationId, phoneNumber, ...rest, timezone, ...suppression })).toObject();
  const created =
    maxContacts === undefined
      ? await insert()
      : // Taking turns keeps a burst of creations from refusing each other (see admitContacts).
        await inTurn(`contact-creation:${organizationId}`, async () => {
          const contact = await insert();
          await admitContacts(organizationId, [contact._id], maxContacts);
          return contact;
        });
  if (!doNotCall || created.doNotCall) return created;
  // Suppressed only once the contact exists: a duplicate refused above suppresses nothing.
  try {
    const marked = await suppress(key, organizationId, phoneNumber, 'manual', null);
    await Contact.updateOne({ _id: created._id }, { $set: marked });
    return { ...created, ...marked };
  } catch (err) {
    await Contact.deleteOne({ _id: created._id });
    throw err;
  }
}

/**
 * Changes a contact. `doNotCall: true` puts its number on the registry (reason `manual`), `false`
 * takes it off: the only way a suppression is lifted. `timezone: null` falls back to the number's.
 */
export async function updateContact(key: DoNotCallKey, contact: ContactRecord, fields: ContactFields): Promise<void> {
  const { doNotCall, ...rest } = fields;
  const set: Partial<ContactRecord> = { ...rest };
  if (fields.timezone === null) set.timezone = inferTimezone(contact.phoneNumber);
  if (doNotCall === true && !contact.doNotCall) Object.assign(set, await suppress(key, contact.organizationId, contact.phoneNumber, 'manual', null));
  if (doNotCall === false && contact.doNotCall) {
    await DoNotCallEntry.deleteOne({ _id: entryId(key, contact.organizationId, contact.phoneNumber) });
    Object.assign(set, NOT_SUPPRESSED);
  }
  await Contact.updateOne({ _id: contact._id }, { $set: set });
}

/** Erases the contact's personal data; a do-not-call number stays on the registry as its hash. */
export async function eraseContact(contact: ContactRecord): Promise<void> {
  await Contact.deleteOne({ _id: contact._id });
}

/**
 * Makes the number do-not-call: its registry entry first (what every dial reads), then its
 * contact, created when the organization has none. Safe to repeat.
 */
export async function markDoNotCall(
  key: DoNotCallKey,
  organizationId: Types.ObjectId | string,
  phoneNumber: string,
  reason: DoNotCallReason,
  callId?: string,
): Promise<void> {
  const orgId = new Types.ObjectId(String(organizationId));
  const suppression = await suppress(key, orgId, phoneNumber, reason, callId ?? null);
  const existing = await Contact.findOne({ organizationId: orgId, phoneNumber }).lean();
  if (existing) {
    if (!existing.doNotCall) await Contact.updateOne({ _id: existing._id }, { $set: suppression });
    return;
  }
  try {
    await Contact.create({ organizationId: orgId, phoneNumber, timezone: inferTimezone(phoneNumber), ...suppression });
  } catch (err) {
    // Created meanwhile: that contact takes the suppression instead.
    if (!isDuplicateKeyError(err)) throw err;
    await Contact.updateOne({ organizationId: orgId, phoneNumber }, { $set: suppression });
  }
}

/** One row of a contact import, as the partner gave it. */
export interface ContactRow extends ContactFields {
  phoneNumber: string;
}

/**
 * Creates the rows whose numbers have no contact yet and updates the others with the fields the
 * row gives, in order. A row's `doNotCall: true` suppresses its number; an import never lifts a
 * suppression. Safe to repeat: the same import again changes nothing more.
 *
 * Within `maxContacts`: an import that would pass it is refused before any row is applied; one that
 * passes it only because of contacts created meanwhile stops at that batch, whose new contacts are
 * removed, the batches before it staying applied (ContactQuotaExceeded either way).
 */
export async function importContacts(
  key: DoNotCallKey,
  organizationId: Types.ObjectId,
  rows: ContactRow[],
  maxContacts: number,
): Promise<{ created: number; updated: number }> {
  await checkContactRoom(organizationId, rows, maxContacts);
  let created = 0;
  let updated = 0;
  for (let start = 0; start < rows.length; start += LOOKUP_BATCH) {
    const createdIds: Types.ObjectId[] = [];
    const batch = rows.slice(start, start + LOOKUP_BATCH);
    const existing = await Contact.find({ organizationId, phoneNumber: { $in: batch.map((r) => r.phoneNumber) } }).lean();
    const byNumber = new Map(existing.map((c) => [c.phoneNumber, c]));
    for (const { phoneNumber, doNotCall, ...fields } of batch) {
      const contact = byNumber.get(phoneNumber);
      const liftless = doNotCall === true ? { doNotCall } : {};
      if (contact) {
        await updateContact(key, contact, { ...fields, ...liftless });
        updated += 1;
        continue;
      }
      try {
        createdIds.push((await createContact(key, organizationId, phoneNumber, { ...fields, ...liftless }))._id);
        created += 1;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        // Created by a concurrent request since the lookup: this row updates it.
        await updateContact(key, (await Contact.findOne({ organizationId, phoneNumber }).lean())!, { ...fields, ...liftless });
        updated += 1;
      }
    }
    if (createdIds.length > 0) await admitContacts(organizationId, createdIds, maxContacts);
  }
  return { created, updated };
}

/** Refuses an import whose new numbers would not fit; counts them only when all its rows might not. */
async function checkContactRoom(organizationId: Types.ObjectId, rows: ContactRow[], maxContacts: number): Promise<void> {
  const existing = await Contact.countDocuments({ organizationId });
  if (existing + rows.length <= maxContacts) return;
  let known = 0;
  for (let start = 0; start < rows.length; start += LOOKUP_BATCH) {
    known += await Contact.countDocuments({ organizationId, phoneNumber: { $in: rows.slice(start, start + LOOKUP_BATCH).map((r) => r.phoneNumber) } });
  }
  if (existing + rows.length - known > maxContacts) throw new ContactQuotaExceeded(maxContacts);
}

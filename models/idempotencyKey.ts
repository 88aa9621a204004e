import { createHash, createHmac, randomUUID } from 'node:crypto';
import { Schema, model, type Types } from 'mongoose';
import type { CredentialKey } from '../config';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { seal, unseal, type SealedSecret } from '../lib/seal';

/** How long a key is remembered: a day, the window a client retries in. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claim holds its key without being renewed. Its holder renews it while the request runs,
 * so only a claim whose process died lapses, and then a retry may take the key over.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/**
 * A partner's Idempotency-Key: claimed by the first request that sends it, then holding that
 * request's answer. The `_id` is the organization and the key's hash, so the claim is an insert
 * under the `_id` index: atomic on FerretDB as on MongoDB (docs/ferretdb.md), and the one
 * lookup FerretDB serves from an index.
 *
 * A lapsed claim is taken over by inserting a marker named after the claim it replaces
 * (`<_id>@<holder>`), so of several retries racing for it exactly one wins. Markers carry only
 * `expiresAt` and go with the keys.
 */
const idempotencyKeySchema = new Schema(
  {
    _id: { type: String, required: true },
    organizationId: { type: Schema.Types.ObjectId },
    /** SHA-256 of the request's method, path and canonical body. */
    requestHash: { type: String },
    /** Who holds the claim: one random id per request that claimed or took it over. */
    holder: { type: String },
    lockedUntil: { type: Date, default: null },
    /** The stored answer, once the request finished with one worth replaying. */
    status: { type: Number, default: null },
    /**
     * The answer's body as JSON text, sealed (`answerKeys`): answers hold candidate capabilities and
     * embed tokens. Text, since a body's field names need not be valid document keys.
     */
    sealedBody: {
      type: new Schema({ keyId: String, iv: String, tag: String, ciphertext: String }, { _id: false }),
      default: null,
    },
    /** Where versions before `sealedBody` kept the answer in clear: replayed until swept, within a day of the upgrade. */
    body: { type: String },
    /** For a body read as a stream (imports): the SHA-256 of its bytes, known only once it was read whole. */
    bodyHash: { type: String, default: null },
    /** Removed by `sweepIdempotencyKeys` after this: FerretDB has no TTL indexes. */
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const IdempotencyKey = model('IdempotencyKey', idempotencyKeySchema);

export type Claim =
  | { outcome: 'claimed'; id: string; holder: string }
  | { outcome: 'replay'; status: number; body: unknown; bodyHash: string | null }
  | { outcome: 'reused' }
  | { outcome: 'in_use' };

export const idempotencyKeyId = (organizationId: Types.ObjectId | string, key: string) => `${organizationId}:${createHash('sha256').update(key).digest('hex')}`;

/** What a stored answer is sealed under: the server's credential keys (CREDENTIALS_ENCRYPTION_KEY first) and the request's Idempotency-Key. */
export interface AnswerSealing {
  serverKeys: readonly CredentialKey[];
  key: string;
}

/** Stands in for CREDENTIALS_ENCRYPTION_KEY where none is set: public, so the Idempotency-Key alone then protects the answer. */
const NO_SERVER_KEY: CredentialKey = { id: 'none', key: createHash('sha256').update('voice-agent-platform idempotency answers').digest() };

/**
 * Each server key mixed with the Idempotency-Key, which the database holds only as a hash: reading
 * a stored answer takes both the server's key and the client's. The first seals, any opens.
 */
const answerKeys = ({ serverKeys, key }: AnswerSealing): CredentialKey[] =>
  [...serverKeys, NO_SERVER_KEY].map((k) => ({ id: k.id, key: createHmac('sha256', k.key).update(key).digest() }));

const sealAnswer = (sealing: AnswerSealing, id: string, body: unknown): SealedSecret =>
  seal(answerKeys(sealing)[0]!, `idempotency-answer:${id}`, JSON.stringify(body ?? null));

const openAnswer = (sealing: AnswerSealing, id: string, sealed: SealedSecret): unknown =>
  JSON.parse(unseal(answerKeys(sealing), `idempotency-answer:${id}`, sealed));

/**
 * Claims `key` for a request, or says what became of an earlier one with the same key: its stored
 * answer, a different request (`reused`), or one still running (`in_use`).
 */
export async function claimIdempotencyKey(organizationId: Types.ObjectId, sealing: AnswerSealing, requestHash: string): Promise<Claim> {
  const id = idempotencyKeyId(organizationId, sealing.key);
  // A claim released between our insert and our read leaves nothing to read: try again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const holder = randomUUID();
    const now = Date.now();
    try {
      await IdempotencyKey.create({
        _id: id,
        organizationId,
        requestHash,
        holder,
        lockedUntil: new Date(now + IDEMPOTENCY_LEASE_MS),
        expiresAt: new Date(now + IDEMPOTENCY_RETENTION_MS),
      });
      return { outcome: 'claimed', id, holder };
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const existing = await IdempotencyKey.findById(id).lean();
    if (!existing) continue;
    if (existing.requestHash !== requestHash) return { outcome: 'reused' };
    if (existing.status !== null && existing.status !== undefined) {
      return {
        outcome: 'replay',
        status: existing.status,
        body: existing.sealedBody ? openAnswer(sealing, id, existing.sealedBody as SealedSecret) : JSON.parse(existing.body ?? 'null'),
        bodyHash: existing.bodyHash ?? null,
      };
    }
    if (existing.lockedUntil && existing.lockedUntil.getTime() > now) return { outcome: 'in_use' };
    try {
      await IdempotencyKey.create({ _id: `${id}@${existing.holder}`, expiresAt: new Date(now + IDEMPOTENCY_RETENTION_MS) });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      return { outcome: 'in_use' };
    }
    await IdempotencyKey.updateOne({ _id: id }, { $set: { holder, lockedUntil: new Date(now + IDEMPOTENCY_LEASE_MS) } });
    return { outcome: 'claimed', id, holder };
  }
  return { outcome: 'in_use' };
}

/** Extends a running request's claim by another lease. */
export async function renewIdempotencyKey(id: string, holder: string): Promise<void> {
  await IdempotencyKey.updateOne({ _id: id, holder, status: null }, { $set: { lockedUntil: new Date(Date.now() + IDEMPOTENCY_LEASE_MS) } });
}

/** Stores the answer that retries with the key will get. */
export async function completeIdempotencyKey(
  id: string,
  holder: string,
  sealing: AnswerSealing,
  status: number,
  body: unknown,
  bodyHash: string | null = null,
): Promise<void> {
  await IdempotencyKey.updateOne({ _id: id, holder }, { $set: { status, sealedBody: sealAnswer(sealing, id, body), bodyHash, lockedUntil: null } });
}

/** Gives the key up, so that a retry runs the request again. */
export async function releaseIdempotencyKey(id: string, holder: string): Promise<void> {
  await IdempotencyKey.deleteOne({ _id: id, holder, status: null });
}

/** Deletes keys (and takeover markers) past their retention. */
export async function sweepIdempotencyKeys(now = new Date()): Promise<void> {
  await IdempotencyKey.deleteMany({ expiresAt: { $lte: now } });
}

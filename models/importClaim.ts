import { randomUUID } from 'node:crypto';
import { Schema, model, type Types } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/**
 * How long an import's claim holds without renewal. The import renews it while it runs, so only the
 * claim of a process that died lapses, and then the next import takes it over.
 */
export const IMPORT_LEASE_MS = 60_000;

/**
 * The running import of an organization (`organization:<id>`) and of a campaign (`campaign:<id>`):
 * one at a time each, claimed by inserting the document under its `_id`, the one write that is
 * atomic on FerretDB as on MongoDB (docs/ferretdb.md). A lapsed claim is taken over by
 * first inserting a marker named after it (`<_id>@<holder>`), so of several importers racing for it
 * exactly one wins.
 */
const importClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    holder: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
export const ImportClaim = model('ImportClaim', importClaimSchema);

export const organizationImportId = (organizationId: Types.ObjectId | string) => `organization:${organizationId}`;
export const campaignImportId = (campaignId: string) => `campaign:${campaignId}`;

/** Thrown by `inImportClaim` when another import holds the claim: `scope` says which. */
export class ImportInProgress extends Error {
  constructor(readonly scope: 'campaign' | 'organization') {
    super(`Another import of this ${scope} is in progress.`);
  }
}

const lease = () => new Date(Date.now() + IMPORT_LEASE_MS);

async function claim(id: string, holder: string): Promise<boolean> {
  try {
    await ImportClaim.create({ _id: id, holder, expiresAt: lease() });
    return true;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  const existing = await ImportClaim.findById(id).lean();
  if (existing && existing.expiresAt.getTime() > Date.now()) return false;
  const marker = existing ? `${id}@${existing.holder}` : null;
  try {
    if (marker) {
      await ImportClaim.create({ _id: marker, holder, expiresAt: lease() });
      await ImportClaim.deleteOne({ _id: id, holder: existing!.holder });
    }
    await ImportClaim.create({ _id: id, holder, expiresAt: lease() });
    return true;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    return false;
  } finally {
    // Once the lapsed claim is gone, a late racer's marker finds nothing of it to remove.
    if (marker) await ImportClaim.deleteOne({ _id: marker, holder });
  }
}

/**
 * Runs `fn` holding the organization's import claim and, for a campaign's import, the campaign's;
 * throws ImportInProgress at once when another import holds either. The claims are renewed while
 * `fn` runs and released when it ends, whatever the outcome.
 */
export async function inImportClaim<T>(organizationId: Types.ObjectId, campaignId: string | null, fn: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const ids: string[] = [];
  const release = () => ImportClaim.deleteMany({ _id: { $in: ids }, holder });
  // The campaign first: a second import of the same campaign is named as such.
  for (const [scope, id] of [
    ['campaign', campaignId && campaignImportId(campaignId)],
    ['organization', organizationImportId(organizationId)],
  ] as const) {
    if (!id) continue;
    if (!(await claim(id, holder))) {
      await release();
      throw new ImportInProgress(scope);
    }
    ids.push(id);
  }
  const renewal = setInterval(() => {
    ImportClaim.updateMany({ _id: { $in: ids }, holder }, { $set: { expiresAt: lease() } }).catch(() => undefined);
  }, IMPORT_LEASE_MS / 3);
  try {
    return await fn();
  } finally {
    clearInterval(renewal);
    await release();
  }
}

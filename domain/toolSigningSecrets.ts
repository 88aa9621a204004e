/**
 * The organization's tool-signing secret: made or rotated by an admin and shown that once; only
 * its last four characters are readable afterwards.
 */
import type { Types } from 'mongoose';
import { ToolSigningSecret, type ToolSigningSecretRecord } from '../models/toolSigningSecret';

export { rotateToolSigningSecret as rotateSecret, type ToolSigningSecretRecord } from '../models/toolSigningSecret';

export async function currentSecret(organizationId: Types.ObjectId): Promise<ToolSigningSecretRecord | null> {
  return ToolSigningSecret.findOne({ organizationId }).lean<ToolSigningSecretRecord>();
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A 32-byte AES key and the id a sealed secret names it by (the server's CREDENTIALS_ENCRYPTION_KEY and its predecessors). */
export interface SealingKey {
  id: string;
  key: Buffer;
}

/** A secret sealed with AES-256-GCM under the server key `keyId`; the binary parts in base64. */
export interface SealedSecret {
  keyId: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

/**
 * Seals `plaintext` under `key`, bound to `context` (authenticated, not stored): a sealed secret
 * copied to where another context is expected no longer opens.
 */
export function seal(key: SealingKey, context: string, plaintext: string): SealedSecret {
  // A fresh 96-bit IV per write: GCM is broken by reusing an IV under one key.
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { keyId: key.id, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), ciphertext: ciphertext.toString('base64') };
}

/** Throws when no key of `keys` sealed it, or when the secret or its context was tampered with. */
export function unseal(keys: readonly SealingKey[], context: string, sealed: SealedSecret): string {
  const key = keys.find((k) => k.id === sealed.keyId);
  if (!key) throw new Error(`secret sealed with key ${sealed.keyId}, which this server does not hold: add it to CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(sealed.iv, 'base64'), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
}

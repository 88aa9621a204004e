/**
 * The payload codec every Temporal client and worker of the service uses, so that what workflows
 * carry (phone numbers, variables, names, messages) is stored in Temporal's database encrypted:
 * AES-256-GCM over the whole payload, metadata included, under the current key of a keyring.
 * Each encrypted payload names its key, so keys rotate: a new key becomes current, and the old
 * ones stay in the keyring to open the histories they sealed.
 */
import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { DataConverter, Payload, PayloadCodec } from '@temporalio/common';
import { temporal } from '@temporalio/proto';

export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const ProtoPayload = temporal.api.common.v1.Payload;

export interface PayloadKeyring {
  /** The key id every new payload is sealed under; it must be in `keys`. */
  currentKeyId: string;
  /** Key id -> 32-byte AES-256 key. */
  keys: ReadonlyMap<string, Buffer>;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const text = (bytes: Uint8Array | null | undefined) => (bytes ? Buffer.from(bytes).toString('utf8') : undefined);

export class EncryptionCodec implements PayloadCodec {
  private readonly currentKeyId: string;
  /** Imported once: a payload costs one cipher, no key setup. */
  private readonly keys: Map<string, KeyObject>;

  constructor(keyring: PayloadKeyring) {
    if (!keyring.keys.has(keyring.currentKeyId)) throw new Error(`the payload keyring has no key "${keyring.currentKeyId}" to encrypt with`);
    this.currentKeyId = keyring.currentKeyId;
    this.keys = new Map(
      [...keyring.keys].map(([id, key]) => {
        if (key.length !== 32) throw new Error(`payload key "${id}" must be 32 bytes, got ${key.length}`);
        return [id, createSecretKey(key)];
      }),
    );
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => this.seal(payload));
  }

  /** Payloads not sealed by this codec pass through: histories written before it still replay. */
  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => (text(payload.metadata?.encoding) === ENCRYPTED_ENCODING ? this.open(payload) : payload));
  }

  private seal(payload: Payload): Payload {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKeyId)!, iv);
    const sealed = Buffer.concat([iv, cipher.update(ProtoPayload.encode(payload).finish()), cipher.final(), cipher.getAuthTag()]);
    return { metadata: { encoding: utf8(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: utf8(this.currentKeyId) }, data: sealed };
  }

  private open(payload: Payload): Payload {
    const keyId = text(payload.metadata?.[KEY_ID_METADATA]);
    const key = keyId === undefined ? undefined : this.keys.get(keyId);
    // A missing key must never pass ciphertext on as if it were the value.
    if (!key) throw new Error(`no payload key "${keyId ?? '(none)'}" in the keyring: the payload cannot be decrypted`);
    const data = Buffer.from(payload.data ?? []);
    if (data.length < IV_BYTES + TAG_BYTES) throw new Error(`the payload sealed under key "${keyId}" is truncated`);
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    const { metadata, data: inner } = ProtoPayload.decode(plain);
    return { metadata, data: inner };
  }
}

/** The data converter of every client, worker and replayer: the default converter, then the codec. */
export function encryptedDataConverter(keyring: PayloadKeyring): DataConverter {
  return { payloadCodecs: [new EncryptionCodec(keyring)] };
}

/** The payload codec alone: what it seals, how keys rotate, and that it never passes ciphertext off as a value. */
import { randomBytes } from 'node:crypto';
import type { Payload } from '@temporalio/common';
import { EncryptionCodec, ENCRYPTED_ENCODING, KEY_ID_METADATA } from '../../lib/payloadCodec';

const key = () => randomBytes(32);
const plain: Payload = { metadata: { encoding: Buffer.from('json/plain') }, data: Buffer.from('{"phoneNumber":"+14155550123"}') };
const text = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? []).toString();

test('a payload is sealed whole under the current key, named in its metadata, and opens to itself', async () => {
  const codec = new EncryptionCodec({ currentKeyId: 'k1', keys: new Map([['k1', key()]]) });
  const [sealed] = await codec.encode([plain]);
  expect(text(sealed!.metadata!.encoding)).toBe(ENCRYPTED_ENCODING);
  expect(text(sealed!.metadata![KEY_ID_METADATA])).toBe('k1');
  expect(Buffer.from(sealed!.data!).includes('+14155550123')).toBe(false);
  expect(Buffer.from(sealed!.data!).includes('json/plain')).toBe(false);
  // A fresh IV each time: the same value never seals to the same bytes.
  const [again] = await codec.encode([plain]);
  expect(Buffer.from(again!.data!).equals(Buffer.from(sealed!.data!))).toBe(false);

  const [opened] = await codec.decode([sealed!]);
  expect(text(opened!.metadata!.encoding)).toBe('json/plain');
  expect(text(opened!.data)).toBe(text(plain.data));
});

test('after rotation, payloads sealed under the old key still open and new ones use the new key', async () => {
  const old = key();
  const [sealedOld] = await new EncryptionCodec({ currentKeyId: 'old', keys: new Map([['old', old]]) }).encode([plain]);
  const rotated = new EncryptionCodec({
    currentKeyId: 'new',
    keys: new Map([
      ['old', old],
      ['new', key()],
    ]),
  });
  expect(text((await rotated.decode([sealedOld!]))[0]!.data)).toBe(text(plain.data));
  const [sealedNew] = await rotated.encode([plain]);
  expect(text(sealedNew!.metadata![KEY_ID_METADATA])).toBe('new');
});

test('a key id the keyring lacks, a wrong key or altered bytes fail instead of decoding', async () => {
  const [sealed] = await new EncryptionCodec({ currentKeyId: 'gone', keys: new Map([['gone', key()]]) }).encode([plain]);
  await expect(new EncryptionCodec({ currentKeyId: 'other', keys: new Map([['other', key()]]) }).decode([sealed!])).rejects.toThrow('no payload key "gone"');
  await expect(new EncryptionCodec({ currentKeyId: 'gone', keys: new Map([['gone', key()]]) }).decode([sealed!])).rejects.toThrow();
  const k = key();
  const codec = new EncryptionCodec({ currentKeyId: 'k', keys: new Map([['k', k]]) });
  const [mine] = await codec.encode([plain]);
  const altered = Buffer.from(mine!.data!);
  altered[20] ^= 1;
  await expect(codec.decode([{ ...mine!, data: altered }])).rejects.toThrow();
});

test('payloads it did not seal pass through decode unchanged: older histories still replay', async () => {
  const codec = new EncryptionCodec({ currentKeyId: 'k', keys: new Map([['k', key()]]) });
  expect(await codec.decode([plain])).toEqual([plain]);
});

test('a keyring without its current key, or with a key of the wrong size, is refused', () => {
  expect(() => new EncryptionCodec({ currentKeyId: 'k', keys: new Map([['j', key()]]) })).toThrow('no key "k"');
  expect(() => new EncryptionCodec({ currentKeyId: 'k', keys: new Map([['k', randomBytes(16)]]) })).toThrow('32 bytes');
});

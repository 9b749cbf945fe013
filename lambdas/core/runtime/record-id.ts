/**
 * Ids of generated records: 26 characters of Crockford base32, the first 10 the creation time
 * in milliseconds and the rest random (the ULID layout). They sort by creation time, so an
 * entity's partition, queried by sort key, lists records oldest first without a created_at
 * index, and a record id never reveals a counter.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newRecordId(now: Date): string {
  let time = now.getTime();
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const random = randomBytes(16);
  let tail = '';
  for (let i = 0; i < 16; i += 1) tail += ALPHABET[(random[i] as number) % 32];
  return head + tail;
}

/** Opaque keys without `/` (file keys, invitation codes): `bytes` random bytes in base64url. */
export function newOpaqueKey(bytes = 18): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Ids of generated records: 26 characters of Crockford base32, the first 10 the creation time
 * in milliseconds and the rest random (the ULID layout). They sort by creation time, so an
 * entity's partition, queried by sort key, lists records oldest first without a created_at
 * index, and a record id never reveals a counter.
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The shapes of the ids a generated API hands out, so a request naming anything else is refused
 * before any storage call (an id in a path cannot exist: 404; a reference in a body: 400), and
 * no client value can grow a key past DynamoDB's limits. The route manifest publishes them.
 */
export const RECORD_ID_LENGTH = 26;
/** Record and organization ids: `newRecordId`. */
export const RECORD_ID_PATTERN = `^[${ALPHABET}]{${RECORD_ID_LENGTH}}$`;
/** Members are identified by their identity's user id: Cognito's `sub` on AWS, the local identity's, both UUIDs. */
export const USER_ID_LENGTH = 36;
export const USER_ID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** Opaque keys (`newOpaqueKey`: file keys, invitation codes) are base64url; 64 characters hold 48 random bytes. */
export const OPAQUE_KEY_MAX_LENGTH = 64;
export const OPAQUE_KEY_PATTERN = `^[A-Za-z0-9_-]{1,${OPAQUE_KEY_MAX_LENGTH}}$`;

const RECORD_ID = new RegExp(RECORD_ID_PATTERN);
const USER_ID = new RegExp(USER_ID_PATTERN);
const OPAQUE_KEY = new RegExp(OPAQUE_KEY_PATTERN);

export const isRecordId = (value: unknown): value is string => typeof value === 'string' && RECORD_ID.test(value);
export const isUserId = (value: unknown): value is string => typeof value === 'string' && USER_ID.test(value);
export const isOpaqueKey = (value: unknown): value is string => typeof value === 'string' && OPAQUE_KEY.test(value);

export function newRecordId(now: Date): string {
  return idOf(now, randomBytes(16));
}

/**
 * The id of a record a workflow's task creates: created at `at`, its other 16 characters from
 * `seed` (the instance and step), so every retry of the task names the same record and a second
 * create of it is refused instead of making a copy.
 */
export function recordIdFor(at: Date, seed: string): string {
  return idOf(at, createHash('sha256').update(seed).digest());
}

function idOf(at: Date, tailBytes: Uint8Array): string {
  let time = at.getTime();
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  let tail = '';
  for (let i = 0; i < 16; i += 1) tail += ALPHABET[(tailBytes[i] as number) % 32];
  return head + tail;
}

/** Opaque keys without `/` (file keys, invitation codes): `bytes` random bytes in base64url. */
export function newOpaqueKey(bytes = 18): string {
  return randomBytes(bytes).toString('base64url');
}

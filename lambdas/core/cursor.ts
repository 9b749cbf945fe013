/**
 * Opaque, tamper-evident pagination cursors. A cursor is `base64url(JSON(key)).base64url(mac)`
 * where the MAC (HMAC-SHA256) covers the list's scope as well as the key. An edited cursor, or
 * one minted for another list (another user, organization, filter) fails verification -> 400.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from './errors';

export type CursorKey = Record<string, string | number>;

/**
 * The longest cursor a list accepts (both APIs publish it as `maxLength`). Cursors this code
 * makes stay under 2 KB: a key of at most four attributes, index values at most 1 KB each.
 */
export const MAX_CURSOR_LENGTH = 4096;

function mac(secret: string, scope: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(scope).update('\n').update(payload).digest();
}

export function encodeCursor(key: CursorKey, scope: string, secret: string): string {
  const payload = Buffer.from(JSON.stringify(key)).toString('base64url');
  return `${payload}.${mac(secret, scope, payload).toString('base64url')}`;
}

const invalid = () => new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'is not a cursor of this list' }]);

export function decodeCursor(cursor: string, scope: string, secret: string): CursorKey {
  const parts = cursor.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw invalid();
  const [payload, signature] = parts as [string, string];
  const expected = mac(secret, scope, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!key || typeof key !== 'object' || Array.isArray(key)) throw invalid();
  for (const value of Object.values(key)) {
    if (typeof value !== 'string' && typeof value !== 'number') throw invalid();
  }
  return key as CursorKey;
}

import { decodeCursor, encodeCursor } from '../../lambdas/core/cursor';
import { ValidationError } from '../../lambdas/core/errors';

const secret = 'test-secret';
const key = { PK: 'PROJECT#1', SK: 'PROJECT', GSI1PK: 'OWNER#u1#PROJECTS#active', GSI1SK: '2026-01-01T00:00:00.000Z#1' };

describe('pagination cursors', () => {
  it('round-trip within their list', () => {
    const cursor = encodeCursor(key, 'projects:u1:active', secret);
    expect(cursor).not.toContain('PROJECT#');
    expect(decodeCursor(cursor, 'projects:u1:active', secret)).toEqual(key);
  });

  it('are refused for another list (user, filter) or another secret', () => {
    const cursor = encodeCursor(key, 'projects:u1:active', secret);
    expect(() => decodeCursor(cursor, 'projects:u2:active', secret)).toThrow(ValidationError);
    expect(() => decodeCursor(cursor, 'projects:u1:archived', secret)).toThrow(ValidationError);
    expect(() => decodeCursor(cursor, 'projects:u1:active', 'other')).toThrow(ValidationError);
  });

  it('are refused when edited', () => {
    const cursor = encodeCursor(key, 's', secret);
    const [payload, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...key, GSI1PK: 'OWNER#u2#PROJECTS#active' })).toString('base64url');
    for (const bad of [`${forged}.${mac}`, `${payload}.${mac.slice(0, -2)}AA`, payload, `${payload}.`, '', 'x.y.z', '%%%.%%%']) {
      expect(() => decodeCursor(bad, 's', secret)).toThrow(expect.objectContaining({ statusCode: 400, code: 'VALIDATION_ERROR' }));
    }
  });
});

/** The outgoing signature (core/outgoing/signature.ts): golden vectors computed with `openssl dgst -sha256 -hmac`, and the receiver's check. */
import { signatureOf, signedHeaders, verifySignature } from '../../../lambdas/core/outgoing/signature';

const secret = 'whsec_test_0123456789abcdef';
const body = '{"order":42,"status":"paid"}';

describe('signing', () => {
  it.each([
    [body, '6b8826c008c9f441451234bbc978fa64dbb5888543de4fb340784f261a2a63a0'],
    ['', '814e706027d44b6013448b27b12c76ad281f72d11fcf05d71e1ef85b69465064'],
    // UTF-8 bytes of the body, as sent.
    ['{"name":"Zoë ✓"}', '35970e5881db81325a1a19b70788a03529b0c1169710c86de0bfc8b59485e157'],
  ])('HMAC-SHA256(secret, "1700000000.%s")', (text, hex) => {
    expect(signatureOf(secret, 1700000000, text)).toBe(hex);
  });

  it('sends the delivery id, the timestamp and v1=<hex>; no signature without a secret', () => {
    expect(signedHeaders({ deliveryId: 'd-1', timestamp: 1700000000, body, secret })).toEqual({
      'X-BGS-Delivery': 'd-1',
      'X-BGS-Timestamp': '1700000000',
      'X-BGS-Signature': 'v1=6b8826c008c9f441451234bbc978fa64dbb5888543de4fb340784f261a2a63a0',
    });
    expect(signedHeaders({ deliveryId: 'd-1', timestamp: 1700000000, body, secret: undefined })).toEqual({ 'X-BGS-Delivery': 'd-1', 'X-BGS-Timestamp': '1700000000' });
  });
});

describe('verifySignature (the receiver)', () => {
  const good = 'v1=6b8826c008c9f441451234bbc978fa64dbb5888543de4fb340784f261a2a63a0';
  const base = { secret, body, timestamp: '1700000000', signature: good, nowSeconds: 1700000000 };

  it('accepts the golden request, within the tolerance either way', () => {
    expect(verifySignature(base)).toEqual({ ok: true, timestamp: 1700000000 });
    expect(verifySignature({ ...base, nowSeconds: 1700000300 }).ok).toBe(true);
    expect(verifySignature({ ...base, nowSeconds: 1699999700 }).ok).toBe(true);
  });

  it('refuses a timestamp outside the window (a replay), malformed or missing', () => {
    expect(verifySignature({ ...base, nowSeconds: 1700000301 })).toEqual({ ok: false, reason: 'timestamp outside the tolerance window' });
    expect(verifySignature({ ...base, nowSeconds: 1700000020, toleranceSeconds: 10 }).ok).toBe(false);
    for (const timestamp of [undefined, '', '17e8', '-1', '1700000000.0', ' 1700000000']) {
      expect(verifySignature({ ...base, timestamp }).ok).toBe(false);
    }
  });

  it('refuses a changed body, another secret, a shifted timestamp, a missing or malformed signature', () => {
    expect(verifySignature({ ...base, body: body.replace('42', '43') })).toEqual({ ok: false, reason: 'signature does not match' });
    expect(verifySignature({ ...base, secret: `${secret}x` }).ok).toBe(false);
    expect(verifySignature({ ...base, timestamp: '1700000001', nowSeconds: 1700000001 }).ok).toBe(false);
    for (const signature of [undefined, '', 'v0=abc', good.slice(3), 'v1=', `${good}00`, 'v1=zz']) {
      expect(verifySignature({ ...base, signature }).ok).toBe(false);
    }
  });

  it('accepts any one of several v1 signatures (a secret being rotated), hex in either case', () => {
    expect(verifySignature({ ...base, signature: `v1=${'0'.repeat(64)}, ${good}` }).ok).toBe(true);
    expect(verifySignature({ ...base, signature: good.toUpperCase().replace('V1=', 'v1=') }).ok).toBe(true);
  });
});

/**
 * The pure guards in front of both APIs (issue 21 items 3 and 8): well-formed text, the local
 * gateway's request-target checks, its answer to node:http's parser errors, the control plane's
 * decimal `limit` and its 404 for path ids off their shape.
 */
import { PassThrough } from 'node:stream';
import { illFormedTextDetails, illFormedTextProblem } from '../../lambdas/core/well-formed-text';
import { answerClientError, decodePathSegment, MAX_URL_BYTES, refuseRequestTarget } from '../../local/gateway';
import { ListProjectsQuery, ProjectIdParams, SpecVersionParams } from '../../lambdas/control-plane/schemas';
import { validateRequest } from '../../lambdas/shared/middleware/validate-request';
import { NotFoundError, ValidationError } from '../../lambdas/core/errors';
import type { HttpEvent } from '../../lambdas/shared/http-types';

describe('well-formed text', () => {
  it.each([
    ['plain text', 'hello', undefined],
    ['a surrogate pair', '\u{1F600}', undefined],
    ['a lone high surrogate', 'a\uD800', 'must be well-formed Unicode (it holds an unpaired surrogate)'],
    ['a lone low surrogate', '\uDC00b', 'must be well-formed Unicode (it holds an unpaired surrogate)'],
    ['two high surrogates', '\uD83D\uD83D\uDE00', 'must be well-formed Unicode (it holds an unpaired surrogate)'],
    ['NUL', 'a\u0000b', 'must not contain the NUL character (U+0000)'],
    ['other control characters', 'a\u0001\tb', undefined],
  ])('%s', (_name, text, expected) => {
    expect(illFormedTextProblem(text)).toBe(expected);
  });

  it('names every bad string of a request part, keys included, in nested objects and lists', () => {
    expect(illFormedTextDetails({ a: 'ok', b: ['x', '\uD800'], c: { d: 'n\u0000' }, ['k\uDC00']: 1 }, 'body')).toEqual([
      { path: 'body', message: 'has a field name that must be well-formed Unicode (it holds an unpaired surrogate)' },
      { path: 'body.b[1]', message: 'must be well-formed Unicode (it holds an unpaired surrogate)' },
      { path: 'body.c.d', message: 'must not contain the NUL character (U+0000)' },
    ]);
    expect(illFormedTextDetails(42, 'body')).toEqual([]);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\ud800"${']'.repeat(200_000)}`) as unknown;
    expect(illFormedTextDetails(deep, 'body')).toHaveLength(1);
  });
});

describe('the local gateway', () => {
  it('decodes path segments, and refuses broken percent-encodings', () => {
    expect(decodePathSegment('a%20b')).toBe('a b');
    expect(decodePathSegment('%E4%B8%AD')).toBe('\u4E2D');
    for (const bad of ['%zz', '%E4%B8', '%ED%A0%80', '%']) expect(decodePathSegment(bad)).toBeNull();
  });

  it('refuses a target over its length (414) or with a broken encoding (400) before routing', () => {
    expect(refuseRequestTarget('/projects/abc?limit=5')).toBeNull();
    expect(refuseRequestTarget('/projects?q=%zz')).toBeNull();
    expect(refuseRequestTarget('/apis/%zz/v1/tasks')).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(refuseRequestTarget(`/health?q=${'x'.repeat(MAX_URL_BYTES)}`)).toMatchObject({ statusCode: 414, code: 'URI_TOO_LONG' });
  });

  it.each([
    ['HPE_INVALID_METHOD', 400, 'VALIDATION_ERROR'],
    ['HPE_INVALID_CONSTANT', 400, 'VALIDATION_ERROR'],
    ['HPE_HEADER_OVERFLOW', 431, 'HEADERS_TOO_LARGE'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'REQUEST_TIMEOUT'],
  ])('answers a parser error %s with %i and { error, code }', async (errorCode, status, code) => {
    const socket = new PassThrough();
    const written: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => written.push(chunk));
    const ended = new Promise((resolve) => socket.on('finish', resolve));
    answerClientError(Object.assign(new Error('parse'), { code: errorCode }), socket);
    await ended;
    const answer = Buffer.concat(written).toString('utf8');
    const [head, body] = answer.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toMatch(/content-type: application\/json/);
    expect(head).toContain(`content-length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ error: expect.any(String), code });
  });
});

describe('the control plane', () => {
  it('takes limit only as plain decimal digits', () => {
    expect(ListProjectsQuery.parse({ limit: '10' })).toEqual({ limit: 10 });
    for (const limit of ['1e1', '0x10', ' 10', '+5', '10.0', '', '0', '101', '-1']) expect(ListProjectsQuery.safeParse({ limit }).success).toBe(false);
    expect(SpecVersionParams.safeParse({ projectId: '8c1f8b9e-3a5e-4c0f-9a57-5b7d6a1f2e3d', version: '1e2' }).success).toBe(false);
    expect(SpecVersionParams.parse({ projectId: '8c1f8b9e-3a5e-4c0f-9a57-5b7d6a1f2e3d', version: '12' }).version).toBe(12);
  });

  const run = async (event: Partial<HttpEvent>) => {
    const middleware = validateRequest({ params: ProjectIdParams, query: ListProjectsQuery });
    const request = { event: { pathParameters: {}, queryStringParameters: {}, ...event }, internal: { bgs: {} } } as unknown as Parameters<NonNullable<typeof middleware.before>>[0];
    await middleware.before!(request);
    return request.internal.bgs as { input?: unknown };
  };

  it('answers 404 for a path id off its shape, 400 for NUL in it, and passes a good one', async () => {
    await expect(run({ pathParameters: { projectId: 'x'.repeat(2000) } })).rejects.toBeInstanceOf(NotFoundError);
    await expect(run({ pathParameters: { projectId: 'not-an-id' } })).rejects.toBeInstanceOf(NotFoundError);
    await expect(run({ pathParameters: { projectId: 'a\u0000' } })).rejects.toBeInstanceOf(ValidationError);
    await expect(run({ pathParameters: { projectId: '8c1f8b9e-3a5e-4c0f-9a57-5b7d6a1f2e3d' }, queryStringParameters: { limit: '1e1' } })).rejects.toBeInstanceOf(ValidationError);
    expect((await run({ pathParameters: { projectId: '8c1f8b9e-3a5e-4c0f-9a57-5b7d6a1f2e3d' } })).input).toMatchObject({ params: { projectId: '8c1f8b9e-3a5e-4c0f-9a57-5b7d6a1f2e3d' } });
  });
});

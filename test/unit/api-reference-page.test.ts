/**
 * The API reference page and its signed links as pure functions (core/api-reference/): the pages
 * of the examples against their goldens (made from the OpenAPI goldens), the embedded document
 * safe from a spec that holds `</script>`, the page's CSP, the notice of a newer blueprint, the
 * pinned swagger-ui-dist; links that verify only for their project, their key and their time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderApiReferencePage, scriptSafeJson } from '../../lambdas/core/api-reference/api-reference-page';
import { API_REFERENCE_ASSET_LIST } from '../../lambdas/core/api-reference/api-reference-assets';
import { signDocsLink, verifyDocsLink } from '../../lambdas/core/api-reference/docs-link';
import { SWAGGER_UI_VERSION } from '../../lambdas/core/api-reference/swagger-ui-version';
import { ForbiddenError } from '../../lambdas/core/errors';
import { apiReferenceGoldenPath, apiReferencePages, examplePageInputs } from '../fixtures/producers/api-reference';
import { assertGoldenCurrent } from '../fixtures/producers/golden-producer';

const ROOT = join(__dirname, '..', '..');

describe('the API reference page', () => {
  it.each(examplePageInputs().map(({ id, input }) => [id, input] as const))('%s: as its golden', (id, input) => {
    assertGoldenCurrent(apiReferencePages, apiReferenceGoldenPath(id), renderApiReferencePage(input).html);
  });

  const base = { staticBaseUrl: 'https://bgs.example.org/prod/_static', blueprintId: 'b-1', specVersion: 3 } as const;
  const hostile = '</script><script>alert(1)</script><!-- \u2028 & \u2029';
  const openApi = { openapi: '3.0.3', info: { title: `Notes <b>&</b>`, description: hostile }, servers: [{ url: 'https://api.example.org/v1' }], paths: {} };

  it('embeds the document so that no text of the spec can end its element, and reads back the same', () => {
    const { html } = renderApiReferencePage({ ...base, openApi });
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<title>Notes &#60;b&#62;&#38;&#60;/b&#62;: API reference</title>');
    const embedded = /<script id="bgs-openapi" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(embedded)).toEqual(openApi);
    expect(scriptSafeJson({ a: '\u2028' })).toBe('{"a":"\\u2028"}');
  });

  it("loads only its own files from the static path, and its CSP allows them and the project's API only", () => {
    const { html, headers } = renderApiReferencePage({ ...base, openApi });
    const loaded = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(loaded.sort()).toEqual(API_REFERENCE_ASSET_LIST.map((asset) => `${base.staticBaseUrl}/${asset.name}`).sort());
    const csp = headers['content-security-policy']!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('script-src https://bgs.example.org;');
    expect(csp).toContain('connect-src https://api.example.org;');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['referrer-policy']).toBe('no-referrer');
    // A document without a server can call nothing.
    expect(renderApiReferencePage({ ...base, openApi: { info: { title: 'x' } } }).headers['content-security-policy']).toContain("connect-src 'none'");
  });

  it('names the blueprint it describes, and a newer one not yet deployed', () => {
    expect(renderApiReferencePage({ ...base, openApi }).html).toContain('Generated from blueprint b-1, spec version 3.');
    expect(renderApiReferencePage({ ...base, openApi, newerBlueprintId: 'b-2' }).html).toContain('Blueprint b-2 is newer and not deployed yet.');
  });

  it('uses the pinned swagger-ui-dist, with no validator badge and no remote document', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['swagger-ui-dist']).toBe(SWAGGER_UI_VERSION);
    expect((JSON.parse(readFileSync(join(ROOT, 'node_modules/swagger-ui-dist/package.json'), 'utf8')) as { version: string }).version).toBe(SWAGGER_UI_VERSION);
    const script = readFileSync(join(ROOT, 'templates/api-reference/api-reference.js'), 'utf8');
    expect(script).toContain('validatorUrl: null');
    expect(script).not.toMatch(/\burl:/);
  });
});

describe('signed docs links', () => {
  const key = 'k'.repeat(43);
  const now = new Date('2026-11-26T10:00:00Z');
  const expiresAt = now.getTime() / 1000 + 3600;
  const claims = { projectId: 'p-1', ownerId: 'u-1', expiresAt };
  const token = signDocsLink(key, claims);

  it('verifies for its project until it expires', () => {
    expect(verifyDocsLink(key, token, 'p-1', now)).toEqual(claims);
    expect(verifyDocsLink(key, token, 'p-1', new Date(expiresAt * 1000 - 1))).toEqual(claims);
    expect(() => verifyDocsLink(key, token, 'p-1', new Date(expiresAt * 1000))).toThrow(/expired at 2026-11-26T11:00:00.000Z/);
  });

  it('refuses another project, another key, a changed payload or signature, and malformed tokens', () => {
    const [payload, signature] = token.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify({ p: 'p-1', o: 'u-2', e: expiresAt })).toString('base64url');
    for (const [what, attempt] of [
      ['another project', () => verifyDocsLink(key, token, 'p-2', now)],
      ['another key', () => verifyDocsLink('x'.repeat(43), token, 'p-1', now)],
      ['another owner in the payload', () => verifyDocsLink(key, `${otherPayload}.${signature}`, 'p-1', now)],
      ['a changed signature', () => verifyDocsLink(key, `${payload}.${signature.slice(0, -2)}AA`, 'p-1', now)],
      ['no signature', () => verifyDocsLink(key, payload, 'p-1', now)],
      ['three parts', () => verifyDocsLink(key, `${token}.x`, 'p-1', now)],
      ['not base64 JSON', () => verifyDocsLink(key, `bm90IGpzb24.${signDocsLink(key, claims).split('.')[1]}`, 'p-1', now)],
    ] as const) {
      expect([what, (() => { try { attempt(); return 'accepted'; } catch (err) { return err instanceof ForbiddenError ? err.statusCode : String(err); } })()]).toEqual([what, 403]);
    }
  });
});

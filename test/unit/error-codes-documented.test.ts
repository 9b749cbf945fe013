/**
 * The error codes are one list (ERROR_CODES, core/errors.ts): the OpenAPI documents enumerate it
 * (their tests), and the README's error paragraph must name every code, so the docs cannot fall
 * behind a new one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../lambdas/core/errors';

it("the README's error paragraph names every error code", () => {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  const paragraph = readme.slice(readme.indexOf('Errors are always'), readme.indexOf('Rate limits per minute'));
  expect(paragraph.length).toBeGreaterThan(100);
  expect(ERROR_CODES.filter((code) => !new RegExp(`\\b${code}\\b`).test(paragraph))).toEqual([]);
});

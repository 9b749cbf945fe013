/** The Errors section: the error answer and its codes per status (codes of errors.ts). */
import type { ErrorCode } from '../../../errors';
import { renderTable } from '../../../spec/spec-markdown';

const ROWS: [status: number, codes: ErrorCode[], when: string][] = [
  [400, ['VALIDATION_ERROR'], 'Invalid input (with `details`): malformed JSON, unknown or server-owned fields, a bad limit, cursor or filter'],
  [401, ['UNAUTHORIZED', 'TOKEN_EXPIRED', 'INVALID_CREDENTIALS'], 'Missing, invalid or expired token; wrong email or password'],
  [403, ['FORBIDDEN', 'USER_NOT_CONFIRMED'], 'The level or the role does not allow it; an unconfirmed account'],
  [404, ['NOT_FOUND'], 'No such record, or one the caller may not see (another organization)'],
  [409, ['CONFLICT'], 'A unique value taken, a record still referenced, an email already registered'],
  [413, ['PAYLOAD_TOO_LARGE'], 'A body over 1 MB, or a file over its limit'],
  [415, ['UNSUPPORTED_MEDIA_TYPE'], 'A body that is not JSON, or a file type the field does not allow'],
  [429, ['ACCOUNT_LOCKED', 'RATE_LIMITED'], 'Login lock-out or too many requests; see `Retry-After`'],
  [500, ['INTERNAL'], 'An unexpected error (never with a stack trace)'],
];

export function errors(): string {
  const rows = ROWS.map(([status, codes, when]) => [String(status), codes.join(', '), when]);
  return ['## Errors', '', 'Every error answer is `{ "error": "<message>", "code": "<CODE>" }` (plus `details: [{ path, message }]` for validation errors).', '', ...renderTable(['Status', 'Code', 'When'], rows)].join('\n');
}

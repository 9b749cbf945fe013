/** `limit` and `cursor` of list routes that are not entity lists (members, workflow instances). */
import { MAX_CURSOR_LENGTH } from '../../core/cursor';
import { ValidationError, type ErrorDetail } from '../../core/errors';

export function pageLimit(query: Record<string, string | undefined>, limits: { defaultPageSize: number; maxPageSize: number }): { limit: number; cursor?: string } {
  const details: ErrorDetail[] = [];
  for (const name of Object.keys(query)) if (name !== 'limit' && name !== 'cursor') details.push({ path: `query.${name}`, message: 'is not a known parameter' });
  let limit = limits.defaultPageSize;
  if (query.limit !== undefined) {
    limit = /^[0-9]+$/.test(query.limit) ? Number(query.limit) : NaN;
    if (!(limit >= 1 && limit <= limits.maxPageSize)) details.push({ path: 'query.limit', message: `must be an integer from 1 to ${limits.maxPageSize}` });
  }
  if (query.cursor === '') details.push({ path: 'query.cursor', message: 'must not be empty' });
  else if (query.cursor !== undefined && query.cursor.length > MAX_CURSOR_LENGTH) details.push({ path: 'query.cursor', message: `must be at most ${MAX_CURSOR_LENGTH} characters` });
  if (details.length > 0) throw new ValidationError(`Invalid query: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
  return { limit, ...(query.cursor ? { cursor: query.cursor } : {}) };
}

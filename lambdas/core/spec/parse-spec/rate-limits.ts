/** `## Rate limits` (optional): one row per window of an auth rate limit. */
import { AUTH_RATE_CATEGORIES } from '../../blueprint/ir';
import { readBlock, type Section } from '../spec-blocks';
import { readNumber, readRateLimitName, readWindow, writeRateLimitName } from '../spec-cells';
import { RATE_LIMITS_HEADER } from '../spec-layout';
import { renderRow } from '../spec-markdown';
import type { SpecRateLimit } from '../spec-model';
import type { ParseContext } from './context';
import { checkHeader, clip, onlyTable, reportStray, splitRows, strayOf } from './tables';

/** The optional `## Rate limits` table: one row per window of a limit; absent section: undefined. */
export function readRateLimits(section: Section | undefined, ctx: ParseContext): SpecRateLimit[] | undefined {
  if (!section) return undefined;
  const block = readBlock(section.body);
  reportStray(strayOf(block), ctx, `## Rate limits holds one table ${renderRow(RATE_LIMITS_HEADER)} (leave the section out to keep the defaults)`);
  const table = onlyTable(block, 'Rate limits', ctx);
  if (!table) {
    ctx.error(section.no, `## Rate limits holds one table ${renderRow(RATE_LIMITS_HEADER)}, one row per window; leave the section out to keep the defaults`);
    ctx.mute('rateLimits');
    return undefined;
  }
  if (!checkHeader(table, RATE_LIMITS_HEADER, 'Rate limits', ctx)) {
    ctx.mute('rateLimits');
    return undefined;
  }
  const names = AUTH_RATE_CATEGORIES.map(writeRateLimitName).join(', ');
  if (table.rows.length === 0) ctx.error(table.header.no, 'Rate limits: the table has no rows; leave the section out to keep the defaults');
  const out: SpecRateLimit[] = [];
  for (const row of splitRows(table, RATE_LIMITS_HEADER.length, 'Rate limits', ctx).good) {
    const [nameCell, requestsCell, windowCell] = row.cells as [string, string, string];
    const limit = readRateLimitName(nameCell, AUTH_RATE_CATEGORIES);
    const requests = readNumber(requestsCell);
    const window = readWindow(windowCell);
    if (!limit) ctx.error(row.no, `Rate limits: unknown limit '${clip(nameCell)}' (the limits are ${names})`);
    if (requests === undefined) ctx.error(row.no, `Rate limits: requests must be a whole number, not '${clip(requestsCell)}'`);
    if (!window.ok) ctx.error(row.no, `Rate limits: ${window.error}`);
    if (!limit || requests === undefined || !window.ok) continue;
    ctx.at(`rateLimits.${out.length}`, row.no);
    out.push({ limit, requests, windowSeconds: window.value });
  }
  return out.length > 0 ? out : undefined;
}

/** `## Access`: the endpoint levels that differ from the default, one row per entity and operation. */
import { readBlock, type Section } from '../spec-blocks';
import { ACCESS_HEADER, NONE_LINE } from '../spec-layout';
import { renderRow } from '../spec-markdown';
import type { AccessLevel, Operation, SpecAccessRule } from '../spec-model';
import type { ParseContext } from './context';
import { checkHeader, isNone, onlyTable, reportStray, splitRows, strayOf } from './tables';

export function readAccess(section: Section | undefined, ctx: ParseContext): SpecAccessRule[] {
  if (!section || isNone(section, ctx)) return [];
  const block = readBlock(section.body);
  reportStray(strayOf(block), ctx, `## Access holds one table ${renderRow(ACCESS_HEADER)} or '${NONE_LINE}'`);
  const table = onlyTable(block, 'Access', ctx);
  if (!table || !checkHeader(table, ACCESS_HEADER, 'Access', ctx)) return [];
  return splitRows(table, ACCESS_HEADER.length, 'Access', ctx).good.map((row, a) => {
    ctx.at(`access.${a}`, row.no);
    const [entity, operation, level] = row.cells as [string, string, string];
    // Cast: the checker reports operations and levels outside the model's lists.
    return { entity, operation: operation.toLowerCase() as Operation, level: level.toLowerCase() as AccessLevel };
  });
}

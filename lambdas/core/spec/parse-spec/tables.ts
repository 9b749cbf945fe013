/**
 * Reading a section's parts: `None.` for an empty section, text that does not belong, a table's
 * header, separator and rows, and the one table a part holds.
 */
import type { Block, Line, Row, Section, Table } from '../spec-blocks';
import { nonBlank } from '../spec-blocks';
import { NONE_LINE } from '../spec-layout';
import { renderRow, sameWords } from '../spec-markdown';
import { truncate } from '../../text/english';
import type { ParseContext } from './context';

const isNoneLine = (text: string): boolean => sameWords(text.replace(/\.$/, ''), NONE_LINE.replace(/\.$/, ''));

/** True for a section holding only `None.` (or nothing); reports `None.` mixed with content. */
export function isNone(section: Section, ctx: ParseContext): boolean {
  const lines = nonBlank(section.body);
  const none = lines.filter((line) => isNoneLine(line.text));
  if (none.length > 0 && none.length < lines.length) {
    ctx.error((none[0] as Line).no, `'${NONE_LINE}' means the section is empty; remove it or the rest of ## ${section.heading.text}`);
  }
  return lines.length === none.length;
}

/** Text and list items of a table-only section, except a `None.` (reported by isNone). */
export function strayOf(block: Block): Line[] {
  const items = block.items.map(({ no, item }) => ({ no, text: `- ${item.key ?? item.value}` }));
  return [...block.stray.filter((line) => !isNoneLine(line.text)), ...items].sort((a, b) => a.no - b.no);
}

export function reportStray(lines: readonly Line[], ctx: ParseContext, why: string): void {
  const first = lines[0];
  if (first) ctx.error(first.no, `unexpected text '${clip(first.text)}': ${why}`);
}

/** A line as an error message quotes it: trimmed, at most 50 characters. */
export const clip = (text: string): string => truncate(text.trim(), 50);

/** Checks a table's header and separator; false when the header is not the expected one. */
export function checkHeader(table: Table, expected: readonly string[], what: string, ctx: ParseContext): boolean {
  if (!table.hasSeparator) ctx.error(table.header.no, `${what}: the table needs a separator row under its header (${renderRow(expected.map(() => '---'))})`);
  const matches = table.header.cells.length === expected.length && expected.every((cell, i) => sameWords(cell, table.header.cells[i] ?? ''));
  if (!matches) ctx.error(table.header.no, `${what}: the table header must be ${renderRow(expected)} (found ${renderRow(table.header.cells)})`);
  return matches;
}

/** Rows with the header's number of cells; the others are reported and returned apart. */
export function splitRows(table: Table, width: number, what: string, ctx: ParseContext): { good: Row[]; bad: Row[] } {
  const good: Row[] = [];
  const bad: Row[] = [];
  for (const row of table.rows) {
    if (row.cells.length === width) {
      good.push(row);
    } else {
      bad.push(row);
      ctx.error(row.no, `${what}: this row has ${row.cells.length} cells, the table ${width}; write a '|' inside a cell as '\\|'`);
    }
  }
  return { good, bad };
}

/** The one table of a block; a second table is an error. */
export function onlyTable(block: Block, what: string, ctx: ParseContext): Table | undefined {
  for (const extra of block.tables.slice(1)) ctx.error(extra.header.no, `${what}: a second table; this part holds one table`);
  return block.tables[0];
}

/**
 * The little Markdown the canonical spec format uses, at the level of lines: headings, bullet
 * items `- Key: value`, and pipe tables. The parser classifies lines with these functions and the
 * renderer writes tables with them, so what one writes the other reads back (cell escaping in
 * particular). It is deliberately not a general Markdown parser: the format has no nesting.
 */

/** Splits text into lines, accepting `\n`, `\r\n` and `\r`, with trailing whitespace removed. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).map((line) => line.trimEnd());
}

export interface Heading {
  level: number;
  text: string;
}

/** `## Roles` -> { level: 2, text: 'Roles' }. Only unindented ATX headings count. */
export function headingOf(line: string): Heading | undefined {
  let level = 0;
  while (line[level] === '#') level += 1;
  if (level === 0 || level > 6) return undefined;
  if (line.length === level) return { level, text: '' };
  if (line[level] !== ' ') return undefined;
  return { level, text: line.slice(level + 1).trim() };
}

/** A table line starts with a pipe (indentation tolerated, as Markdown does). */
export function isTableLine(line: string): boolean {
  return line.trimStart().startsWith('|');
}

export interface ListItem {
  /** Text before the first colon, trimmed; undefined when the item has no colon. */
  key?: string;
  /** Text after the colon (or the whole item without one), trimmed. */
  value: string;
}

/** `- Owner: member_id` -> { key: 'Owner', value: 'member_id' }; `*` bullets are accepted too. */
export function listItemOf(line: string): ListItem | undefined {
  const trimmed = line.trimStart();
  if (!(trimmed.startsWith('- ') || trimmed.startsWith('* '))) return undefined;
  const body = trimmed.slice(2).trim();
  const colon = body.indexOf(':');
  if (colon < 0) return { value: body };
  return { key: body.slice(0, colon).trim(), value: body.slice(colon + 1).trim() };
}

/** Compares a heading, a list key or a table header the way a person reads it: case and spacing aside. */
export function sameWords(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/**
 * The cells of a table row, trimmed, with `\|` unescaped. A small scanner rather than a split,
 * because an escaped pipe is content and not a boundary. The outer pipes are optional at the end
 * (`| a | b` reads as two cells).
 */
export function splitRow(line: string): string[] {
  const text = line.trim();
  const cells: string[] = [];
  let current = '';
  let i = text.startsWith('|') ? 1 : 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '\\' && text[i + 1] === '|') {
      current += '|';
      i += 2;
      continue;
    }
    if (ch === '|') {
      cells.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
    i += 1;
  }
  if (current.trim() !== '' || !text.endsWith('|')) cells.push(current.trim());
  return cells;
}

/** A separator row: every cell is dashes, with optional alignment colons (`:--`, `--:`, `:-:`). */
export function isSeparatorRow(cells: readonly string[]): boolean {
  return cells.length > 0 && cells.every((cell) => /^:?-+:?$/.test(cell));
}

/** Escapes what would end a cell early. */
export function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** `| a | | b |`: one space of padding, an empty cell as a single space (as the brief writes it). */
export function renderRow(cells: readonly string[]): string {
  return `|${cells.map((cell) => (cell === '' ? ' ' : ` ${escapeCell(cell)} `)).join('|')}|`;
}

/** Header, `|---|` separator and rows. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [renderRow(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(renderRow)];
}

/**
 * Groups numbered lines into the spec's blocks: sections under a heading, and inside a section
 * an optional free-text description followed by list items and pipe tables. It knows nothing of
 * entities or roles; parse-spec/ gives the blocks their meaning and reports the errors.
 */
import { headingOf, isSeparatorRow, isTableLine, listItemOf, sameWords, splitLines, splitRow, type Heading, type ListItem } from './spec-markdown';

export interface Line {
  /** 1-based line number in the spec. */
  no: number;
  text: string;
}

export function numberLines(markdown: string): Line[] {
  return splitLines(markdown).map((text, i) => ({ no: i + 1, text }));
}

export interface Section {
  heading: Heading;
  no: number;
  body: Line[];
}

/** Splits at headings of exactly `level`; `before` holds what precedes the first one. */
export function splitByHeading(lines: readonly Line[], level: number): { before: Line[]; sections: Section[] } {
  const before: Line[] = [];
  const sections: Section[] = [];
  for (const line of lines) {
    const heading = headingOf(line.text);
    if (heading?.level === level) sections.push({ heading, no: line.no, body: [] });
    else (sections.at(-1)?.body ?? before).push(line);
  }
  return { before, sections };
}

/** Free text as written: blank lines around it dropped, inner lines (and blank lines) kept. */
export function freeText(lines: readonly Line[]): string {
  const texts = lines.map((line) => line.text);
  let start = 0;
  let end = texts.length;
  while (start < end && texts[start] === '') start += 1;
  while (end > start && texts[end - 1] === '') end -= 1;
  return texts.slice(start, end).join('\n');
}

export const nonBlank = (lines: readonly Line[]): Line[] => lines.filter((line) => line.text.trim() !== '');

export interface Row {
  no: number;
  cells: string[];
}

export interface Table {
  header: Row;
  /** False when the second line is not a `|---|` row (then it is read as a data row). */
  hasSeparator: boolean;
  rows: Row[];
}

export interface Block {
  /** Leading free text (only where the caller allows a description). */
  description?: { no: number; text: string };
  items: { no: number; item: ListItem }[];
  tables: Table[];
  /** Lines that are neither blank, nor an item, nor a table: the caller says why they are wrong. */
  stray: Line[];
}

/**
 * Reads a section's body. With `descriptionUntil`, everything before the first table or the
 * first list item with one of those keys is a description (so a description may hold bullets of
 * its own); without it there is no description.
 */
export function readBlock(lines: readonly Line[], descriptionUntil?: readonly string[]): Block {
  const block: Block = { items: [], tables: [], stray: [] };
  let i = 0;
  if (descriptionUntil) {
    const isStructure = (text: string) => {
      const key = listItemOf(text)?.key;
      return isTableLine(text) || (key !== undefined && descriptionUntil.some((k) => sameWords(k, key)));
    };
    while (i < lines.length && !isStructure((lines[i] as Line).text)) i += 1;
    const described = lines.slice(0, i);
    const text = freeText(described);
    if (text !== '') block.description = { no: (nonBlank(described)[0] as Line).no, text };
  }
  while (i < lines.length) {
    const line = lines[i] as Line;
    if (isTableLine(line.text)) {
      // A line with a pipe right under a table line continues the table even without its leading
      // pipe (as Markdown reads it), so a row missing one pipe is one bad row, not stray text.
      const tableLines: Line[] = [];
      const continues = (text: string) => isTableLine(text) || (tableLines.length > 0 && text.includes('|'));
      while (i < lines.length && continues((lines[i] as Line).text)) tableLines.push(lines[i++] as Line);
      block.tables.push(toTable(tableLines));
      continue;
    }
    const item = listItemOf(line.text);
    if (item) block.items.push({ no: line.no, item });
    else if (line.text.trim() !== '') block.stray.push(line);
    i += 1;
  }
  return block;
}

function toTable(lines: readonly Line[]): Table {
  const [first, ...rest] = lines.map((line) => ({ no: line.no, cells: splitRow(line.text) }));
  const header = first as Row;
  const hasSeparator = rest[0] !== undefined && isSeparatorRow(rest[0].cells);
  return { header, hasSeparator, rows: hasSeparator ? rest.slice(1) : rest };
}

/**
 * Free text in a spec (the overview, descriptions, notes, values): kept verbatim, so it must not
 * hold a line the parser would read as structure. Shared by check-spec.ts and check-workflows.ts.
 */
import { headingOf, isTableLine, listItemOf, sameWords, splitLines } from './spec-markdown';

/** Reports an issue at a dotted model path (`entities.1.fields.3`). */
export type Report = (path: string, message: string) => void;

/** What ends a piece of free text: headings up to a level, tables, list items with these keys. */
export interface TextBounds {
  headingsUpTo: number;
  tables: boolean;
  itemKeys: string[];
}
export const OVERVIEW_BOUNDS: TextBounds = { headingsUpTo: 2, tables: false, itemKeys: [] };
export const descriptionBounds = (itemKey: string): TextBounds => ({ headingsUpTo: 3, tables: true, itemKeys: [itemKey] });

/**
 * Free text is kept verbatim, so it must not hold a line the parser would read as structure:
 * a heading that closes its section, a table, or the list item that follows a description.
 */
export function checkFreeText(text: string | undefined, path: string, what: string, bounds: TextBounds, report: Report): void {
  if (text === undefined) return;
  for (const line of splitLines(text)) {
    const heading = headingOf(line);
    const key = listItemOf(line)?.key;
    if (heading && heading.level <= bounds.headingsUpTo) {
      report(path, `${what}: the line '${line}' would read as a heading; use a deeper heading or plain text`);
    } else if (bounds.tables && isTableLine(line)) {
      report(path, `${what}: the line '${line}' would read as a table; a description is plain text`);
    } else if (key !== undefined && bounds.itemKeys.some((itemKey) => sameWords(itemKey, key))) {
      report(path, `${what}: the line '${line}' would read as the '- ${key}:' item`);
    }
  }
}

export function checkOneLine(text: string | undefined, path: string, what: string, report: Report): void {
  if (text !== undefined && (text.includes('\n') || text.includes('\r') || text.trim() !== text || text === '')) {
    report(path, `${what} must be one line of text without leading or trailing spaces`);
  }
}

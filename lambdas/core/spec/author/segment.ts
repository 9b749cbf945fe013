/**
 * The first stage of the offline author: a description's layout into blocks. People write
 * backends as prose, as bullet lists (nested, numbered, `-`, `*`, `+`, `•`), as Markdown tables
 * (with or without outer pipes), under headings, or as "Entity: a, b, c" lines; the later stages
 * should not care which. Each block keeps its line, so what the author cannot place can be quoted
 * back. Nothing here knows about specs: only layout.
 */

export interface ListItem {
  text: string;
  line: number;
  children: ListItem[];
}

export type Block =
  | { kind: 'heading'; text: string; level: number; line: number }
  /** A Markdown table; `title` is the heading or the short line just above it ("Plant fields:"). */
  | { kind: 'table'; title?: string; header: string[]; rows: string[][]; line: number }
  /** A bullet or numbered list as a tree (indentation decides the nesting). */
  | { kind: 'list'; items: ListItem[]; line: number }
  /** A paragraph: hard-wrapped lines joined. */
  | { kind: 'paragraph'; text: string; line: number };

const BULLET = /^(\s*)(?:[-*+\u2022\u25e6\u2023]|\d+[.)]|[a-z][.)])\s+(.*)$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
/** `Name: a, b, c`: a short label, a colon and more. */
const COLON_LINE = /^[A-Za-z][\w'/&-]*(?: [\w'/&-]+){0,4}:\s*\S/;
/** A line that stops mid-phrase ("plate number, make,", "... and"): the next line continues it. */
// ("paid y/n" ends on its answer, no "n" for "and".)
const MID_PHRASE_END = /(?:[,;&+/(-]|\b(?:and|or|with|of|the|a|an|to|for)|(?<!\/)\bn|\bw\/)$/i;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Curly quotes, dashes, non-breaking spaces and tabs made plain; line ends unified. */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u201c\u201d\u201e\u2033`]/g, '"')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/\s[\u2013\u2014]\s|[\u2013\u2014]/g, ' - ')
    .replace(/\u00a0/g, ' ')
    // "lesson completed → wait 2 days → send a survey": arrows are steps in order.
    .replace(/\s*(?:\u2192|->|=>)\s*/g, ', then ')
    .replace(/\t/g, '    ');
}

/** The cells of a table line, outer pipes optional; `\|` is a pipe inside a cell. */
export function tableCells(line: string): string[] {
  const trimmed = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, '|').trim());
}

const isTableLine = (line: string) => /(?<!\\)\|/.test(line);
/** "Members | name, email, ...": a name of a few words and a list, in two cells. */
const PIPE_LABELLED = /^\s*\|?\s*([A-Za-z][A-Za-z -]{0,30}?)\s*(?<!\\)\|\s*([^|]*,[^|]*?)\s*\|?\s*$/;

/** A line that titles what follows (a table or a list): short, no sentence inside, often ending in `:`. */
function titleOf(line: string): string | undefined {
  const text = line.trim();
  if (!text || text.length > 120 || isTableLine(text) || BULLET.test(text)) return undefined;
  const heading = HEADING.exec(text);
  if (heading) return heading[2];
  if (/[.!?]$/.test(text) && !/:$/.test(text)) return undefined;
  return text.replace(/:$/, '').trim();
}

function indentOf(raw: string): number {
  return (/^\s*/.exec(raw)?.[0] ?? '').length;
}

/** `cars - make, model, year` / `cars = make, model`: a label and a list with a dash or an equals sign for the colon. */
const DASH_LABEL = /^(\s*(?:[-*+\u2022]\s+)?[A-Za-z][\w'&]*(?: [\w'&]+){0,3}(?: \([a-z '’]+\))?)\s+(?:(?:-{1,2})\s+(?=[^,]+,)|=\s+)/;

/** `**Instruments.** Every instrument has ...`: a bold run-in heading, then the paragraph. */
const RUN_IN_HEADING = /^\s*(?:\*\*|__)([^*_\n]{1,60}?)[.:]?(?:\*\*|__)[.:]?\s*(.*)$/;

/** A line of `=` or `-` only: under a line of text it underlines a heading; alone, it is a rule between parts. */
const UNDERLINE = /^\s*(?:=+|-{3,})\s*$/;

/**
 * "Customers\n---------": a heading underlined (Markdown's other heading form), rewritten in place
 * as `#`/`##` so every later stage sees one form; a rule alone ("----------") separates, like a blank line.
 */
/** The title of a part of a description, written as a line of its own. */
const SECTION_LINE = /^(?:the\s+)?(?:user stories|stories|data|data model|the data|people|users|roles|permissions|access|who does what|automations?|workflows?|notifications?|reminders?|background|overview|requirements|tenancy|entities|records)(?:,?\s+roughly)?\s*:?$/i;

function setextHeadings(lines: string[]): void {
  for (let i = 0; i < lines.length; i += 1) {
    if (!UNDERLINE.test(lines[i]!)) continue;
    const above = lines[i - 1] ?? '';
    const title = i > 0 && above.trim() !== '' && (i < 2 || lines[i - 2]!.trim() === '') && !BULLET.test(above) && !isTableLine(above) && !HEADING.test(above);
    if (title) lines[i - 1] = `${lines[i]!.includes('=') ? '#' : '##'} ${above.trim()}`;
    lines[i] = '';
  }
}

/** A heading without marks: one to four words, a capital first, no punctuation closing it. */
const PLAIN_HEADING = /^[A-Z][A-Za-z'-]*(?:\s+[A-Za-z'&-]+){0,3}$/;
/** Greetings and sign-offs are lines of their own too, and head nothing. */
const GREETING = /^(?:hi|hello|hey|dear|thanks|thank you|cheers|best|regards|kind regards|many thanks|all the best|yours|sincerely|ta)\b/i;

export function segment(description: string): Block[] {
  const raw = plainText(description).split('\n');
  /** The next line with text, after line i. */
  const nextLine = (i: number) => raw.slice(i + 1).find((l) => l.trim()) ?? '';
  const lines = raw
    .flatMap((line, at) => {
      // ("**Viewing** (a viewing is for one listing)" above a table stays the table's title line.)
      const runIn = RUN_IN_HEADING.exec(line);
      // ("**Rounds** have a name ...": a bold subject of its sentence, no heading; "**Rounds.** Each has ..." is one.)
      const subject = runIn && !/[.:]\s*(?:\*\*|__)?\s*$/.test(line.slice(0, line.length - runIn[2]!.length)) && /^(?:have|has|are|is|hold|holds|contain|contains|include|includes|belong|belongs|get|gets|record|records|keep|keeps|carry|carries|need|needs|come|comes|go|goes|link|links)\b/.test(runIn[2]!);
      // ("**sites** (where machines live - offices, gyms, hospitals etc)" over bullets: the heading of its bullets; what the aside
      // lists are examples of it, no line of their own.)
      const asideOverBullets = runIn && /^\(/.test(runIn[2]!) && /^\s*[-*•]\s/.test(nextLine(at));
      // ("**restock visits** - driver logs one every time they fill a machine": what the record is, a sentence of its own.)
      if (runIn && /^[-–—]\s+\S/.test(runIn[2]!) && /^\s*[-*•]\s/.test(nextLine(at))) return [`### ${runIn[1]!.trim()}`, runIn[2]!.replace(/^[-–—]\s+/, '')];
      if (asideOverBullets) return [`### ${runIn[1]!.trim()}`, ...(/\b(?:etc\.?|and so on|e\.g\.|for example)\s*\)\s*[.:]?$/i.test(runIn[2]!) ? [] : [runIn[2]!.replace(/^\((.*)\)[.:]?$/, '$1')])];
      return runIn && !subject && !/^\(/.test(runIn[2]!) ? [`### ${runIn[1]!.trim()}`, ...(runIn[2] ? [runIn[2]] : [])] : [line];
    })
    // ("- access notes - long free text, stuff like ...": a field and what it is, not a label and its list.)
    .map((line) => line.replace(/^(\s*[-*+\u2022]\s+[a-z][\w' ]{0,30}?)\s+-{1,2}\s+((?:long\s+|short\s+)?(?:free[- ]?text|text|desc|description|number|whole number|decimal|date|date and time|time|yes\/no|y\/n|email|phone|url|link|pdf|photo|image|file|money|unique|required|reqd|optional|one of (?:our|the) (?:users|staff|team))\b.*)$/i, '$1 ($2)'))
    // ("volunteers log donations as they come in. donation = who gave it, ...": after a full stop too.)
    // ("playlist = list of tracks, each track has artist, ...": the records it lists, each the whole's, with what they have.)
    .map((line) => line.replace(/^(\s*(?:[-*+\u2022]\s+)?)([A-Za-z]+)\s*=\s*(?:a\s+)?list\s+of\s+([a-z]+?)s\s*,\s*each\s+\3\s+(?:has|with)\s+/i, (_m, lead: string, whole: string, part: string) => `${lead}A ${part} is for a ${whole.toLowerCase()}, with `))
    .map((line) => line.replace(DASH_LABEL, '$1: ').replace(/([.!?]\s+)([A-Za-z][\w'&]*(?: [\w'&]+){0,2})\s+=\s+(?=[^=]+,)/g, '$1$2: '))
    // ("A **press run** is one session on the press": emphasis inside a sentence is no part of its words.)
    .map((line) => line.replace(/\*\*([^*\n]+?)\*\*/g, '$1').replace(/(?<=^|[\s(])__([^_\n]+?)__(?=$|[\s.,;:!?)])/g, '$1').replace(/(?<=[\s(])\*([^*\s][^*\n]*?)\*(?=$|[\s.,;:!?)])/g, '$1'))
    // ("Data" on a line of its own, the text right under it: a section's title, not the start of a sentence.)
    .map((line) => (SECTION_LINE.test(line.trim()) ? `### ${line.trim().replace(/:$/, '')}` : line));
  setextHeadings(lines);
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i += 1;
      continue;
    }
    // A table: a row of cells and a separator line under it.
    if (isTableLine(line) && i + 1 < lines.length && TABLE_SEPARATOR.test(lines[i + 1]!) && lines[i + 1]!.includes('-')) {
      const header = tableCells(line);
      const rows: string[][] = [];
      let j = i + 2;
      while (j < lines.length && lines[j]!.trim() && isTableLine(lines[j]!)) {
        rows.push(tableCells(lines[j]!));
        j += 1;
      }
      // The title is the nearest non-empty line above, when it reads as one.
      const previous = blocks[blocks.length - 1];
      let title: string | undefined;
      if (previous?.kind === 'heading') title = previous.text;
      else if (previous?.kind === 'paragraph' && previous.line >= i - 2) {
        const candidate = titleOf(previous.text);
        if (candidate !== undefined) {
          title = candidate;
          blocks.pop();
        }
      }
      blocks.push({ kind: 'table', title, header, rows, line: i + 1 });
      i = j;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', text: heading[2]!, level: heading[1]!.length, line: i + 1 });
      i += 1;
      continue;
    }
    if (BULLET.test(line)) {
      const start = i;
      const roots: ListItem[] = [];
      const stack: Array<{ indent: number; item: ListItem }> = [];
      // (A heading right under a list ends it: "- The owner can do it all.\n## Automations".)
      while (i < lines.length && lines[i]!.trim() && !HEADING.test(lines[i]!)) {
        const raw = lines[i]!;
        const m = BULLET.exec(raw);
        if (!m) {
          // A wrapped line continues the item above it.
          const last = stack[stack.length - 1];
          if (last) last.item.text = `${last.item.text} ${raw.trim()}`;
          i += 1;
          continue;
        }
        const indent = indentOf(raw);
        const item: ListItem = { text: m[2]!.trim(), line: i + 1, children: [] };
        while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
        const parent = stack[stack.length - 1];
        if (parent) parent.item.children.push(item);
        else roots.push(item);
        stack.push({ indent, item });
        i += 1;
      }
      blocks.push({ kind: 'list', items: roots, line: start + 1 });
      continue;
    }
    // A paragraph runs to the next blank line, heading, bullet or table.
    const start = i;
    const parts: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !HEADING.test(lines[i]!) && !BULLET.test(lines[i]!)) {
      if (isTableLine(lines[i]!) && i + 1 < lines.length && TABLE_SEPARATOR.test(lines[i + 1]!)) break;
      // ("Members | name, email (unique), ...": a record type and its fields in two cells, with no header, one per line.)
      const labelled = PIPE_LABELLED.exec(lines[i]!);
      parts.push(labelled ? `${labelled[1]!.trim()}: ${labelled[2]!.trim()}` : lines[i]!.trim());
      i += 1;
    }
    if (parts.length === 0) {
      i += 1;
      continue;
    }
    // ("Gymnasts" on a line of its own between paragraphs: a heading written without its marks.)
    if (parts.length === 1 && blocks.length > 0 && PLAIN_HEADING.test(parts[0]!) && !GREETING.test(parts[0]!) && lines.slice(i).some((l) => l.trim() !== '')) {
      blocks.push({ kind: 'heading', text: parts[0]!, level: 2, line: start + 1 });
      continue;
    }
    // A line break ends a statement after a full stop or a colon, and around "X: a, b" lines;
    // other line breaks are hard wraps.
    // Where several lines are "X: a, b" lines, the writer puts one statement per line (quick
    // notes, often all lower case): every line break ends one, unless the line ends mid-phrase.
    // (So do lines all in lower case: quick notes, not a hard-wrapped paragraph.)
    const linePerStatement = parts.filter((p) => COLON_LINE.test(p)).length >= 2 || (parts.length >= 2 && parts.every((p) => /^[a-z]/.test(p)));
    let text = parts[0]!;
    let at = start + 1;
    for (let k = 1; k < parts.length; k += 1) {
      const previous = parts[k - 1]!;
      const current = parts[k]!;
      const colonLines = COLON_LINE.test(previous) && COLON_LINE.test(current);
      const lineEnds = linePerStatement && !MID_PHRASE_END.test(previous);
      if (/[.!?:]$/.test(previous) || colonLines || lineEnds || ((COLON_LINE.test(previous) || COLON_LINE.test(current)) && /^[A-Z]/.test(current))) {
        blocks.push({ kind: 'paragraph', text, line: at });
        text = parts[k]!;
        at = start + k + 1;
      } else text = `${text} ${parts[k]!}`;
    }
    blocks.push({ kind: 'paragraph', text, line: at });
  }
  return blocks;
}

/**
 * `## Event handlers` (optional): one `### handler_name` part each, with an optional description,
 * `- On: <trigger>` (a workflow trigger), one or more `- Do: <action>` lines in order and an
 * optional `- Retries: ...`. The items a handler shares with a scheduled job (the `- Do:` lines,
 * `- Retries:`, the description) are read by readPart, which schedules.ts uses too.
 */
import { readDo, readRetry } from '../event-cells';
import { nonBlank, readBlock, splitByHeading, type Section } from '../spec-blocks';
import { readTrigger } from '../spec-cells';
import { DO_KEY, EVENTS_SECTION, NONE_LINE, ON_KEY, RETRIES_KEY } from '../spec-layout';
import { sameWords } from '../spec-markdown';
import type { SpecEventHandler, SpecRetry, SpecTaskAction } from '../spec-model';
import type { ParseContext } from './context';
import { clip, isNone, reportStray } from './tables';

/** The parts of a section of `### name` parts (handlers or jobs), or undefined when it has none. */
export function partsOf(section: Section | undefined, what: string, ctx: ParseContext): Section[] | undefined {
  if (!section) return undefined;
  const { before, sections } = splitByHeading(section.body, 3);
  if (sections.length === 0 && isNone(section, ctx)) return undefined;
  reportStray(nonBlank(before), ctx, `## ${section.heading.text} holds one '### ${what}_name' part per ${what}, or '${NONE_LINE}'`);
  return sections.length === 0 ? undefined : sections;
}

/** What a handler's or a job's part holds besides its own keys. */
export interface Part {
  description?: string;
  /** The value and line of each of the part's own keys that is present (given once). */
  values: Map<string, { no: number; value: string }>;
  actions: SpecTaskAction[];
  retry?: SpecRetry;
}

/**
 * Reads a part's description, its own single-valued `keys`, its `- Do:` lines (at least one) and
 * its `- Retries:`; reports anything else. Each action's line is recorded at `<path>.actions.<i>`.
 */
export function readPart(sub: Section, path: string, subject: string, keys: readonly string[], ctx: ParseContext): Part {
  ctx.at(path, sub.no);
  const all = [...keys, DO_KEY, RETRIES_KEY];
  const usage = all.map((key) => `'- ${key}: ...'`).join(', ');
  const block = readBlock(sub.body, all);
  const part: Part = { values: new Map(), actions: [] };
  if (block.description) {
    ctx.at(`${path}.description`, block.description.no);
    part.description = block.description.text;
  }
  reportStray(block.stray, ctx, `after ${subject}'s description come ${usage}, nothing else`);
  for (const table of block.tables) ctx.error(table.header.no, `${subject}: a table; a ${subject.split(' ')[0]} has the items ${usage}`);
  let sawDo = false;
  for (const { no, item } of block.items) {
    const key = all.find((candidate) => item.key !== undefined && sameWords(candidate, item.key));
    if (key === undefined) {
      ctx.error(no, `${subject}: unexpected item '- ${clip(item.key ?? item.value)}'; the items are ${usage}`);
    } else if (key === DO_KEY) {
      sawDo = true;
      const action = readDo(item.value);
      if (!action.ok) ctx.error(no, `${subject}: ${action.error}`);
      else {
        ctx.at(`${path}.actions.${part.actions.length}`, no);
        part.actions.push(action.value);
      }
    } else if (part.values.has(key) || (key === RETRIES_KEY && part.retry)) {
      ctx.error(no, `${subject}: '- ${key}:' is given twice`);
    } else if (key === RETRIES_KEY) {
      ctx.at(`${path}.retry`, no);
      const retry = readRetry(item.value);
      if (retry.ok) part.retry = retry.value;
      else ctx.error(no, `${subject}: ${retry.error}`);
    } else {
      part.values.set(key, { no, value: item.value });
    }
  }
  if (!sawDo) ctx.error(sub.no, `${subject} needs at least one '- ${DO_KEY}: <action>' line (e.g. '- ${DO_KEY}: notify owner: Deal won')`);
  if (part.actions.length === 0) ctx.mute(`${path}.actions`);
  return part;
}

export function readEventHandlers(section: Section | undefined, ctx: ParseContext): SpecEventHandler[] | undefined {
  const parts = partsOf(section, 'handler', ctx);
  return parts?.map((sub, h) => readHandler(sub, `events.${h}`, ctx));
}

function readHandler(sub: Section, path: string, ctx: ParseContext): SpecEventHandler {
  const name = sub.heading.text;
  const subject = `handler ${name}`;
  const part = readPart(sub, path, subject, [ON_KEY], ctx);
  const on = part.values.get(ON_KEY);
  let trigger: SpecEventHandler['on'] | undefined;
  if (!on) ctx.error(sub.no, `${subject} needs '- ${ON_KEY}: <Entity> created', '... updated', '... deleted' or '<Entity> <field> = <value>'`);
  else {
    ctx.at(`${path}.on`, on.no);
    const read = readTrigger(on.value);
    if (!read.ok) ctx.error(on.no, `${subject}: ${read.error}`);
    else if (!read.value) ctx.error(on.no, `${subject}: a handler runs on a change of a record; 'manual' starts workflows only (${EVENTS_SECTION})`);
    else trigger = read.value;
  }
  // Without a readable trigger (or its entity's fields) the checks of what depends on the record would only repeat that.
  if (!trigger || ctx.unreadEntities.has(trigger.entity)) ['on', 'actions'].forEach((key) => ctx.mute(`${path}.${key}`));
  return {
    name,
    ...(part.description !== undefined ? { description: part.description } : {}),
    // A handler without a readable trigger is reported above; the placeholder keeps the model's shape.
    on: trigger ?? { entity: '', event: 'created' },
    actions: part.actions,
    ...(part.retry ? { retry: part.retry } : {}),
  };
}

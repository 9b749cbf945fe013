/**
 * The fields of a record a workflow reads: its status (what a trigger reaches) and the date or
 * time a wait is relative to ("the wedding date", "it ends", "1 day before pickup date").
 */
import type { SpecEntity } from '../spec-model';
import { snakeCase } from '../../text/case';
import type { WorkflowContext } from './workflow-reader';
import { mentionIn } from './workflow-mentions';
import { TASK_VERBS, verbLemma } from './workflow-phrases';
import { words } from '../offline-author/text';

type SpecField = SpecEntity['fields'][number];

/** The record's status field: the enum a trigger's state is a value of. */
export function statusFieldOf(entity: SpecEntity | undefined): SpecField | undefined {
  return entity?.fields.find((f) => f.type === 'enum' && /^(?:status|state|stage|phase)$/.test(f.name));
}

/** Events said otherwise than the status value they reach ("picked up" for collected). */
const EVENT_SYNONYMS: Record<string, string[]> = { picked_up: ['collected'], collected: ['picked_up'] };

/**
 * The status value of the record an awaited event reaches, when the words name it otherwise:
 * "gone back into repair" (in_repair), "picked it up" (collected); the event itself when none fits.
 */
export function asStatusValue(entity: string, event: string, ctx: WorkflowContext): string {
  const values = statusFieldOf(ctx.entities.find((e) => e.name === entity))?.values ?? [];
  if (values.includes(event)) return event;
  return [`in_${event}`, ...(EVENT_SYNONYMS[event] ?? [])].find((v) => values.includes(v)) ?? event;
}

/** "they have 3 days to pay", no object said, on a record with one entry-fee-paid tick box: entry_fee_paid. */
export function tickOf(entity: string, event: string, ctx: WorkflowContext): string {
  const ticks = (ctx.entities.find((e) => e.name === entity)?.fields ?? []).filter((f) => f.type === 'boolean' && f.name.endsWith(`_${event}`));
  return ticks.length === 1 ? ticks[0]!.name : event;
}

/** The date or time field of a record a phrase points at ("the wedding date", "it ends", "starts"). */
export function dateField(entity: string, hint: string[], ctx: WorkflowContext): string | undefined {
  const fields = (ctx.entities.find((e) => e.name === entity)?.fields ?? []).filter((f) => f.type === 'date' || f.type === 'datetime');
  const scored = fields.map((f) => ({ f, score: partsNamed(f.name, hint) }));
  scored.sort((a, b) => b.score - a.score);
  if (scored[0] && scored[0].score > 0) return scored[0].f.name;
  return fields.length === 1 || (fields.length > 0 && hint.length === 0) ? fields[0]!.name : undefined;
}

/** Parts of a field name that say nothing of which date it is. */
const DATE_PARTS = new Set(['date', 'time', 'at', 'on', 'day', 'datetime']);

/** Words for a date that its field names otherwise ("when it is due back": its return date). */
const DATE_SYNONYMS: Record<string, string[]> = { back: ['return'], due: ['return', 'end', 'deadline'], expires: ['expiry'], ends: ['end'] };

/**
 * How many parts of a field's name the words name, in any form of the word ("expires" names
 * `expiry`, "picked" names `pickup`).
 */
function partsNamed(field: string, hint: string[]): number {
  const stems = hint.flatMap((w) => [w.replace(/s$/, '').replace(/(?:ing|ed)$/, ''), ...(DATE_SYNONYMS[w] ?? [])]);
  const common = (a: string, b: string) => a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5);
  return field.split('_').filter((part) => stems.some((s) => s.length > 2 && (part.startsWith(s) || s.startsWith(part) || common(part, s)))).length;
}

/**
 * The one record type with a date field the words name, as a mention before the words: "pickup
 * date", and, no record being named, "they're picked up" (`pickup`), "their safety check
 * expires" (`safety_check_expiry`), when no other record type has a date they name as well.
 */
export function dateOwner(tokens: string[], ctx: WorkflowContext): { entity: string; start: number; end: number } | undefined {
  const key = snakeCase(tokens.slice(0, 3).join(' '));
  const isDate = (f: SpecField) => f.type === 'date' || f.type === 'datetime';
  // ("pickup time" names `pickup_at`: a moment's name without its `_at`.)
  const owners = ctx.entities.filter((e) => e.fields.some((f) => isDate(f) && key.startsWith(f.name.replace(/_(?:at|on)$/, ''))));
  if (owners.length === 1) return { entity: owners[0]!.name, start: 0, end: 0 };
  const scored = ctx.entities.map((e) => ({ entity: e.name, score: Math.max(0, ...e.fields.filter(isDate).map((f) => partsNamed(f.name.split('_').filter((p) => !DATE_PARTS.has(p)).join('_'), tokens))) }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  return best > 0 && top.length === 1 ? { entity: top[0]!.entity, start: 0, end: 0 } : undefined;
}

/**
 * A date of a record this one refers to, when the words name that record ("until 5 days before
 * the race starts" on an Entry of a Race): its field and the reference to follow.
 */
export function relatedDateField(entity: string, tokens: string[], ctx: WorkflowContext): { field: string; via: string } | undefined {
  const own = ctx.entities.find((e) => e.name === entity);
  for (const m of ctx.index.mentions(tokens)) {
    if (m.entity === entity) continue;
    const ref = own?.fields.find((f) => f.type === `ref(${m.entity})`);
    if (!ref) continue;
    const hint = tokens.slice(m.end).filter((w) => !['it', 'the', 'its', 'a', 'an', 'of'].includes(w));
    const field = dateField(m.entity, hint, ctx);
    if (field) return { field, via: ref.name };
  }
  return undefined;
}

/** Words that end the name of a date ("the issue date", "the due day"). */
export const DATE_WORDS = new Set(['date', 'day', 'deadline', 'time']);

/**
 * An action on records still in some state a time after one of their dates ("Send invoices that
 * are still unpaid | 14 days after the | issue date a reminder email"): the record the action
 * names, the date field the words after "after" name, and the action with what comes after the
 * date ("Send a reminder email").
 */
export function keptPast(lead: string, tail: string[], ctx: WorkflowContext): { entity: string; field: string; rest: string } | undefined {
  const held = /^(\w+)\s+(.+?)\s+(?:that|which|who)\s+(?:are|is|remain|remains|stay|stays|have|has)\s+(?:still\s+)?(?:not\s+\w+|un\w+|open|outstanding|overdue|pending)$/i.exec(lead.trim());
  if (!held || !TASK_VERBS.has(verbLemma(held[1]!.toLowerCase()))) return undefined;
  const m = mentionIn(words(held[2]!), ctx);
  const end = tail.findIndex((w) => DATE_WORDS.has(w)) + 1;
  if (!m || end === 0) return undefined;
  const field = dateField(m.entity, tail.slice(0, end), ctx);
  if (!field || !tail.slice(0, end).every((w) => DATE_WORDS.has(w) || field.split('_').some((part) => part.startsWith(w.replace(/s$/, ''))))) return undefined;
  return { entity: m.entity, field, rest: [held[1]!, ...tail.slice(end)].join(' ') };
}

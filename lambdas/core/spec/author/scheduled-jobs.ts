/**
 * Scheduled jobs from sentences: a period ("every night at 02:00 UTC", "every Monday at 08:00",
 * "hourly", "daily at 6pm Europe/Berlin", "on the first day of each month") and one thing done
 * then, to records a query finds or to people: "mark deals unchanged for 90 days as lost" (an
 * update of each open deal not updated for 90 days), "email the admins a summary of new deals"
 * (one email to the admin role about the deals created since the run before). The wording lives
 * in schedule-phrases.ts. A sentence about a record's own time ("when", "after", "wait") is a
 * workflow's or a handler's, never a job's; a job the text does not say enough about is not
 * made (its sentence goes back to the user as an open question).
 */
import { isTimeZone } from '../../blueprint/schedule-expression';
import type { SpecEntity, SpecField, SpecRecordQuery, SpecRole, SpecSchedule, SpecTaskAction } from '../spec-model';
import type { EntityIndex } from '../offline-author/entity-index';
import { findDuration, words } from '../offline-author/text';
import { snakeCase } from '../../text/case';
import { participle } from './workflow-phrases';
import {
  CHANGED,
  DOER,
  MARK,
  NEW,
  NEW_MADE,
  NOT_A_JOB,
  NOTIFY_PEOPLE,
  OLD,
  PERIODS,
  STALE,
  STATE_VERB,
  SUMMARY_SENT,
  SUMMARY_TO,
  TIME_OF_DAY,
  TIME_ZONE,
  rateIso,
  type Period,
} from './schedule-phrases';

export interface JobContext {
  index: EntityIndex;
  entities: readonly SpecEntity[];
  roles: readonly SpecRole[];
  adminRole: string;
}

export interface JobReading {
  schedules: SpecSchedule[];
  /** Indexes of the sentences the jobs were read from. */
  used: Set<number>;
}

/** `skip`: sentences another reader took (a workflow's). `taken`: job names in the spec already. */
export function readScheduledJobs(sentences: readonly string[], ctx: JobContext, skip: ReadonlySet<number> = new Set(), taken: Iterable<string> = []): JobReading {
  const names = new Set(taken);
  const reading: JobReading = { schedules: [], used: new Set() };
  sentences.forEach((sentence, i) => {
    if (skip.has(i)) return;
    const job = readJob(sentence, ctx, names);
    if (!job) return;
    reading.schedules.push(job);
    reading.used.add(i);
  });
  return reading;
}

/**
 * Does the text open with a period and then say what is done ("On the first day of each month,
 * email ...")? Such a sentence is a job's, never a list of fields of the record described before.
 */
export function opensWithSchedule(text: string): boolean {
  return PERIODS.some((period) => {
    const match = period.pattern.exec(text);
    return match !== null && match.index <= 3 && /,\s*[a-z]/i.test(text.slice(match.index));
  });
}

interface When {
  expression: string;
  timezone?: string;
  period: Period;
  /** How long one period lasts (`P7D`): what "new" records are. */
  iso: string;
  /** The sentence without its schedule words: what is done. */
  rest: string;
}

/** One sentence as a job, or undefined. */
export function readJob(sentence: string, ctx: JobContext, names: Set<string>): SpecSchedule | undefined {
  const text = sentence.trim().replace(/[.!]+$/, '');
  if (NOT_A_JOB.test(text.replace(/\bonce\s+a\s+(?:day|week|month)\b/gi, ''))) return undefined;
  const when = scheduleOf(text);
  if (!when) return undefined;
  const done = actionOf(when, ctx);
  if (!done) return undefined;
  let name = done.name;
  for (let n = 2; names.has(name); n += 1) name = `${done.name}_${n}`;
  names.add(name);
  return {
    name,
    description: `${text}.`,
    expression: when.expression,
    ...(when.timezone !== undefined ? { timezone: when.timezone } : {}),
    ...(done.records ? { records: done.records } : {}),
    actions: [done.action],
  };
}

function scheduleOf(text: string): When | undefined {
  for (const period of PERIODS) {
    const match = period.pattern.exec(text);
    if (!match) continue;
    const time = TIME_OF_DAY.exec(text);
    const zone = TIME_ZONE.exec(text);
    const timezone = zone ? (/^(?:UTC|GMT)$/.test(zone[1]!) ? 'UTC' : zone[1]) : undefined;
    if (timezone !== undefined && !isTimeZone(timezone)) return undefined;
    const [minute, hour] = time ? clockOf(time) : [0, period.hour ?? 0];
    const expression = period.rate ? period.rate(match) : period.cron!(minute, hour, match);
    const rest = [match[0], time?.[0], zone?.[0]]
      .filter((part): part is string => part !== undefined)
      .reduce((left, part) => left.replace(part, ' '), text)
      .replace(/\b(?:on|at|in)\s*(?=[,;]|$)/gi, ' ')
      .replace(/^[\s,;:-]+|[\s,;:-]+$/g, '')
      .replace(/\s+/g, ' ');
    return { expression, ...(timezone !== undefined ? { timezone } : {}), period, iso: period.every.iso || rateIso(match), rest };
  }
  return undefined;
}

/** [minute, hour] of `at 6:30 pm`, `at 02:00`, `at noon`. */
function clockOf(time: RegExpExecArray): [number, number] {
  if (time[4]) return [0, /midnight/i.test(time[4]) ? 0 : 12];
  const hour = Number(time[1]);
  const pm = /^p/i.test(time[3] ?? '');
  const am = /^a/i.test(time[3] ?? '');
  return [Number(time[2] ?? 0), pm && hour < 12 ? hour + 12 : am && hour === 12 ? 0 : hour];
}

interface Done {
  name: string;
  action: SpecTaskAction;
  records?: SpecRecordQuery;
}

function actionOf(when: When, ctx: JobContext): Done | undefined {
  // ("the system should email every restaurant ...", "it sends ...": what is done, by whom it is said to be done.)
  const text = when.rest.replace(DOER, '$1');
  const mark = MARK.exec(text);
  const verb = mark ? undefined : STATE_VERB.exec(text);
  if (mark || verb) {
    const phrase = mark ? mark[1]! : verb![2]!;
    const found = recordsOf(phrase, when, ctx);
    const field = found && stateField(found.entity, snakeCase(mark ? mark[2]! : participle(verb![1]!)));
    if (!found || !field) return undefined;
    const { value } = field;
    const records = { ...found.query };
    // ("mark deals unchanged for 90 days as lost": the deals still in their first state, not the won ones.)
    if (!records.where?.some((c) => c.field === field.field.name) && field.field.values?.[0] !== undefined && field.field.values[0] !== value) {
      records.where = [...(records.where ?? []), { field: field.field.name, value: field.field.values[0] }];
    }
    return { name: `mark_${snakeCase(found.entity.name)}s_${value}`, action: { type: 'update', set: [{ field: field.field.name, value }] }, records: ordered(records) };
  }
  const to = SUMMARY_TO.exec(text);
  const sent = to ? undefined : SUMMARY_SENT.exec(text);
  if (to || sent) {
    const [people, kind, phrase] = to ? [to[1]!, to[2]!, to[3]] : [sent![3]!, sent![1]!, sent![2]!];
    const role = roleOf(people, ctx);
    const found = phrase ? recordsOf(phrase, when, ctx) : undefined;
    if (!role) return undefined;
    // ("a summary of what's available that week": of no record type named, a message to the people.)
    if (!found) return { name: `${when.period.every.word}_${role}_${snakeCase(kind.trim().split(/\s+/).at(-1)!)}`, action: { type: 'notify', to: { role }, subject: capitalized(text) } };
    const subject = `${capitalized(when.period.every.word === 'periodic' ? '' : `${when.period.every.word} `)}${kind.trim()} of ${phrase!.trim()}`.replace(/^\s+/, '');
    return { name: `${when.period.every.word}_${snakeCase(found.entity.name)}_${snakeCase(kind.trim().split(/\s+/).at(-1)!)}`, action: { type: 'notify', to: { role }, subject: capitalized(subject) }, records: ordered(found.query) };
  }
  const notify = NOTIFY_PEOPLE.exec(text);
  const role = notify ? roleOf(notify[1]!, ctx) : undefined;
  if (!role) return undefined;
  return { name: `${when.period.every.word}_${role}_reminder`, action: { type: 'notify', to: { role }, subject: capitalized(text) } };
}

const capitalized = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The query's keys in the order the spec writes them. */
const ordered = (query: SpecRecordQuery): SpecRecordQuery => ({ entity: query.entity, ...(query.where ? { where: query.where } : {}), ...(query.age ? { age: query.age } : {}) });

/** An enum field of the record that holds the value (its status first). */
function stateField(entity: SpecEntity, value: string): { field: SpecField; value: string } | undefined {
  const enums = entity.fields.filter((f) => f.type === 'enum' && f.values?.includes(value));
  const field = enums.find((f) => /^(?:status|state|stage|phase)$/.test(f.name)) ?? enums[0];
  return field ? { field, value } : undefined;
}

/**
 * The records a phrase names: `deals unchanged for 90 days`, `open tickets`, `new deals`
 * (created within the job's period), `invoices older than 30 days`.
 */
function recordsOf(phrase: string, when: When, ctx: JobContext): { entity: SpecEntity; query: SpecRecordQuery } | undefined {
  const tokens = words(phrase);
  const mention = ctx.index.mentions(tokens)[0];
  const entity = mention ? ctx.entities.find((e) => e.name === mention.entity) : undefined;
  if (!entity) return undefined;
  const query: SpecRecordQuery = { entity: entity.name };
  // Values of its enums the phrase names ("open tickets"), as conditions; not a word that says when it was made
  // ("orders received that day").
  const made = NEW_MADE.exec(phrase)?.[1]?.toLowerCase();
  const where = entity.fields.flatMap((f) => (f.type === 'enum' ? (f.values ?? []).filter((v) => tokens.includes(v) && v !== made).map((value) => ({ field: f.name, value })) : []));
  if (where.length > 0) query.where = where;
  const after = (pattern: RegExp) => {
    const found = pattern.exec(phrase);
    return found ? findDuration(phrase.slice(found.index + found[0].length))?.iso : undefined;
  };
  const stale = after(STALE);
  const old = stale ? undefined : after(OLD);
  if (stale) query.age = { field: 'updated_at', olderThan: stale };
  else if (old) query.age = { field: 'created_at', olderThan: old };
  else if (NEW.test(phrase)) query.age = { field: 'created_at', within: when.iso };
  else if (CHANGED.test(phrase)) query.age = { field: 'updated_at', within: when.iso };
  return { entity, query };
}

/** The role people words name: one of the spec's roles (singular or plural), or the administrative one. */
function roleOf(people: string, ctx: JobContext): string | undefined {
  const one = (w: string) => w.replace(/s$/, '');
  const tokens = words(people).map(one);
  const named = ctx.roles.find((r) => tokens.includes(one(r.name)) || tokens.join('_') === r.name.split('_').map(one).join('_'));
  if (named) return named.name;
  // ("the sales team" for the sales_staff role: a group word for the same people.)
  const group = /^(.+)_(?:team|staff|crew|people|folk)$/;
  const crew = group.exec(tokens.join('_'))?.[1];
  const sameCrew = crew ? ctx.roles.find((r) => group.exec(r.name.split('_').map(one).join('_'))?.[1] === crew) : undefined;
  if (sameCrew) return sameCrew.name;
  // ("email the owner a list ...", "email me": the business's owner, or the writer, runs it: its administrators.)
  return tokens.some((w) => w === 'admin' || w === 'administrator' || w === 'owner' || w === 'boss') || /^(?:me|us)$/i.test(people.trim()) ? ctx.adminRole : undefined;
}

/**
 * The small languages of the `## Event handlers` and `## Scheduled jobs` items, each reader beside
 * its writer so they stay inverse (as spec-cells.ts): a `- Do:` action (a task's action, with an
 * optional `; message: <text>`), `- Retries: 3, backoff PT1M`, and `- Records: Deal where stage =
 * open and updated_at older than P90D`. Readers fail only when the text cannot be mapped to the
 * model; whether a field or a duration makes sense is for check-events.ts.
 */
import { AGE_FIELDS } from '../blueprint/ir';
import { readNumber, splitList, type Read } from './spec-cells';
import type { SpecRecordAge, SpecRecordQuery, SpecRetry, SpecTaskAction } from './spec-model';
import { readAction, writeAction } from './step-cells';

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(error: string): Read<T> => ({ ok: false, error });

// --- actions ----------------------------------------------------------------------------------

/** `; message: ` after a notify's subject: the email's text (a subject holds no ';'). */
const MESSAGE = /;\s*message\s*:/i;

/** `notify owner: Deal won; message: Congratulations`, `update status = closed`: one action of a handler or a job. */
export function readDo(text: string): Read<SpecTaskAction> {
  const at = MESSAGE.exec(text);
  const action = readAction(at ? text.slice(0, at.index) : text);
  if (!action.ok || !at) return action;
  if (action.value.type !== 'notify') return fail("'; message: ...' goes with a notify action");
  const message = text.slice(at.index + at[0].length).trim();
  return message === '' ? fail("'; message:' is followed by nothing") : ok({ ...action.value, message });
}

export function writeDo(action: SpecTaskAction): string {
  const text = writeAction(action);
  return action.type === 'notify' && action.message !== undefined ? `${text}; message: ${action.message}` : text;
}

// --- retries ----------------------------------------------------------------------------------

const RETRY_USAGE = "write '<retries>' or '<retries>, backoff <ISO 8601 duration>' (e.g. 3, backoff PT1M)";

/** `3` | `3, backoff PT1M`. */
export function readRetry(text: string): Read<SpecRetry> {
  const [countText = '', backoffText, ...extra] = splitList(text);
  const retries = readNumber(countText);
  if (retries === undefined || extra.length > 0) return fail(`retries '${text.trim()}' cannot be read; ${RETRY_USAGE}`);
  if (backoffText === undefined) return ok({ retries });
  const backoff = /^backoff\s+(\S+)$/i.exec(backoffText);
  return backoff ? ok({ retries, backoff: backoff[1] as string }) : fail(`retries '${text.trim()}' cannot be read; ${RETRY_USAGE}`);
}

export const writeRetry = (retry: SpecRetry): string => (retry.backoff === undefined ? String(retry.retries) : `${retry.retries}, backoff ${retry.backoff}`);

// --- records ----------------------------------------------------------------------------------

const QUERY_USAGE =
  "write '<Entity>', optionally followed by 'where <condition> and ...', a condition being '<field> = <value>', 'created_at older than <duration>', 'updated_at within <duration>' and the like";
const AGE_WORDS = { olderThan: 'older than', within: 'within' } as const;
const CONDITION_START = String.raw`[A-Za-z0-9_]+\s*(?:=|older\s+than\s|within\s)`;
/** ` where ` before the first condition, ` and ` between two (a value may hold the words themselves). */
const WHERE = new RegExp(String.raw`\s+where\s+(?=${CONDITION_START})`, 'i');
const AND = new RegExp(String.raw`\s+and\s+(?=${CONDITION_START})`, 'i');

/** `Deal`, `Deal where stage = open and updated_at older than P90D`. */
export function readRecordQuery(text: string): Read<SpecRecordQuery> {
  const whole = text.trim();
  const where = WHERE.exec(whole);
  const entity = (where ? whole.slice(0, where.index) : whole).trim();
  if (!/^[A-Za-z0-9_]+$/.test(entity)) return fail(`records '${whole}' cannot be read; ${QUERY_USAGE}`);
  const query: SpecRecordQuery = { entity };
  const conditions: NonNullable<SpecRecordQuery['where']> = [];
  for (const condition of where ? whole.slice(where.index + where[0].length).split(AND) : []) {
    const item = condition.trim();
    const age = /^([A-Za-z0-9_]+)\s+(older\s+than|within)\s+(\S+)$/i.exec(item);
    const pair = /^([A-Za-z0-9_]+)\s*=\s*(\S.*)$/.exec(item);
    if (age) {
      const field = AGE_FIELDS.find((name) => name === age[1]);
      if (!field) return fail(`'${item}': an age condition is on ${AGE_FIELDS.join(' or ')}`);
      if (query.age && query.age.field !== field) return fail(`'${item}': the age conditions of a job's records are on one field (${query.age.field})`);
      const bound: keyof typeof AGE_WORDS = /^within$/i.test(age[2] as string) ? 'within' : 'olderThan';
      const known: SpecRecordAge = query.age ?? { field };
      if (known[bound] !== undefined) return fail(`'${item}': '${field} ${AGE_WORDS[bound]}' is given twice`);
      query.age = { ...known, [bound]: age[3] as string };
    } else if (pair) conditions.push({ field: pair[1] as string, value: (pair[2] as string).trim() });
    else return fail(`records condition '${item}' cannot be read; ${QUERY_USAGE}`);
  }
  if (conditions.length > 0) query.where = conditions;
  return ok(query);
}

/** Field conditions first, then the age bounds: the order readRecordQuery keeps. */
export function writeRecordQuery(query: SpecRecordQuery): string {
  const age = query.age;
  const conditions = [
    ...(query.where ?? []).map((condition) => `${condition.field} = ${condition.value}`),
    ...(age?.olderThan !== undefined ? [`${age.field} ${AGE_WORDS.olderThan} ${age.olderThan}`] : []),
    ...(age?.within !== undefined ? [`${age.field} ${AGE_WORDS.within} ${age.within}`] : []),
  ];
  return conditions.length === 0 ? query.entity : `${query.entity} where ${conditions.join(' and ')}`;
}

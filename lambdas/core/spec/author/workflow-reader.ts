/**
 * Workflows from sentences: a trigger ("When a batch starts fermenting", "Three weeks after a
 * paper is submitted", "If a reservation isn't confirmed within 2 hours", "The day before each
 * lesson") and the steps that follow it in the sentence and in the sentences that go on with it
 * ("then ...", "if nobody does, ..."): waits for a time, until a date of the record (optionally
 * shifted), for events with a timeout, and tasks with their retries (workflow-steps.ts reads the
 * steps). The wording lives in
 * workflow-phrases.ts.
 */
import type { SpecEntity, SpecWorkflow, WorkflowStep } from '../spec-model';
import type { EntityIndex } from '../offline-author/entity-index';
import { findDuration, parseNumber, words } from '../offline-author/text';
import { snakeCase } from '../../text/case';
import { emptyHints, type WorkflowHints } from './workflow-branches';
import { uniqueName, durationWords, workflowName, type Draft } from './workflow-draft';
import { relativeAmount } from './workflow-waits';
import { DATE_WORDS, asStatusValue, dateField, dateOwner, keptPast, statusFieldOf } from './workflow-record-fields';
import { madeByAct, nounOfAct, participantRecord, startedByAct } from './workflow-acts';
import { commaBeforeAction, conditionFirst, plainWorkflowWording, workflowPieces } from './workflow-wording';
import { heldIn, missedAsState, nextState, saidValue, stateHolder, statePhrase, triggerFor } from './workflow-triggers';
import { continuesAbout, mentionIn, recordWords, startsInState, stateHeading } from './workflow-mentions';
import { readSteps } from './workflow-steps';
import { CONTINUATION, DATE_ARRIVES, FAILURE_THEN_PASSIVE_RETRY, FAILURE_THEN_RETRY, CREATED_CLAUSE, DEADLINE, MISSED_TIME, CREATED_STATES, CREATE_ACTIONS, PHRASAL_STATES, STATE_LINKS, TASK_VERBS, TRIGGER_OPENERS, UNMET_CONDITION, awaitedEvent, eventsOfAct, expand, participle, plainTriggerText, verbLemma } from './workflow-phrases';

export interface WorkflowContext {
  index: EntityIndex;
  entities: SpecEntity[];
}

export interface WorkflowReading {
  workflows: SpecWorkflow[];
  /** Trigger values that must exist in the record type's status enum. */
  triggerValues: Array<{ entity: string; field: string; value: string }>;
  /**
   * Status values a decision implies, per record type ("wait for a manager to approve or reject
   * it" on a submitted report: submitted, approved, rejected), for records without a status.
   */
  states: Map<string, string[]>;
  /** People a workflow waits for, with the record they decide on. */
  approvers: Array<{ role: string; entity: string }>;
  /** Indexes of the sentences the workflows were read from. */
  used: Set<number>;
  /** What follows an understood trigger whose action was not ("..., ring the bell"), by sentence, for the open questions. */
  unreadActions: Map<number, string>;
  /** What the text says about each workflow's branches and tasks, in the order of `workflows` (workflow-branches.ts reads it). */
  hints: WorkflowHints[];
}

/** The record type whose state the trigger is (the record named, or one of its own that holds the state). */
const reachedBy = (entity: string, state: string, ctx: WorkflowContext): string => triggerFor(entity, state, ctx).trigger.entity;

/** The record type an awaited noun names ("agent reply" -> Reply), with its reference to `entity`. */
function createdRecord(nounWords: string[], entity: string, ctx: WorkflowContext): { entity: string; field: string } | undefined {
  const m = nounWords.length > 0 ? mentionIn(nounWords, ctx) : undefined;
  if (!m || m.entity === entity) return undefined;
  const ref = ctx.entities.find((e) => e.name === m.entity)?.fields.find((f) => f.type === `ref(${entity})`);
  return ref ? { entity: m.entity, field: ref.name } : undefined;
}

/** Words before a record that are values of its fields ("a sev1 ticket"), besides its status: conditions it must meet. */
function valueConditions(words_: string[], entity: string, ctx: WorkflowContext): Array<{ field: string; value: string }> {
  const def = ctx.entities.find((e) => e.name === entity);
  const status = statusFieldOf(def)?.name;
  return words_.flatMap((w) => {
    const field = def?.fields.find((f) => f.type === 'enum' && f.name !== status && f.values?.includes(w));
    return field ? [{ field: field.name, value: w }] : [];
  });
}

interface Opening {
  entity: string;
  trigger: Draft['trigger'];
  value?: { field: string; value: string };
  lead: WorkflowStep[];
  /** The state word of the trigger ("submitted"). */
  state?: string;
  /** Where the steps begin in the text. */
  rest: string;
  /** The lead wait is for something that may not happen ("if ... not confirmed within 2 hours"): when it does, the workflow is done. */
  awaited?: boolean;
  /** Values of the record's fields the trigger clause names ("a sev1 ticket"): conditions on the trigger. */
  where?: Array<{ field: string; value: string }>;
}

/**
 * The trigger clause at the start of a sentence, with the steps it implies (a lead wait); `subject` is the record the sentence
 * before is about, what "it" in the trigger is; `recent`, the record of the workflow the sentence before began.
 */
function readOpening(text: string, ctx: WorkflowContext, subject?: string, recent?: string): Opening | undefined {
  const comma = text.search(/,|;|:\s|\bthen\b/i);
  const head = comma >= 0 ? text.slice(0, comma) : text;
  const rest = comma >= 0 ? text.slice(comma).replace(/^,?\s*/, '') : '';
  const names = new Set<string>();

  // "The day before each lesson, ...", "48 hours before a shift starts, ...", "Three weeks after a paper is submitted, ...", "Send a reminder 24 hours before each confirmed appointment."
  const relative = /^(.*?)\s*\b((?:the\s+)?(?:day|week|month|night|evening)|(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|forty-eight|fourty|half an?)\s+[a-z]+)\s+(before|after|prior to)\s+(?:(?:a|an|the|each|every|any|its|their)\s+)?(.+)$/i.exec(comma >= 0 && !/^(?:send|notify|remind|email)/i.test(text) ? head : text.replace(/\.$/, ''));
  if (relative) {
    // ("Every 90 days after a service, ...": the repetition is the workflow's, once per record.)
    const lead = relative[1]!.trim().replace(/^every$/i, '');
    const amount = relative[2]!.replace(/^the\s+/i, '');
    const d = relativeAmount(amount);
    const direction = relative[3]!.toLowerCase();
    const tokens = words(relative[4]!);
    // "1 day before pickup date": no record named, but one record type has that date; "3 days after it is due": the recent one's.
    const m = mentionIn(tokens, ctx) ?? (recent && !lead && /^(?:it|they)$/.test(tokens[0] ?? '') ? { entity: recent, start: 0, end: 1 } : undefined) ?? dateOwner(tokens, ctx) ?? stateHolder(tokens, ctx);
    // ("If an enrolment still isn't paid 3 days before the class, remind the student": once per enrolment, until
    // its class's date; the condition said first.)
    const condition = lead && /^(?:if|when|unless)\s/i.test(lead) ? mentionIn(words(lead), ctx) : undefined;
    const via = condition && m && direction === 'before' && condition.entity !== m.entity ? ctx.entities.find((e) => e.name === condition.entity)?.fields.find((f) => f.type === `ref(${m.entity})`) : undefined;
    const viaField = via ? dateField(m!.entity, tokens.slice(m!.end).filter((w) => !STATE_LINKS.has(w) || w === 'starts' || w === 'begins'), ctx) : undefined;
    if (d && m && via && viaField && rest) {
      return { entity: condition!.entity, trigger: { entity: condition!.entity, event: 'created' }, lead: [{ kind: 'waitUntil', name: uniqueName(`wait_until_${viaField}`, names), field: viaField, offset: `-${d.iso}`, via: via.name }], rest };
    }
    // ("If a booking is still only requested 24 hours before the slot date, cancel it": its own date.)
    const ownField = condition && m && direction === 'before' && condition.entity === m.entity ? dateField(m.entity, tokens.slice(m.end).filter((w) => !STATE_LINKS.has(w) || w === 'starts' || w === 'begins'), ctx) : undefined;
    if (d && m && ownField && rest) {
      return { entity: m.entity, trigger: { entity: m.entity, event: 'created' }, lead: [{ kind: 'waitUntil', name: uniqueName(`wait_until_${ownField}`, names), field: ownField, offset: `-${d.iso}` }], rest };
    }
    // ("If a swarm report is still open 2 days after it was made, email the coordinators": that long after it was made.)
    const made = condition && direction === 'after' && rest && /^it\s+(?:was|has\s+been|is)\s+(?:made|created|added|logged|raised|submitted|reported|sent|opened|filed|booked|posted|entered)$/i.test(relative[4]!.trim()) ? condition : undefined;
    if (d && made) {
      return { entity: made.entity, trigger: { entity: made.entity, event: 'created' }, lead: [{ kind: 'wait', name: uniqueName(`wait_${durationWords(d)}`, names), duration: d.iso }], rest };
    }
    // ("If an invoice is still unpaid 30 days after its due date, email me": that long after its own date, then the action.)
    const ownFieldAfter = condition && m && direction === 'after' && condition.entity === m.entity ? dateField(m.entity, tokens.slice(m.end).filter((w) => !STATE_LINKS.has(w) && w !== 's'), ctx) : undefined;
    if (d && m && ownFieldAfter && rest && ctx.entities.find((e) => e.name === m.entity)?.fields.some((f) => f.name === ownFieldAfter && (f.type === 'date' || f.type === 'datetime'))) {
      return { entity: m.entity, trigger: { entity: m.entity, event: 'created' }, lead: [{ kind: 'waitUntil', name: uniqueName(`wait_until_${ownFieldAfter}`, names), field: ownFieldAfter, offset: `+${d.iso}` }], rest };
    }
    // ("Send invoices that are still unpaid 14 days after the issue date a reminder email": the record and
    // its state in the action, that long after its own date, then the action with what it sends.)
    const kept = !condition && direction === 'after' && d ? keptPast(lead, tokens, ctx) : undefined;
    if (kept) {
      return { entity: kept.entity, trigger: { entity: kept.entity, event: 'created' }, lead: [{ kind: 'waitUntil', name: uniqueName(`wait_until_${kept.field}`, names), field: kept.field, offset: `+${d!.iso}` }], rest: kept.rest };
    }
    if (d && m && (!lead || words(lead).some((w) => TASK_VERBS.has(verbLemma(w))))) {
      const after = tokens.slice(m.end).filter((w) => !STATE_LINKS.has(w) || w === 'starts' || w === 'begins');
      const stateBefore = tokens.slice(0, m.start).filter((w) => !['a', 'an', 'the', 'each', 'every', 'any'].includes(w));
      const steps: WorkflowStep[] = [];
      let trigger: Opening['trigger'] = { entity: m.entity, event: 'created' };
      let value: Opening['value'];
      if (stateBefore.length > 0) ({ trigger, value } = triggerFor(m.entity, stateBefore[stateBefore.length - 1]!, ctx));
      // ("One day after a booking's date": a time after a date of the record, not after a state it reaches.)
      const afterDate = direction === 'after' && stateBefore.length === 0 ? dateField(m.entity, after.filter((w) => w !== 's'), ctx) : undefined;
      const dateWords = after.filter((w) => w !== 's');
      // (Not "after a paper is submitted": a state reached, even when a date of it is kept.)
      if (afterDate && dateWords.length > 0 && !dateWords.some((w) => /(?:ed|en)$/.test(w)) && dateWords.every((w) => afterDate.split('_').includes(w)) && ctx.entities.find((e) => e.name === m.entity)?.fields.some((f) => f.name === afterDate && (f.type === 'date' || f.type === 'datetime'))) {
        steps.push({ kind: 'waitUntil', name: uniqueName(`wait_until_${afterDate}`, names), field: afterDate, offset: `+${d.iso}` });
      } else if (direction === 'after') {
        const stated = after.filter((w) => !['it', 'was', 'is'].includes(w));
        const state = statePhrase(m.entity, stated, ctx) ?? stated[0];
        if (state) ({ trigger, value } = triggerFor(m.entity, state, ctx));
        steps.push({ kind: 'wait', name: uniqueName(`wait_${durationWords(d)}`, names), duration: d.iso });
      } else {
        const field = dateField(m.entity, after, ctx);
        // ("Two weeks before a course starts, remind each enrolled student": once per enrollment, through it.)
        const each = field && stateBefore.length === 0 ? participantRecord(lead || rest, m.entity, ctx) : undefined;
        if (each) trigger = { entity: each.entity, event: 'created' };
        if (field) steps.push({ kind: 'waitUntil', name: uniqueName(`wait_until_${field}`, names), field, offset: `-${d.iso}`, ...(each ? { via: each.via } : {}) });
      }
      // The action comes first ("Send a reminder 24 hours before ...") or after the comma.
      return { entity: trigger.entity, trigger, ...(value ? { value } : {}), lead: steps, rest: lead || rest };
    }
  }

  // ("When an episode's publish date arrives, publish it": a wait until that date of the record, then the action.)
  const arrives = DATE_ARRIVES.exec(text.replace(/\.$/, ''));
  const arrivedOf = arrives ? mentionIn(words(arrives[1]!), ctx) : undefined;
  const arrivedField = arrivedOf ? dateField(arrivedOf.entity, words(arrives![2]!), ctx) : undefined;
  if (arrivedOf && arrivedField && words(arrives![2]!).every((w) => DATE_WORDS.has(w) || arrivedField.split('_').some((part) => part.startsWith(w.replace(/s$/, ''))))) {
    return { entity: arrivedOf.entity, trigger: { entity: arrivedOf.entity, event: 'created' }, lead: [{ kind: 'waitUntil', name: uniqueName(`wait_until_${arrivedField}`, names), field: arrivedField }], rest: arrives![3]! };
  }
  // "On the day a hire is due back, ..." / "Send a text on the morning a loan is due back": a wait until that date.
  const dayOf = /^(.*?)\s*\bon\s+the\s+(?:day|morning|evening|night|date)\s+(?:that\s+|when\s+)?(?:(?:a|an|the|each|every|any|its|their)\s+)?(.+)$/i.exec(comma >= 0 && !/^(?:send|notify|remind|email|text)/i.test(text) ? head : text.replace(/\.$/, ''));
  if (dayOf) {
    const lead = dayOf[1]!.trim();
    const tokens = words(dayOf[2]!);
    const m = mentionIn(tokens, ctx) ?? dateOwner(tokens, ctx);
    const field = m ? dateField(m.entity, tokens.slice(m.end).filter((w) => !STATE_LINKS.has(w)), ctx) : undefined;
    if (m && field && (!lead || words(lead).some((w) => TASK_VERBS.has(verbLemma(w))))) {
      return { entity: m.entity, trigger: { entity: m.entity, event: 'created' }, lead: [{ kind: 'waitUntil', name: uniqueName(`wait_until_${field}`, names), field }], rest: lead || rest };
    }
  }

  // "A reservation that is still not confirmed 24 hours after it was made is cancelled automatically."
  // ("Anything that nobody has claimed ninety days after it was logged should be flagged": the record whose state that is.)
  const lingering = /^(?:(?:a|an|any|each|every)\s+(.+?)|anything|any\s+one)\s+(?:(?:that|which)\s+)?(?:(?:is|has)\s+(?:still\s+)?not\s+(?:been\s+)?|(?:nobody|no\s+one|no-one)\s+(?:has|have)\s+(?:yet\s+)?|(?:(?:is|has\s+been)\s+)?(?:still\s+)?un(?=\w+ed\s))(\w+)\s+(.+?)\s+after\s+it\s+(?:was|is|has\s+been)\s+\w+\s+(.*)$/i.exec(text);
  if (lingering) {
    const m = lingering[1] ? mentionIn(words(lingering[1]), ctx) : stateHolder(['it', 'is', lingering[2]!.toLowerCase()], ctx);
    const d = findDuration(lingering[3]!);
    if (m && d) {
      return { entity: m.entity, trigger: { entity: m.entity, event: 'created' }, lead: [{ kind: 'waitForEvent', name: uniqueName(`wait_for_${lingering[2]}`, names), events: [snakeCase(lingering[2]!)], timeout: d.iso }], rest: lingering[4]!, awaited: true };
    }
  }

  // "Production running: publish the schedule": a record and a state as a heading.
  const labelled = /^([^:,]+)(?::|,\s*then)\s/.exec(text);
  // ("Permits start as applied, then move to approved": the states, not a workflow.)
  if (labelled && !TRIGGER_OPENERS.test(head) && !/\b(?:starts?|begins?)\s+(?:off\s+)?(?:as|in|at)\b/i.test(labelled[1]!)) {
    const tokens = words(labelled[1]!);
    const m = mentionIn(tokens, ctx);
    const state = m ? tokens.slice(m.end).filter((w) => !STATE_LINKS.has(w)) : [];
    // ("Shows are public: anyone can look at them": what follows a heading of a workflow is something to do.)
    const firstAfter = words(text.slice(labelled[0].length))[0] ?? '';
    if (m && m.start <= 1 && state.length >= 1 && state.length <= 2 && !/^(?:anyone|everyone|everybody|nobody|no|they|we|you|it|its|their|the|a|an|only|all|both|each|every)$/.test(firstAfter)) {
      return { entity: reachedBy(m.entity, state.join(' '), ctx), ...triggerFor(m.entity, state.join(' '), ctx), lead: [], rest: text.slice(labelled[0].length), state: snakeCase(state.join(' ')) };
    }
  }
  // ("A tenancy is created in the offered state; the student then has up to 5 days ...": a record made, then a time.)
  const opener = TRIGGER_OPENERS.exec(head) ?? (CREATED_CLAUSE.test(head) && findDuration(rest) ? /^/.exec(head) : null);
  if (!opener) return undefined;
  const clause = head.slice(opener[0].length);
  const tokens = words(clause);
  // ("as soon as they book": the record their act makes, not the record of the sentence before.)
  const theyAct = tokens[0] === 'they' && tokens.length <= 3 ? madeByAct(tokens, ctx) : undefined;
  if (theyAct) return { entity: theyAct, trigger: { entity: theyAct, event: 'created' }, lead: [], rest };
  const first = mentionIn(tokens, ctx); // ("If a volunteer logs a visit where ...": the record made, said after who makes it.)
  const madeNext = first && CREATE_ACTIONS.has(verbLemma(tokens[first.end] ?? '')) && /^(?:a|an|their|the|new)$/.test(tokens[first.end + 1] ?? '') ? mentionIn(tokens.slice(first.end + 1), ctx) : undefined;
  const m = (madeNext && madeNext.entity !== first!.entity ? { ...madeNext, start: madeNext.start + first!.end + 1, end: madeNext.end + first!.end + 1 } : first) ?? (subject && /^(?:it|they)$/.test(tokens[0] ?? '') ? { entity: subject, start: 0, end: 1 } : undefined) ?? stateHolder(tokens, ctx);
  // ("when somebody books": the record the act makes, a Booking, is created.)
  if (!m) {
    // ("if somebody doesn't show up": the record whose status has the value that says so, no_show.)
    const not = /\bnot\s+([a-z]+)/i.exec(clause);
    const noValue = not ? `no_${not[1]!.toLowerCase()}` : undefined;
    const holders = noValue ? ctx.entities.filter((e) => statusFieldOf(e)?.values?.includes(noValue)) : [];
    if (noValue && holders.length === 1) {
      const entity = holders[0]!.name;
      return { entity, trigger: { entity, event: 'updated', field: statusFieldOf(holders[0])!.name, value: noValue }, lead: [], rest, state: noValue };
    }
    const made = madeByAct(tokens, ctx) ?? startedByAct(tokens, ctx);
    return made ? { entity: made, trigger: { entity: made, event: 'created' }, lead: [], rest } : undefined;
  }
  // ("When someone reports a problem": the record's name said as the act that makes one; a Report is created.)
  if (m.start > 0 && /^(?:someone|somebody|anyone|anybody|they|people|he|she|you|we)$/.test(tokens[m.start - 1]!) && /^(?:a|an|one|their|his|her)$/.test(tokens[m.end] ?? '') && m.end - m.start === 1 && /s$/.test(tokens[m.start]!)) {
    return { entity: m.entity, trigger: { entity: m.entity, event: 'created' }, lead: [], rest };
  }
  const before = tokens.slice(0, m.start).filter((w) => !['a', 'an', 'the', 'new', 'any', 'each', 'every', 'some'].includes(w));
  const after = tokens.slice(m.end);
  const duration = findDuration(clause);
  // "If a reservation is not confirmed within 2 hours" / "if a booking is still pending after 3 days"
  // / "If a tutor does not answer a lesson request within 24 hours": a wait for what did not happen.
  // "gets no agent reply within 4 hours": the awaited thing is the noun before the time.
  const noun = after.includes('no');
  const negated = after.includes('not') || before.includes('not') || noun;
  // ("If a loan isn't returned by its due date, email the member": until that date of the record, then the action.)
  const byDate = !duration && negated ? /\bby\s+(?:its|the|their)\s+([a-z]+(?:\s+[a-z]+)?)\s*$/i.exec(clause) : null;
  const byField = byDate ? dateField(m.entity, words(byDate[1]!), ctx) : undefined;
  if (byField && rest) return { entity: m.entity, trigger: { entity: m.entity, event: 'created' }, lead: [{ kind: 'waitUntil', name: uniqueName(`wait_until_${byField}`, names), field: byField }], rest };
  // ("If an application stays in screening for 10 days": still in screening then.)
  // ("When a batch has been fruiting for 14 days", "a keg has been out at a pub for more than 6 weeks": the same, said of the time
  // already spent in a state; "has been on notice for 28 days" is read below, from the state reached.)
  const still = after.findIndex((w, i) => ['still', 'stays', 'stay', 'remains', 'remain', 'sits', 'sitting', 'staying', 'remaining', 'stuck'].includes(w) || (w === 'been' && after[i - 1] !== 'not' && (after[after[i + 1] === 'in' ? i + 3 : i + 2] === 'for' || /^(?:more|over|longer)$/.test(after[after.indexOf('for', i + 2) + 1] ?? ''))));
  if (duration && (negated || still >= 0)) {
    const negation = noun && !after.includes('not') ? 'no' : 'not';
    const words_ = negated ? (after.includes(negation) ? after.slice(after.indexOf(negation) + 1) : before.slice(before.indexOf('not') + 1)) : after.slice(still + 1).filter((w) => w !== 'in' && w !== 'at');
    const untilTime = words_.slice(0, Math.max(0, words_.findIndex((w) => ['within', 'after', 'in', 'for', 'by'].includes(w))));
    // ("no sightings have been added to it within 2 days": the verb, not the words after it.)
    let stateWord = (negation === 'no' ? untilTime.filter((w) => !/^(?:it|them|to|for|on|in|onto|into)$/.test(w)).pop() : words_.find((w) => !STATE_LINKS.has(w) && w !== 'been' && w !== 'yet')) ?? 'updated';
    // ("if the customer hasn't booked a test within two weeks": test_booked.)
    // ("hasn't moved to conditioning": conditioning; "answered with an invitation or a decline": invited or declined.)
    const acts = negated ? eventsOfAct(stateWord, words_.slice(words_.indexOf(stateWord) + 1))?.map((e) => asStatusValue(m.entity, e, ctx)) : undefined;
    // "is not picked up": a verb with its particle.
    const particle = words_[words_.indexOf(stateWord) + 1];
    // (Not "paid in 5 days": "in" before the time is when.)
    if (particle && /^(?:up|out|off|back|in)$/.test(particle) && !(particle === 'in' && findDuration(words_.slice(words_.indexOf(stateWord) + 2, words_.indexOf(stateWord) + 4).join(' ')))) stateWord = `${stateWord} ${particle}`;
    const event = acts?.[0] ?? (negated ? (/ /.test(stateWord) ? (statusFieldOf(ctx.entities.find((e) => e.name === m.entity))?.values?.includes(snakeCase(stateWord)) ? stateWord : PHRASAL_STATES[stateWord] ?? stateWord) : awaitedEvent(stateWord, words_.slice(words_.indexOf(stateWord) + 1).join(' '), recordWords(m.entity))) : nextState(m.entity, stateWord, ctx));
    // ("is not approved or declined within 24 hours": either ends the wait.)
    const at = words_.indexOf(stateWord);
    const alternatives = acts ? acts.slice(1) : negated && at >= 0 && words_[at + 1] === 'or' && /(?:ed|en)$/.test(words_[at + 2] ?? '') ? [snakeCase(words_[at + 2]!)] : [];
    // Still in a later state than the first: the wait starts when the record reaches it.
    const statusValues = statusFieldOf(ctx.entities.find((e) => e.name === m.entity))?.values ?? [];
    // ("a booking was confirmed 14 days ago and still hasn't been paid": the time runs from that state.)
    // ("a job has been awaiting parts for 10 days and hasn't gone back into repair": from awaiting_parts; "has been ready" when a value is `ready_for_pickup`.)
    const held = after.slice(0, after.indexOf('not')).filter((w) => !STATE_LINKS.has(w));
    const since = snakeCase(held.slice(0, Math.max(0, held.findIndex((w) => /^(?:for|\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|twenty|thirty)$/.test(w)))).join(' '));
    const from = !negated ? (saidValue(statusValues, snakeCase(stateWord)) ?? stateWord) : since ? saidValue(statusValues, since) : undefined;
    const reached = from && statusValues.indexOf(snakeCase(from)) > 0 ? triggerFor(m.entity, from, ctx).trigger : undefined;
    // "gets no agent reply", "hasn't had a visit logged": a record type named by the awaited noun that points at this one is awaited as a record.
    const awaitedRecord = negation === 'no' || /^(?:had|got|received)$/.test(words_[0] ?? '') ? createdRecord(untilTime, m.entity, ctx) : undefined;
    const lead: WorkflowStep = awaitedRecord
      ? { kind: 'waitForRecord', name: uniqueName(`wait_for_${snakeCase(awaitedRecord.entity)}`, names), change: { kind: 'created', ...awaitedRecord }, timeout: duration.iso, next: { end: snakeCase(event) } }
      : { kind: 'waitForEvent', name: uniqueName(`wait_for_${event}`, names), events: [snakeCase(event), ...alternatives], timeout: duration.iso };
    const where = valueConditions(before, m.entity, ctx);
    return { entity: m.entity, trigger: reached ?? { entity: m.entity, event: 'created' }, lead: [lead], rest, awaited: negated, ...(where.length > 0 ? { where } : {}) };
  }

  // ("when an owner puts a request in", "when a parent sends a form in": the record is made.)
  if (before.length > 0 && after.length === 1 && /^(?:in|through|forward|off)$/.test(after[0]!) && /^(?:puts?|sends?|hands?|fills?|brings?|submits?|gets?)$/.test(before[before.length - 1]!)) return { entity: m.entity, trigger: { entity: m.entity, event: 'created' }, lead: [], rest };
  // ("When a volunteer signs up for a shift": the record of that act, a SignUp, is made.)
  const act = /^(?:up|in|on)$/.test(after[1] ?? '') && !STATE_LINKS.has(after[0]!) ? nounOfAct(after, ctx) : undefined;
  if (act && act !== m.entity) return { entity: act, trigger: { entity: act, event: 'created' }, lead: [], rest };
  // "When someone makes a booking" / "when a manager approves an invoice"
  // ("If it's still neglected at the next inspection": a condition over two records, no trigger of one; left to ask about.)
  if (/^(?:next|following|subsequent)$/.test(before[before.length - 1] ?? '')) return undefined;
  if (before.length > 0 && after.filter((w) => !STATE_LINKS.has(w)).length === 0) {
    // ("When a member cancels their booking", "When you fancy somebody's yarn": the verb, not whose record it is; "When a
    // volunteer signs up for a shift": the verb before its particle and preposition, not "for".)
    const at = before.length - 1 - [...before].reverse().findIndex((w) => !/^(?:their|his|her|its|our|my|your|own|for|to|up|in|on|onto|into|with|at|of|off|out|s|[a-z]+['’]s)$/.test(w));
    const verbWord = at < before.length ? before[at]! : before[before.length - 1]!;
    const particle = at < before.length ? before.slice(at + 1).find((w) => /^(?:up|in|on)$/.test(w)) : undefined;
    const lemma = verbLemma(verbWord);
    // ("When you fancy somebody's yarn, you send a request": what the reader wishes, not a state a record reaches.)
    if (/^(?:you|i)$/.test(before[0] ?? '') && !CREATE_ACTIONS.has(lemma) && !TASK_VERBS.has(lemma)) return undefined;
    // ("When someone books a session": the act makes a Booking, which refers to the session.)
    const made = CREATE_ACTIONS.has(lemma) || particle ? nounOfAct(particle ? [verbWord, particle] : [verbWord], ctx) : undefined;
    if (made && made !== m.entity && ctx.entities.find((e) => e.name === made)?.fields.some((f) => f.type === `ref(${m.entity})`)) {
      return { entity: made, trigger: { entity: made, event: 'created' }, lead: [], rest };
    }
    const state = CREATE_ACTIONS.has(lemma) ? 'created' : participle(lemma);
    return { entity: reachedBy(m.entity, state, ctx), ...triggerFor(m.entity, state, ctx), lead: [], rest };
  }
  // ("When a zine's stock drops to zero": the update that sets that number field to that value.)
  const reachedNumber = numberReached(m.entity, after, ctx);
  if (reachedNumber) return { entity: m.entity, trigger: { entity: m.entity, event: 'updated', field: reachedNumber.field, value: reachedNumber.value }, lead: [], rest };
  // ("when a part drops below its reorder level", "if its stock level drops below 3": a number crossing a line; left to ask about.)
  if (after.slice(0, 4).some((w, i) => /^(?:drops?|falls?|goes|rises?|gets)$/.test(w) && /^(?:below|under|above|over|past|beyond)$/.test(after[i + 1] ?? ''))) return undefined;
  // ("When a new subscriber signs up": the record is made.)
  if (after.length >= 2 && /^(?:up|in|on)$/.test(after[1]!) && CREATED_STATES.has(`${participle(verbLemma(after[0]!.replace(/([^s])s$/, "$1")))} ${after[1]}`)) return { entity: m.entity, trigger: { entity: m.entity, event: 'created' }, lead: [], rest };
  let k = 0;
  // ("a test's result is fail", "a test result is fail": the field named first, then its value.)
  const fieldFirst = ctx.entities.find((e) => e.name === m.entity)?.fields.find((f) => f.type === 'enum' && [1, 2].some((n) => snakeCase(after.slice(0, n).join(' ')) === f.name && STATE_LINKS.has(after[n] ?? '')));
  if (fieldFirst) k = fieldFirst.name.split('_').length;
  while (k < after.length && STATE_LINKS.has(after[k]!)) k += 1;
  const stateWords = after.slice(k).filter((w) => !['and', 'or', 'then', 'it', 'by', 'for', 'with', 'a', 'an'].includes(w));
  // ("opens for entries", "is checked out": a value of several words.)
  // ("when a tool comes back damaged": the word that is a value of one of its fields, not the verb before it; not after
  // "created": "a tenancy is created in the offered state" is its creation.)
  const heldWord = stateWords.length > 1 && !heldIn(m.entity, stateWords[0]!, ctx) && !/^(?:created|made|added|entered|opened|submitted|registered|logged|booked|filed|raised|posted|placed|set up)$/.test(stateWords[0]!) ? stateWords.slice(1).find((w) => heldIn(m.entity, w, ctx)) : undefined;
  // ("if an item comes out as "come back with a part"": a value of several words, after the verb.)
  const run = after.slice(k);
  let heldRun: string | undefined;
  for (let i = 1; i < run.length && !heldRun; i += 1) {
    for (let n = Math.min(6, run.length - i); n >= 2 && !heldRun; n -= 1) if (heldIn(m.entity, snakeCase(run.slice(i, i + n).join(' ')), ctx)) heldRun = run.slice(i, i + n).join(' ');
  }
  const state = statePhrase(m.entity, after.slice(k), ctx) ?? statePhrase(m.entity, stateWords, ctx) ?? heldRun ?? heldWord ?? stateWords[0] ?? 'created';
  return { entity: reachedBy(m.entity, state, ctx), ...triggerFor(m.entity, state, ctx), lead: [], rest, state: snakeCase(state) };
}

export function readWorkflows(sentences: string[], ctx: WorkflowContext): WorkflowReading {
  const drafts: Draft[] = [];
  const triggerValues: WorkflowReading['triggerValues'] = [];
  const used = new Set<number>();
  const unreadActions = new Map<number, string>();
  let last: Draft | undefined;
  const pieces = workflowPieces(sentences, ctx);
  pieces.forEach(([original, i]) => {
    // ("members can cancel their own bookings up to 2 hours before the session": a right with its limit, no automation.)
    if (/^(?:the\s+)?(?:[a-z]+\s+)?[a-z]+s\s+(?:can|may|are able to|are allowed to)\s+(?!(?:be|get|the|a|an|their|its)\b)/i.test(original.trim()) && !/^(?:when|whenever|once|if|after|before|as soon as)\b/i.test(original.trim())) return;
    // ("Oh and once an auction closes, ...", "Separately, a week before ...": the aside before the trigger says nothing.)
    const plain = plainTriggerText(missedAsState(plainWorkflowWording(expand(original.trim())), ctx).replace(/^(?:(?:oh|also|and|plus|finally|lastly|separately|ps|p\.s\.)\b[,\s]+)+(?:and\s+)?(?=[a-z])/i, '').replace(/^(?:i\s+understand|(?:please\s+)?note|bear\s+in\s+mind|remember)\s+that\s+(?=[a-z])/i, ''));
    // ("... wait up to 14 days for the payment. If it hasn't been paid, send a notice": the wait's outcome, then the action.)
    const text = last ? plain.replace(UNMET_CONDITION, 'then ') : plain;
    // (Not "if we cancel a dinner refund everyone, the card thing is dodgy so retry 3 times": a workflow of its own opens it.)
    const failure = /^(?:if|when|whenever|once|as soon as|after)\b/i.test(text) ? null : FAILURE_THEN_RETRY.exec(text)
      // ("Our SMS service times out now and then; retry up to three times": the failure, then the retries; not a trigger of its own.)
      ?? (/^[^;]*;\s*retry\b/i.test(text) && !readOpening(conditionFirst(commaBeforeAction(text)), ctx) ? /^[^;]*;\s*/.exec(text) : null)
      ?? FAILURE_THEN_PASSIVE_RETRY.exec(text);
    // (Not "If a new fault hasn't been assigned within 1 hour, page the engineer; the page should be retried ...": a workflow of its own, with its
    // retries. "The school mail server drops the odd message, so sending should be tried up to 3 times": passive, too.)
    const retriesLast = (/\b(?:retried|re-?tried)\b|^retry\b|\bbe\s+tried\s+(?:up\s+to\s+)?\w+\s+times\b/i.test(text) && !/^(?:if|when|whenever|once|as soon as)\s+(?:an?|any|each|every)\s/i.test(text)) || !!failure;
    // ("Ten days later, send them a reminder": a time after the step before.)
    const later = /^(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty)\s+(?:minutes?|hours?|days?|weeks?|months?)\s+later\b/i.test(text);
    if (last && (CONTINUATION.test(text) || retriesLast || later || continuesAbout(text, last, ctx))) {
      const before = last.steps.length;
      const retriesBefore = last.steps.map((step) => (step.kind === 'task' ? step.retries : undefined)).join();
      // "Approved reports are paid ...": what follows happens in that state.
      const state = continuesAbout(text, last, ctx) ? words(text)[0] : undefined;
      // ("if its not picked up 30 days after its ready, call ...": a condition with its time is a step of its own.)
      readSteps(text.slice(failure?.[0].length ?? 0).replace(MISSED_TIME.test(text) ? /^$/ : CONTINUATION, '').replace(/^[,\s]+/, '').replace(state ? /^[A-Za-z]+(?:ed|en)\s+/ : /^$/, 'the '), last, ctx);
      // (A sentence of retries alone changes the last task: the workflow goes on after it.)
      const retried = last.steps.slice(0, before).map((step) => (step.kind === 'task' ? step.retries : undefined)).join() !== retriesBefore;
      if (last.steps.length > before || retried) {
        const first = last.steps[before];
        if (state && first?.kind === 'task') last.hints.stateTasks.set(snakeCase(state), first.name);
        // ("... another 14 days to be paid. If it still isn't, post a reminder letter": what was waited for, if it comes, ends it.)
        const waited = text !== plain ? last.steps.slice(0, before).findLast((step) => step.kind === 'waitForEvent') : undefined;
        if (waited) last.hints.awaited.add(waited.name);
        used.add(i);
        last.text = `${last.text.replace(/\.?$/, '.')} ${original.trim()}`;
        return;
      }
    }
    // ("Every entry starts as pending payment. Give the payment up to 30 minutes to go through; ...":
    // time given right after a record is said to start in a state runs from its creation.)
    const begun = i > 0 && /^(?:give|allow|leave)\s/i.test(text) && findDuration(text) ? startsInState(sentences[i - 1]!, ctx) : undefined;
    // ("1. Entry made. Email the handler a confirmation, ...": a record and its state as a heading, then the actions.)
    const heading = i > 0 && TASK_VERBS.has(verbLemma(words(text)[0] ?? '')) ? stateHeading(sentences[i - 1]!, ctx) : undefined;
    const plainOpening = () => readOpening(conditionFirst(commaBeforeAction(begun ? `When a ${words(begun).join(' ')} is created, ${text}` : text)), ctx, i > 0 ? mentionIn(words(sentences[i - 1]!), ctx)?.entity : undefined, last && used.has(i - 1) ? last.entity : undefined);
    const opening = plainOpening() ?? (heading ? readOpening(`When a ${heading.record} is ${heading.state}, ${text}`, ctx) : undefined);
    // ("When an entry comes in, email the helm. If the fee hasn't been paid within 7 days, send a reminder": what follows
    // a missed time, or a deadline ("The committee must schedule a hearing within 24 hours; ..."), goes on with the workflow.)
    if (!opening && last && (MISSED_TIME.test(text) || DEADLINE.test(text.split(/[;,]/)[0]!))) {
      const before = last.steps.length;
      readSteps(text, last, ctx);
      if (last.steps[before]?.kind === 'waitForEvent') {
        used.add(i);
        last.text = `${last.text.replace(/\.?$/, '.')} ${original.trim()}`;
        return;
      }
      last.steps.splice(before);
    }
    if (!opening) {
      last = undefined;
      return;
    }
    // ("... email a renewal link. If they haven't renewed within those thirty days, mark them as lapsed.":
    // what did not happen after the workflow's own steps goes on with that workflow.)
    // ("If the customer hasn't booked a test within two weeks of that reminder, ...", "six weeks after that": after the step before, whoever acts.)
    const afterLastStep = /\b(?:of|after|since|from)\s+(?:that|this|the|their|our)\s+(?:first\s+)?(?:reminder|email|message|text|notice|letter|call|nudge)\b|\bafter\s+that\b/i.test(text);
    // ("When a request arrives, email an acknowledgement. If the request hasn't been answered within 10 days, ...":
    // the same record, from the same moment, goes on with that workflow.)
    const sameStart = last?.trigger.event === 'created' && opening.trigger.event === 'created' && /^if\s+the\s/i.test(text);
    if (last && opening.awaited && ((opening.entity === last.entity && (/^if\s+(?:it|they|he|she)\s/i.test(text) || sameStart)) || (afterLastStep && /^if\s/i.test(text)))) {
      const continued = last;
      const before = continued.steps.length;
      for (const step of opening.lead) {
        const name = uniqueName(step.name, continued.names);
        continued.steps.push({ ...step, name });
        continued.hints.awaited.add(name);
      }
      readSteps(opening.rest, continued, ctx);
      if (continued.steps.length > before) {
        used.add(i);
        continued.text = `${continued.text.replace(/\.?$/, '.')} ${original.trim()}`;
        return;
      }
    }
    const hints = emptyHints();
    if (opening.awaited) for (const step of opening.lead) hints.awaited.add(step.name);
    const trigger = opening.where ? { ...opening.trigger, where: opening.where } : opening.trigger;
    const draft: Draft = { entity: opening.entity, trigger, steps: [...opening.lead], names: new Set(opening.lead.map((s) => s.name)), text: original.trim(), outcomes: [], approvers: [], hints };
    const named = /\b(?:an?|the)\s+([a-z]+)\s+(?:workflow|process|flow)\b/i.exec(text);
    if (named) draft.keyword = named[1]!.toLowerCase();
    if (opening.state) draft.state = opening.state;
    readSteps(opening.rest, draft, ctx);
    if (draft.steps.length === 0) {
      const rest = opening.rest.trim().replace(/[.;]+$/, '');
      if (/[a-z]{3}/i.test(rest)) unreadActions.set(i, rest);
      return void (last = undefined);
    }
    // ("Two days before the collection date the customer ...": a word naming a field ("date") is no state a record reaches.)
    if (opening.value && /^(?:date|time|day|week|month|year|name|email|phone|number|address|price|amount)$/.test(opening.value.value)) return void (last = undefined);
    if (opening.value) triggerValues.push({ entity: opening.entity, ...opening.value });
    draft.sentence = i;
    drafts.push(draft);
    used.add(i);
    // ("2. Show opened. When a show's status becomes open, ...": the heading before is this workflow's too.)
    if (i > 0 && !used.has(i - 1) && stateHeading(sentences[i - 1]!, ctx)) used.add(i - 1);
    last = draft;
  });
  // ("A booking can be cancelled up to 2 hours before it starts": times that lead to nothing done or decided are no workflow;
  // asked about. A wait for an event is one: its outcome is the instance's.)
  for (const d of drafts.filter((draft) => draft.steps.every((step) => step.kind === 'wait' || step.kind === 'waitUntil'))) {
    drafts.splice(drafts.indexOf(d), 1);
    used.delete(d.sentence!);
    unreadActions.set(d.sentence!, d.text.replace(/[.;]+$/, ''));
  }
  const names = new Set<string>();
  const workflows = drafts.map((d): SpecWorkflow => {
    return { name: uniqueName(workflowName(d.entity, d.keyword), names), description: d.text.replace(/\.?$/, '.'), trigger: d.trigger, steps: d.steps };
  });
  const states = new Map<string, string[]>();
  for (const d of drafts) {
    const decisions = d.steps.flatMap((step) => (step.kind === 'waitForEvent' ? [...step.events, ...(step.onTimeout ? [step.onTimeout] : [])] : []));
    // An event ends a wait by itself (it is signalled): only a record whose states the text
    // names ("When a report is submitted, ...", "Approved reports are paid") gets a status of them.
    const statesNamed = (d.trigger.event === 'created' && d.state && !CREATED_STATES.has(d.state)) || d.hints.stateTasks.size > 0 || d.outcomes.length > 0;
    if (decisions.length === 0 || !statesNamed) continue;
    const values = [d.trigger.event === 'created' && d.state && d.state !== 'created' ? d.state : 'pending', ...(states.get(d.entity) ?? []), ...decisions, ...d.outcomes];
    states.set(d.entity, [...new Set(values)]);
  }
  const approvers = drafts.flatMap((d) => d.approvers.map((role) => ({ role, entity: d.entity })));
  return { workflows, triggerValues, states, approvers, used, unreadActions, hints: drafts.map((d) => d.hints) };
}

/** "('s) stock drops to zero", "stock count reaches 0": a whole-number field of the record and the value it reaches. */
function numberReached(entity: string, after: readonly string[], ctx: WorkflowContext): { field: string; value: string } | undefined {
  const words_ = after[0] === 's' ? after.slice(1) : after;
  const verb = words_.findIndex((w) => /^(?:drops?|falls?|goes|gets|reaches|hits|runs)$/.test(w));
  if (verb < 1 || verb > 3) return undefined;
  const rest = words_.slice(verb + 1).filter((w) => !/^(?:down|to|out|all|the|way)$/.test(w));
  // ("drops to zero", "to nothing", "reaches 5"; not "to a", which counts nothing.)
  const said = rest.length === 1 && !/^(?:a|an|single|couple)$/.test(rest[0]!) ? parseNumber(rest[0]!.replace(/^(?:nothing|none)$/, 'zero')) : undefined;
  const value = said === undefined ? undefined : String(said);
  if (value === undefined) return undefined;
  const named = snakeCase(words_.slice(0, verb).join(' '));
  const field = ctx.entities.find((e) => e.name === entity)?.fields.find((f) => (f.type === 'integer' || f.type === 'number') && (f.name === named || f.name.startsWith(`${named}_`)));
  return field ? { field: field.name, value } : undefined;
}

/**
 * The steps of a workflow sentence after its trigger (workflow-reader.ts): the text split at
 * "then", commas and "and" before an action, each segment a wait (for a time, until a date of the
 * record, for an event with a timeout), a task, or the retries of a task.
 */
import type { WorkflowStep } from '../spec-model';
import { findDuration, singular, words } from '../offline-author/text';
import { PERSON_WORDS } from '../offline-author/lexicon';
import { snakeCase } from '../../text/case';
import { durationWords, uniqueName, type Draft } from './workflow-draft';
import { readRelativeStep, readWait, relativeAmount, waitUntilBefore, wordNumber } from './workflow-waits';
import { mentionIn, recordWords } from './workflow-mentions';
import { asStatusValue, tickOf } from './workflow-record-fields';
import { AWAITED_NOUNS, DEADLINE, PHRASAL_STATES, STATE_ADVERBS, TASK_VERBS, TIME_GIVEN, WAIT_WORDS, awaitedEvent, objectPhrase, participle, verbLemma } from './workflow-phrases';
import type { WorkflowContext } from './workflow-reader';

/** Steps of a workflow: at `then`, commas, and `and` before a wait, a state or an action ("wait until ... and email all members"). */
const SEGMENTS = new RegExp(String.raw`\s*(?:;|:|,\s*(?:and\s+)?then\s+|\s+and\s+then\s+|\s+then\s+|,\s*(?:and\s+)?|\s+and\s+(?=(?:it\s+|they\s+)?(?:waits?|is\s|are\s|gets?\s|retr))|\s+and\s+(?=(?:${[...TASK_VERBS].join('|')})\s))\s*`, 'i');

/** The verb of a retry: "retry", "retried", and "try" (again) when a count follows. */
const RETRY = String.raw`(?:retry(?:ing)?|retried|re-?tried|try(?:ing)?(?:\s+again)?|(?<=\bbe\s)tried)`;
/** What is retried, when named ("retry this email", "retry it", "retry that up to 5 times"). */
const RETRIED = String.raw`(?:\s+(?:the|this|that|each)\s+[a-z]+|\s+(?:it|them|that|this))?`;

/** The message said again ("another one", "another text"). */
const ANOTHER = String.raw`(?:\s+one|\s+(?:text|email|e-mail|reminder|message|call|nudge|notice|letter))?`;

/** A time said first ("72 hours", "two days", "a week"): the time of a deadline, nothing after it. */
const TIME_UNIT_FIRST = /^(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty|forty-eight|sixty|ninety)\s+(?:minutes?|hours?|days?|weeks?|months?|working days?|business days?)$/i;

/** A time and nothing else ("two weeks", "48 hours", "a few more days" is none). */
const TIME_ONLY = /^(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty)\s+(?:minutes?|hours?|days?|weeks?|months?)$/i;

/** "if it is still not confirmed", "if it has not been sold by then": what had not happened, with no time of its own. */
const UNMET_BY_THEN = /^(?:and\s+)?(?:if|unless)\s+(?:it|they|the\s+[a-z]+)\s+(?:is|are|has|have)\s+(?:still\s+)?not\s+(?:been\s+|yet\s+)?([a-z]+)(?:\s+(?:yet|by\s+then|by\s+that\s+time|in\s+that\s+time))?$/i;

/** A time of days or weeks in days ("P1W" and "P7D" are one time); anything else as it is written. */
const inDays = (iso: string | undefined): string => {
  const m = /^P(\d+)([DW])$/.exec(iso ?? '');
  return m ? String(Number(m[1]) * (m[2] === 'W' ? 7 : 1)) : iso ?? '';
};

/** Steps of a text into a draft. */
export function readSteps(text: string, draft: Draft, ctx: WorkflowContext): void {
  for (const raw of text.split(SEGMENTS)) {
    // ("; then give them another 4 days": the "then" after a semicolon says only the order.)
    // ("it should give the delivery a week to be confirmed": what the system should do is the step.)
    // ("give them up to two weeks to come and pick it up": "come and" is how it is said, one act.)
    const segment = raw.trim().replace(/\.$/, '').replace(/^then\s+/i, '').replace(/\b(?:come|go|pop|nip)\s+and\s+(?=[a-z]+\b)/gi, '').replace(/^(?:after\s+that\s*,?\s+)?(?:it|the\s+system|we)\s+(?:should|will|must|can)\s+(?=(?:give|allow|leave|wait)\b)/i, '');
    if (!segment) continue;
    // ("hold it for 7 days; if it hasn't been sold by then, ...", "give them another 4 days, and if it's still
    // not confirmed, ...": a time, then what had not happened in it; the time was a wait for that event.)
    const byThen = UNMET_BY_THEN.exec(segment);
    const timed = draft.steps[draft.steps.length - 1];
    if (byThen && timed?.kind === 'wait') {
      const event = STATE_ADVERBS[byThen[1]!.toLowerCase()] ?? snakeCase(awaitedEvent(byThen[1]!, '', recordWords(draft.entity)));
      const step: WorkflowStep = { kind: 'waitForEvent', name: uniqueName(`wait_for_${event}`, draft.names), events: [event], timeout: timed.duration };
      draft.names.delete(timed.name);
      draft.steps[draft.steps.length - 1] = step;
      draft.hints.awaited.add(step.name);
      draft.lastSegment = segment;
      continue;
    }
    // ("retry this email up to 3 times": what is retried may be named; "retry the charge up to twice".)
    // ("The shop's API times out a lot, so try up to 3 more times": "try" with a count is a retry too.)
    const retries = new RegExp(String.raw`\b${RETRY}${RETRIED}\s+up\s+to\s+(\w+)\s+(?:more\s+|further\s+|extra\s+)?times?\b|\bup\s+to\s+(\w+)\s+retries\b|\b(\w+)\s+retries\b|\b${RETRY}${RETRIED}\s+(?:up\s+to\s+)?(twice|(?:\w+)\s+(?:more\s+|further\s+|extra\s+)?times)\b`, 'i').exec(segment);
    if (retries) {
      const count = (retries[1] ?? retries[2] ?? retries[3] ?? retries[4]!).replace(/\s+(?:(?:more|further|extra)\s+)?times$/i, '').replace(/^twice$/i, '2');
      const n = Number.parseInt(count, 10) || wordNumber(count);
      const last = [...draft.steps].reverse().find((s) => s.kind === 'task');
      const own = segment.slice(0, retries.index).replace(/[(,]\s*$/, '').trim();
      const backoff = /\bbackoff of\s+(.+)$|\b(.+?)\s+apart\b/i.exec(segment.slice(retries.index));
      const delay = backoff ? findDuration(backoff[1] ?? backoff[2]!) : undefined;
      let task: Extract<WorkflowStep, { kind: 'task' }> | undefined;
      // ("because our mail provider drops messages now and then let it retry twice": only an action's own words make a task.)
      // ("sending should be tried up to 3 times": the act said in the passive is the last task's.)
      const ownAction = own && !/\bbe$/i.test(own) && TASK_VERBS.has(verbLemma(own.split(/\s+/)[0] ?? ''));
      if (ownAction && addTask(own, draft, ctx)) task = draft.steps[draft.steps.length - 1] as Extract<WorkflowStep, { kind: 'task' }>;
      else if (last && last.kind === 'task') task = last;
      if (task) {
        task.retries = n;
        if (delay) task.backoff = delay.iso;
      } else draft.pendingRetries = n;
      continue;
    }
    // "give it up to 14 days to be paid", "allow 2 days for the vendor to confirm": a wait for an event.
    // ("give it two weeks and then ask ...": time given for nothing named, a wait.)
    const given = /^(?:give|allow|leave)\s+(?:it|them|the\s+[a-z]+)\s+(?:a\s+further\s+|another\s+)?(.+)$/i.exec(segment);
    const givenTime = given && TIME_ONLY.test(given[1]!) ? findDuration(given[1]!) : undefined;
    if (givenTime) {
      draft.steps.push({ kind: 'wait', name: uniqueName(`wait_${durationWords(givenTime)}`, draft.names), duration: givenTime.iso });
      draft.lastSegment = segment;
      continue;
    }
    // ("If nobody has marked it taken or binned within a day of that": a wait for either state, or for the act.)
    // ("if we still haven't found it six months on": the people who would act, and a time "on" or "later".)
    const nobody = /^(?:(?:if\s+)?(?:nobody|no one)\s+|if\s+(?:we|you|they|staff)\s+(?:still\s+)?(?=(?:has|have)\s+not\b))?(?:has|have)\s+(?:not\s+)?(?:yet\s+)?([a-z]+(?:\s+or\s+[a-z]+)?)\s+(?:it|them)(?:\s+(?:as\s+)?(?!(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s)([a-z]+(?:\s+(?!within\b|by\b)[a-z]+)?(?:\s+or\s+[a-z]+(?:\s+(?!within\b|by\b)[a-z]+)?)*))?\s+(?:(?:within|in|by)\s+(.+)|(.+?)\s+(?:on|later))$/i.exec(segment);
    const nobodyTime = nobody ? findDuration(nobody[3] ?? nobody[4]!) : undefined;
    if (nobody && nobodyTime) {
      // ("If nobody has invited or rejected them within three weeks": either act ends the wait.)
      const events = nobody[2] && /^(?:marked|set|made|moved)$/i.test(nobody[1]!) ? nobody[2].split(/\s+or\s+/).map((w) => snakeCase(w)) : nobody[1]!.split(/\s+or\s+/).map((w) => snakeCase(awaitedEvent(w, '', recordWords(draft.entity))));
      const step: WorkflowStep = { kind: 'waitForEvent', name: uniqueName(`wait_for_${events[0]}`, draft.names), events, timeout: nobodyTime.iso };
      draft.steps.push(step);
      draft.hints.awaited.add(step.name);
      draft.lastSegment = segment;
      continue;
    }
    // ("give the delivery a week to be confirmed" of a chemical: the other thing's act, delivery_confirmed.)
    const other = /^(?:give|allow|leave)\s+the\s+([a-z]+)\s+(?:up to\s+|at most\s+)?(.+?)\s+to\s+be\s+([a-z]+(?:ed|en))\b/i.exec(segment);
    const otherTime = other && !recordWords(draft.entity).includes(other[1]!.toLowerCase()) ? findDuration(other[2]!) : undefined;
    if (other && otherTime) {
      const event = snakeCase(`${other[1]} ${other[3]}`);
      draft.steps.push({ kind: 'waitForEvent', name: uniqueName(`wait_for_${event}`, draft.names), events: [event], timeout: otherTime.iso });
      draft.hints.awaited.add(draft.steps[draft.steps.length - 1]!.name);
      draft.lastSegment = segment;
      continue;
    }
    const allowance = /^(?:give|allow|leave)\s+(?:it|them|the \w+\s+)?\s*(?:up to\s+|at most\s+)?(.+?)\s+(?:to be\s+([a-z]+)|for\s+.+?\s+to\s+([a-z]+)|to\s+([a-z]+))/i.exec(segment) ?? TIME_GIVEN.exec(segment);
    // ("up to 7 more days": the time given, whatever came before it.)
    const allowed = allowance ? findDuration(allowance[1]!.replace(/\b(?:more|another|extra|additional|further)\s+/gi, '')) : undefined;
    // ("give the payment up to 30 minutes to go through": what the noun awaited stands for, paid.)
    const goesThrough = /^(?:give|allow|leave)\s+(?:the|its|their)\s+([a-z]+)\s+(?:up to\s+|at most\s+)?(.+?)\s+to\s+(?:go through|arrive|come in|clear|happen)\b/i.exec(segment);
    const awaitedNoun = goesThrough ? AWAITED_NOUNS[goesThrough[1]!.toLowerCase()] : undefined;
    const throughTime = goesThrough ? findDuration(goesThrough[2]!) : undefined;
    if (awaitedNoun && throughTime) {
      draft.steps.push({ kind: 'waitForEvent', name: uniqueName(`wait_for_${awaitedNoun}`, draft.names), events: [awaitedNoun], timeout: throughTime.iso });
      draft.hints.awaited.add(draft.steps[draft.steps.length - 1]!.name);
      draft.lastSegment = segment;
      continue;
    }
    if (allowance && allowed) {
      // ("give the senior volunteers two weeks to verify it": the people, the time, the act.)
      const verb = allowance[2] ?? allowance[3] ?? allowance[4]!;
      // ("has 72 hours to pay the deposit": deposit_paid.)
      const object = segment.slice((allowance.index ?? 0) + allowance[0].length);
      // ("give the grooms twelve hours to mark it done": the state it is marked as.)
      const marked = /^(?:mark|set|flag|make)$/i.test(verb) ? /^\s*(?:it|them)\s+(?:as\s+)?([a-z]+(?:\s+(?:up|in|out|off))?)\b/i.exec(object) : null;
      if (marked && allowed) {
        const event = snakeCase(marked[1]!);
        draft.steps.push({ kind: 'waitForEvent', name: uniqueName(`wait_for_${event}`, draft.names), events: [event], timeout: allowed.iso });
        draft.lastSegment = segment;
        continue;
      }
      // ("has 7 days to accept or decline it": either act ends the wait.)
      const either = /^\s*or\s+([a-z]+)\b/i.exec(object);
      const rest = either ? object.slice(either[0].length) : object;
      const named = snakeCase(awaitedEvent(verb, rest, recordWords(draft.entity)));
      const event = /^\s*(?:$|[;,.])/.test(rest) ? tickOf(draft.entity, named, ctx) : asStatusValue(draft.entity, named, ctx);
      const other = either ? snakeCase(awaitedEvent(either[1]!, rest, recordWords(draft.entity))) : undefined;
      draft.steps.push({ kind: 'waitForEvent', name: uniqueName(`wait_for_${event}`, draft.names), events: other ? [event, other] : [event], timeout: allowed.iso });
      draft.lastSegment = segment;
      continue;
    }
    // "and if it isn't fixed within 2 days, escalate it": a wait for what did not happen yet.
    // ("if it still isn't back a week after that": the time after the state word, and "later".)
    // ("and another one if they still haven't collected it 7 days later": the wait, then the last action again.)
    // ("and another text if ...": the same message again.)
    const again = new RegExp(String.raw`^(?:and\s+)?another${ANOTHER}\s+(?=(?:if|unless)\s)`, 'i').exec(segment);
    const repeat = again ? [...draft.steps].reverse().find((step) => step.kind === 'task') : undefined;
    // ("if it still hasn't been paid 7 days after the reminder": after the step before; "30 days after its ready": after the trigger.)
    const unless = new RegExp(String.raw`^(?:and\s+)?(?:another${ANOTHER}\s+)?(?:if|unless)\s+(?:it|they|(?:the|a|an)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:still\s+)?(?:is|are|has|have)\s+(?:still\s+)?not\s+(?:been\s+|yet\s+)?(made\s+|marked\s+(?:as\s+)?|set\s+to\s+|moved\s+to\s+)?([a-z]+(?:-[a-z]+)*(?:\s+or\s+[a-z]+(?:-[a-z]+)*)?)\s+((?:a|an|the|their|its|any)\s+[a-z]+(?:\s+[a-z]+)?\s+)?(?:(?:within|in|after|by)\s+(.+)|(.+?)\s+(?:after that|after|later|after\s+(?:the|that|this|their|our)\s+(?:first\s+)?(?:reminder|email|message|text|notice|letter|call|nudge)|after\s+(?:it\s+(?:is|was|became|got)|its)\s+[a-z]+))$`, 'i').exec(segment);
    // ("if it still isn't back a week after that": the time is the phrase before "after".)
    const awaitedFor = unless ? findDuration(unless[4] ?? unless[5]!) ?? (unless[3] && TIME_ONLY.test(unless[3].trim()) ? findDuration(unless[3]) : undefined) : undefined;
    if (unless && awaitedFor) {
      // ("if they still haven't picked it up 30 days later": the verb with its particle, collected if the record says so.)
      const particle = new RegExp(String.raw`\b${unless[2]}\s+(?:(?:it|them)\s+)?(up|back|out|in\b(?!\s+(?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(?:minutes?|hours?|days?|weeks?|months?)\b))\b`, 'i').exec(segment)?.[1];
      const word = `${unless[2]!.toLowerCase()}${particle ? ` ${particle.toLowerCase()}` : ''}`;
      // ("if the customer hasn't booked a test within two weeks": test_booked; "if they haven't been made active": active.)
      const named = unless[1] || particle ? snakeCase(word) : undefined;
      const event = asStatusValue(draft.entity, STATE_ADVERBS[word] ?? PHRASAL_STATES[word] ?? named ?? snakeCase(awaitedEvent(word, unless[3] ?? '', recordWords(draft.entity))), ctx);
      // ("give the specialist a week to check it: if it still isn't checked after 7 days, ...": the same wait said again.)
      const previous = draft.steps[draft.steps.length - 1];
      if (!repeat && previous?.kind === 'waitForEvent' && previous.events.includes(event) && inDays(previous.timeout) === inDays(awaitedFor.iso)) {
        draft.hints.awaited.add(previous.name);
        draft.lastSegment = segment;
        continue;
      }
      // ("if the request hasn't been answered or refused within 21 days": either state ends the wait.)
      const either = /\s+or\s+/i.test(unless[2]!) ? unless[2]!.toLowerCase().split(/\s+or\s+/).map((w) => asStatusValue(draft.entity, STATE_ADVERBS[w] ?? PHRASAL_STATES[w] ?? snakeCase(unless[1] ? w : awaitedEvent(w, '', recordWords(draft.entity))), ctx)) : undefined;
      const events = either ?? [event];
      const step: WorkflowStep = { kind: 'waitForEvent', name: uniqueName(`wait_for_${events[0]}`, draft.names), events, timeout: awaitedFor.iso };
      draft.steps.push(step);
      draft.hints.awaited.add(step.name);
      if (repeat) draft.steps.push({ ...repeat, name: uniqueName(repeat.name, draft.names) });
      draft.lastSegment = segment;
      continue;
    }
    // ("and if another 7 days go by with still nothing, escalate it": the same wait again, for that time.)
    const goesBy = /^(?:and\s+)?(?:if|when|once)\s+(?:another|a\s+further|a\s+few\s+more)\s+(.+?)\s+(?:go|goes|pass|passes|slip|slips|tick|ticks)\s+by\b(?:\s+(?:with\s+)?(?:still\s+)?(?:nothing|no\s+answer|no\s+reply|no\s+response|and\s+(?:still\s+)?nothing))?$/i.exec(segment);
    const goesByTime = goesBy ? findDuration(goesBy[1]!) : undefined;
    const awaitedBefore = goesByTime ? [...draft.steps].reverse().find((step) => step.kind === 'waitForEvent' && draft.hints.awaited.has(step.name)) : undefined;
    if (goesByTime && awaitedBefore?.kind === 'waitForEvent') {
      const step: WorkflowStep = { kind: 'waitForEvent', name: uniqueName(awaitedBefore.name, draft.names), events: awaitedBefore.events, timeout: goesByTime.iso };
      draft.steps.push(step);
      draft.hints.awaited.add(step.name);
      draft.lastSegment = segment;
      continue;
    }
    // ("..., remind them, and after another two weeks let me know": after a wait for an event that did not come, a wait
    // for it again that long, then the action; otherwise a plain wait.)
    const afterMore = /^(?:and\s+)?(?:then\s+)?(?:after|in)\s+(?:another|a\s+further|(?=\S+\s+\S+\s+more\b))\s*(\S+\s+(?:minutes?|hours?|days?|weeks?|months?))(?:\s+more)?\s*,?\s+(?=[a-z])(.+)$/i.exec(segment);
    const moreTime = afterMore && TASK_VERBS.has(verbLemma(words(afterMore[2]!)[0] ?? '')) ? findDuration(afterMore[1]!) : undefined;
    if (afterMore && moreTime) {
      const awaited = [...draft.steps].reverse().find((step) => step.kind === 'waitForEvent' && draft.hints.awaited.has(step.name));
      const step: WorkflowStep = awaited?.kind === 'waitForEvent'
        ? { kind: 'waitForEvent', name: uniqueName(awaited.name, draft.names), events: awaited.events, timeout: moreTime.iso }
        : { kind: 'wait', name: uniqueName(`wait_${durationWords(moreTime)}`, draft.names), duration: moreTime.iso };
      if (step.kind === 'waitForEvent') draft.hints.awaited.add(step.name);
      draft.steps.push(step);
      draft.lastSegment = segment;
      addTask(afterMore[2]!, draft, ctx);
      continue;
    }
    // ("and a second reminder a week after that", "another email 3 days later": the message again after
    // that time; after a wait for an event that did not come, a wait for it again.)
    // ("then another after 7 more days": the same, said with the time after.)
    const anotherLater = segment.replace(/^(?:and\s+)?(?:then\s+)?another(?:\s+one)?\s+(?:after|in)\s+(\S+)\s+(?:more\s+)?(minutes?|hours?|days?|weeks?|months?)(?:\s+more)?$/i, 'another $1 $2 later');
    const second = new RegExp(String.raw`^(?:and\s+)?(?:a\s+second|a\s+further|a\s+final|another)${ANOTHER}\s+(.+?)\s+(?:after\s+that|later|after\s+(?:the|that)\s+(?:first\s+)?(?:one|reminder|email|message|text|notice|letter))$`, 'i').exec(anotherLater);
    const secondTime = second && TIME_ONLY.test(second[1]!) ? findDuration(second[1]!) : undefined;
    const told = secondTime ? [...draft.steps].reverse().find((step) => step.kind === 'task') : undefined;
    if (secondTime && told) {
      const before = draft.steps[draft.steps.indexOf(told) - 1];
      const step: WorkflowStep = before?.kind === 'waitForEvent' && draft.hints.awaited.has(before.name)
        ? { kind: 'waitForEvent', name: uniqueName(before.name, draft.names), events: before.events, timeout: secondTime.iso }
        : { kind: 'wait', name: uniqueName(`wait_${durationWords(secondTime)}`, draft.names), duration: secondTime.iso };
      if (step.kind === 'waitForEvent') draft.hints.awaited.add(step.name);
      draft.steps.push(step, { ...told, name: uniqueName(told.name, draft.names) });
      draft.lastSegment = segment;
      continue;
    }
    // "the report has to be uploaded within 72 hours": a wait for that act, which may not come.
    const deadline = DEADLINE.exec(segment);
    const due = deadline ? findDuration(deadline[5]!) : undefined;
    if (deadline && due && TIME_UNIT_FIRST.test(deadline[5]!)) {
      const [, subject, passive, verb, object] = deadline;
      const event = snakeCase(awaitedEvent(verb!, passive ? `the ${subject}` : (object ?? ''), recordWords(draft.entity)));
      const step: WorkflowStep = { kind: 'waitForEvent', name: uniqueName(`wait_for_${event}`, draft.names), events: [event], timeout: due.iso };
      draft.steps.push(step);
      draft.hints.awaited.add(step.name);
      draft.lastSegment = segment;
      continue;
    }
    // ("then on the due date itself, ...": a wait until that date of the record.)
    const onDate = /^(?:and\s+)?(?:on|at)\s+(?:the|its|their)\s+([a-z]+(?:\s+[a-z]+)?\s+(?:date|day|deadline))(?:\s+itself)?$/i.exec(segment);
    if (onDate) {
      const before = draft.steps.length;
      readWait(`until the ${onDate[1]!}`, draft, ctx);
      if (draft.steps.length > before) {
        draft.lastSegment = segment;
        continue;
      }
    }
    const wait = WAIT_WORDS.exec(segment);
    if (wait) {
      readWait(wait[1]!.trim(), draft, ctx);
      draft.lastSegment = segment;
      continue;
    }
    // "text them a reminder the day before their slot", "text the crew 12 hours before it starts": the action, then when.
    const actionFirst = /^(.+?)\s+((?:the\s+)?(?:day|week|month)|(?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|twenty|thirty|forty-eight)\s+(?:minutes?|hours?|days?|weeks?|months?))\s+(?:before|prior to)\s+(.+)$/i.exec(segment);
    const ahead = actionFirst && TASK_VERBS.has(verbLemma(words(actionFirst[1]!)[0] ?? '')) ? relativeAmount(actionFirst[2]!) : undefined;
    if (actionFirst && ahead && waitUntilBefore(ahead, words(actionFirst[3]!), draft, ctx)) {
      draft.lastSegment = segment;
      addTask(actionFirst[1]!, draft, ctx);
      continue;
    }
    // "a week before it remind everyone", "then again the day before": a wait until the record's date, and the action.
    // ("another email two hours before the session": the message first, then the time; said the other way round.)
    const messageFirst = /^(?:and\s+)?((?:another|an?)\s+(?:email|e-mail|text|reminder|message|notification))\s+((?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|twenty|thirty|forty-eight)\s+[a-z]+\s+(?:before|prior to)\s+.+)$/i.exec(segment);
    // ("another email two hours before the session with what to bring": what the message says is no part of the date.)
    const content = messageFirst ? /\s+(?:with|about|saying|telling|explaining|listing)\b.*$/i.exec(messageFirst[2]!) : null;
    const when = messageFirst && content ? messageFirst[2]!.slice(0, content.index) : messageFirst?.[2];
    const relative = readRelativeStep(messageFirst ? `${when} send ${messageFirst[1]}${content ? content[0] : ''}` : segment, draft, ctx);
    if (relative !== undefined) {
      draft.lastSegment = segment;
      if (relative) addTask(relative, draft, ctx);
      continue;
    }
    draft.lastSegment = segment;
    const outcome = /^(?:it|they|the \w+)\s+(?:is|are|gets|get)\s+(?:automatically\s+)?([a-z]+ed)(?:\s+automatically)?$/i.exec(segment);
    const awaited = [...draft.steps].reverse().find((step) => step.kind === 'waitForEvent');
    if (outcome && awaited?.kind === 'waitForEvent' && awaited.events.includes(outcome[1]!.toLowerCase())) {
      awaited.onTimeout = outcome[1]!.toLowerCase();
      draft.hints.timeoutOutcomes.set(awaited.name, segment);
      continue;
    }
    if (/^(?:if|unless|otherwise|or else|in that case)\b/i.test(segment) && !TASK_VERBS.has(verbLemma(words(segment)[1] ?? ''))) continue;
    addTask(segment, draft, ctx);
  }
}

/** Words after which an action's word is a noun ("the print service", "a text", "our email"). */
const NOUN_BEFORE = new Set(['the', 'a', 'an', 'our', 'their', 'its', 'this', 'that', 'his', 'her', 'your', 'my']);

/** A task from a segment with an action verb ("remind the brewer", "it is escalated to finance"). */
/** What is sent, after whom it is sent to: "(each volunteer) a reminder email". */
const SENT_MESSAGE = /^(?!(?:a|an|the)\s)(?:[a-z]+\s+){1,5}?(?:a|an)\s+((?:[a-z]+\s+){0,2}?(?:reminder|email|e-mail|text|message|notice|confirmation|receipt|invoice|letter|alert|sms|nudge|summary|link|code|voucher|survey)(?:\s+(?:email|e-mail|text|message|letter|sms))?)\b/;

function addTask(segment: string, draft: Draft, ctx: WorkflowContext): boolean {
  // ("because our mail provider drops messages now and then": a reason, not an action.)
  // ("so we can find out whether the solution we put in place has held up": why, too.)
  if (/^(?:because|since|as|although|though|while|so that|given that|so\s+(?:we|they|you|it|that|nobody|no one))\b/i.test(segment.trim())) return false;
  // ("and the client can always come back and open a new one": what people may do, no step of the system's.)
  if (/^(?:and\s+)?(?:the|a|an|our|their)\s+(?!system\b|app\b|application\b|platform\b|service\b)[a-z]+\s+(?:can|could|may|might|is free to|are free to)\s+(?:always\s+|still\s+|just\s+)?/i.test(segment.trim())) return false;
  const tokens = words(segment);
  // ("the print service is unreliable": a verb after a determiner, the subject of "is", is a noun, no action.)
  const subject = (i: number) => i > 0 && NOUN_BEFORE.has(tokens[i - 1]!) && tokens.slice(i + 1, i + 3).some((w) => /^(?:is|are|was|were|keeps|can|often|sometimes)$/.test(w));
  const at = tokens.findIndex((w, i) => TASK_VERBS.has(verbLemma(w)) && !subject(i));
  if (at < 0) return false;
  const verb = verbLemma(tokens[at]!);
  // ("When a donor gives blood, the nurse records a donation": what a person does by hand, no task of the system's.)
  const byHand = at >= 2 && /^(?:the|a|an|our|their)$/.test(tokens[at - 2]!) && !/^(?:system|app|application|platform|service|api|server)$/.test(tokens[at - 1]!) && /s$/.test(tokens[at]!) && verb !== tokens[at]!.toLowerCase();
  if (byHand && at === 2) return false;
  const passive = at > 0 && ['is', 'are', 'be', 'gets', 'get', 'been'].includes(tokens[at - 1]!) || (at > 1 && tokens[at - 1] === 'automatically');
  let object: string | undefined;
  if (passive) {
    object = snakeCase(draft.entity);
    draft.outcomes.push(participle(verb));
  }
  else {
    const m = mentionIn(tokens.slice(at + 1), ctx);
    // ("send everyone booked onto it a reminder email", "send each volunteer a text": the message sent names the task, not who gets it.)
    const sent = verb === 'send' ? SENT_MESSAGE.exec(tokens.slice(at + 1, at + 9).join(' ')) : null;
    // ("email the kit officer": a record's name before a person's word says which person, who is the one emailed.)
    const person = m ? tokens[at + 1 + m.end] ?? '' : '';
    const ofPerson = m !== undefined && (PERSON_WORDS.has(singular(person)) || /^[a-z]{3,}(?:er|or|ist|ian)s?$/.test(person));
    object = sent ? sent[1]!.replace(/\s+/g, '_') : m && m.start <= 2 && !ofPerson ? snakeCase(m.entity) : objectPhrase(tokens.slice(at + 1));
    if (tokens.slice(at + 1, at + 2)[0] === 'it' || tokens.slice(at + 1, at + 2)[0] === 'them') object = snakeCase(draft.entity);
    // ("cancel the booking" of a Hire, no record type called so: the workflow's own record, by what it is.)
    if (!m && /^(?:the|their|this)\s+(?:booking|reservation|appointment|order)$/.test(tokens.slice(at + 1, at + 3).join(' '))) object = snakeCase(draft.entity);
  }
  const own = object === snakeCase(draft.entity);
  const step: WorkflowStep = { kind: 'task', name: uniqueName(object && !own ? `${verb}_${object}` : verb, draft.names) };
  draft.keyword ??= object && !own ? object : verb;
  if (draft.pendingRetries !== undefined) {
    step.retries = draft.pendingRetries;
    draft.pendingRetries = undefined;
  }
  draft.steps.push(step);
  draft.hints.tasks.set(step.name, { phrase: segment, verb, passive, own });
  return true;
}

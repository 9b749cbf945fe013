/**
 * What a user story wishes for that is no right but something the system does (stories.ts): "I
 * want a reminder two hours before my lesson starts", "I want my badge printed", "I want people
 * who sign up to pay within 3 days", said as the workflow sentences the workflow reader reads.
 * The story's first-person words are already the role's ("their", "them", "they").
 */
import { TASK_VERBS, verbLemma } from './workflow-phrases';

/** Messages a user may want sent to them ("a reminder", "a text", "a nudge"). */
export const MESSAGE_WORDS = String.raw`(?:an?\s+)?(?:(?!to\b|be\b)[a-z-]+\s+)?(?:reminder|text|email|e-mail|message|notification|alert|call|sms|nudge|ping|heads-up|heads up)`;
/**
 * "I want a reminder two hours before my lesson starts", "I want an email when someone requests
 * it", "I want to be told right away when a horse becomes injured": not a right but a message the
 * system sends, said as the workflow sentence the workflow reader reads.
 */
export function wishAsWorkflow(rest: string, role?: string): string | undefined {
  // "the system to wait up to 12 hours after their ride starts for the bike to be docked, and ...": from when the record does that, what the system does.
  const system = /^(?:the\s+(?:system|app|platform|site|website|software|backend)|it)\s+to\s+(.+)$/i.exec(rest);
  if (system) {
    const after = /^(.*?)\s+after\s+(?:their|the|a|an|each|every|any)\s+([a-z]+(?:\s+[a-z]+)?)\s+((?:starts|ends|begins|finishes|closes|opens)|(?:is|gets)\s+[a-z]+(?:ed|en))\b(.*)$/i.exec(system[1]!);
    if (after) return `When ${/^[aeiou]/i.test(after[2]!) ? 'an' : 'a'} ${after[2]} ${after[3]}, ${after[1]}${after[4]}`;
    return capitalised(system[1]!);
  }
  // "each completed ride to be charged to the rider's card, with the charge retried up to 4 times ...": when one is, the act.
  const stateThenAct = /^(?:an?|any|each|every)\s+([a-z]+(?:ed|en))\s+([a-z]+(?:\s+[a-z]+)?)\s+to\s+be\s+([a-z]+(?:ed|en))\b(.*)$/i.exec(rest);
  if (stateThenAct && TASK_VERBS.has(verbLemma(stateThenAct[3]!))) return `When ${/^[aeiou]/i.test(stateThenAct[2]!) ? 'an' : 'a'} ${stateThenAct[2]} is ${stateThenAct[1]}, ${verbLemma(stateThenAct[3]!)} it${stateThenAct[4]}`;
  // "a bike that has been under repair for 5 days to pop back up as a reminder": once it is, wait, then tell them.
  const lingering = /^(?:an?|any|each|every)\s+([a-z]+(?:\s+[a-z]+)?)\s+that\s+(?:has been|is|'s been|has sat|has stayed)\s+([a-z][a-z -]*?)\s+for\s+((?:\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(?:minutes?|hours?|days?|weeks?|months?))\s+to\s+(?:pop\s+(?:back\s+)?up|come\s+back(?:\s+up)?|show\s+up|reappear|be\s+flagged|be\s+raised)\b.*$/i.exec(rest);
  if (lingering) return `When ${/^[aeiou]/i.test(lingering[1]!) ? 'an' : 'a'} ${lingering[1]} is ${lingering[2]}, wait ${lingering[3]}, then notify them`;
  // "anything still unclaimed two months after it was listed to be marked for the charity shop": that record, acted on.
  const leftOver = /^((?:anything|any\s+one|(?:an?|any|each|every)\s+[a-z]+(?:\s+[a-z]+)?)\s.*?\bafter\s+it\s+(?:was|is|has\s+been)\s+[a-z]+)\s+to\s+be\s+(.+)$/i.exec(rest);
  if (leftOver) return `${capitalised(leftOver[1]!)} should be ${leftOver[2]}`;
  // "people who sign up to pay within 3 days; if ...": from when they do, the time they have.
  const due = /^(?:people|anyone|everyone|those|whoever|users|members|customers|clients)\s+who\s+([a-z]+)\b(.*?)\s+to\s+([a-z]+)\b(.*?)\s+within\s+([^;,]+?)\s*([;,].*)?$/i.exec(rest);
  if (due) return `When someone ${thirdPerson(due[1]!)}${due[2]}, they have ${due[5]} to ${due[3]}${due[4]}${due[6] ?? ''}`;
  // "any booking to be flagged to them 48 hours before it starts": the act, then when.
  // ("each guest to be sent a "how was your stay?" email three days after ...": sent, told, given too.)
  const timed = /^((?:an?|any|each|every)\s+[a-z]+(?:\s+[a-z]+)?)\s+to\s+be\s+([a-z]+(?:ed|en)|sent|told|given|paid)\b(.*?\b(?:before|after|later)\b.*)$/i.exec(rest);
  if (timed && TASK_VERBS.has(verbLemma(timed[2]!))) return `${capitalised(verbLemma(timed[2]!))} ${timed[1]}${timed[3]}`;
  // "a request that isn't collected within 5 days to expire", "an application that has had no
  // decision (granted or refused) within 10 days to be flagged to them": if it is not, act on it.
  const unmet = /^((?:an?|any|each)\s+[a-z]+(?:\s+[a-z]+)?)\s+that\s+(?:(?:isn't|is not|hasn't been|has not been|wasn't)\s+([a-z]+(?:\s+or\s+[a-z]+)?)|has had no [a-z]+\s*\(([^)]+)\))\s+(within\s+.+?)\s+to\s+(?:be\s+)?([a-z]+)(.*)$/i.exec(rest);
  // ("... within 5 days to come back to them as a reminder": no act of the system's own, they are told.)
  if (unmet && !TASK_VERBS.has(verbLemma(unmet[5]!))) return `If ${unmet[1]} is not ${unmet[2] ?? unmet[3]} ${unmet[4]}, notify them`;
  if (unmet) return `If ${unmet[1]} is not ${unmet[2] ?? unmet[3]} ${unmet[4]}, ${verbLemma(unmet[5]!)} it${unmet[6]!.replace(/[.,]\s*$/, '')}`;
  // "a refill request escalated to them when no pharmacist has approved or declined it within 24 hours".
  const undone = /^((?:an?|any|each)\s+[a-z]+(?:\s+[a-z]+)?)\s+([a-z]+ed)\b(.*?)\s+(?:when|if)\s+no\s*(?:one|body|[a-z]+)?\s+(?:has|have)\s+(.+?)\s+(?:it|them)\s+(within\s+.+)$/i.exec(rest);
  if (undone) return `If ${undone[1]} is not ${undone[4]} ${undone[5]!.replace(/[.,]\s*$/, '')}, ${verbLemma(undone[2]!)} it${undone[3]}`;
  // "their invoice emailed when a booking is confirmed": the act when that happens.
  const done = doneAsAction(rest);
  // ("... when a work order goes to waiting for parts, retrying up to 3 times if the email fails": the retries stay with the act.)
  const doneWhen = done ? /^(.*?)\s+\b(when|once|as soon as|whenever)\s+([^;]+?)(\s*(?:;|,\s*(?:retrying|retried|and\s+retry|trying)\b).*)?$/i.exec(done) : null;
  if (doneWhen) return `${capitalised(doneWhen[2]!)} ${doneWhen[3]}, ${doneWhen[1]}${(doneWhen[4] ?? '').replace(/[.]\s*$/, '')}`;
  // ("the on-call engineer paged if a newly reported fault hasn't been assigned within 1 hour; ...": if so, the act.)
  const doneIfAny = done ? /^([a-z]+\s+(?:the|their|an?)\s+[^;]+?)\s+if\s+((?:an?|any|each|every)\s+[^;]+?)(\s*;.*)?$/i.exec(done) : null;
  if (doneIfAny && !/\bif\s+(?:it|they)\s/i.test(done!)) return `If ${doneIfAny[2]}, ${doneIfAny[1]}${doneIfAny[3] ?? ''}`;
  // ("a job flagged to them if it has been waiting for 10 days": if the job has, flag it.)
  const doneIf = done ? /^([a-z]+)\s+((?:an?|each|every|any)\s+[a-z]+(?:\s+(?!to\b|for\b|with\b|by\b|at\b|on\b|in\b|from\b)[a-z]+)?)\b(.*?)\s+if\s+(?:it|they)\s+([^;]+)$/i.exec(done) : null;
  if (doneIf) return `If ${doneIf[2]} ${doneIf[4]}, ${doneIf[1]} it${doneIf[3]}`;
  // ("a receipt sent for every payment": when one is made.)
  const doneFor = done ? /^(.*?)\s+for\s+(?:every|each)\s+(?:new\s+)?([a-z]+(?:\s+[a-z]+)?)\s*$/i.exec(done) : null;
  if (doneFor) return `When ${/^[aeiou]/i.test(doneFor[2]!) ? 'an' : 'a'} ${doneFor[2]} is created, ${doneFor[1]}`;
  // ("a review request emailed to the customer 3 days after they collect": the act, then when.)
  if (done && /\b(?:before|after|later)\b/i.test(done)) return capitalised(done);
  // (The condition runs to ", and ...", which goes on after the action: "..., and 14 days later the vet should be asked".)
  const split = (cond: string) => {
    const [head, ...tail] = cond.replace(/[.,]\s*$/, '').split(/,\s*and\s+/);
    return { head: head!, tail: tail.length > 0 ? `, and ${tail.join(', and ')}` : '' };
  };
  const told = /^(?:to be|be|being)\s+(?:told|notified|informed|alerted|emailed|texted)\b(.*?)\s*\b(when|once|as soon as|if)\s+(.+)$/i.exec(rest);
  if (told) {
    const { head, tail } = split(told[3]!);
    return `${told[2]} ${head}, notify them${told[1]!.trim() ? ` ${told[1]!.trim()}` : ''}${tail}`;
  }
  // "to hear about a new report the moment it's created", "to know about every new booking": tell them when it is.
  const about = String.raw`^(?:to\s+)?(?:hear|know|learn|find out)\s+about\s+((?:an?|any|each|every|the)\s+(?:new\s+)?[a-z]+(?:\s+[a-z]+)?)`;
  const heard = new RegExp(String.raw`${about}\s+(?:the moment|the minute|as soon as|when|once|whenever|right after|straight after)\s+(?:it|they)\s*(?:'s|'re|\s+is|\s+are|\s+gets?|\s+has been|\s+have been)\s+([a-z]+)(.*)$`, 'i').exec(rest)
    ?? new RegExp(String.raw`${about}()()\W*$`, 'i').exec(rest);
  if (heard && (heard[2] || /\bnew\b/i.test(heard[1]!))) {
    return `When ${heard[1]!.replace(/^(?:any|each|every|the)\b/i, 'a')} is ${heard[2] || 'created'}, notify them${heard[3]!.replace(/[.,]\s*$/, '')}`;
  }
  // ("patients to get a text reminder the day before ...": the message goes to them.)
  const sent = new RegExp(String.raw`^(?:(?:(?:the\s+)?([a-z]+(?:\s+[a-z]+)?)\s+to\s+)?(?:get|receive)\s+)?(${MESSAGE_WORDS})\s+(.+)$`, 'i').exec(rest);
  if (!sent) return undefined;
  const [, people, message, after] = sent;
  // (The message goes to whoever wants it: the role whose story it is.)
  const to = people ? ` to the ${people}` : role ? ` to the ${role}` : '';
  const when = /^(.*?)\b(when|once|as soon as|whenever)\s+(.+)$/i.exec(after!);
  if (when) {
    const { head, tail } = split(when[3]!);
    return `${when[2]} ${head}, send ${message}${to}${when[1]!.trim() ? ` ${when[1]!.trim()}` : ''}${tail}`;
  }
  return /\b(?:before|after|later|on the (?:day|morning|evening|night))\b/i.test(after!) ? `Send ${message}${to} ${after}` : undefined;
}

/** "their badge printed automatically": the act done to it, said as an action ("print their badge automatically"). */
export function doneAsAction(rest: string): string | undefined {
  // (A noun of one or two words, then a participle: "printed", "sent", not the verb itself.)
  // ("the on-call engineer paged if ...", "the device's supplier emailed automatically when ...": hyphens and whose too.)
  for (const noun of [String.raw`[a-z-]+`, String.raw`[a-z-]+\s+[a-z-]+`, String.raw`[a-z-]+['’]s\s+[a-z-]+`]) {
    const m = new RegExp(String.raw`^((?:their|the|an?|each|every|any)\s+${noun})\s+([a-z]+)\b(.*)$`, 'i').exec(rest);
    if (m && TASK_VERBS.has(verbLemma(m[2]!)) && verbLemma(m[2]!) !== m[2]!.toLowerCase()) return `${verbLemma(m[2]!)} ${m[1]}${m[3]}`;
  }
  return undefined;
}

/** "sign" -> "signs", "apply" -> "applies", "book" -> "books". */
function thirdPerson(verb: string): string {
  if (/[^aeiou]y$/i.test(verb)) return `${verb.slice(0, -1)}ies`;
  return /(?:s|sh|ch|x|z|o)$/i.test(verb) ? `${verb}es` : `${verb}s`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

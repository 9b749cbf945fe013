/**
 * Everyday ways of asking for automation, said the way the workflow reader reads them (trigger
 * clause first, then the action): "The manager should get an email whenever a booking is
 * cancelled" -> "Whenever a booking is cancelled, send the manager an email"; "Send a receipt
 * after every payment" -> "After every payment, send a receipt"; "On cancellation of a booking"
 * -> "When a booking is cancelled"; "If nobody confirms a booking within 3 days" -> "If a booking
 * is not confirmed within 3 days"; "New bookings should trigger a welcome email" -> "When a
 * booking is created, send a welcome email"; "We want an automatic reminder 24 hours before each
 * session" -> "Send a reminder 24 hours before each session". Only the wording changes.
 */
import { STATE_LINKS, TASK_VERBS, TRIGGER_OPENERS, participle, verbLemma } from './workflow-phrases';
import { findDuration } from '../offline-author/text';
import { snakeCase } from '../../text/case';
import type { WorkflowContext } from './workflow-reader';

/** A noun for an act, to the state its record reaches ("cancellation of a booking": cancelled). */
const ACT_NOUNS: Record<string, string> = {
  cancellation: 'cancelled', completion: 'completed', approval: 'approved', submission: 'submitted', confirmation: 'confirmed',
  rejection: 'rejected', creation: 'created', registration: 'registered', publication: 'published', delivery: 'delivered',
  arrival: 'arrived', closure: 'closed', expiry: 'expired', expiration: 'expired', renewal: 'renewed', receipt: 'received',
  dispatch: 'dispatched', return: 'returned', payment: 'paid', acceptance: 'accepted', assignment: 'assigned', resolution: 'resolved',
};

// (Not "a confirmation number" or "an email address": a field, not a message.)
const MESSAGE = String.raw`(?:[a-z-]+\s+)?(?:reminder|email|e-mail|text|message|notification|alert|nudge|sms|heads-up|notice|receipt|confirmation)s?(?!\s+(?:number|address|code|id|field|template|list|log|preferences?|settings?)\b)`;
/** Words of an action a trigger said last belongs to. */
const ACTION_WORDS = /\b(?:send|sends|email|emails|text|notify|remind|message|alert|call|ping|reminder|notification|nudge)\b/i;
const TIME_BEFORE_AFTER = /(?:minutes?|hours?|days?|weeks?|months?|years?|later|shortly|straight|right|immediately)$/i;

// (Built once: the wording below is read for every sentence of every description.)
const WHEN_DONE_THEY_GET = new RegExp(String.raw`^((?:when|whenever|once|as soon as)\s+[^,]+?\s+(?:is|are|gets?)\s+[a-z]+(?:ed|en))\s+((?:the|each|every|their)\s+[a-z]+)\s+(?:gets?|receives?)\s+(an?\s+${MESSAGE}|${MESSAGE})\b`, 'i');
const WISH_THEY_GET = new RegExp(String.raw`\b(?:(?:i|we)(?:['’]d|\s+would)\s+(?:really\s+|also\s+)?(?:like|love|want)|(?:i|we)\s+(?:really\s+|also\s+)?want)\s+((?:the|each|every|their|our)\s+[a-z]+)\s+to\s+(?:get|receive|be\s+sent)\s+(an?\s+(?:[a-z]+\s+)?${MESSAGE}|${MESSAGE})\b`, 'i');
const THEY_SHOULD_GET = new RegExp(String.raw`\b((?:the|each|every|their)\s+[a-z]+)\s+(?:should|must|will|needs\s+to)\s+(?:get|receive|be\s+sent)\s+(an?\s+(?:[a-z]+\s+)?${MESSAGE}|${MESSAGE})\b`, 'i');
const WISHED_AT_TIME_THEY_GOT = new RegExp(String.raw`^(?:it(?:['’]d|\s+would)\s+be\s+(?:really\s+)?(?:great|nice|good|lovely|handy|brilliant|ideal)|(?:i|we)(?:['’]d|\s+would)\s+(?:love|like)\s+it)\s+if\s*,?\s*((?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:days?|weeks?|months?|years?|hours?)\s+(?:after|before)\s+[^,]+?)\s*,\s*((?:the|each|every|their)\s+[a-z]+)\s+(?:got|gets|received|receives|was sent|is sent)\s+(an?\s+(?:[a-z]+\s+)?${MESSAGE}|${MESSAGE})\b`, 'i');
const NEW_ONES_GET = new RegExp(String.raw`^(?:all\s+|every\s+|each\s+|any\s+|a\s+|an\s+)?new\s+([a-z]+?)s?\s+(?:should\s+|will\s+|must\s+)?(?:get|gets|receive|receives|be sent|are sent|is sent)\s+(an?\s+${MESSAGE}|${MESSAGE})\b(.*)$`, 'i');
const MESSAGE_GOES_TO = new RegExp(String.raw`^(an?\s+${MESSAGE}|${MESSAGE})\s+(?:goes|is sent|gets sent|will go|should go)\s+(?:out\s+)?to\s+((?:the|each|every|all|their)\s+[a-z]+(?:\s+[a-z]+)?)\b`, 'i');
const THEY_GET = new RegExp(String.raw`^((?:the\s+|our\s+|all\s+|each\s+|every\s+)?[a-z]+(?:\s+(?!should\b|will\b|must\b|need\b)[a-z]+)?)\s+(?:should\s+|will\s+|must\s+|need to\s+)?(?:get|gets|receive|receives|be sent)\s+(an?\s+${MESSAGE}|${MESSAGE})\b`, 'i');
const THEN_THEY_GET = new RegExp(String.raw`(,\s*)((?:the|our|each|every|their)\s+[a-z]+(?:\s+(?!should\b|will\b|must\b|gets?\b)[a-z]+)?|(?:everyone|everybody|all\s+those|those)(?:\s+(?!should\b|will\b|must\b|gets?\b)[a-z]+){0,3})\s+(?:should\s+|will\s+|must\s+)?(?:get|gets|receive|receives|be sent)\s+(an?\s+${MESSAGE}|${MESSAGE})\b`, 'i');
const WE_WANT_MESSAGE = new RegExp(String.raw`^(?:there should be|it should send|please send)\s+(?:an?\s+)?(?:(?:automatic|automated|auto)\s+)?(${MESSAGE})\b`, 'i');
/** "I'd like a reminder ...", "It'd be great to get a reminder ...": the writer wants one, sent to them. */
const I_WANT_MESSAGE = new RegExp(String.raw`^(?:we(?:'d| would)? (?:want|like|need)|i(?:'d| would)? (?:want|like|need)|it(?:'d|\s+would)\s+be\s+(?:really\s+)?(?:great|nice|lovely|handy|brilliant|ideal|useful|good|helpful)\s+to\s+(?:get|have|receive))\s+(?:an?\s+)?(?:(?:automatic|automated|auto|quick|little)\s+)?(${MESSAGE})\b`, 'i');

export function plainWorkflowWording(sentence: string): string {
  let text = sentence.trim().replace(/\.$/, '');
  // ("By law we've got twenty working days, so when a request comes in ...": why, before the trigger, says nothing of it.)
  text = text.replace(/^[^,;]{3,80},\s*so\s+(?=(?:when|whenever|once|as soon as|if)\s)/i, '');
  // ("if a newly reported fault hasn't been assigned": a new one.)
  text = text.replace(/\b(a|an|any|each|every)\s+(?:newly|recently|just)\s+(?:reported|submitted|created|logged|raised|added|made|opened|booked|registered)\s+/gi, '$1 new ');
  // ("the evening before their journey, 12 hours before it leaves": the time said exactly.)
  text = text.replace(/\bthe\s+(?:evening|morning|night|afternoon|day)\s+before\s+(their|the|its|a|an)\s+([a-z]+)\s*,\s*((?:\d+|an?|one|two|three|six|twelve|twenty-four|forty-eight)\s+(?:minutes?|hours?|days?))\s+before\s+(?:it|they)\s+(leaves|starts|departs|begins|opens|is due)\b/i, '$3 before $1 $2 $4');
  // ("When a concert is a week away, remind everyone": that long before each.)
  text = text.replace(/^(?:when|once|as\s+soon\s+as)\s+(?:a|an|the|each|every|our|their)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are)\s+(?:only\s+|just\s+)?((?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|twenty-four|forty-eight)\s+(?:hours?|days?|weeks?|months?))\s+(?:away|off|out)\s*,?\s+/i, (_m, record: string, time: string) => `${time.charAt(0).toUpperCase()}${time.slice(1)} before each ${record}, `);
  // ("If a loan is 7 days overdue, notify ...", "if it's a week late, tell me": that long after it was due.)
  // ("If it's 3 days overdue, email the trustees": the record just spoken of.)
  text = text.replace(/^(?:if|when|once)\s+(?:it['’]s|it\s+is|it\s+gets)\s+(?:still\s+)?(?:more\s+than\s+|over\s+)?((?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(?:hours?|days?|weeks?|months?))\s+(?:overdue|late|past\s+(?:its|their)\s+due\s+date)\s*,?\s+/i, (_m, time: string) => `${time.charAt(0).toUpperCase()}${time.slice(1)} after it is due, `);
  text = text.replace(/^(?:if|when|once)\s+(?:a|an|the|any|their|its|my|our)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|gets|becomes)\s+(?:still\s+)?(?:more\s+than\s+|over\s+)?((?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(?:hours?|days?|weeks?|months?))\s+(?:overdue|late|past\s+(?:its|their)\s+due\s+date)\s*,?\s+/i, (_m, record: string, time: string) => `${time.charAt(0).toUpperCase()}${time.slice(1)} after ${/^[aeiou]/i.test(record) ? 'an' : 'a'} ${record} is due, `);
  // ("When a party is put on hold": it is held.)
  text = text.replace(/\b(is|are|gets|get)\s+(?:put|placed)\s+on\s+hold\b/gi, '$1 held');
  // ("retry it up to 3x": three times.)
  text = text.replace(/\bup\s+to\s+(\d+)\s*x\b/gi, 'up to $1 times')
    // ("if no one has marked it in hand within 48 hrs text the committee": the time, then the act.)
    // (", we get loads of people booking 3 places and only paying one": why, after the act, says nothing of it.)
    .replace(/,\s*(?:we|i)\s+(?:get|have|had|see|['’]ve\s+had|['’]ve\s+got)\s+(?:loads|lots|a\s+lot|plenty|tons|hundreds|dozens)\s+of\b.*$/i, '')
    // ("if the deposit is not in within 48 hours": not paid.)
    .replace(/\b(deposit|payment|fee|balance|money)\s+(is|has)\s+not\s+(?:come\s+)?in\b/gi, (_m, paid: string, verb: string) => `${paid} ${verb.toLowerCase() === 'has' ? 'has not been' : 'is not'} paid`)
    // ("..., I'd like to get an email so I can sort it": the writer emailed.)
    .replace(/\b(?:i|we)(?:['’]d|\s+would)\s+(?:like|love|want)\s+to\s+(?:get|receive|have)\s+(?:an?\s+)?(email|text|message|notification|alert)\b.*$/i, (_m, kind: string) => `${kind.toLowerCase() === 'notification' ? 'notify' : kind.toLowerCase()} me`)
    // ("A held session goes back to available if it isn't booked within 15 minutes": from that state, the condition, then the
    // state it is put back in.)
    .replace(/^(?:a|an|any|each|every)\s+(?:([a-z]+ed|held|open|new|pending)\s+)?([a-z]+)\s+(?:goes|is\s+put|is\s+moved|returns|reverts|is\s+set)\s+back\s+(?:to|into)\s+([a-z][a-z ]*?)\s+if\s+(it|they)\s+(.+)$/i, (_m, state: string | undefined, record: string, back: string, it: string, condition: string) => `${state ? `When ${/^[aeiou]/i.test(record) ? 'an' : 'a'} ${record} is ${state}, if` : `If ${/^[aeiou]/i.test(record) ? 'an' : 'a'} ${record}`} ${state ? `${it} ` : ''}${condition}, mark it as ${back}`)
    // ("if they havent paid in 5 days cancel the booking": the same.)
    .replace(/\b(within|after|in)\s+((?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|fourteen|twenty-four|forty-eight)\s+(?:hrs?|hours?|days?|weeks?|months?|minutes?|mins?))\s+(?=(?:text|email|e-mail|notify|remind|send|alert|tell|call|ring|ping|message|escalate|chase|cancel|close|release|expire|archive)\b)/gi, '$1 $2, ')
    // ("so retry like 3 times": about that many, as many.)
    .replace(/\b(retry|try)\s+(?:like|about|around|roughly|maybe|say)\s+(?=(?:\d+|two|three|four|five)\s+times\b)/gi, '$1 ');
  // ("..., it would be great to nudge the client by email": the wish around the action says nothing of it; "nudge ... by email" is an email.)
  text = text.replace(/,\s*(?:then\s+)?(?:it(?:['’]d|\s+would)\s+be\s+(?:really\s+)?(?:great|nice|good|lovely|handy|brilliant|ideal|helpful|useful)|(?:i|we)(?:['’]d|\s+would)\s+(?:really\s+)?(?:love|like)|(?:i|we)\s+(?:want|need))\s+(?:it\s+)?(?:if\s+(?:it|the\s+system|you)\s+(?:could|would|can)\s+|to\s+)(?=[a-z])/i, ', ')
    .replace(/\b(?:nudge|prod|poke|chase)\s+((?:the|their|its|our|each|every|all)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:by|via|with\s+an?|over)\s+(email|e-mail|text|sms)\b/gi, (_m, who: string, how: string) => `${/^e/i.test(how) ? 'email' : 'text'} ${who}`);
  // ("Customers should get a text - well, an email is fine - when ...": the writer's second thought, between dashes, names the message.)
  text = text.replace(/\b(an?\s+)?(?:text|sms|call|letter|message)\s+[-–—]\s+(?:well|or|actually|ok|okay|no)\s*,?\s+(an?\s+)?(email|e-mail|text)\s+(?:is|would be|will do)\s+(?:fine|ok|okay|enough|better)\s+[-–—]\s*/i, (_m, _a: string, article: string | undefined, message: string) => `${article ?? 'an '}${message} `);
  // ("an email the day before each rehearsal listing who said they'd come": what the message says is no part of when.)
  text = text.replace(/(\b(?:before|after)\s+(?:each|every|the|their|its|a|an)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:listing|showing|saying|including|with\s+a\s+list\s+of|telling\s+(?:them|him|her|me|us))\s+(?:who|what|which|how|the|a|an|all|everyone|everybody)\b[^,;]*?(?=[.!]?$)/i, '$1');
  // ("..., I want all members to get an email": send them one.)
  text = text.replace(new RegExp(String.raw`(,\s*)((?:all|every|each|the|our)\s+[a-z]+(?:\s+[a-z]+)?)\s+to\s+(?:get|receive|be\s+sent)\s+(an?\s+${MESSAGE}|${MESSAGE})\b`, 'i'), '$1send $2 $3');
  // ("It'd be great if when a visit is booked ...": the wish around the workflow says nothing of it.)
  text = text.replace(/^(?:it(?:'d|\s+would)\s+be\s+(?:great|nice|good|lovely|handy|brilliant|ideal)|(?:i|we)(?:'d|\s+would)\s+(?:love|like)\s+it)\s+if\s+(?=(?:when|whenever|once|as soon as|after)\b)/i, '');
  // ("It would be great if, 11 months after a visit, the customer got an email reminding them ...": at that time, email them.)
  text = text.replace(WISHED_AT_TIME_THEY_GOT, (_m, when: string, who: string, message: string) => `${when}, send ${who} ${message}`);
  // ("when a visit is booked the customer gets a text the day before": send them one, then.)
  text = text.replace(WHEN_DONE_THEY_GET, '$1, send $2 $3');
  // ("The day before a session I'd really like the parent to get an automatic reminder", "... the parent should get a
  // reminder": send them one, then; and why is no part of it.)
  const wished = text;
  text = text.replace(WISH_THEY_GET, 'send $1 $2')
    .replace(THEY_SHOULD_GET, 'send $1 $2');
  // ("I want someone to confirm it within 2 hours, and if nobody has, text me": someone should, within that time.)
  text = text.replace(/\b(?:(?:i|we)(?:['’]d|\s+would)\s+(?:really\s+)?(?:like|love|want)|(?:i|we)\s+(?:really\s+)?(?:want|need|expect))\s+(someone|somebody|staff|(?:the|one of the|one of our)\s+[a-z]+)\s+to\s+(?=[a-z]+\s+(?:it|them)\s+within\b)/i, (_m, who: string, at: number, whole: string) => `${at > 0 && !/[,;:]\s*$/.test(whole.slice(0, at)) && /^(?:when|whenever|once|as soon as|after)\b/i.test(whole) ? ', ' : ''}${who} should `)
    .replace(/\s+,\s+/g, ', ')
    .replace(/,\s*and\s+if\s+(nobody|no one)\s+(has|does|did)\s*,/i, '; if $1 $2,');
  // ("as soon as an order is created, could it keep an eye on the promised date and email us a heads-up the day before, so ...":
  // a request, asked; and the date watched is what "before" is before.)
  // ("a month before an artist's insurance runs out could it remind them?": the request after its time, unmarked.)
  text = text.replace(/(,\s*|^)(?:could|can|would|will)\s+(?:it|you|the\s+(?:system|app))\s+(?:please\s+)?(?=[a-z])/i, '$1')
    .replace(/\s+(?:could|can|would)\s+(?:it|you|the\s+(?:system|app))\s+(?:please\s+)?((?:send|email|remind|text|notify|message|ping|warn|tell|alert)\b[^?]*)(?:\?.*)?$/i, ', $1')
    .replace(/\b(?:keep\s+an\s+eye\s+on|watch|keep\s+track\s+of|look\s+out\s+for)\s+((?:the|its|their)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:date|day|deadline))\s+and\s+(.+?)\s+((?:the|a)\s+day|(?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen)\s+(?:hours?|days?|weeks?))\s+before\b(?!\s+(?:the|it|its|their|a|an)\b)/i, '$2 $3 before $1')
    .replace(/\s*,\s*so\s+(?:we|that\s+we|they|nobody|no one)\s+(?:never|don't|do not|won't)\b.*$/i, '');
  // ("as soon as they have sent it, send an email to the parent confirming their request": the record made is the one named after.)
  text = text.replace(/^(as soon as|when|once|whenever)\s+(?:they|i|we|you|he|she)(?:['’]ve|\s+have|\s+has)?\s+(?:sent|submitted|made|placed|filed|booked|lodged|posted|raised)\s+(?:it|one)\s*,\s*(.*?\b(?:their|my|your|his|her)\s+([a-z]+)\b.*)$/i, (_m, when: string, rest: string, record: string) => `${when} a ${record} is created, ${rest}`);
  // ("If an order hasn't been confirmed within three days I'd like a nudge": if so, send the writer one.)
  text = text.replace(/^((?:if|when|once)\s+[^,;]+?)\s*,?\s+(?:i|we)(?:['’]d|\s+would)\s+(?:like|love|want)\s+(?:a|an)\s+(?:quick\s+|little\s+|gentle\s+)?(nudge|reminder|email|text|alert|heads-up|message|call)\b[^,;]*/i, '$1, send me a $2');
  // ("Any time a session is created, ...".)
  text = text.replace(/^(?:any\s*time|anytime)\s+/i, 'Whenever ');
  // ("we hold the places for up to 5 days while we wait for the payment to arrive": a wait for it, that long at most.)
  text = text.replace(/\b(?:we\s+)?(?:hold|keep|reserve)\s+(?:the|its|their|it|them)(?:\s+[a-z]+)?\s+for\s+((?:up to|at most)\s+)?((?:\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(?:minutes?|hours?|days?|weeks?))\s+(?:while|as)\s+(?:we\s+)?(?:wait|waiting)\s+for\s+(.+?)(?=[.;]|$)/i, (_m, upTo: string | undefined, time: string, what: string) => `wait ${upTo ?? 'up to '}${time} for ${/^(?:the\s+)?payment\s+to\s+(?:arrive|come in|come through|be made|clear)$/i.test(what.trim()) ? 'it to be paid' : what}`);
  // ("wait up to 20 minutes for the payment to come through": for it to be paid.)
  text = text.replace(/\bfor\s+(?:the|their|its)\s+payment\s+to\s+(?:come\s+through|come\s+in|arrive|clear|be\s+made|go\s+through)\b/i, 'for it to be paid');
  // ("wait for it to be returned, for up to 14 days": the time limit said after what is awaited.)
  text = text.replace(/\bwait\s+for\s+(it|them|the\s+[a-z]+(?:\s+[a-z]+)?)\s+to\s+be\s+([a-z]+(?:ed|en))\s*,\s*(?:for\s+)?((?:up to|at most|no more than)\s+)?((?:\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(?:minutes?|hours?|days?|weeks?|months?))\b/i, (_m, what: string, done: string, upTo: string | undefined, time: string) => `wait ${upTo ?? 'up to '}${time} for ${what} to be ${done}`);
  // ("On cancellation of a booking, ...": when it is cancelled.)
  text = text.replace(/^(?:on|upon|after|following)\s+(?:the\s+)?([a-z]+)\s+of\s+(?:a|an|the|each|every|any|their|its)\s+([^,]+?)\s*,\s*/i, (all, noun: string, record: string) => {
    const state = ACT_NOUNS[noun.toLowerCase()];
    return state ? `When a ${record} is ${state}, ` : all;
  });
  // ("If nobody has moved a parent request to under review within 10 days of that confirmation going out": it has not been moved there, from then.)
  text = text.replace(/\b(?:nobody|no one|no-one)\s+(?:has\s+)?(?:moved|set|marked|put|changed|switched)\s+((?:a|an|the|their|its|each)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:to|as|into)\s+([a-z]+(?:\s+[a-z]+)?)\s+(within|in|after|by)\s+((?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|fourteen|twenty|thirty)\s+(?:minutes?|hours?|days?|weeks?|months?))(\s+of\s+(?:that|the|this)\s+[a-z]+\s+(?:going out|being sent|being made|arriving))?/i, (_m, record: string, state: string, within: string, time: string, after?: string) => `${after ? 'then ' : ''}${record} has not been moved to ${state.trim().replace(/\s+/g, '-')} ${within} ${time}`);
  // ("If an invoice is still unpaid 30 days after it was raised": it is not paid within that time of being made.)
  text = text.replace(/^if\s+((?:a|an|any|each|every)\s+[a-z]+(?:[-\s][a-z]+)?)\s+is\s+still\s+un([a-z]+)\s+((?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|twenty|thirty|sixty|ninety)\s+(?:hours?|days?|weeks?|months?))\s+after\s+it\s+(?:was|is|has\s+been|got)\s+(?:raised|created|made|sent|issued|opened|logged|submitted|placed|booked)\s*,\s*/i, (_m, record: string, act: string, time: string) => `If ${record} is not ${act} within ${time}, `);
  // ("If a bike has been ready for two weeks and nobody has picked it up": it is not picked up.)
  text = text.replace(/\band\s+(?:nobody|no one|no-one)\s+(?:has|have)\s+(?:yet\s+)?([a-z]+(?:ed|en))\s+(?:it|them)(\s+(?:up|in|out|back|off))?\b/i, (_m, verb: string, particle: string | undefined) => `and it is not ${verb}${particle ?? ''}`);
  // ("If then a parent request has not been ...": the step it waits after came before, so it goes on from there.)
  text = text.replace(/^if\s+then\s+/i, 'Then, if ');
  // ("If nobody confirms a booking within 3 days": the booking is not confirmed.)
  // ("If nobody has confirmed or declined a booking within 48 hours": either act.)
  text = text.replace(/\b(?:nobody|no one|no-one)\s+(?:has\s+)?([a-z]+)(?:\s+or\s+([a-z]+))?\s+((?:a|an|the|their|its|each)\s+[a-z]+(?:\s+[a-z]+)?)(?=\s+(?:within|in|after|for|by)\b)/i, (_all, verb: string, other: string | undefined, record: string) => `${record} is not ${participle(verbLemma(verb.toLowerCase()))}${other ? ` or ${participle(verbLemma(other.toLowerCase()))}` : ''}`);
  // ("within 48 hours of it being made": from when it was made, as a wait is.)
  text = text.replace(/\b(within\s+\S+\s+(?:minutes?|hours?|days?|weeks?))\s+of\s+(?:it|them)\s+being\s+(?:made|created|placed|booked|submitted|raised|sent)\b/i, '$1');
  // ("New members get a welcome email": when one is made, send it one.)
  text = text.replace(NEW_ONES_GET, (_all, record: string, message: string, rest: string) => `When a ${record} is created, send them ${message}${rest}`);
  // ("A reminder goes out to the member 24 hours before their lesson": send the member one.)
  text = text.replace(MESSAGE_GOES_TO, 'send $2 $1');
  // ("The manager should get an email ...", "Members get a reminder ...": send them one.)
  text = text.replace(THEY_GET, 'send $1 $2');
  // ("The customer should get an email when their job is ready": when, first.)
  const toldWhen = !/^send\s/i.test(wished) ? /^(send\s.+?)\s+(when|once)\s+([^,;]+?)\s*([.!]?)$/i.exec(text) : null;
  if (toldWhen) text = `${toldWhen[2]![0]!.toUpperCase()}${toldWhen[2]!.slice(1)} ${toldWhen[3]}, ${toldWhen[1]}${toldWhen[4]}`;
  // ("the day before each session starts, the member should get a reminder": after the trigger, send them one.)
  // (Only after a time or a trigger: "If the note isn't signed in that time, the therapist gets a reminder" is a step of a workflow already begun.)
  if (/^(?:[^:,]{0,40}:\s*)?(?:(?:the\s+)?(?:day|week|evening|morning|night|month)\s+(?:before|after)|(?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|fourteen|twenty-four|thirty|forty-eight)\s+[a-z]+\s+(?:before|after)|when|whenever|once|as soon as)\b/i.test(text)) text = text.replace(THEN_THEY_GET, '$1send $2 $3');
  // ("We want an automatic reminder ...", "There should be an email ...": send one.)
  text = text.replace(WE_WANT_MESSAGE, 'send a $1').replace(I_WANT_MESSAGE, 'send me a $1');
  // ("..., we want to know about it", "I'd like to be told": tell the writer, the administrators.)
  text = text.replace(/,\s*(?:then\s+)?(?:(?:we|i)(?:['’]d|\s+would)?\s+(?:want|like|need)\s+to\s+)?(?:know\s+about\s+it|be\s+told(?:\s+about\s+it)?|hear\s+about\s+it)\s*([.!]?)$/i, ', notify the admin$1');
  // ("New bookings should trigger a welcome email", "An overdue invoice should trigger a reminder".)
  text = text.replace(/^(?:a|an|new|every|each|any)\s+(?:(new|overdue|late|unpaid|urgent|[a-z]+ed)\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:should|must|will|needs? to)\s+(?:automatically\s+)?(?:trigger|fire(?:\s+off)?|kick\s+off|generate|send\s+out|send)\s+(.+)$/i, (all, state: string | undefined, record: string, action: string) => {
    const isNew = /^new$/i.test(sentence.trim().split(/\s+/)[0] ?? '') || /^new$/i.test(state ?? '');
    return `When a ${record} is ${isNew || !state ? 'created' : state}, send ${action}`;
  });
  // ("For each member, 30 days before their membership expiry date the system sends a renewal reminder": a member's date.)
  text = text.replace(/^for\s+(?:each|every)\s+([a-z]+(?:\s+[a-z]+)?)\s*,\s*(.{1,40}?\b(?:before|after)\s+)(?:their|its|his|her)\s+/i, (_m, record: string, when: string) => `${when}${/^[aeiou]/i.test(record) ? 'an' : 'a'} ${record}'s `);
  // ("For every enrolment, 24 hours before the coaching session starts, email ...": from when each is made, before the other's time.)
  text = text.replace(/^for\s+(?:each|every)\s+([a-z]+(?:\s+[a-z]+)?)\s*,\s*(?=\S+\s+[a-z]+\s+(?:before|after)\s+(?:the|its|a|an)\s)/i, (_m, record: string) => `When ${/^[aeiou]/i.test(record) ? 'an' : 'a'} ${record} is created, `);
  // ("the system sends a renewal reminder", "it emails the member": the system's act, said as what to do.)
  // ("the system waits until ... and emails the member a reminder": each of its acts.)
  const act = (verb: string) => verbLemma(verb.toLowerCase().replace(/ies$/, 'y').replace(/(?:ss|sh|ch|x)es$/, (e) => e.slice(0, -2)).replace(/([^s])s$/, '$1'));
  const SYSTEM_ACT = /(^|,\s*|\b(?:date|time|day)\s+)(?:the\s+(?:system|app|platform|service)|it)\s+(?:then\s+|automatically\s+|should\s+|will\s+)*((?:send|email|text|notif|remind|message|mark|flag|close|cancel|archive|delete|charge|award|create|alert|wait|ping|warn|chase|nudge)[a-z]*)\b/gi;
  if (SYSTEM_ACT.test(text)) text = text.replace(SYSTEM_ACT, (_m, lead: string, verb: string) => `${lead.trim() && !lead.includes(',') ? `${lead.trimEnd()}, ` : lead}${act(verb)}`).replace(/\b(and|then)\s+((?:send|email|text|notifie|remind|message|mark|flag|close|cancel|archive)s)\b/gi, (_m, and: string, verb: string) => `${and} ${act(verb)}`);
  // ("... whenever a booking is cancelled": the trigger said last goes first.)
  const postponed = /^(.+?)\s+(whenever|every time|each time|as soon as|any time)\s+(.+)$/i.exec(text);
  if (postponed && ACTION_WORDS.test(postponed[1]!) && !/^(?:when|whenever|once|if|after|as soon as|each time|every time|on|upon)\b/i.test(text)) {
    text = `${postponed[2]![0]!.toUpperCase()}${postponed[2]!.slice(1)} ${postponed[3]}, ${postponed[1]}`;
  }
  // ("Send the member a receipt after every payment": after it, send one.)
  const after = /^((?:send|email|text|notify|remind|message|call|ping)\b.+?)\s+after\s+((?:every|each|any|a|an)\s+.+)$/i.exec(text);
  if (after && !TIME_BEFORE_AFTER.test(after[1]!.trim())) text = `After ${after[2]}, ${after[1]}`;
  return text === sentence.trim().replace(/\.$/, '') ? sentence : `${text}.`;
}

/**
 * The sentences the workflow reader reads, each with its index: a record named by its first state
 * ("If an enquiry hasn't been confirmed within three days" when an order starts as an enquiry: a
 * new order), and two automations in one sentence ("..., and two days before the collection date
 * the customer should get a reminder text") read one after the other.
 */
/** ("Things I'd love it to do: remind ...; and if ...": the lead of a list of wishes, then the automations, each its own.) */
const WISH_LIST_LEAD = /^(?:(?:the\s+)?(?:things|stuff|jobs|bits)\s+(?:i|we)(?:['’]d|\s+would)\s+(?:love|like)\s+(?:it|the\s+(?:app|system))\s+to\s+do(?:\s+(?:automatically|for\s+(?:me|us)))?|(?:what\s+)?(?:i|we)(?:['’]d|\s+would)\s+(?:love|like)\s+(?:it|the\s+(?:app|system))\s+to\s+do(?:\s+(?:automatically|for\s+(?:me|us)))?)\s*:\s*/i;

export function workflowPieces(sentences: readonly string[], ctx: WorkflowContext): Array<readonly [string, number]> {
  const firstStates = ctx.entities.flatMap((e) => {
    const first = e.fields.find((f) => f.name === 'status' && f.type === 'enum')?.values?.[0];
    return first && /^[a-z]+$/.test(first) && ctx.index.resolve([first]) === undefined && ctx.entities.filter((o) => o.fields.some((f) => f.name === 'status' && f.values?.[0] === first)).length === 1 ? [[first, snakeCase(e.name).replace(/_/g, ' ')] as const] : [];
  });
  const byFirstState = (text: string) => firstStates.reduce((t, [state, record]) => t.replace(new RegExp(String.raw`\b(an?|any|each|every|the|new)\s+${state}\b(?!\s+(?:date|time|form|fee|status))`, 'gi'), (_m, det: string) => `${/^an?$/i.test(det) ? (/^[aeiou]/i.test(record) ? 'an' : 'a') : det} ${record}`), text);
  // (A piece cut from its sentence starts as a sentence does, with a capital. After a semicolon a new trigger on a record
  // of its own, "; and if an invoice is ...", starts a piece; "; if it hasn't ..." is the outcome of the one before.)
  const capital = (piece: string) => piece.charAt(0).toUpperCase() + piece.slice(1);
  return sentences.map(byFirstState).map((sentence) => (WISH_LIST_LEAD.test(sentence) ? capital(sentence.replace(WISH_LIST_LEAD, '')) : sentence)).flatMap((sentence, i) => sentence.split(/;\s*(?:and\s+|also\s+|plus\s+)?(?=(?:if|when|whenever|once|as soon as)\s+(?:an?|any|each|every)\s|(?:every|each)\s)|,\s*and\s+(?=(?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|the)\s+(?:days?|hours?|weeks?|day)\s+(?:before|after)\s+(?:the|their|its|a|an|each)\s(?:[^,;]*\b(?:should|will|must|is to|are to)\s+(?:get|receive|be sent|be told)\b|[a-z]+['’]s\s+[a-z]+\s+(?:text|email|send|call|remind|notify|ask)\b))/i)
    // ("a day after the job's done text the customer": after it is done, then what to do.)
    .map((piece) => piece.replace(/^((?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|the)\s+(?:days?|hours?|weeks?|day)\s+after\s+the\s+([a-z]+))['’]s\s+([a-z]+)\s+(?=(?:text|email|send|call|remind|notify|ask)\b)/i, (_m, _lead: string, record: string, state: string) => `When the ${record} is ${state}, wait ${_lead.replace(/\s+after\s+the\s+[a-z]+$/i, '')}, then `)).map((piece, at) => [at > 0 && /^[a-z]/.test(piece) ? capital(piece) : piece, i] as const));
}

/** Words before a verb that make it no action of its own ("an order", "to email", "is closed"). */
// ("as soon as they book": a verb after its subject is the trigger's own.)
// ("stays in review for three days", "under review", "on order": after a preposition the word is a state's noun, no action.)
const NOT_BEFORE_ACTION = new Set(['still', 'remains', 'stays', 'a', 'an', 'the', 'each', 'every', 'any', 'its', 'their', 'new', 'to', 'will', 'be', 'been', 'not', 'can', 'should', 'must', 'may', 'and', 'or', 'no', 'they', 'we', 'you', 'i', 'he', 'she', 'someone', 'somebody', 'people', 'in', 'under', 'on', 'for', 'at', 'awaiting', 'pending', 'of']);

/**
 * "when an alteration is ready email the customer", "the day before an appointment send a
 * reminder": quick notes leave out the comma between the trigger and the first action (a task
 * verb or a wait); it is put back, so the trigger clause ends where the action begins.
 */
export function commaBeforeAction(text: string): string {
  if (!TRIGGER_OPENERS.test(text) && !/^(?:the\s+)?(?:day|week|month)\s+(?:before|after)\b/i.test(text)) return text;
  const separator = text.search(/,|:\s|\bthen\b/i);
  const head = separator >= 0 ? text.slice(0, separator) : text;
  const tokens = head.split(/\s+/);
  for (let i = 3; i < tokens.length; i += 1) {
    const w = tokens[i]!.toLowerCase();
    const before = tokens[i - 1]!.toLowerCase();
    // ("When the entry is made we store the running order position": what we keep then, no action.)
    if (/^(?:we|i)$/.test(before) && !TASK_VERBS.has(verbLemma(w))) return text;
    // ("When an attendance record is marked absent": a verb's word before "is" is the record's noun.)
    // ("When a work order goes to waiting for parts": the same before a verb of its moving on.)
    const subject = /^(?:is|are|was|were|gets|get|has|have|becomes|goes|go|moves|move|changes|reaches|comes|arrives|turns|passes|starts|ends|closes|opens)$/i.test(tokens[i + 1] ?? '');
    if (!(TASK_VERBS.has(w) || /^waits?$/.test(w)) || STATE_LINKS.has(before) || NOT_BEFORE_ACTION.has(before) || subject) continue;
    return `${tokens.slice(0, i).join(' ')}, ${text.slice(tokens.slice(0, i).join(' ').length).trim()}`;
  }
  return text;
}

/**
 * "Send a reminder if a claim has been neither approved nor rejected two weeks after it came in":
 * the condition, with its time, said after the action; it is put first, as a trigger clause.
 */
export function conditionFirst(text: string): string {
  // ("Email the parent when an access arrangement for their child is approved": the act, then when; whose it is says nothing of it.)
  const when = /^([a-z]+)\b([^,;]*?)\s+(when|whenever|once|as soon as)\s+((?:a|an|the|any|each|every)\s+[a-z]+(?:\s+[a-z]+)?)(?:\s+(?:for|of|about)\s+(?:their|my|his|her|the|a|an)\s+[a-z]+)?(\s+(?:is|are|gets|get|has been|have been)\s+[a-z]+)\s*[.!]?$/i.exec(text);
  if (when && TASK_VERBS.has(verbLemma(when[1]!)) && !/^(?:wait|waits)$/i.test(when[1]!)) return `${when[3]} ${when[4]}${when[5]}, ${when[1]!.toLowerCase()}${when[2]}`;
  const m = /^([a-z]+)\b([^,;]*?)\s+(if|unless)\s+((?:a|an|the|any|each)\s+[^,;]+)$/i.exec(text);
  if (!m || !TASK_VERBS.has(verbLemma(m[1]!)) || !findDuration(m[4]!)) return text;
  return `${m[3]} ${m[4]}, ${m[1]!.toLowerCase()}${m[2]}`;
}

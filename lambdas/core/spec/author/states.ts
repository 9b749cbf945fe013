/**
 * The states a record moves through, from prose, by patterns kept as data: "A ticket moves
 * through new, open, waiting and closed", "a request goes from open to scheduled to resolved",
 * "A lesson is requested, accepted, declined or completed", "an order can be pending, paid or
 * shipped", "a batch is either planned or brewing". The values become the record's `status`.
 */
import { enumValue } from '../offline-author/text';
import { Remembered } from './remembered';
import { participle } from './workflow-phrases';

export interface StateList {
  /** The noun phrase of the record ("a ticket"). */
  topic: string;
  values: string[];
}

const SUBJECT = String.raw`^(?:(?:each|every|a|an|the|any)\s+)?([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)(?:'s\s+(?:status|state|stage))?`;

const PATTERNS: RegExp[] = [
  // (Not "the receipt goes through the payment provider, which sometimes fails": a thing it passes through.)
  new RegExp(String.raw`${SUBJECT}\s+(?:moves|goes|passes|progresses|flows|cycles|move|go|pass|progress|flow|cycle)\s+(?:along\s+|on\s+)?through\s+(?:(?:the\s+)?(?:states?|stages?|statuses)\s*:?\s*)?(?!the\s|a\s|an\s)([^;]+?(?:,|\bor\b|\band\b|\bthen\b)[^;]*)$`, 'i'),
  // (Also "Events move along from enquiry to ...".)
  new RegExp(String.raw`${SUBJECT}\s+(?:goes|moves|changes|progresses|go|move|change|progress)\s+(?:along\s+|on\s+)?from\s+(.+)$`, 'i'),
  // "Status flow: enquiry, then quoted, then accepted": a label for the states of the record described.
  // (Also "Its status tells us where it is: draft, open for entries, closed or finished".)
  /^((?:(?:its|their|the)\s+)?(?:status|state|stage)s?)(?:\s+(?:flow|workflow|lifecycle|sequence|order|steps|values|progression)|\s+(?:tells|says|shows)\s+[a-z' ]{1,30}?)?\s*:\s*(.+)$/i,
  // ("the volunteers keep each donation's status up to date: in the fridge, taken or binned": the record's states.)
  /^(?:.*?\b)?(?:each|every|the|its|their)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)['’]s\s+(?:status|state|stage)\s+(?:up\s+to\s+date|current|updated)\s*:\s*(.+)$/i,
  // ("A plot is always in one of four states: vacant, under offer, let, or being cleared": the states, after the colon.)
  new RegExp(String.raw`${SUBJECT}\s+(?:is|are)\s+(?:always\s+)?(?:in\s+)?one\s+of\s+(?:(?:these|the\s+following|those|our|its)\s+)?(?:(?:two|three|four|five|six|seven|eight|\d+)\s+)?(?:states|statuses|stages|states?)\s*:\s*(.+)$`, 'i'),
  // "Permits start as applied, then move to approved or refused".
  new RegExp(String.raw`${SUBJECT}\s+(?:starts?|begins?)\s+(?:off\s+)?(?:as|in|at)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*,?\s+(?:then|and then)\s+.+)$`, 'i'),
  // ("Jobs go booked in, in progress, waiting for parts, ready and collected": through them, in order.)
  new RegExp(String.raw`${SUBJECT}\s+(?:goes|go|move|moves|progress|progresses)\s+((?:[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}\s*,\s*)+[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}\s*,?\s+(?:and|then|and then|and finally)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)$`, 'i'),
  // ("Sessions are scheduled, then either completed or cancelled": a state, then the ones it ends in.)
  new RegExp(String.raw`${SUBJECT}\s+(?:is|are)\s+(?:first\s+)?([a-z][a-z-]*\s*,?\s+(?:then|and then)\s+(?:either\s+)?[a-z][a-z-]*(?:\s*,\s*[a-z][a-z-]*)*(?:\s*,?\s+or\s+[a-z][a-z-]*)?)$`, 'i'),
  // ("it goes booked, checked in, checked out, or cancelled": the states it goes through.)
  // ("the outcome is fixed, partly fixed, not fixable, or come back with a part": the last may be a phrase.)
  // ("A job is waiting, in progress, ready for pickup or collected": a state of three words among them.)
  new RegExp(String.raw`${SUBJECT}\s+(?:is|are|can be|may be|will be|is always|is either|can either be|goes|go|must be)\s+(?:either\s+|one of\s+|always one of\s+)?((?:[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}\s*,\s*)+[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}\s*,?\s+or\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,4}|[a-z][a-z-]*\s+or\s+[a-z][a-z-]*(?:\s+of\s+[a-z][a-z-]*)?)$`, 'i'),
];

/** Words that make "X is a, b or c" a description rather than states ("is cheap, fast or good" still reads as states). */
// ("Its status is in stock, reserved or sold": a state of two words may start with "in".)
// ("in the fridge, taken or binned": a state may be "in the" place.)
// ("on sale, sold out or cancelled": so may "on".)
const NOT_STATES = /^(?:a|an|the|for|on(?!\s+[a-z]+\s*,|\s+(?:hold|loan|order|site)\b)|in(?!\s+(?:the\s+)?[a-z]+\s*,|\s+(?:progress|review|transit|repair|service|use|stock)\b)|at|of|one|some|any|not|never|only|also)\b(?!-)/i;

/**
 * "A booking starts off provisional, becomes confirmed once the deposit's in, and after that it's
 * either completed or cancelled": the states a record starts in, becomes, and ends in.
 */
const LIFE = new RegExp(String.raw`${SUBJECT}\s+(?:starts?|begins?)\s+(?:off\s+|out\s+)?(?:as\s+|in\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*,?\s+(?:then\s+)?(?:becomes|turns|moves to|goes to|is then)\s+([a-z][a-z-]*(?:\s+(?!once|when|after|as|if|until|the)[a-z][a-z-]*)?)\b[^,]*,?\s+and\s+(?:after that|then|later|finally)\s*,?\s+(?:it's|it is|it becomes|becomes)\s+(?:either\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+or\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)$`, 'i');

/**
 * "A request starts out pending and is then either accepted or declined, and once the wool has
 * changed hands it's marked as swapped": the state it starts in, then each it is, becomes or is
 * marked as, in the order said.
 */
const STARTS = new RegExp(String.raw`${SUBJECT}\s+(?:starts?|begins?|sits|waits)\s+(?:off\s+|out\s+)?(?:as\s+|in\s+|at\s+)?(?:an?\s+)?([a-z][a-z-]*(?:\s+(?:in|out|up|off|back)(?=\s*,)|\s+(?!(?:and|then|or|until|unless|when|once|if|but)\b)[a-z][a-z-]*(?=\s*,\s*(?:then|and then)\b))?)\b(.+)$`, 'i');
// ("is checked in when the group arrives": a state of a verb and its particle.)
const LATER_STATES = /(?:\b(?:is|are|gets?|becomes?|goes\s+to|moves\s+to|turns|ends\s+up(?:\s+as(?=\s))?|end\s+up(?:\s+as(?=\s))?|can\s+(?:also\s+)?be|may\s+(?:also\s+)?be)|\bit['’]s(?!\s+(?:marked|set|flagged)\b)|\bthey['’]re(?!\s+(?:marked|set|flagged)\b)|,\s*(?:then|or)(?=\s+[a-z]+(?:\s*,|\s+(?:if|when|once|after)\b|\s*$)))\s+(?:then\s+|later\s+|finally\s+)?(?:either\s+)?((?:(?:in|on)\s+(?=(?:progress|review|transit|repair|service|use|stock|hold|loan|order|site)\b))?[a-z][a-z-]*(?:\s+(?:in|out|up|off|back)\b)?(?:\s*,\s*(?!or\b|and\b|then\b|is\b|are\b|gets?\b|becomes?\b|was\b|although\b|though\b|but\b|unless\b|since\b|because\b|while\b|which\b)[a-z][a-z-]*)*(?:\s*,?\s+or\s+[a-z][a-z-]*)?)|\b(?:marked|set|flagged|mark\s+(?:it|them)|flag\s+(?:it|them))\s+(?:as\s+)?([a-z][a-z-]*)/gi;

function readLife(text: string): StateList | undefined {
  const m = STARTS.exec(text);
  if (!m || NOT_STATES.test(m[2]!)) return undefined;
  // ("becomes confirmed once the tide is checked, and ends up done": what is said of something else, in a "once ..." clause, is no state of it.)
  // ("until someone prices it": when it moves on says nothing of the states.)
  // ("ends up resolved or flagged as follow-up needed": the state it is flagged as.)
  const own = m[3]!.replace(/\bor\s+(?:flagged|marked|set)\s+as\s+([a-z][a-z-]*)(?:\s+(needed|required|pending|due|wanted))?\b/gi, (_m, state: string, tail?: string) => `or ${state}${tail ? `-${tail}` : ''}`).replace(/\b(?:once|when|after|as soon as|if|until|because|since)\s+(?:the|a|an|its|their)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|are|has been|have been|gets|get)\s+[a-z]+\b/gi, ' ').replace(/\s+(?:once|when|after|as soon as|until|because|since)\s+(?:it|they)(?:['’]s|['’]re|\s+is|\s+are|\s+has been|\s+have been|\s+gets|\s+get)\s+[a-z]+\b/gi, '').replace(/\buntil\s+(?:someone|somebody|we|they|staff|it|the\s+[a-z]+)\s+[a-z]+(?:\s+(?:it|them))?\b/gi, ' ');
  // ("moves to in progress once they say yes, then to ready for collection and finally collected": each step, without when,
  // a state of a word and what it is for as one.)
  const stepped = own
    .replace(/\s+(?:once|when|after|as soon as)\s+(?:they|we|you|someone|somebody|the\s+[a-z]+)\s+(?!(?:is|are|get|gets|has|have)\b)[a-z]+(?:\s+(?!then\b|and\b|or\b)[a-z]+){0,3}?(?=\s*,|\s+(?:and|then)\b|\s*$)/gi, '')
    .replace(/,?\s+then\s+to\s+/gi, ', then moves to ')
    .replace(/,?\s+and\s+finally\s+(?:to\s+)?/gi, ', then it\'s ')
    .replace(/\b(moves\s+to|goes\s+to|it['’]s)\s+([a-z]+)\s+for\s+([a-z]+)\b/gi, '$1 $2-for-$3');
  const later = [...stepped.matchAll(LATER_STATES)].flatMap((x) => (x[1] ?? x[2]!).split(/\s*,\s*(?:or\s+|and\s+)?|\s+or\s+/));
  const values = [m[2]!, ...later].filter((v) => v && !NOT_STATES.test(v) && !/^(?:then|either|it|they|there|and|or)$/i.test(v));
  return values.length >= 3 ? { topic: m[1]!.trim(), values: [...new Set(values.map((v) => enumValue(v.trim())))] } : undefined;
}

/** The state a record is left in when someone does this to it. */
const PAST_OF: Readonly<Record<string, string>> = { cancel: 'cancelled', withdraw: 'withdrawn', decline: 'declined', reject: 'rejected', refuse: 'refused' };

/** "accepts" -> accepted, "declines" -> declined, "approves" -> approved, "rejects" -> rejected. */
function participleOf(verb: string): string {
  const base = verb.toLowerCase().replace(/(?<=(?:sh|ch|x|ss))es$/, '').replace(/ies$/, 'y').replace(/s$/, '');
  return base.endsWith('e') ? `${base}d` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : `${base}ed`;
}

const READSTATES_READINGS = new Remembered<StateList | undefined>();
/** ("Us groomers need to ... change the status of an appointment (booked, arrived, done, no-show)": its states, named in passing.) */
const STATUS_OF_NAMED = /^(?:.*?\b)?(?:status|state|stage)\s+of\s+(?:an?|the|each|every|their|its)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*\(\s*([a-z][a-z -]*(?:\s*,\s*(?:or\s+)?[a-z][a-z -]*){2,})\s*\)/i;

/** ("change the status of a problem report to open, in hand or fixed": the states it can be set to, said in passing.) */
const STATUS_SET_TO = /\b((?:status|state|stage)\s+of\s+(?:an?|the|each|every|their|its)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:to|between)\s+((?:[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*,\s*)+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*,?\s+(?:or|and)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*$/i;

export function readStates(text: string): StateList | undefined {
  return READSTATES_READINGS.of(text, readStatesOnce);
}

function readStatesOnce(written: string): StateList | undefined {
  const named = STATUS_OF_NAMED.exec(written) ?? STATUS_OF_NAMED.exec(written.replace(STATUS_SET_TO, (_m, of: string, values: string) => `${of} (${values.replace(/\s*,?\s+(?:or|and)\s+/i, ', ')})`));
  if (named) return { topic: named[1]!.trim(), values: [...new Set(named[2]!.split(/\s*,\s*(?:or\s+)?/).map((v) => enumValue(v.trim())))] };
  // ('sits as "awaiting pricing" until ..., goes to "on shop floor"': a quoted state of several words is one.)
  // ("A party goes enquiry → held → confirmed → completed": arrows between the states, in order.)
  const text = written
    // ("then they may visit (viewing booked), and then either they book (won) or they don't (lost)": what people do, named
    // in brackets, is the state; "we reply and it becomes contacted": the state it becomes.)
    .replace(/\b(?:either\s+)?(?:they|we|you|he|she|it)\s+[^,;()]{1,30}?\s*\(([a-z][a-z -]{1,25})\)/gi, '$1')
    .replace(/\b(?:we|they|you|i)\s+[a-z]+(?:\s+[a-z]+)?\s+and\s+(?:it|they)\s+(?:becomes?|gets?|turns?|goes\s+to)\s+(?=[a-z])/gi, '')
    // ("..., or they ask for changes and it goes back to editing": a way back to a state already said adds none;
    // what someone asks for is the state it waits in.)
    .replace(/,?\s+and\s+(?:then\s+)?(?:it|they)\s+(?:goes|go|comes|come|moves|move|is\s+sent|are\s+sent|gets\s+sent|get\s+sent|is\s+put|gets\s+put)\s+back\s+(?:in)?to\s+[a-z][a-z -]*$/i, '')
    .replace(/\b(or|then|,)\s+(?:they|the\s+[a-z]+|someone|somebody|we)\s+asks?\s+for\s+(?:some\s+|more\s+)?([a-z]+)$/i, (_m, lead: string, noun: string) => `${lead} ${noun}-requested`)
    // ("..., and then it's either approved or ...": the next states.)
    .replace(/,?\s+and\s+then\s+(?:it['’]s|it\s+is|they['’]re|they\s+are)\s+(?:either\s+)?(?=[a-z])/i, ' to ')
    // ("A hire is requested at first, then approved or turned down, then out": the state it starts in, then the rest.)
    .replace(/^((?:a|an|the|each|every)\s+[a-z]+(?:\s+[a-z]+)?)\s+is\s+([a-z][a-z-]*)\s*(?:at first|initially)?\s*,\s*(?=then\s+[a-z])/i, '$1 starts as $2, ')
    // ("So an order is enquiry, then ...": the word that carries on the talk says nothing of the states.)
    .replace(/^(?:so|and\s+so|ok\s+so|basically|right\s+so)\s*,?\s+(?=(?:a|an|the|each|every|it|they)\s)/i, '')
    // ("customers can see the status of their orders: received, proofing, ...": the states of those.)
    .replace(/^.*?\b(?:see|check|track|follow|view|know)\s+(?:the\s+)?(?:status|progress|state)\s+of\s+(?:their|the|its|each|every|all|your|my)\s+([a-z]+?)s?\s*:\s*(?=[a-z])/i, "$1's status is ")
    .replace(/^.*?\b(?:see|check|track|follow|view|know)\s+(?:their|the|its|each|every|all|your|my)\s+([a-z]+?)s?(?:['’]s?)?\s+(?:status|progress|state)\s*:\s*(?=[a-z])/i, "$1's status is ")
    // ("A job is waiting when it comes in, then being worked on, ...": when it is in the first state says nothing of it.)
    .replace(/^((?:a|an|the|each|every)\s+[a-z]+(?:\s+[a-z]+)?)\s+is\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s+(?:when|while|once|as\s+soon\s+as|after|until)\s+[^,]{3,60},\s*(?=then\s+[a-z])/i, '$1 starts as $2, ')
    // ("then approved or turned down": a way out said with its particle is one state.)
    .replace(/\b(or|then)\s+(turned|sent|called|put|held|signed|checked|handed|paid|written|sold|closed)\s+(down|back|off|out|in|up)\b/gi, (_m, lead: string, verb: string, particle: string) => `${lead} ${verb}-${particle}`)
    // ("..., then approved or declined, then out": two ways on, each a state.)
    .replace(/,\s*then\s+([a-z][a-z-]*)\s+or\s+([a-z][a-z-]*)(?=\s*,)/gi, ', then $1, or $2')
    // ("The status starts at received, then acknowledged, in progress, on hold (when we've gone back ...) and finally answered
    // or refused": when a state is reached says nothing of it; "and finally" is one more step.)
    .replace(/\s*\((?:when|if|once|while|after|before|until)\b[^()]*\)/gi, '')
    // ("then in the freezer (sometimes for months, honestly), in progress": an aside about one state is no state.)
    .replace(/\s*\([^()]*\b(?:sometimes|honestly|usually|often|rarely|mostly|occasionally|normally|typically|hopefully|for (?:days|weeks|months|ages))\b[^()]*\)/gi, '')
    .replace(/^(.*\b(?:starts?|begins?)\s+(?:off\s+|out\s+)?(?:at|as|in)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*,\s*then\s+(?:[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*,\s*)+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+and\s+(?:finally|then|lastly|eventually)\s+/i, '$1, then ')
    // ("Once we're talking, a booking goes enquiry -> quoted -> ...": when it starts says nothing of the states.)
    .replace(/^(?:once|when|after)\s+(?:we|they|you|i|it|things)(?:['’]re|\s+are|\s+is|['’]s)?\s+[a-z]+(?:\s+[a-z]+)?\s*,\s+(?=(?:a|an|the|each|every)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:goes|moves|runs|progresses|flows)\s)/i, '')
    // ("..., or cancelled at any point, and we note the deposit amount": when it may happen, and a field said after, are no states.)
    .replace(/(\bor\s+[a-z][a-z-]*)\s+(?:at\s+any\s+(?:point|time|stage)|along\s+the\s+way|before\s+that|at\s+any\s+moment)\b/i, '$1')
    .replace(/(,\s*or\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*,\s*and\s+(?:we|i|they|you)\s+(?:also\s+)?(?:note|record|keep|log|track|store|take|write down|jot down)\b.*$/i, '$1')
    // ("An episode is a draft, scheduled or published": the first state said as a noun, with its article.)
    .replace(/^((?:a|an|each|every|the)\s+[a-z]+(?:\s+[a-z]+)?\s+is\s+(?:either\s+|always\s+)?)(?:a|an)\s+([a-z][a-z-]*)(?=\s*,\s*(?:then\s+)?[a-z][a-z-]*(?:\s*,|\s+or\s|\s+and\s|$)|\s+or\s+(?:a\s+|an\s+)?[a-z][a-z-]*$)/i, '$1$2')
    // ("status waiting, offered, accepted or declined", "status: open or closed" said alone: the status is one of those.)
    .replace(/^(?:and\s+)?(status|state|stage)\s*(?:[:–—-]\s*|\s+(?=[a-z][a-z-]*\s*,))(?=[a-z])/i, 'the $1 is ')
    // ("..., or the owner doesn't show up (we call that a no-show)": the name the text gives the way out is the state.)
    .replace(/(,?\s+or\s+)(?:(?!\bor\b)[^,()])+?\s*\((?:we\s+call\s+(?:that|it|this|those|these|them)|that['’]s|called|aka|a\.k\.a\.?)\s+(?:an?\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\)/i, '$1$2')
    // ("..., then seen, or they get cancelled": the state, without who gets it.)
    .replace(/\b(or|then)\s+(?:they|it|he|she)\s+(?:get|gets|are|is|get\s+marked|gets\s+marked|are\s+marked|is\s+marked)\s+(?=[a-z]+ed\b)/gi, '$1 ')
    // ("The team reviews them and either accepts, rejects or waitlists them": what is done to them are the states they end in.)
    .replace(/^(?:we|i|they|staff|the\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:review|reviews|check|checks|assess|assesses|consider|considers|look\s+at|looks\s+at|go\s+through|goes\s+through)\s+(them|it|(?:each|every|the|all)\s+[a-z]+)\s+and\s+(?:then\s+)?(?:either\s+)?((?:[a-z]+\s*,\s*)*[a-z]+,?\s+or\s+[a-z]+)\s+(?:them|it)$/i, (all, what: string, acts: string) => {
      const done = acts.split(/\s*,\s*(?:or\s+)?|\s+or\s+/).map((a) => participle(a.replace(/s$/i, '')));
      return done.every((d) => /(?:ed|en)$/.test(d)) ? `${/^(?:them|it)$/i.test(what) ? 'they are' : `${what} is`} ${done.slice(0, -1).join(', ')} or ${done[done.length - 1]}` : all;
    })
    // ("..., then done, or they can be a no-show": one more state, said with its own verb.)
    .replace(/,?\s+or\s+(?:they|it|he|she)\s+(?:can|could|may|might)\s+(?:also\s+|just\s+)?be\s+(?:an?\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)$/i, ', or $1')
    // ("The service is a bath, a full groom, a nail clip or a puppy intro": each thing it may be, without its article.)
    .replace(/^((?:the|its|their)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|can\s+be)\s+(?:either\s+)?)(an?\s+[a-z-]+(?:\s+[a-z-]+)?(?:\s*,\s*an?\s+[a-z-]+(?:\s+[a-z-]+)?)*\s*,?\s+or\s+an?\s+[a-z-]+(?:\s+[a-z-]+)?)$/i, (_m, lead: string, list: string) => lead + list.replace(/\ban?\s+/gi, ''))
    // ("Separately, interviews move through our working stages: ...": the aside before, and whose stages they are, say nothing.)
    .replace(/^(?:separately|also|in addition|additionally|besides|on top of that|independently)\s*,\s+/i, '')
    .replace(/\b(through)\s+(?:our|their|its|the)\s+(?:own\s+)?(?:[a-z]+\s+)?(stages?|states?|statuses|steps|phases)\s*:/i, '$1 the $2:')
    // ("We mark each request pending, granted or refused and keep a note": each request is one of those.)
    .replace(/^(?:we|i|they|staff|you)\s+(?:mark|set|flag|class|classify)\s+(?:each|every|the|a)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:as\s+)?((?:[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*,\s*)+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*,?\s+or\s+[a-z][a-z-]*)(?:\s+and\s+.*)?\.?$/i, 'Each $1 is $2')
    // ("..., completed - or cancelled if they change their mind": the way out, after a dash, without why.)
    .replace(/\s+[-–—]\s+or\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(?:\s+(?:if|when|once|because|should)\b.*)?$/i, ', or $1')
    // ("Orders go placed, then confirmed, prepared, out for delivery, completed": each after "then" is the next.)
    .replace(/(\b(?:go|goes|move|moves)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*,\s*then\s+)((?![a-z -]*\bthen\b)[a-z][a-z -]*(?:\s*,\s*(?!or\b|then\b|and\b)[a-z][a-z -]*)+)(?=\s*(?:,\s*or\b|$))/i, (_m, lead: string, rest: string) => `${lead}${rest.split(/\s*,\s*/).join(', then ')}`)
    .replace(/["“]([a-z][a-z -]{0,30}?)["”]/gi, (_m, state: string) => state.trim().replace(/\s+/g, '-'))
    // ("The repair status goes: booked in -> diagnosing -> ...": the colon after the verb says nothing more.)
    .replace(/\b(goes|moves|runs|progresses|flows)\s*:\s*/i, '$1 ')
    .replace(/\b(goes|moves|runs|progresses|flows)\s+(?!from\b)(?=[a-z-]+\s*(?:→|->|=>|⇒))/i, '$1 from ')
    // ("status goes booked > in progress > snagging > complete": a plain ">" between states is an arrow too.)
    .replace(/\s+>\s+(?=[a-z])/gi, ' -> ')
    .replace(/\b(goes|moves|runs|progresses|flows)\s+(?!from\b)(?=[a-z-]+(?:\s+[a-z-]+)?\s*->)/i, '$1 from ')
    .replace(/\s*(?:→|->|=>|⇒)\s*/g, ' to ')
    // ("It's requested to begin with and ends up either done or cancelled": the first state, then the last ones.)
    .replace(/^(it|they)(?:['’]s|['’]re|\s+is|\s+are)\s+([a-z][a-z-]*)\s+(?:to begin with|to start with|at first|initially|first)\s*,?\s+and\s+(?:then\s+)?ends?\s+up\s+(?:as\s+)?(?:either\s+)?([a-z][a-z-]*)\s+or\s+([a-z][a-z-]*)\s*\.?$/i, '$1 is $2, $3 or $4')
    // ("Jobs start as new, then they're booked, then done, unless the customer cancels": the way out is one more state.)
    .replace(/,?\s+unless\s+(?:the\s+[a-z]+|someone|somebody|they|we|it|he|she)\s+(cancels?|withdraws?|declines?|rejects?|refuses?)\b.*$/i, (_m, verb: string) => `, or ${PAST_OF[verb.toLowerCase().replace(/s$/, '')] ?? 'cancelled'}`)
    // ("on our side each referral sits as pending until a keyworker either accepts or declines it": where it is said is no subject;
    // what someone does to it next are the states it moves to.)
    .replace(/^(?:on our (?:side|end)|at our end|internally|behind the scenes|in the office|for us)\s*,?\s+/i, '')
    .replace(/\s+until\s+(?:someone|somebody|we|they|staff|(?:a|an|the|one of the)\s+[a-z]+)\s+(?:either\s+)?([a-z]+)\s+or\s+([a-z]+)\s+(?:it|them)\b.*$/i, (_m, a: string, b: string) => `, then it's ${participleOf(a)} or ${participleOf(b)}`)
    // ("goes from booked to checked in and then to left, or to no-show if they never turned up": each step, and the branch, without why.)
    .replace(/\s+and\s+then\s+to\s+/gi, ' to ')
    .replace(/(,?\s+or\s+)to\s+([a-z][a-z-]*)\s+(?:if|when|once|because)\s+(?:they|it|he|she|the\s+[a-z]+)\s+.*$/i, '$1$2')
    // ("..., cancelled or a no-show": the article before the last state is no part of it.)
    .replace(/,\s*([a-z-]+(?:\s+[a-z-]+)?)\s+or\s+an?\s+(?=[a-z-]+\s*$)/i, ', $1 or ')
    // ("A party goes enquiry, then held, then confirmed, then completed": arrows as the segmenter writes them, in order.)
    .replace(/\b(goes|moves|runs|progresses|flows|go|move|run|progress|flow)\s+(?!from\b|through\b|to\b)([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)((?:\s*,\s*then\s+[a-z][a-z-]*(?:\s+(?!and\b|or\b)[a-z][a-z-]*){0,2})+)(?=\s*(?:,|;|$))/i, (_m, verb: string, first: string, rest: string) => `${verb} from ${first}${rest.replace(/\s*,\s*then\s+/g, ' to ')}`);
  // ("It's scheduled, then in progress on the day, then final once it's over, or called off if something goes wrong":
  // the states in order, without when each comes.)
  // ("A booking is enquiry to start with, then confirmed once the deposit lands, and then done after the event, or cancelled if ...".)
  // ("an order is enquiry, then confirmed ..., then baked, then collected or delivered": "is" made "starts as" above reads the same.)
  const chained = text.replace(/^((?:a|an|the|each|every)\s+[a-z]+)\s+starts\s+as\s+(?=[a-z][a-z-]*\s*,\s*then\s)/i, '$1 is ');
  const chain = (chained.match(/,\s*(?:and\s+)?then\s+/gi) ?? []).length >= 2 && /^(?:it|they|(?:a|an|the|each|every)\s+[a-z]+)(?:['’]s|['’]re|\s+is|\s+are)\s/i.test(chained.trim())
    ? chained.trim().replace(/\s*\([^()]*\)\s*\.?$/, '').replace(/^(it|they)(?:['’]s|['’]re)\s+/i, '$1 is ').replace(/\s+(?:on the day|to start with|to begin with|at first|once\s+[^,]+|when\s+[^,]+|after\s+[^,]+|if\s+[^,]+)(?=\s*(?:,|\.?$))/gi, '').replace(/,\s*(?:and\s+)?then\s+/gi, ', ')
    : undefined;
  const chainRead = chain && chain !== chained.trim() ? readStates(chain) : undefined;
  if (chainRead) return chainRead;
  const life = LIFE.exec(text.trim().replace(/\.$/, ''));
  if (life) return { topic: life[1]!.trim(), values: [...new Set([life[2]!, life[3]!, life[4]!, life[5]!].map((v) => enumValue(v.trim())))] };
  const lived = readLife(text.trim().replace(/\.$/, ''));
  if (lived) return lived;
  // ("A route is active or stripped, nothing in between": the list is closed, it adds no state.)
  // ("and each one's either sunny or shady": the record just named.)
  // ("... or cancelled — we do lose the ice now and again": an aside after a dash says why, no state.)
  // ("..., or being cleared (the last one covers plots we've taken back)": an aside at the end explains, no state.)
  // ("... then delivered (or collected)": the other way it ends is one more state.)
  const clean = text.trim().replace(/\.$/, '').replace(/\s*\(\s*or\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*\)\s*$/i, ' or $1').replace(/\s*\([^()]*\)\s*$/, '').replace(/\s+[—–-]\s+(?:we|it|they|this|that|which|because|as|so)\b.*$/i, '')
    // ("goes from quoted to confirmed to out to returned, and it can be cancelled before it goes out": one more state.)
    // ("..., and ends up either delivered or missed": the last states, in order.)
    .replace(/,?\s+and\s+(?:it\s+|they\s+)?ends?\s+up\s+(?:as\s+)?(?:either\s+)?/i, ', then ')
    // ("moves from booked to collected to in transit, can get stuck in customs hold, and finishes as delivered": each a state, in order.)
    .replace(/(\bfrom\s+[^,]+?\s+to\s+[^,]+?),\s*(?:and\s+)?(?:it\s+)?(?:can|may|might|could|sometimes)\s+(?:get|be|go)\s+(?:stuck|put|held|placed|parked)\s+(?:in|on|into)\s+(?:an?\s+)?([a-z][a-z -]*?)\s*,\s*(?:and\s+)?(?:it\s+)?(?:finally\s+)?(?:finishes|ends|ends up|winds up)\s+(?:as|at|in)\s+([a-z][a-z -]*)$/i, '$1 to $2 to $3')
    .replace(/(\bfrom\s+[^,]+?\s+to\s+[^,]+?),?\s+and\s+(?:it\s+)?(?:finally\s+)?(?:finishes|ends|ends up|winds up)\s+(?:as|at|in)\s+([a-z][a-z -]*)$/i, '$1 to $2')
    // ("..., and every now and then one gets cancelled": one more state.)
    .replace(/,?\s+(?:and|but)\s+(?:every\s+)?(?:now and (?:then|again)|sometimes|occasionally|once in a while|every so often)\s*,?\s+(?:one|it|they|some|a few)\s+(?:gets?|is|are)\s+([a-z]+(?:ed|en))\b.*$/i, ' or $1')
    // ("..., unless they get cancelled somewhere along the way": one more state, the way out.)
    .replace(/,?\s+unless\s+(?:it|they)\s+(?:gets?|is|are)\s+([a-z]+(?:ed|en))\b.*$/i, ' or $1')
    .replace(/(\b(?:goes|moves|runs|progresses)\s+(?:from|through)\s+.+?)\s*(?:;\s*|,?\s+(?:and|but|though)\s+)(?:it|they)\s+(?:can|may|might|could)\s+(?:also\s+)?(?:be|get|end up)\s+(?:as\s+)?([a-z]+(?:ed|en))\b.*$/i, '$1 or $2').replace(/^(?:and\s+)?each\s+one(?:'s|’s|\s+is)\s+/i, 'it is ').replace(/\s*[,;-]+\s*(?:and\s+)?(?:nothing|no)\s+(?:in between|else|other(?:s| states?)?|more)$|\s*[,;-]+\s*(?:that's it|that is it|those are the only (?:ones|states|options))$/i, '');
  // ("Those are the four states: pending, confirmed, cancelled, no-show": the states of the record just described.)
  const those = /^(?:so\s+)?(?:those|these)\s+are\s+(?:the|its|their|our|all the)\s+(?:(?:two|three|four|five|six|seven|eight|\d+)\s+)?(?:possible\s+)?(?:states|statuses|stages)\s*:\s*(.+)$/i.exec(clean);
  const listed = those ? those[1]!.split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/i).map((v) => v.trim()).filter((v) => v && v.split(/\s+/).length <= 3) : [];
  if (listed.length >= 2) return { topic: 'its', values: [...new Set(listed.map(enumValue))] };
  for (const re of PATTERNS) {
    const m = re.exec(clean);
    if (!m) continue;
    // ("... and finished: "open" means taking entries": what follows a colon explains the states.)
    // ("moves from open to accepted or declined; accepted challenges end up played, and one never answered becomes a
    // walkover": after a semicolon, the states some of them end up in.)
    const [said, after] = m[2]!.trim().replace(/\s*:\s.*$/, '').split(/\s*;\s*/, 2) as [string, string | undefined];
    const body = said.replace(/\b(?:then\s+)?(?:moves?|goes|go|changes?)\s+(?:on\s+)?to\s+/gi, 'then ');
    if (NOT_STATES.test(body)) continue;
    const laterOn = after ? [...after.replace(/\b(becomes?|ends?\s+up(?:\s+as)?|turns\s+into)\s+(?:a|an)\s+/gi, '$1 ').matchAll(/\b(?:becomes?|ends?\s+up(?:\s+as)?|turns\s+into)\s+([a-z][a-z-]*)\b/gi)].map((x) => x[1]!) : [];
    const values = [...body
      .split(/\s*,\s*(?:and\s+|or\s+|then\s+)?|\s+(?:and|or|then|to|through|and finally|and then)\s+|\s*(?:->|→|\/)\s*/i)
      // ("booked once the deposit's in": when it is so is no part of the state.)
      .map((v) => v.replace(/^(?:finally|then|either|to)\s+/i, '').replace(/^(?:moves?|goes|go|changes?)\s+(?:on\s+)?to\s+/i, '').replace(/\s+(?:once|when|whenever|as soon as|after|if|until|unless)\s+(?:the|it|they|its|their|we|i|a|an|someone|payment|we've|they've|it's)\b.*$/i, '').trim())
      .filter((v) => v && v.split(/\s+/).length <= 5), ...laterOn];
    if (values.length < 2) continue;
    // ("Reviews can be read by anyone, account or not": who may do it, no states.)
    if (values.some((v) => /\sby\s/i.test(v)) || values.at(-1)!.toLowerCase() === 'not') continue;
    // ("Scores go from 0 to 20": numbers are a range, no states.)
    if (values.every((v) => /^-?\d/.test(v))) continue;
    // "An animal's status goes from ...": the record is the animal.
    const topic = m[1]!.trim().replace(/(?:'s)?\s+(?:status|state|stage|phase)$/i, '');
    return { topic, values: [...new Set(values.map(enumValue))] };
  }
  return undefined;
}

/** "A case moves through a simple set of stages.": the states are said in the sentences after it. */
const STAGES_ANNOUNCED = /^(?:a|an|the|each|every)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:moves|goes|passes|progresses|works its way)\s+through\s+(?:a\s+)?(?:(?:simple|small|short|fixed|few|handful of|clear)\s+)*(?:set\s+of\s+|series\s+of\s+|number\s+of\s+)?(?:stages|states|steps|statuses|phases)\s*\.?$/i;

/** Where a record's state is said in a sentence about it: it starts as, is moved to, becomes, ends up, is closed. */
const STAGE_SAID = /\b(?:starts?|begins?)\s+(?:off\s+|out\s+)?(?:as|in|at)\s+([a-z]+(?:\s+[a-z]+){0,2}?)(?=\s+(?:while|when|until|because|and|as|if|once)\b|\s*[,.;]|$)|\bmoves?\s+(?:it\s+|them\s+)?(?:on\s+|back\s+)?to\s+([a-z]+(?:\s+[a-z]+){0,2}?)(?=\s+(?:while|when|until|because|and|if|once)\b|\s*[,.;]|$)|\b(?:it|they)\s+(?:becomes|become|turns|goes\s+to|ends\s+up(?:\s+as)?)\s+([a-z]+(?:\s+[a-z]+){0,2}?)(?=\s+(?:while|when|until|because|and|if|once)\b|\s*[,.;]|$)|\b(?:it|they)(?:\s+is|\s+are|['’]s|['’]re)\s+((?!not\b)[a-z]+(?:ed|en))(?=\s*[,.;]|\s+(?:and|automatically)\b|$)/gi;

/**
 * The record and its states when a sentence announces them and the ones after say them one by
 * one ("It starts as open ... the adviser moves it to awaiting documents ... it becomes action
 * plan agreed, and when the work is done it is closed"); with how many sentences after it say them.
 */
export function stagesSaidAfter(sentence: string, after: readonly string[]): { topic: string; values: string[]; sentences: number } | undefined {
  const m = STAGES_ANNOUNCED.exec(sentence.trim());
  if (!m) return undefined;
  const values: string[] = [];
  let used = 0;
  for (const next of after.slice(0, 5)) {
    const said = [...next.matchAll(STAGE_SAID)].map((x) => (x[1] ?? x[2] ?? x[3] ?? x[4])!.trim()).filter((v) => !NOT_STATES.test(v));
    if (said.length === 0) break;
    values.push(...said);
    used += 1;
  }
  return values.length >= 2 ? { topic: m[1]!, values: [...new Set(values.map((v) => enumValue(v)))], sentences: used } : undefined;
}

/** The states a record may leave its usual course for, as said on their own ("cancelled", "put on hold"). */
const EXCEPTION_STATES: Readonly<Record<string, string>> = {
  cancelled: 'cancelled', canceled: 'cancelled', cancel: 'cancelled', cancels: 'cancelled', withdrawn: 'withdrawn', withdraws: 'withdrawn', withdraw: 'withdrawn', rejected: 'rejected', declined: 'declined',
  postponed: 'postponed', abandoned: 'abandoned', refused: 'refused', lost: 'lost', expired: 'expired', refunded: 'refunded', archived: 'archived', suspended: 'suspended', paused: 'paused', voided: 'void', scrapped: 'scrapped',
  'written off': 'written_off', 'put on hold': 'on_hold', 'on hold': 'on_hold', disputed: 'disputed',
};
const EXCEPTION_WORDS = Object.keys(EXCEPTION_STATES).sort((a, b) => b.length - a.length).join('|');
/** Said of some of them, now and then ("Sometimes", "Now and again"). */
const NOW_AND_THEN_WORDS = String.raw`(?:sometimes|occasionally|now and (?:then|again)|every (?:now and then|so often)|once in a while|rarely)`;
const NOW_AND_THEN = String.raw`(?:(?:${NOW_AND_THEN_WORDS}|of course)\s*,?\s+)?`;
const EXCEPTION_PASSIVE = new RegExp(String.raw`^(?:and\s+|but\s+)?${NOW_AND_THEN}(?:(?:a|an|the|each)\s+)?([a-z][a-z-]*(?:\s+(?!(?:can|may|might|could|will|do|does|also|sometimes|occasionally|be|gets?|is|are)\b)[a-z][a-z-]*)?)\s+(?:(?:can|may|might|could|will|do|does)\s+)?(?:also\s+|sometimes\s+|occasionally\s+)?(?:be|get|gets|is|are)\s+(${EXCEPTION_WORDS})\b`, 'i');
const NOW_AND_THEN_STATE = new RegExp(String.raw`^(?:and\s+|but\s+)?${NOW_AND_THEN_WORDS}\s*,?\s+(?:(?:a|an|the)\s+)?([a-z][a-z-]*(?:\s+(?!(?:gets?|is|are)\b)[a-z][a-z-]*)?)\s+(?:gets?|is|are)\s+([a-z]+(?:ed|en))\b`, 'i');
const EXCEPTION_ACTIVE = new RegExp(String.raw`^(?:and\s+|but\s+)?${NOW_AND_THEN}(?:the\s+[a-z]+|a\s+[a-z]+|someone|somebody|they|people|customers|clients)\s+(?:also\s+|sometimes\s+|occasionally\s+)?(cancels?|withdraws?)\s+(?:a|an|the|their)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\b`, 'i');

/**
 * "Sometimes a job gets cancelled before we start", "A booking can also be withdrawn", "Now and
 * then a customer cancels an order": one more state of a record whose states are said elsewhere,
 * a way out of its usual course. Only the words of such ways out count ("A job gets booked" is
 * no state said on its own).
 */
export function readExceptionState(text: string): { topic: string; value: string } | undefined {
  const t = text.trim().replace(/\.$/, '');
  // (Not "Bookings can be cancelled by the customer", nor "Customers can cancel a job": who may do it is a right, read as one.)
  if (/\bby\s+(?:the|a|an|their|its|any)\s/i.test(t)) return undefined;
  const passive = EXCEPTION_PASSIVE.exec(t);
  if (passive && !/^(?:it|they|this|that|one|some|there)$/i.test(passive[1]!)) return { topic: passive[1]!, value: EXCEPTION_STATES[passive[2]!.toLowerCase()]! };
  // ("Now and again a batch gets contaminated and we have to bin it": said to happen now and then, any state it gets into.)
  const now = NOW_AND_THEN_STATE.exec(t);
  if (now && !/^(?:it|they|this|that|one|some|there)$/i.test(now[1]!) && !/^(?:used|made|done|sold|booked|paid|sent|delivered|collected|returned|started|finished|completed)$/i.test(now[2]!)) return { topic: now[1]!, value: now[2]!.toLowerCase() };
  const active = EXCEPTION_ACTIVE.exec(t);
  if (active) return { topic: active[2]!, value: EXCEPTION_STATES[active[1]!.toLowerCase()]! };
  return undefined;
}

/**
 * "It can also be cancelled", "..., so it can also be waiting on parts": one more state of the
 * record whose states were just said, named by a pronoun; the author knows which record that is.
 */
export function readAlsoState(text: string): string | undefined {
  // ("Sometimes people cancel, and then ...": the records just described get cancelled.)
  const quit = /^(?:and\s+|but\s+)?(?:sometimes|occasionally|now\s+and\s+(?:then|again)|every\s+so\s+often|of\s+course)\s*,?\s+(?:people|customers|clients|they|someone|somebody|guests|members)\s+(cancel|cancels|withdraw|withdraws|pull\s+out|pulls\s+out)\b/i.exec(text.trim());
  if (quit) return /^(?:cancel|cancels)$/i.test(quit[1]!) ? 'cancelled' : 'withdrawn';
  // ("Sometimes the customer says no to the quote, then it's declined": what happens now and then ends in one more state.)
  const then = /^(?:and\s+|but\s+)?(?:sometimes|occasionally|now\s+and\s+(?:then|again)|every\s+so\s+often|once\s+in\s+a\s+while)\s*,?\s+[^,;]+[,;]\s*(?:and\s+)?(?:then|so)\s+(?:it|they)(?:['’]s|['’]re|\s+is|\s+are|\s+gets?|\s+becomes?|\s+goes\s+to)\s+([a-z]+(?:ed|en))$/i.exec(text.trim().replace(/[.!]$/, ''));
  if (then) return then[1]!.toLowerCase();
  // ("An accepted application then needs a fee to be paid; once paid it's confirmed": the state it reaches then.)
  const reached = /(?:^|[;,]\s*|\s+and\s+)(?:once|when|after)\s+(?:it['’]s\s+|they['’]re\s+|it\s+is\s+|they\s+are\s+)?[a-z]+(?:ed|en|id)\s*,?\s+(?:it|they)(?:['’]s|['’]re|\s+is|\s+are|\s+becomes?|\s+goes\s+to|\s+moves\s+to)\s+([a-z]+(?:ed|en))$/i.exec(text.trim().replace(/[.!]$/, ''));
  if (reached) return reached[1]!.toLowerCase();
  const also = /^(?:.*?,\s*(?:so|and|but|which\s+means)\s+)?(?:it|they|this|that)\s+(?:can|could|may|might|will\s+sometimes)\s+also\s+(?:be|end\s+up|go)\s+(?:an?\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})$/i.exec(text.trim().replace(/[.!]$/, ''));
  if (!also || /\bby\b|\b(?:useful|handy|helpful|nice|good|great|possible|necessary|important|shared|used|seen|viewed|read|edited|changed|deleted)\b/i.test(also[1]!)) return undefined;
  const said = also[1]!.toLowerCase();
  return EXCEPTION_STATES[said] ?? said.replace(/[\s-]+/g, '_');
}

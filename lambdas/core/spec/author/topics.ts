/**
 * Records a writer brings up before describing them, and the lists that then describe them with
 * no record named: "What I'd like first is somewhere to keep our customers. Name, phone number and
 * address are a must ...", "Every time we go out, that's a call-out. I'd want to record which
 * appliance it's for, ...", "We keep a few parts in the vans. For those it's just the part number,
 * ...". Chatty writing works like this: the topic is set by one sentence and the next says what
 * it holds. introducedTopic finds the topic a sentence sets; loneFieldList finds a list said
 * with no record of its own. The author joins the two.
 */
import { isBareFieldList } from './bare-lists';
import { tagTerms } from './tag';
import { splitFieldList } from './fields';

/** Words a topic is not: where things are, how they reach us, and what people are. */
const NOT_TOPICS = /^(?:thanks|cheers|regards|website|web|site|page|form|app|phone|phones|email|emails|account|system|spreadsheet|whiteboard|diary|notebook|book|paper|van|vans|garage|office|kitchen|shop|yard|house|home|place|track|eye|note|list|lot|lots|bit|bits|thing|things|stuff|everything|anything|something|way|time|money|people|folk|folks|them|it|one|ones)$/i;

/** The noun phrase a topic is named by, from the words after its verb: adjectives and nouns up to the first other word. */
function nounPhrase(words: string): string | undefined {
  const written = words.replace(/[^a-z\s-]/gi, ' ').replace(/\s+/g, ' ').trim().split(' ');
  // (A hyphenated word is one noun, "call-out", whatever the tagger makes of its parts.)
  // (Tagged after an article, where only a noun phrase can stand: "hires" alone is a verb, "the hires" a noun.)
  const terms = tagTerms(`the ${written.map((w) => (w.includes('-') ? 'thing' : w)).join(' ')}`).slice(1);
  const taken: string[] = [];
  const nouns: boolean[] = [];
  for (const [i, term] of terms.entries()) {
    const hyphenated = written[i]?.includes('-') ?? false;
    const noun = hyphenated || term.tags.has('Noun') || term.tags.has('Adjective');
    if (!noun || /^(?:whether|which|what|who|whom|whose|how|when|where|why|if)$/.test(term.normal) || term.tags.has('Pronoun') || term.tags.has('Preposition') || term.tags.has('Determiner')) break;
    taken.push(hyphenated ? written[i]!.toLowerCase() : term.normal);
    nouns.push(hyphenated || term.tags.has('Noun'));
    if (taken.length === 3) break;
  }
  // (The phrase ends on its noun: "our older customers" is the customers.)
  while (taken.length > 1 && !nouns[taken.length - 1]) {
    taken.pop();
    nouns.pop();
  }
  const phrase = taken.join(' ');
  return phrase && nouns[taken.length - 1] && !NOT_TOPICS.test(taken[taken.length - 1]!) ? phrase : undefined;
}

const DETERMINER = String.raw`(?:(?:all\s+)?(?:our|the|their|your|my)\s+|a\s+few\s+|a\s+couple\s+of\s+|some\s+|any\s+|all\s+|every\s+|each\s+|lots\s+of\s+|a\s+lot\s+of\s+|a\s+list\s+of\s+|a\s+record\s+of\s+|track\s+of\s+(?:(?:all\s+)?(?:our|the|their)\s+)?)?`;

/** Topics named where only a noun can stand, whatever else the word can be ("It starts with pitches"). */
const STARTS_WITH = /^(?:it|everything|this|the\s+whole\s+thing|it\s+all)\s+(?:all\s+)?(?:starts|begins|kicks\s+off)\s+with\s+(?:the\s+|our\s+|an?\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*[.!]?$/i;
const SAID_SIMPLE = /^(?:the\s+|our\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?[^s\W]s)\s+are\s+(?:pretty\s+|quite\s+|fairly\s+|very\s+|really\s+|dead\s+|nice\s+and\s+)?(?:straightforward|simple|easy|basic|short|quick|uncomplicated)(?:\s+enough)?\s*[.!]?$/i;
/** ("Clients first.", "Now the dogs first:": the record the writer starts with, said alone.) */
const FIRST_BARE = /^(?:(?:ok|okay|so|right|now)\s*,?\s+)?(?:the\s+|our\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?[^s\W]s)\s+first\s*[.!:]?$/i;
/** ("Packages are things like "Classic Four" or "Espresso Martini Bar".": what they are like, before what each has.) */
const THINGS_LIKE = /^(?:the\s+|our\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?[^s\W]s)\s+are\s+(?:things|ones|stuff|names|items)\s+like\b/i;
/**
 * "Then each job, which I call a commission.": the record, by the name the writer gives it (group 2),
 * and the everyday word for it (group 1).
 */
export const CALLED = /^(?:(?:then|next|and|now|also|finally)\s*,?\s+)?(?:each|every|the|our|a|an|my)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*,?\s+(?:which|that|what)\s+(?:i|we)\s+call\s+(?:a|an|the)?\s*([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*[.!]?$/i;
const THEN_BARE = /^(?:then|next|now|and\s+then|after\s+that|finally|also|plus|and\s+also)\s*,?\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?[^s\W]s)\b\s*(?:[,.!]|$)/i;

/** ("Kilns, obviously.", "The boats.": a record type said alone, as a sentence of its own, is described next.) */
/** Plurals said alone that are small talk or talk about the text, never a record ("Thanks.", "Details."). */
const NOT_SAID_ALONE = '(?:thanks|cheers|regards|wishes|questions|details|bits|things|basics|rules|notes|days|years|yes|plus|others|etc)';
const SAID_ALONE = new RegExp(String.raw`^(?:the\s+|our\s+|(?=[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?s\s*,\s*(?:obviously|of\s+course|naturally|too|as\s+well|next|then|first|again)\b))(?!${NOT_SAID_ALONE}\b)([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?[^s\W]s)\s*(?:,\s*(?:obviously|of\s+course|naturally|too|as\s+well|next|then|first|again))?\s*[.!:]?$`, 'i');

/**
 * "Then there are the patterns", "Next up, the swap meets", "The heart of it is the patients", "The last big thing is chemicals",
 * "We start with the candidates, our doctoral students": record types named alone, in the plural, before what each has;
 * "When a candidate is ready, they upload a thesis submission": one made, before what it has ("That has the title, ...");
 * "Our clients are the exporting companies": who they are, before what each has ("For each we keep ...").
 */
export const ANNOUNCED = /^(?:(?:and|then|next|also|now|finally|lastly|day to day|day-to-day)\s*,?\s+)*(?:(?:let's\s+|we'll\s+|i'll\s+|we\s+|i\s+)?start(?:ing)?\s+with\s+|first(?:\s+up)?\s*,\s+|there(?:'s|\s+is|\s+are|'re)\s+(?:also\s+)?|we(?:'ve|\s+have)\s+(?:also\s+)?got\s+|we\s+(?:also\s+)?have\s+|(?:so\s+)?we\s+(?:also\s+)?need\s+|next\s+up\s*,?\s+|on\s+to\s+|we\s+(?:also\s+)?(?:hold|run|organi[sz]e|host|put on)\s+|the\s+(?:heart|core|centre|center|hub|backbone|main part|most important (?:thing|part)|starting point|(?:last\s+|other\s+|final\s+|next\s+)?(?:big|main|biggest|important)\s+(?:thing|one))\s+(?:of\s+(?:it|it all|everything|the (?:system|app|whole thing))\s+)?(?:is|are)\s+|it(?:'s|\s+is)\s+all\s+(?:about|built around)\s+|(?:most|the bulk|the majority)\s+of\s+what\s+(?:i|we)\s+do\s+(?:is|are)\s+|(?:it(?:'s|\s+is)\s+)?mostly\s+|everything\s+(?:revolves|centres|centers|hangs)\s+(?:around|on)\s+)(?:(?:the|our|some|all\s+the)\s+)?([a-z]+(?:\s+[a-z]+)?s)(?:\s*,\s*(?:our|the|i\.e\.|that is|who are|which are|meaning)\s+[a-z ]{3,40})?$|^(?:and\s+)?we\s+(?:also\s+)?(?:keep track of|track|record|log|store|keep)\s+(?:every|each)\s+([a-z]+(?:\s+[a-z]+)?)$|^the\s+(?:(?:heart|core|centre|center|hub|backbone|main thing)\s+of\s+(?:it|it all|everything|the whole thing)|(?:main|big|biggest|first|most important|central)\s+thing\s+(?:we|i)\s+(?:track|keep track of|record|store|look after|manage|deal with|lend out|hire out|rent out|keep))\s+(?:is|are)\s+(?:the|our)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)$|^(?:(?:when|once|after)\s+[^,]{3,60},\s*)?(?:they|we|you|people)\s+(?:upload|submit|file|fill in|fill out|write|create|open|raise|log|send in|put in)\s+(?:a|an)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)$|^(?:our|the)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?s)\s+are\s+(?:the|our|all|mostly|mainly|usually)\s+[a-z -]{3,40}$/i;

/** The record a sentence announces, as written ("Then there are the hires" -> "hires"), or undefined. */
export function announcedRecord(text: string): string | undefined {
  const m = ANNOUNCED.exec(text.trim().replace(/[.!:]$/, ''));
  return m ? (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]) : undefined;
}

/** ("Shows. Each one has ...": a plural said alone is what "each one" in the next sentence is one of.) */
const PLURAL_ALONE = new RegExp(String.raw`^(?!${NOT_SAID_ALONE}\b)([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?[^s\W]s)\s*[.!:]?$`, 'i');
export function pluralSaidAlone(text: string): string | undefined {
  const m = PLURAL_ALONE.exec(text.trim());
  return m && !NOT_TOPICS.test(m[1]!.split(/\s+/).pop()!) ? m[1]!.toLowerCase() : undefined;
}

/** ("The people entering cats are exhibitors.": people said by what they do, then what they are called, described next.) */
const PEOPLE_ARE = /^(?:the\s+)?(?:people|ones|folk|those|persons)\s+(?:who\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:are|we\s+call)\s+(?:our\s+|the\s+|called\s+)?([a-z]+s)\s*[.!]?$/i;

/** ("The brands we work for are our clients.": what the writer calls them, described next.) */
const OURS_ARE = /^(?:the|our)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:that\s+|who\s+)?(?:we|i)\s+(?:[a-z]+\s+)?[a-z]+(?:\s+(?:for|with|to|from|on))?\s+are\s+(?:our|all\s+our)\s+([a-z]+s)\s*[.!]?$/i;
/** ("A referral is really just a nurse telling us that a patient would welcome a visit.": what it is, described next.) */
const JUST_SOMEONE = /^(?:an?|each|every)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+is\s+(?:(?:really|basically|simply|just|only)\s+)+(?:a|an|the|our|someone|somebody)\s+[a-z]/i;

const TOPIC_PATTERNS: RegExp[] = [
  // ("somewhere to keep our customers", "We keep a few parts in the vans")
  new RegExp(String.raw`\b(?:keep|keeps|store|stores|track|tracks|hold|holds|log|logs|list|lists|manage|manages|look\s+after|looks\s+after)\s+${DETERMINER}([a-z][a-z\s-]*)`, 'i'),
  // ("Every time we go out, that's a call-out."; not "so that's a big part of it", a share of what was said.)
  /\b(?:that's|that\s+is|that\s+would\s+be|it's|it\s+is|this\s+is|those\s+are|these\s+are|that's\s+what\s+we\s+call)\s+(?:a|an|one|our)\s+(?![a-z\s-]*\bof\s+(?:it|that|this|them|those|these|everything|the\s+job|the\s+work)\s*[.!]?$)([a-z][a-z\s-]*?)\s*[.!]?$/i,
  // ("bookings are the main thing", "the jobs are the heart of it": the record the writer is about to describe.)
  /^(?:the\s+|our\s+)?([a-z][a-z\s-]*?s)\s+(?:are|is)\s+(?:(?:the|our|really\s+the)\s+)?(?:main|big|biggest|important|most\s+important|key|core|central)\s+(?:thing|part|bit|one|job)s?\b/i,
  // ("It starts with pitches.", "Everything begins with the enquiry": what comes first is described next.)
  STARTS_WITH,
  // ("Issues are straightforward: ...", "Customers are simple enough": said to be simple, before what they hold.)
  SAID_SIMPLE,
  // ("Then invoices, which is where the chasing comes in.": the next topic, named without an article.)
  THEN_BARE,
  FIRST_BARE,
  // ("Sessions are the day-to-day bit.": whatever kind of bit.)
  /^(?:the\s+|our\s+)?([a-z][a-z-]*s)\s+are\s+(?:the|our|really\s+the)\s+(?:[a-z-]+\s+){1,3}?(?:thing|part|bit|side|stuff)\s*[.!]?$/i,
  /^(?:(?:then|and|now)\s+)?(?:the\s+)?(?:main|big|biggest|most\s+important|important|key|fun|tricky|busy)\s+(?:thing|part|bit|one)\s*(?:is|are|[,:-])\s*(?:the\s+|our\s+)?([a-z][a-z\s-]*?)\s*[!.]*$/i,
  THINGS_LIKE,
  JUST_SOMEONE,
  OURS_ARE,
  PEOPLE_ARE,
  SAID_ALONE,
  // ("the customer opens a return request against their order. They choose ...": the record they open is described next.)
  /\b(?:opens|raises|submits|files|fills\s+in)\s+(?:a|an)\s+(?:new\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:against|for|on|about)\s+(?:their|his|her|the|an?)\s+[a-z]+\s*[.!]?$/i,
  // ("Lastly, a list of our community faith contacts.": the record type the list is of, described next.)
  /^(?:(?:then|next|also|and|plus|after\s+that|finally|lastly|last(?:\s+of\s+all)?)\s*,?\s+)?(?:a|an|the|our)\s+(?:(?:simple|short|full|proper|separate|little)\s+)?(?:list|register|directory|log)\s+of\s+(?:all\s+)?(?:(?:our|the|my)\s+)?([a-z][a-z\s-]*?s)\s*(?:[.!:;]|,\s+(?:we|i)\b|$)/i,
  // ("Stockists are the shops and restaurants we sell to.": a record said to be what it is.)
  /^(?:the\s+|our\s+)?([a-z][a-z-]*s)\s+are\s+(?:the|our|all\s+the|any|basically\s+the|just\s+the)\s+[a-z]+/i,
  // ("Then the appliances at each house, because ...": a topic named alone.)
  // ("Then the trade customers.": two or three words, said alone.)
  /^(?:(?:then|next|also|and|plus|after\s+that|finally|now)\s*,?\s+)?(?:the|our|all\s+the|all\s+our)\s+((?:(?!(?:is|are|was|were|has|have|can|will|and|or|of|for|to|in|on|at|with)\s)[a-z][a-z-]*\s+){1,2}[a-z][a-z-]*[^s\W]s)\s*(?:[.!,;:]|$)/i,
  // ("Then the hires": the record named next; not "The Parks and Open Spaces team looks after ...", a team named after what it runs.)
  /^(?:(?:then|next|also|and|plus|after\s+that|finally|now)\s*,?\s+)?(?:the|our|all\s+the|all\s+our)\s+([a-z][a-z-]*s)\b(?!\s+(?:(?:only|also|just|always|never|often|usually|sometimes|really|all|both|then)\s+)?(?:is|are|was|were|can|could|will|would|should|must|need|needs|have|has|do|does|get|gets)\b)(?!\s+(?:and|&)\s+(?!the\b)[A-Za-z]+\s+[A-Za-z]+\s+(?:team|department|office|service|unit|section|group|committee)\b)/i,
];

const BY_PLACE = new Set([STARTS_WITH, SAID_SIMPLE, THEN_BARE, FIRST_BARE, THINGS_LIKE, JUST_SOMEONE, OURS_ARE, PEOPLE_ARE, SAID_ALONE]);

/** A form for asking for something: "a little form where people can ask for a visit" is a visit request. */
const FORM_FOR = /\bform\s+(?:where|so|so\s+that|for|in\s+which|that)\s+(?:people|customers|anyone|anybody|folk|they|clients|members|the\s+public)\s+(?:can\s+|could\s+)?(?:ask|apply|sign\s+up|register|enquire|put\s+in)\s+for\s+(?:a|an)\s+([a-z-]+)/i;

/** The record a sentence brings up, as written (a noun phrase), or undefined. */
/** What people do, as the record it leaves: "neighbours get to vote on the designs" leaves votes. */
const ACT_RECORDS: Readonly<Record<string, string>> = { vote: 'vote', rate: 'rating', review: 'review', comment: 'comment', bid: 'bid', nominate: 'nomination', apply: 'application', enter: 'entry', complain: 'complaint', pledge: 'pledge', donate: 'donation', volunteer: 'volunteer signup' };

/**
 * `named`: only a record said to be one ("that's a call-out", "bookings are the main thing", "the
 * important bit, the reservations"), not one merely kept ("we keep our customers"), which rights
 * sentences say too ("volunteers manage the bookings").
 */
export function introducedTopic(text: string, named = false): string | undefined {
  const said = text.trim().replace(/\([^()]*\)/g, ' ');
  const act = /\b(?:get|gets|can|could|may|are\s+able|is\s+able)\s+(?:to\s+)?(vote|rate|review|comment|bid|nominate|apply|enter|complain|pledge|donate)\s+(?:on|for|in|to|against)\b/i.exec(said);
  if (act) return ACT_RECORDS[act[1]!.toLowerCase()];
  const form = FORM_FOR.exec(said);
  if (form) return `${form[1]!.toLowerCase()} request`;
  const called = CALLED.exec(said);
  if (called) return called[2]!.toLowerCase();
  for (const [at, pattern] of TOPIC_PATTERNS.entries()) {
    if (named && at === 0) continue;
    const m = pattern.exec(said);
    // ("that's a sweep": after "a" at the end of the sentence, the word is a noun, whatever else it can be.)
    const afterArticle = (at === 1 || BY_PLACE.has(pattern)) && m && m[1]!.trim().split(/\s+/).length <= 2 ? m[1]!.trim().toLowerCase() : undefined;
    const phrase = afterArticle && !NOT_TOPICS.test(afterArticle.split(/\s+/).pop()!) ? afterArticle : m ? nounPhrase(m[1]!) : undefined;
    if (phrase) return phrase;
  }
  return undefined;
}

/** A list said with no record of its own, and whether the sentence makes its items required. */
export interface LoneList {
  list: string;
  required: boolean;
  /** Items of a long list no field could be made of ("going to the airport or coming back from it"): asked about. */
  unread?: string[];
}

/**
 * A long list is read when most of its items are fields: one odd item ("going to the airport or
 * coming back from it") is asked about rather than losing the other ten.
 */
function mostlyFields(list: string): { list: string; unread: string[] } | undefined {
  if (isBareFieldList(list)) return { list, unread: [] };
  // ("their postcode, which they have to give so we know they're local": a remark on the item before, no item.)
  // ("..., against the proposal they like": the record it is made against, a reference.)
  const items = splitFieldList(list)
    .reduce<string[]>((kept, item) => (/^(?:which|who|that)\s+(?:is|are|was|were|has|have|must|can|should|will|they|we|you|it|i|he|she)\b/i.test(item.trim()) && kept.length > 0 ? [...kept.slice(0, -1), `${kept[kept.length - 1]!} (${item.trim()})`] : [...kept, item]), [])
    .map((item) => item.replace(/^(?:against|for|on|about|towards)\s+(?:the|a|an|their|which)\s+([a-z]+)\b.*$/i, 'the $1'));
  if (items.length >= 2 && items.every((item) => isBareFieldList(item, true))) return { list: items.join(', '), unread: [] };
  const fields = items.filter((item) => isBareFieldList(item, true));
  return items.length >= 4 && fields.length * 4 >= items.length * 3 ? { list: fields.join(', '), unread: items.filter((item) => !fields.includes(item)) } : undefined;
}

/** Openers before a list that name no record: "For those it's just ...", "I'd want to record ...", "It would take ...". */
const OPENERS: RegExp[] = [
  /^(?:(?:and|so|then)\s+)?for\s+(?:those|these|them|each\s+one|every\s+one|each\s+of\s+them|each|that|this|it)(?=\s*[,:]|\s+(?:it's|it\s+is|i|we|i'd|we'd|there's)\b)\s*[,:]?\s+(?:it's\s+(?:just\s+|only\s+|mainly\s+)?|it\s+is\s+(?:just\s+)?|(?:i|we)(?:'d|\s+would)?\s+(?:just\s+|also\s+)?(?:want|need|like|keep|record|note|track|store|take|log)\s+(?:to\s+(?:record|keep|know|note|track|store|have|see)\s+)?|there's\s+|we\s+have\s+)?(.+)$/i,
  /^(?:(?:and|so|then)\s+)?(?:i|we)(?:'d|\s+would)?\s+(?:also\s+)?(?:want|need|like|love)\s+to\s+(?:record|keep|know|note|track|store|log|capture|see|have)\s+(.+)$/i,
  /^(?:(?:and|so|then)\s+)?(?:i|we)\s+(?:just\s+|only\s+|simply\s+)?(?:take|ask\s+for|collect|note\s+down|write\s+down|jot\s+down)\s+(.+)$/i,
  // ("Clients first. We keep their full name, which is a must, an email address, ...": theirs, the record just brought up.)
  /^(?:(?:and|so|then)\s+)?(?:i|we)\s+(?:also\s+)?(?:keep|store|record|note|track|hold|need|have)\s+((?:their|its)\s+.+)$/i,
  // ("They'd need to give us the patient's name and the ward ...": what whoever makes one must tell us, more of it.)
  /^(?:(?:and|so|then)\s+)?(?:they|you|people|staff)(?:'d|\s+would|'ll|\s+will)?\s+(?:also\s+)?(?:need\s+to|have\s+to|must|should)\s+(?:give\s+us|tell\s+us|provide|supply|fill\s+in|put\s+in)\s+(.+)$/i,
  /^(?:(?:and|so|then)\s+)?(?:it|that|this|the\s+form|each\s+one|every\s+one|each\s+of\s+them)\s+(?:would\s+|will\s+|should\s+|could\s+|just\s+|only\s+)*(?:take|takes|ask\s+for|asks\s+for|need|needs|hold|holds|collect|collects|record|records|want|wants)\s+(.+)$/i,
];

/** "Name, phone number and address are a must, because ..., plus email if they've got one": required, then optional. */
const MUST = /^(.+?)\s+(?:are|is)\s+(?:all\s+|both\s+)?(?:a\s+must|musts|required|needed|essential|mandatory|compulsory|non-negotiable)\b(.*)$/i;
const PLUS = /,\s*(?:plus|and\s+also)\s+(.+)$/i;

export function loneFieldList(part: string): LoneList | undefined {
  const text = part.trim().replace(/[.!]$/, '');
  const must = MUST.exec(text);
  // (A list of two or more: "it is required", "both are a must" say nothing of which fields.)
  // (Nor "the challenger and the challenged player, and both are required": the rule of a list read already.)
  // ("Name is a must, plus breed, ...": one is enough when more follow.)
  if (must && (splitFieldList(must[1]!).length >= 2 || (PLUS.test(must[2]!) && isBareFieldList(must[1]!, true))) && !/\b(?:both|all|each|they|them|these|those|it|that|this)$/i.test(must[1]!.trim()) && isBareFieldList(must[1]!, true)) {
    const required = splitFieldList(must[1]!).map((item) => `${item} (required)`).join(', ');
    // ("plus email if they've got one", "plus the colour if anyone knows it": the condition is what makes it optional.)
    const optional = PLUS.exec(must[2]!)?.[1]!.replace(/\([^()]*\)/g, ' ').replace(/\s+(?:if|when|where|as long as)\s.*$/i, '').trim();
    const extra = optional && isBareFieldList(optional, true) ? `, optionally ${optional}` : '';
    // ("customer name and phone number are a must, email if they have one, the address (must have that too), ...": the
    // list goes on after the rule, each item with its own.)
    const goesOn = !extra ? /^\s*,\s*(?:and\s+)?(.+)$/.exec(must[2]!) : null;
    const rest = goesOn && splitFieldList(goesOn[1]!).length >= 2 ? mostlyFields(goesOn[1]!) : undefined;
    if (rest) return { list: `${required}, ${rest.list}`, required: true, ...(rest.unread.length > 0 ? { unread: rest.unread } : {}) };
    return { list: `${required}${extra}`, required: true };
  }
  // ("It needs a start date ... We also ask how wide their access is": what is asked, one question or more, is more of it.)
  // ("We also tick whether the sample has been approved, because ...": a yes/no of it, ticked.)
  const asked = /^(?:(?:and|so|then)\s+)?(?:i|we)\s+(?:also\s+)?(?:ask|ask\s+them|ask\s+for|need\s+to\s+know|tick|note|mark|record)\s+((?:how|what|which|whether|when|where|their|its|the)\s+.+?)(?:,?\s+(?:because|as|since|so that)\s+.*)?$/i.exec(text);
  if (asked && isBareFieldList(asked[1]!, true)) return { list: asked[1]!, required: false };
  // ("When the full inquest ends we record the conclusion: natural causes, accident or open": one more field, with its values.)
  const recorded = /^(?:(?:when|once|after|whenever)\s+[^,:]{3,60}?\s*,?\s+)?(?:i|we)\s+(?:also\s+)?(?:record|note|log|enter|add|write\s+down|keep)\s+((?:the|its|their)\s+[a-z]+(?:\s+[a-z]+)?)\s*:\s*([^:]+\s(?:or|and)\s[^:]+)$/i.exec(text);
  if (recorded && isBareFieldList(recorded[1]!, true)) return { list: `${recorded[1]!} (${recorded[2]!.replace(/[()]/g, ' ').trim()})`, required: false };
  // ("They choose a reason (...), write some details, and can attach a photo": what they give when they make one,
  // each item after its own verb, more of it.)
  const given = /^(?:(?:and|so|then)\s+)?(?:they|you|customers?|clients?|members?|people)\s+(?:(?:can|must|should|then|also)\s+)?((?:choose|pick|select|give|enter|write|add|attach|upload|tick|fill\s+in)\s+.+)$/i.exec(text);
  const givenList = given?.[1]!.replace(/(^|,\s*(?:and\s+)?|\s+and\s+)(?:(?:can|may|also|then|optionally)\s+)*(?:choose|pick|select|give|enter|write|add|attach|upload|tick|fill\s+in)\s+/gi, (_m, lead: string) => (lead.trim() ? ', ' : ''));
  const givenRead = givenList ? mostlyFields(givenList) : undefined;
  if (givenRead && splitFieldList(givenList!).length >= 2) return { list: givenRead.list, required: false, ...(givenRead.unread.length > 0 ? { unread: givenRead.unread } : {}) };
  for (const opener of OPENERS) {
    const m = opener.exec(text);
    const read = m ? mostlyFields(m[1]!) : undefined;
    if (read) return { list: read.list, required: false, ...(read.unread.length > 0 ? { unread: read.unread } : {}) };
  }
  return undefined;
}

/** What a client gives a record, said after the colon: "they give it a style number, ...". */
const GIVEN = String.raw`(?:they|we|you|clients|customers)\s+(?:give|send|supply|provide)\s+(?:it|one)\s+(?:with\s+)?`;
const COLON_LIST = new RegExp(String.raw`^(.*?)\s*:\s+(?:${GIVEN})?(.+)$`, 'i');
const GIVEN_AFTER_COLON = new RegExp(String.raw`:\s+${GIVEN}`, 'i');

/**
 * "so we need corporate accounts too: company name, billing email, ...": a list after a colon
 * describes the noun phrase the clause before the colon ends on.
 */
export function colonListTopic(part: string): { topic: string; list: string } | undefined {
  // ("A style is basically one garment design: they give it a style number, ...": what it is, then what it is given.)
  // ("so we need pubs too - name, contact person, ...": a dash after what is needed is the colon.)
  const m = COLON_LIST.exec(part.trim().replace(/[.!]$/, '').replace(/^([^:–—-]*\b(?:need|needs|keep|track|want)\s+(?:the\s+|our\s+)?[a-z]+s\s+(?:too|as well|also))\s+[-–—]\s+(?=[a-z])/i, '$1: '));
  const given = m !== null && GIVEN_AFTER_COLON.test(part);
  if (!m || !isBareFieldList(m[2]!) || splitFieldList(m[2]!).length < 2) return undefined;
  const before = m[1]!.replace(/\s+(?:too|as well|also|then|now|please|here)$/i, '');
  // ("We'd need to keep the older people we support (we call them members): ...": the name the text gives them.)
  const calledSo = /\((?:we|i)\s+call\s+(?:them|those|these|it|each\s+one)\s+(?:an?\s+|our\s+|the\s+)?([a-z]+(?:\s+[a-z]+)?)\)$/i.exec(before);
  if (calledSo && isBareFieldList(m[2]!)) return { topic: calledSo[1]!.toLowerCase(), list: m[2]! };
  // (Not "the north shore of Lake Carrow: paddleboards, kayaks and canoes": a place by its name, and the kinds of things there.)
  // ("we put up each fish: the species, ...": whatever the verb, "each X" before the colon is what the list describes.)
  // ("Invoices go to parents monthly: invoice number, ...": the things the clause is about, when it starts with them.)
  // ("Sessions are the slots in the visits hall: a start date, ...": what the records are, then their fields.)
  const subject =
    /^(?:the\s+|our\s+|and\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?[^s\W]s)\s+(?:go|get|come|are\s+sent|are\s+made|are\s+done|are\s+raised|happen|run|work)\b[^:]*$/i.exec(before) ??
    // ("A visit is logged by the volunteer afterwards: the date, ...": the record written up, whoever writes it.)
    /^(?:an?|each|every|the)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:is|gets)\s+(?:logged|recorded|written\s+up|filled\s+in|entered|noted\s+down|created|added|kept|made)\b[^:]*$/i.exec(before) ??
    /^(?:the\s+|our\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?[^s\W]s)\s+are\s+(?:just\s+|basically\s+|really\s+|simply\s+)?(?:the|our)\s+(?:(?!(?:and|can|who|which|that|we|they)\b)[a-z'-]+\s+){0,5}?[a-z'-]+$/i.exec(before) ??
    (given ? /^(?:an?|each|every)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+is\s+(?:(?:basically|just|really|simply|essentially)\s+)?(?:one|a|an)\s+[a-z-]+(?:\s+[a-z-]+)?$/i.exec(before) : null);
  const ending =
    subject ??
    /\b(?:need|needs|want|wants|keep|keeps|have|has|track|tracks|store|stores|record|records|log|logs|hold|holds|add|adds|also|note|notes|take down|takes down|write down|writes down|ask for|asks for|collect|collects|list|lists|(?<=\b(?:[Ww]e|I|[Tt]hey|[Yy]ou|[Ss]taff)\s+(?:also\s+|then\s+|usually\s+|just\s+)?)(?:send out|send|issue|raise|make|create|sell|offer|run|print|produce))\s+(?:(?:the|our|their|all|all the|some|a few|any|every|each)\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})$/.exec(before) ??
    /\b(?:each|every)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)$/.exec(before);
  const kinds = splitFieldList(m[2]!).every((item) => /^[a-z-]+(?:\s+[a-z-]+)?s$/i.test(item.trim()));
  if (kinds) return undefined;
  // (After its verb and before the colon, the phrase is a noun phrase, whatever else its words can be: "trade accounts".)
  const topic = ending?.[1]!.toLowerCase();
  const said = topic?.split(/\s+/) ?? [];
  return topic && !said.some((w) => /^(?:it|them|this|that|these|those|to|a|an|the|and|or|with|in|on|at|by|from|is|are|be)$/.test(w)) && !NOT_TOPICS.test(said[said.length - 1]!) ? { topic, list: m[2]! } : undefined;
}

/**
 * "drivers upload their fuel receipts - just a picture off the phone, jpg or png, under 5 MB - with
 * the amount, the date and which car it was for": a record people make, a file it is, and its fields.
 */
// ("the writer raises an invoice against their commission with the amount, ...": what it is against is said too.)
const MADE_WITH = /^(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:can\s+|will\s+|also\s+|should\s+|just\s+|then\s+)*(?:upload|uploads|add|adds|log|logs|record|records|submit|submits|send\s+in|sends\s+in|file|files|enter|enters|scan|scans|put\s+in|puts\s+in|raise|raises)\s+(?:their|his|her|a|an|the|any)\s+(?<record>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*(?:[-–—,(]\s*(?<file>.+?)\s*[-–—,)])?(?:\s+(?:against|for|on)\s+(?:their|his|her|the|a|an|that|this)\s+(?<against>[a-z][a-z-]*))?\s+(?:with|including|plus)\s+(?<list>.+)$/i;

/** "Each time one of us sees the patient we'd write up a visit against the referral – who visited, when, ...": the record made each time, and its fields. */
const MADE_EACH_TIME = /^(?:(?:each|every)\s+time|whenever|after|once)\s+[^,–—:]{3,80}?\s*,?\s+(?:we|i|they|you)(?:'d|\s+would|'ll|\s+will)?\s+(?:also\s+)?(?:write\s+up|log|record|fill\s+in|add|make|create|enter|put\s+in|file|open)\s+(?:a|an)\s+(?<record>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(?:\s+(?:against|for|on|under)\s+(?:their|his|her|the|that|this)\s+(?<against>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?))?\s*(?:[-–—:]|,\s*with)\s+(?<list>.+)$/i;

export function madeWithList(part: string): { record: string; file?: string; list: string; against?: string } | undefined {
  const said = part.trim().replace(/[.!]$/, '');
  const g = (MADE_WITH.exec(said) ?? MADE_EACH_TIME.exec(said))?.groups;
  if (!g || !isBareFieldList(g.list!) || splitFieldList(g.list!).length < 2) return undefined;
  // (After its article the word is a noun, whatever else it can be: "raises an invoice".)
  const named = g.record!.toLowerCase();
  const record = nounPhrase(g.record!) ?? (!NOT_TOPICS.test(named.split(/\s+/).pop()!) ? named : undefined);
  if (!record) return undefined;
  // ("just a picture off the phone, jpg or png, under 5 MB please": the record is a file, said with its kinds and size.)
  const file = g.file && /\b(?:pic|picture|photo|image|scan|pdf|document|file|screenshot|jpe?g|png)s?\b/i.test(g.file) ? g.file.replace(/^(?:just|only|simply)\s+/i, '').replace(/\s+(?:off|from)\s+(?:the|their|a)\s+phones?\b/i, '').replace(/\s*,?\s*(?:please|pls|thanks)\b/gi, '') : undefined;
  return { record, ...(file ? { file } : {}), list: g.list!, ...(g.against ? { against: g.against.toLowerCase() } : {}) };
}

/** "the milk that goes into the vat is logged as a milk collection": the name the record is kept under. */
export function keptAs(text: string): string | undefined {
  const m = /\b(?:is|are|gets|get)\s+(?:logged|recorded|kept|entered|stored|tracked|filed|booked\s+in|written\s+up)\s+as\s+(?:a|an|one)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*[.!]?$/i.exec(text.trim());
  // ("## The people we deliver to  We call them recipients.": the name the heading's records go by.)
  const called = /^(?:we|i)\s+(?:just\s+)?call\s+(?:them|those|these|each one|each of them)\s+(?:an?\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*[.!]?$/i.exec(text.trim());
  return m ? m[1]!.toLowerCase() : called ? called[1]!.toLowerCase() : undefined;
}

/**
 * "Buyers are registered once with us and get a buyer number for bidding, which is required": a
 * record said by what happens to it, and what it is given. The subject as written, and the list
 * it gets (empty when none).
 */
export function passiveSubject(part: string): { subject: string; list: string } | undefined {
  const m = /^(?:the\s+|our\s+|all\s+)?([a-z]+s)\s+(?:are|get)\s+(?:(?:all|always|usually|first|each)\s+)?([a-z]+ed)\b(.*)$/i.exec(part.trim().replace(/[.!]$/, ''));
  if (!m) return undefined;
  // ("the dogs get tired and it stops doing them any good": how they feel, no act on a record.)
  if (tagTerms(part).find((t) => t.normal === m[2]!.toLowerCase())?.tags.has('Adjective')) return undefined;
  const given = /\band\s+(?:then\s+)?(?:get|have|receive|are\s+given)\s+(.+)$/i.exec(m[3]!);
  const list = given ? given[1]!.replace(/\s+for\s+[a-z]+ing\b/i, '') : '';
  return { subject: m[1]!, list: list && isBareFieldList(list, true) ? list : '' };
}

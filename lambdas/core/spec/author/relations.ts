/**
 * Relations stated in prose, by patterns kept as data, in both directions: "A marina has many
 * docks", "each dock belongs to one marina", "A berth assignment links one boat to one berth",
 * "an order has many order lines, each for one plant", "a review is about exactly one film".
 * Each reading is a list of (child, parent) pairs: the child holds a required reference.
 */
import { SOME_ARE_ON_ONE, complements } from './definitions';
import { Remembered } from './remembered';
import { singular } from '../offline-author/text';

export interface RelationReading {
  pairs: Array<{ child: string; parent: string; optional?: boolean }>;
  /** The child's field list when the clause goes on ("... and has a borrowed date and a due date"). */
  list?: string;
  /**
   * The child links the others rather than belonging to them ("an appointment links a patient and
   * a doctor"): its references keep it when one of them is deleted (restrict), where a record that
   * belongs to another goes with it (cascade).
   */
  link?: boolean;
  /**
   * Read by a pattern any verb fits ("a teacher teaches many classes", "an employee works in one
   * department"): a relation only between record types the text describes.
   */
  loose?: boolean;
  /** The child may have none ("at most one purchase order"): its reference is optional. */
  optional?: boolean;
  /**
   * Made by people booking the parent ("members can book a place on a class"): a record of its
   * own only where no record type the text describes refers to the parent already.
   */
  booking?: boolean;
}

const DET = String.raw`(?:(?:each|every|a|an|the|one|any(?:\s+one)?)\s+)?`;
const NP = String.raw`([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)`;
/** (Longer wordings first: "a single room" is one room, not a "single room".) */
// ("a particular customer at one of that customer's properties": one, said of a particular one or of another's.)
const ONE = String.raw`(?:exactly one|only one|just one|one and only one|at most one|zero or one|no more than one|a single|one single|(?:a|one) (?:particular|specific|given)|one of (?:that|the|this) [a-z-]+['’]s|one of (?:their|its|his|her|the)|one of (?:those|these|our|my|us|you)(?=\s+(?!(?:states|statuses|stages|steps|phases|options|values|kinds|types|sorts|categories|levels|ways)\b))|a|an|one|the|its|their)\s+`;
/** A passive's participle, regular or one of the common irregular ones ("is sold on", "is held at"). */
const PARTICIPLE = String.raw`(?:[a-z]+(?:ed|en|ght|wn)|sold|held|let|told|paid|sent|lent|spent|kept|left|lost|found|made|run|put|set|done|given|built|led|rung|sung|hung|won|spun|struck|dug|stuck|shot|met|fed|bred|read)`;
/** Before the verb: "every module must belong to one course", "a track can only belong to one album". */
// ("An alteration request is also for one scaffold": what else it is, too.)
const MODAL = String.raw`(?:(?:must|should|can|will|may|has to|have to)\s+)?(?:only\s+)?(?:always\s+)?(?:also\s+)?`;
const MANY = String.raw`(?:many|several|multiple|one or more|1 or more|\d+ or more|more than one|zero or more|any number of|a number of|lots of|a lot of|loads of|heaps of|tons of|a bunch of|dozens of|some|plenty of)\s+`;
/** Where or when the many are, after them ("many firefighters on its roll", "many turnouts over the years"): no record type. */
// ("An application can have several payments against it (people often pay in two halves)": against it, and why, say nothing more.)
const AFTER_MANY = String.raw`(?:\s+(?:on|over|in|at|during|across|throughout)\s+(?:its|their|the|a|an)\s+[a-z]+|\s+over\s+time|\s+(?:each|every)\s+(?:week|month|year|season)|\s+going\s+out\s+with\s+it|\s+(?:against|on|for|under|in|with)\s+(?:it|them))?(?:\s*\([^()]*\))?`;

/** What may follow a relation: the child's fields ("..., and it has a start date", "and we write down the crop"). */
const TAIL = String.raw`(?:\s*(?:,\s*(?:and\s+)?|,?\s+and\s+)(?:(?:may|can|might|will)\s+(?:also\s+)?(?=(?:carry|hold|include|record|note|say)\s+(?!(?:many|several|multiple|lots|any number)\b)))?(?:(?:it|they)\s+(?:has|have|records?|says|notes|shows|stores|holds|keeps|covers)|carry|has|have|holds?|includes?|contains?|covers?|records?|keeps?|stores?|notes|lists|tracks|says|carries|names|specifies|gives|(?:we|you|they|i)\s+(?:also\s+)?(?:write down|jot down|note down|put down|record|note|store|keep|track|log))\s+(.+)|\s*:\s*(.+)|\s*,\s*with\s+(.+)|\s*,?\s+and\s+(?:is|are)\s+(?:always\s+)?[a-z]+(?:ed|en)\s+((?:in|at|on|by|for|with|between|from|to)\s+.+)|\s*,\s*((?:at|on|from|by)\s+(?:a|an|the)\s+.+))?`;

/**
 * Verbs whose act is a record of its own, written about another ("agents reply to tickets" makes
 * replies on tickets), with the record's name and the field a reader expects it to carry.
 */
const ACT_RECORDS: Record<string, { record: string; list?: string }> = {
  reply: { record: 'reply', list: 'a body (required)' },
  respond: { record: 'response', list: 'a body (required)' },
  comment: { record: 'comment', list: 'a body (required)' },
  answer: { record: 'answer', list: 'a body (required)' },
};
/** `reply` -> `repl(?:y|ies)`, `comment` -> `comments?`. */
const ACT_VERB = Object.keys(ACT_RECORDS)
  .map((v) => (v.endsWith('y') ? `${v.slice(0, -1)}(?:y|ies)` : `${v}s?`))
  .join('|');
const actOf = (verb: string) => ACT_RECORDS[verb.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '')]!;

interface Pattern {
  example: string;
  re: RegExp;
  /** Build the pairs from the match's groups. */
  pairs: (m: RegExpExecArray) => Array<{ child: string; parent: string }>;
  /** The group holding the child's field list, if the pattern reads one. */
  list?: number;
  /** The child's fields when the clause names none (a reply has a body). */
  usualList?: (m: RegExpExecArray) => string | undefined;
  /** Whether the child links the others (see RelationReading.link). */
  link?: (m: RegExpExecArray) => boolean;
  /** See RelationReading.loose. */
  loose?: boolean;
  /** See RelationReading.booking. */
  booking?: boolean;
}

/** The record an act of joining makes ("register" -> registration). */
const ACT_NOUNS: Record<string, string> = { register: 'registration', enrol: 'enrolment', enroll: 'enrollment', 'sign up': 'signup', apply: 'application', subscribe: 'subscription' };

const PATTERNS: Pattern[] = [
  {
    example: 'We keep an assignment for each volunteer on each shift / there is one entry per boat per race',
    // (A record for each pair: it refers to both, and links them.)
    re: new RegExp(String.raw`^(?:(?:so|and)\s+)?(?:we\s+(?:keep|have|make|create|record|store|log)|there(?:'s|\s+is|\s+will be)|you\s+(?:get|have))\s+(?:a|an|one)\s+${NP}\s+(?:for|per)\s+(?:each|every|a|an)\s+${NP}\s+(?:on|in|at|for|per|of)\s+(?:each|every|a|an)\s+${NP}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }, { child: m[1]!, parent: m[3]! }],
    link: () => true,
  },
  {
    example: 'For each event we put together quotes, usually more than one (records made for each of another)',
    re: new RegExp(String.raw`^for\s+(?:each|every)\s+${NP}\s*,?\s+(?:we|they|you|i|staff)\s+(?:put together|draw up|write up|make up|make|create|prepare|write|issue|raise|send out|send)\s+(?:one or more\s+|several\s+|some\s+|a few\s+|any number of\s+)?(?!(?:its|their|his|her|the|a|an|our)\s)([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?s)(?:\s*,\s*(?:usually|often|sometimes|maybe|possibly|normally)\b.*)?$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }],
  },
  {
    example: 'A session is one class at a start time (one of another record, at a time it holds)',
    re: new RegExp(String.raw`^(?:so\s+|and\s+)?${DET}${NP}\s+(?:is|are)\s+(?:one|a single|exactly one)\s+${NP}\s+(?:at|on|for)\s+(?:a|an|one|its own)\s+((?:start|end|given|particular|set)?\s*(?:time|date|date and time|day))(?:\s*,?\s+and\s+.+)?$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
    list: 3,
  },
  {
    example: 'Pets belong to owners (both in the plural, no count said)',
    re: /^(?:all\s+|our\s+)?([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?s)\s+(?:always\s+)?(?:belong to|are owned by|are part of)\s+(?:their\s+)?([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?s)$/i,
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
  },
  {
    example: 'Agents reply to tickets / members comment on posts (with a body)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:can\s+|may\s+)?(${ACT_VERB})\s+(?:to|on)\s+(?:(?:a|an|the|their|its|any|each)\s+)?${NP}(?:\s+with\s+(.+))?$`, 'i'),
    pairs: (m) => [{ child: actOf(m[2]!).record, parent: m[3]! }],
    list: 4,
    usualList: (m) => actOf(m[2]!).list,
  },
  {
    example: 'Members can book a place on a class (people booking a record the text describes: a booking of it)',
    // (Only where no record type is already the booking, see bookedRecord in author.ts.)
    // (A place on something many people go to; "book a lesson" may make the lesson itself, so the occasion is said.)
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:can|could|may|will be able to|should be able to|want to|need to)\s+(?:also\s+|then\s+)?(book|reserve)\s+(?:(?:(?:a|their|one)\s+(?:place|spot|seat|space)s?\s+(?:on|in|at|for)\s+|onto\s+|into\s+)(?:(?:a|an|the|their|any|each|one)\s+)?${NP}|(?:(?:a|an|the|any|each|one)\s+)?((?:[a-z]+\s+)?(?:class|classes|session|sessions|course|courses|event|events|tour|tours|trip|trips|workshop|workshops|camp|camps|excursion|excursions|screening|screenings|performance|performances|retreat|retreats|webinar|webinars|seminar|seminars|outing|outings)))(?:\s+(?:if|when|as long as|unless|online|in advance|ahead)\b.*)?$`, 'i'),
    pairs: (m) => [{ child: /^reserve$/i.test(m[2]!) ? 'reservation' : 'booking', parent: (m[3] ?? m[4])! }, { child: /^reserve$/i.test(m[2]!) ? 'reservation' : 'booking', parent: m[1]! }],
    booking: true,
  },
  {
    example: 'Members can sign up for a course / enrol on a class (people joining a record the text describes: an enrolment in it)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:can|could|may|will be able to|should be able to|want to|need to)\s+(?:also\s+|then\s+)?(?:sign\s+up\s+for|sign\s+up\s+to|enrol\s+(?:on|in|onto|for)|enroll\s+(?:on|in|for)|register\s+for)\s+(?:(?:a|an|the|any|each|one)\s+)?((?:[a-z]+\s+)?(?:class|classes|course|courses|workshop|workshops|programme|programmes|program|programs|module|modules|term|terms|camp|camps))(?:\s+(?:if|when|as long as|unless|online|in advance)\b.*)?$`, 'i'),
    pairs: (m) => [{ child: 'enrolment', parent: m[2]! }, { child: 'enrolment', parent: m[1]! }],
    booking: true,
  },
  {
    example: 'A berth assignment links one boat to one berth (for a season)',
    // ("A lease links a tenant to a plot with a start date": what it has, after "with" with no comma too.)
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:links?|connects?|joins?|pairs?|ties?|matches)\s+${ONE}${NP}\s+(?:to|with|and)\s+${ONE}${NP}(?:\s+for\s+(?:a|an|the|each)\s+\w+)?${TAIL.replace(String.raw`|\s*,\s*with\s+(.+)`, String.raw`|(?:\s*,\s*|\s+)with\s+(.+)`)}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }, { child: m[1]!, parent: m[3]! }],
    list: 4,
    link: () => true,
  },
  {
    example: 'A booking links one prisoner, one lead visitor and one session (all three must be set), with the number of adults, ...',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:links?|connects?|joins?|ties?(?:\s+together)?|brings?\s+together)\s+${ONE}${NP}\s*,\s*${ONE}${NP}\s*,?\s+and\s+${ONE}${NP}(?:\s*\([^()]*\))?${TAIL}$`, 'i'),
    pairs: (m) => [2, 3, 4].map((k) => ({ child: m[1]!, parent: m[k]! })),
    list: 5,
    link: () => true,
  },
  {
    example: 'An order has many order lines, each for one plant',
    // (Also "Orders contain order lines, each pointing at a product".)
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:has|have|contains?|holds?|includes?)\s+(?:${MANY})?${NP}\s*,\s*each\s+(?:for|of|with|about|on|pointing (?:at|to)|linked to|referring to|tied to)\s+${ONE}${NP}$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }, { child: m[2]!, parent: m[3]! }],
  },
  {
    example: 'Projects are owned by clients / a ticket is raised by a customer (the one who does it, named in the plural too)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:always\s+)?(?:owned|managed|held|created|made|written|submitted|filed|raised|placed|booked|led|taught|coached|organi[sz]ed|hosted|issued)\s+by\s+(?:(?:a|an|one|the|exactly one|a single)\s+)?${NP}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
    // (Only between described record types: "the hall is managed by a small committee" names who runs the business.)
    loose: true,
  },
  {
    example: 'A loan is one book borrowed by one member (a record that is one of a kind, acted on by one of another)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:one|a|an|a single|exactly one)\s+${NP}\s+[a-z]+(?:ed|en|wn|ght|ing)\s+(?:by|from|to|for|at|in)\s+${ONE}${NP}${TAIL}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }, { child: m[1]!, parent: m[3]! }],
    list: 4,
  },
  {
    example: 'People sign up for a class by making an enrolment (the record made is of the one signed up for)',
    re: new RegExp(String.raw`^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:(?:can|may|will|should|must)\s+)?(?:sign(?:s)? up for|register(?:s)? for|enrol(?:l)?(?:s)? (?:in|on|for)|appl(?:y|ies) for|book(?:s)?|reserve(?:s)?|join(?:s)?)\s+${ONE}${NP}\s+by\s+(?:making|creating|filling in|filling out|submitting|placing|sending|opening)\s+${ONE}${NP}${TAIL}$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }],
    list: 3,
  },
  {
    example: 'Attendees register for events / students enrol in courses (the record of the act, a registration, is of the event)',
    re: new RegExp(String.raw`^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:(?:can|may|will|must|should|first)\s+)?(register|enrol|enroll|sign up|apply|subscribe)(?:s|ed)?\s+(?:for|in|on|to|onto)\s+(?:(?:a|an|the|one|any|each)\s+)?${NP}$`, 'i'),
    pairs: (m) => [{ child: ACT_NOUNS[m[1]!.toLowerCase()]!, parent: m[2]! }],
    loose: true,
  },
  {
    example: 'Counsellors write incident notes about a child / leave comments on a post / open a return request against their order (what is made, about what)',
    re: new RegExp(String.raw`^(?:(?:and\s+)?(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:(?:can|may|will|must|should|also)\s+)*)?(?:write|leave|add|log|post|record|file|raise|submit|make|open)s?\s+(?:(?:a|an)\s+)?(?:new\s+)?(?!(?:belongs?|is|are|has|have|links?|contains?|goes|refers?|points?)\b)${NP}\s+(?:about|on|for|against|to)\s+(?:a|an|the|each|any|their|one)\s+${NP}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
    loose: true,
  },
  {
    example: 'A shift has many rota entries and so does a lifeguard (many of one, for each of two)',
    re: new RegExp(String.raw`^(?:(?:so|and)\s+)?${DET}${NP}\s+(?:can\s+)?(?:has|have|gets?|holds?)\s+${MANY}${NP}${AFTER_MANY}\s*,?\s+and\s+so\s+(?:does|do|can|will)\s+(?:a|an|each|every|the|one)\s+${NP}$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }, { child: m[2]!, parent: m[3]! }],
  },
  {
    example: 'A site is visited again and again over the years, so it has many visits (what happens to it, then the many it has)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are|gets?|can be)\s+[^,;]+?\s*,\s*so\s+(?:it|they|each one)\s+(?:can\s+)?(?:has|have|ends? up with)\s+${MANY}${NP}${AFTER_MANY}$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }],
    loose: true,
  },
  {
    example: 'A marina has many docks',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:can\s+)?(?:has|have|contains?|holds?|includes?|groups?)\s+${MANY}${NP}${AFTER_MANY}$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }],
  },
  {
    example: 'A booking is for one space and one member, and it has a start date',
    // (Also "is for one swimmer at one meet".)
    // (And "an appointment is with one stylist for one service, at a start time": the time after a comma is its field.)
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:always\s+)?(is for|are for|links|references|is between|belongs? to|is part of|is from|uses|needs|requires|involves|puts|assigns|places|pairs|matches|connects|is with(?=\s+(?:one|a|an|exactly one)\s+[a-z]+\s+for\s))\s+${ONE}${NP}\s+(?:and\s+(?:to\s+|with\s+)?|at\s+|in\s+|on\s+|onto\s+|to\s+|with\s+|(?<=is with\s+\S+(?:\s+\S+)*\s+)for\s+)${ONE}${NP}${TAIL}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[3]! }, { child: m[1]!, parent: m[4]! }],
    list: 5,
    link: (m) => /^(?:links|references|is between)$/i.test(m[2]!),
  },
  {
    example: 'Each squad is coached by one coach / a report is written by exactly one inspector',
    // (Also "each site is looked after by one observer only".)
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:always\s+)?${PARTICIPLE}(?:\s+(?:after|over|up|out))?\s+by\s+(?:one|exactly one|only one|a single|one single)\s+${NP}(?:\s+only)?${TAIL}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
    list: 3,
  },
  {
    example: 'Each dock belongs to one marina / a harvest is from one plot, and we write down the crop / memberships hang off a member',
    // (Also "a lesson uses exactly one car", "a match is played at one venue".)
    re: new RegExp(String.raw`^${DET}${NP}\s+${MODAL}(?:belongs? to|hangs? off|sits? under|sits? on|sits? in|lives? on|lives? in|(?:is|are) part of|(?:is|are|be) for|be linked to|be tied to|(?:is|are) to|(?:is|are) about|(?:is|are) on|(?:is|are) in|(?:is|are) from|comes? from|(?:is|are) attached to|(?:is|are) linked to|refers? to|points? to|links? to|connects? to|(?:is|are) tied to|points? at|uses|needs|requires|(?:is|are) assigned to|(?:is|are) held (?:at|in)|takes? place (?:at|in)|(?:is|are) played (?:at|in)|happens? (?:at|in))\s+${ONE}${NP}${TAIL}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
    list: 3,
  },
  {
    example: "A job has to say which customer it's for / a request must name the horse it is about",
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:has to|have to|must|should|needs? to|will)\s+(?:always\s+)?(?:say|state|name|show|give|record|mention|specify|pick|choose)\s+(?:which|what|the)\s+${NP}\s+(?:it|they)(?:['’]s|['’]re|\s+is|\s+are)\s+(?:for|about|on|from|with|against|in)$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
  },
  {
    example: 'A job is one piece of work for one client / a tenancy is a contract for exactly one room',
    // (What it is, then what it is for: only between record types the text describes.)
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:a|an|one|just one|just a)\s+[a-z]+(?:\s+[a-z]+){0,3}?\s+(?:for|of|about|with|from)\s+${ONE}${NP}${TAIL}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
    list: 3,
    loose: true,
  },
  {
    example: 'An album is made up of many tracks / a course is divided into lessons',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:made up of|made of|composed of|divided into|split into|broken into)\s+(?:${MANY})?${NP}$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }],
    loose: true,
  },
  {
    example: 'A plan is used by many cars / a route is driven by several vans (many of another, said in the passive)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:always\s+|often\s+|usually\s+)?${PARTICIPLE}\s+(?:by|on|in|for|across)\s+${MANY}${NP}${AFTER_MANY}$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }],
    loose: true,
  },
  {
    example: 'A course consists of several modules',
    re: new RegExp(String.raw`^${DET}${NP}\s+consists? of\s+(?:${MANY})?${NP}$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }],
    loose: true,
  },
  {
    example: 'Many tracks belong to each album',
    re: new RegExp(String.raw`^${MANY}${NP}\s+(?:can\s+)?belong to\s+(?:each|every|one|a|an|the same)\s+${NP}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
  },
  {
    example: 'Every student is enrolled in one class / a lesson is given by a teacher',
    // (A phrasal participle too: "a test is always carried out on one vehicle".)
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:always\s+|only\s+)?${PARTICIPLE}(?:\s+(?:out|up|off|down))?\s+(?:by|in|into|at|to|on|under|with|for|within)\s+${ONE}${NP}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
    loose: true,
  },
  {
    example: 'A teacher teaches many classes / a customer can place many orders',
    // (Also a phrasal verb: "an appliance goes out on many turnouts over the years".)
    re: new RegExp(String.raw`^${DET}${NP}\s+${MODAL}[a-z]+(?:\s+(?:out|up|off))?(?:\s+(?:on|in|at|to|for|with|into))?\s+${MANY}${NP}${AFTER_MANY}$`, 'i'),
    pairs: (m) => [{ child: m[2]!, parent: m[1]! }],
    loose: true,
  },
  {
    example: 'An employee works in one department / players are on exactly one team',
    // (Also "each donation goes into one fridge", "each batch comes from one press run", "every tree is of one variety".)
    // (And the fields after it: "each handover goes with exactly one booking, and we note the date".)
    re: new RegExp(String.raw`^${DET}${NP}\s+${MODAL}(?:(?:[a-z]+|is|are)\s+(?:in|for|at|on|with|under|within|inside|into|onto|from)|(?:is|are)\s+of)\s+${ONE}${NP}${TAIL}$`, 'i'),
    pairs: (m) => [{ child: m[1]!, parent: m[2]! }],
    list: 3,
    loose: true,
  },
];

/** Nouns that name a field, never a record type a record belongs to. */
// ("A round is one van's route on one day": a stretch of time, or a part of something said with its owner, is no record either.)
const FIELD_NOUNS = /^(?:a|an|one|the)?\s*(?:name|title|price|date|time|description|email|phone|address|code|number|photo|note|notes|status|label|colour|color|size|rating|comment|day|week|month|year|morning|afternoon|evening|night|weekend|[a-z]+['’]s\s+[a-z]+)$/i;

/** Does the phrase name a field, a stretch of time or a part of something, never a record a record belongs to? */
export function namesNoParent(phrase: string): boolean {
  return FIELD_NOUNS.test(phrase.trim());
}

const READRELATIONS_READINGS = new Remembered<RelationReading | undefined>();
/** Each clause of a sentence ("A dock has many berths; a berth belongs to exactly one dock"). */
export function readRelations(written: string): RelationReading | undefined {
  return READRELATIONS_READINGS.of(written, readRelationsOnce);
}

function readRelationsOnce(written: string): RelationReading | undefined {
  if (SOME_ARE_ON_ONE.test(written.trim())) return undefined;
  // ("Online orders come from the shop: ...": where they come in, a channel, is no record they belong to.)
  if (/^[^:,]{1,60}?\s+(?:come|comes|arrive|arrives)\s+(?:in\s+)?(?:from|through|via)\s+(?:the|our)\s+(?:online\s+|web\s+)?(?:shop|store|website|site|web|app|phone|till|counter|form|market|stall|shopfront|inbox|email)\b/i.test(written.trim())) return undefined;
  // ("a row obviously ends up with lots of harvests": a comment on the relation is no part of it.)
  // ("A donation belongs to the shop it was dropped at": which one it is, said as a clause, is no part of it.)
  // ("an event belongs to the one venue it is held at": the one venue.)
  // ("each report is for 1 hire": the digit said as the word.)
  let text = written.replace(/(^|\s)1\s+(?!(?:to|up|or|and|through|till|until|of|in|x|by|per|more|less|minute|minutes|hour|hours|day|days|week|weeks|month|months|year|years)\b)(?=[a-z]+\b)/gi, '$1one ').replace(/\b((?:belongs?|belonging) to)\s+the\s+(?:one\s+|single\s+|same\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:it|they|that|which|where)\s+(?:was|were|is|are|came|comes|got)\s+[a-z]+(?:ed|en|wn|t)?(?:\s+(?:at|in|on|from|to|by|for|into))?(?=\s*(?:,|$|\s+and\b))/i, '$1 one $2').replace(/^((?:(?:each|every|a|an|the|one|any)\s+)?[a-z]+(?:\s+[a-z]+)?)\s+(?:obviously|naturally|of course|usually|typically|clearly|generally|normally)\s+/i, '$1 ');
  // ("A cleaning job is for a cottage, usually tied to the booking that's just left (not always ...), with ...": the one it is
  // usually tied to, a reference it may lack.)
  text = text.replace(/,\s*(?:usually|often|sometimes|normally|typically|generally|mostly)\s+(?:tied|linked|attached|connected)\s+to\s+(?:the|a|an)\s+([a-z]+)\b[^,()]*(?:\s*\([^()]*\))?\s*,\s*with\s+/i, ', with the $1 (optional), ');
  // ("... so they can see their own": why it is linked says nothing of the link.)
  text = text.replace(/\s*,?\s+so\s+(?:that\s+)?(?:they|he|she|we|you|it|the\s+[a-z]+)\s+(?:can|could|will|know)\b.*$/i, '');
  // ("Each cottage is linked to the owner's login": to the owner, who logs in.)
  text = text.replace(/\b(?:the|their|its)\s+([a-z]+)['’]s\s+(?:login|account|user account|user)\b/gi, 'one $1');
  // ("An alteration request is also for one scaffold": an adverb between the verb and its preposition says nothing of the link.)
  text = text.replace(/\b(is|are)\s+(?:also|always|only|just|usually|normally)\s+(?=(?:for|on|in|from|about|part of|linked to|tied to|attached to|assigned to)\s)/gi, '$1 ');
  // ("When something comes back we do a return check, and that belongs to the loan": the record people make, and the one it belongs to.)
  text = text.replace(/^(?:(?:when|whenever|once|after)\s+[^,]+?\s*,?\s+)?(?:we|they|staff|you|i|the\s+[a-z]+)\s+(?:also\s+|then\s+)?(?:do|does|carry out|carries out|make|makes|fill in|fills in|fill out|write up|writes up|complete|completes|run|runs|log|logs|record|records|open|opens|raise|raises)\s+(?:a|an)\s+([a-z]+(?:\s+[a-z]+)?)\s*,?\s+and\s+(?:that|it|this|that one|this one)\s+(belongs to|is for|is linked to|is attached to|goes with|hangs off|goes against|is tied to)\s+(?:the|that|this|their)\s+/i, 'a $1 $2 one ');
  // ("we give out parcels to households": each of what is given out is for one of those it goes to.)
  text = text.replace(/^(?:we|i|they|staff|volunteers)\s+(?:also\s+)?(?:give|hand|send|deliver|issue|lend|hire|rent)\s+(?:out\s+)?([a-z]+s)\s+(?:out\s+)?to\s+(?:our\s+|the\s+)?([a-z]+s)$/i, (_m, given: string, to: string) => `each ${singular(given)} is for one ${singular(to)}`);
  // ("so each photo belongs to an order, JPEG or PNG only and nothing over 10 MB please, each with a short caption and ...":
  // a record that is a file holds the file, with what it may be, and the fields after.)
  text = text.replace(/^(?:so|and|but|then)\s+(?=(?:each|every|a|an|the)\s)/i, '')
    .replace(/^((?:each|every|a|an|the)\s+(photo|picture|image|scan|video|recording|document|file|attachment)\s+(?:belongs to|is for|is linked to|is attached to|goes with)\s+(?:a|an|one|the|exactly one)\s+[a-z]+(?:\s+[a-z]+)?)\s*,\s*((?:jpe?gs?|pngs?|pdfs?|images?|photos?|any image|heic|mp4s?|mp3s?)\b[^,]*?)\s*,\s*(?:each\s+|and\s+)?with\s+(.+)$/i, (_m, relation: string, noun: string, detail: string, rest: string) => `${relation}, with a ${noun} (${detail.replace(/\s+please$/i, '')}), ${rest}`);
  // ("a car is on one plan at most": at most one plan.)
  text = text.replace(/\b(?:one|a|an)\s+([a-z]+(?:\s+[a-z]+)?)\s+at\s+(?:the\s+)?most\b/gi, 'at most one $1');
  // ("A payment is made against one weigh ticket", "a note is logged against a job": what it is made against, it is for.)
  text = text.replace(/\b(is|are)\s+(?:always\s+)?(?:made|logged|raised|recorded|written|booked|charged|entered|filed|taken)\s+against\s+(?=(?:one|a|an|exactly one|a single|the)\s)/gi, '$1 for ').replace(/\b(is|are)\s+against\s+(?=(?:one|a|an|exactly one|a single)\s)/gi, '$1 for ');
  // ("Each order uses one fabric from our list", "a lesson uses one horse from the yard": where the one comes from is no part of the link.)
  text = text.replace(/^((?:(?:each|every|a|an|the)\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:uses|needs|takes|gets|has)\s+(?:one|a|an|exactly one|a single)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:from|off|out of|in|on)\s+(?:our|the|their|your|my)\s+(?:list|range|catalogue|catalog|stock|collection|menu|books|system|register|shelves|yard|store|shop)\s*$/i, '$1');
  // ("each one is linked to the guest involved": the guest; "Each event has a list of suppliers - florist, photographer, band
  // etc": many of them, the kinds of them said as examples.)
  text = text.replace(/^((?:each|every|a|an)\s+[a-z]+\s+has\s+)a\s+(?:list|set|bunch|range)\s+of\s+([a-z]+s)\s*[-–—:]\s*[a-z ,]+?\s*(?:,\s*)?(?:etc\.?|and so on)\s*$/i, '$1many $2');
  text = text.replace(/\b(the|a|an|one)\s+([a-z]+)\s+(?:involved|concerned|affected|in question)\b/gi, '$1 $2');
  // ("A property belongs to a customer — some have two or three, like landlords — and has ...": an aside between dashes says nothing of it.)
  text = text.replace(/\s+[—–]\s+[^—–]{3,80}?\s+[—–]\s+/g, ' ')
    // ("A placement links one child with one carer, and both are required": a link's references are required anyway.)
    .replace(/\s*,?\s+and\s+(?:both|each)\s+(?:are|is|must be)\s+(?:required|needed|mandatory)\s*$/i, '')
    // ("A booking is for exactly one court and records:" before a list of bullets: the relation; the list is read apart.)
    .replace(/\s+and\s+(?:records|has|holds|includes|stores|keeps|notes|lists|carries)\s*:\s*$/i, '')
    // ("A session belongs to one coach and takes place on a court": the second one, where it happens.)
    .replace(/^(.+?\b(?:belongs? to|is for)\s+(?:exactly one|one|a|an|a single)\s+[a-z]+(?:\s+[a-z]+)?)\s+and\s+(?:takes place|is held|happens)\s+(?:on|at|in)\s+(?=(?:exactly one|one|a|an|a single)\s)/i, '$1 and ');
  // ("An incident can also be linked to the shift it happened on, though it doesn't have to be": a link it may have.)
  // ("Work orders are for one device too, and may optionally point back to the fault report that caused them": the
  // one it is for, and one it may point to.)
  const alsoMay = /^(.+?\b(?:is|are)\s+for\s+(?:one|a|an|exactly one|a single)\s+[a-z]+(?:\s+(?!too\b|also\b|as\b|and\b)[a-z]+)?)(?:\s+(?:too|as well|also))?\s*,?\s+and\s+(?:can|may|might|could)\s+(?:also\s+)?(?:optionally\s+)?(?:point|link|refer)\s+(?:back\s+)?to\s+(?:a|an|one|the)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s+(?:that|which|who|it|they)\b.*)?$/i.exec(text.trim().replace(/\s*\([^()]*\)\s*\.?$/, '').replace(/\.$/, ''));
  const first = alsoMay ? readOne(alsoMay[1]!) : undefined;
  if (alsoMay && first) return { ...first, pairs: [...first.pairs, { child: first.pairs[0]!.child, parent: alsoMay[2]!, optional: true }] };
  text = text.replace(/^(.+?\b(?:is|are)\s+for\s+(?:one|a|an|exactly one|a single)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:too|as well|also)\b/i, '$1');
  const may = /^((?:(?:each|every|a|an|the|one|any)\s+)?[a-z]+(?:\s+[a-z]+)?)\s+(?:can|may|might|could)\s+(?:also\s+)?(?:optionally\s+)?be\s+(?:linked|tied|attached|connected|assigned)\s+to\s+(?:a|an|one|the)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s+(?:it|they|that|which|who)\s+[^,]*)?(?:\s*,\s*(?:though|but|although|if)\b.*)?$/i.exec(text.trim().replace(/\.$/, ''));
  // ("sencos can optionally link an arrangement to the assessment that supports it": people may link one to the other.)
  const linkBy = may ? null : /^(?:(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+)?(?:can|may|could)\s+(?:also\s+)?(?:optionally\s+)?(?:link|attach|tie|connect)\s+(?:a|an|the|each|any)\s+([a-z]+(?:\s+[a-z]+)?)\s+to\s+(?:a|an|the|one)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s+(?:that|which|who|it)\b.*)?$/i.exec(text.trim().replace(/\.$/, ''));
  const optionalLink = may ? readOne(`${may[1]!} is linked to a ${may[2]!}`) : linkBy ? readOne(`an ${linkBy[1]!} is linked to a ${linkBy[2]!}`) : undefined;
  if (optionalLink) return { ...optionalLink, optional: true };
  // ("If the customer has one of our loyalty cards we attach it to the refill, but that's optional": the refill may
  // point at the card.)
  const attached = /^if\s+[^,]*?\b(?:has|have|brings?|uses?|shows?|holds?)\s+(?:one\s+of\s+(?:our|the|their)\s+|an?\s+)([a-z]+(?:\s+[a-z]+)?)\s*,?\s+(?:we|they|staff|you|the\s+[a-z]+)\s+(?:attach|link|add|tie|connect)\s+(?:it|them)\s+to\s+(?:the|that|their|its)\s+([a-z]+(?:\s+[a-z]+)?)\b/i.exec(text.trim());
  if (attached) return { pairs: [{ child: attached[2]!, parent: attached[1]!.replace(/s$/i, ''), optional: true }], loose: true, optional: true };
  // ("Each consignment also goes onto a groupage run, although that's optional until our planner gets round to it": the
  // relation, optional as the aside says.)
  const aside = /^(.+?)\s*,\s*(?:although|though|but)\s+(?:that|this|it)(?:['’]s|\s+is)\s+(optional|not required|not always known|not needed straight away)\b.*$/i.exec(text.trim().replace(/\.$/, ''));
  const asideRead = aside ? readOne(aside[1]!.replace(/\s+(?:also|too)\s+(?=(?:goes|belongs|sits|is)\b)/i, ' ')) : undefined;
  if (asideRead) return { ...asideRead, optional: true };
  const read = readOne(text) ?? readChained(text) ?? readFirstClause(text) ?? readWithMany(text) ?? readWithMayHave(text) ?? readBothWays(text) ?? readAfterLeadIn(text);
  // ("each harvest is sold on at most one purchase order": it may be on none, so its reference is optional.)
  return read && /\b(?:at most one|zero or one|no more than one)\b/i.test(text) ? { ...read, optional: true } : read;
}

/**
 * "A session belongs to a room and can have an engineer, though that's optional": the relation,
 * then one more record it may have, by reference (optional when "can" or the aside says so).
 */
function readWithMayHave(text: string): RelationReading | undefined {
  const m = /^(.+?)\s*,?\s+and\s+(can|may|might|could|will|must|always)?\s*(?:also\s+)?(?:have|has|get|gets|be given|is given)\s+(?:a|an|one|exactly one)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s*,?\s*(?:though|but|although|if|when)\s+(.*))?$/i.exec(text.trim().replace(/\.$/, ''));
  const first = m ? readOne(m[1]!) : undefined;
  if (!m || !first || first.list || first.pairs.length !== 1 || first.loose) return undefined;
  const optional = /^(?:can|may|might|could)$/i.test(m[2] ?? '') || /\b(?:optional|not always|doesn't have to|does not have to|isn't needed|not needed|bring their own)\b/i.test(m[4] ?? '');
  return { ...first, pairs: [...first.pairs, { child: first.pairs[0]!.child, parent: m[3]!, ...(optional ? { optional: true } : {}) }] };
}

/** "Attendance is taken per session: one attendance record links ...": a sentence leading in, then the relation after its colon. */
function readAfterLeadIn(text: string): RelationReading | undefined {
  const m = /^([^:]{3,80}):\s+(\S.*)$/.exec(text.trim());
  if (!m || /,/.test(m[1]!)) return undefined;
  const after = m[2]!.replace(/\.$/, '');
  return readOne(after) ?? readChained(after) ?? readFirstClause(after);
}

/**
 * "A tour pours several wines and a wine is poured on several tours": many on both sides, said
 * from both ends; the two record types, or none. No reference follows from it (a record linking
 * them does, when the text names one).
 */
export function readManyBothWays(text: string): [string, string] | undefined {
  const halves = text.trim().replace(/\.$/, '').split(/\s*,?\s+(?:and|while|whereas|but)\s+(?=(?:a|an|each|every|one|any)\s)/i);
  if (halves.length !== 2) return undefined;
  const read = halves.map((half) => new RegExp(String.raw`^${DET}${NP}\s+.*?\b${MANY}${NP}${AFTER_MANY}$`, 'i').exec(half));
  const [a, b] = read;
  if (!a || !b) return undefined;
  // ("coaches": a plural in -es too.)
  const same = (x: string, y: string) => singular(x.toLowerCase()) === singular(y.toLowerCase());
  return same(a[1]!, b[2]!) && same(b[1]!, a[2]!) && !same(a[1]!, b[1]!) ? [a[1]!, b[1]!] : undefined;
}

/** "a row ends up with lots of harvests while a harvest comes from exactly one row": one relation said from both ends. */
function readBothWays(text: string): RelationReading | undefined {
  const m = /^(.+?),?\s+(?:while|whereas)\s+((?:each|every|a|an|one|any)\s.+)$/i.exec(text.trim().replace(/\.$/, ''));
  const first = m ? readOne(m[1]!) : undefined;
  const second = m ? readOne(m[2]!) : undefined;
  if (!first || !second || first.list || second.list) return undefined;
  const key = (p: { child: string; parent: string }) => `${p.child.replace(/s$/i, '').toLowerCase()}>${p.parent.replace(/s$/i, '').toLowerCase()}`;
  // (A verb read into a name, "item is handed", is no reading of that end.)
  const named = (r: RelationReading) => r.pairs.every((p) => !/\b(?:is|are|was|were|be|been)\b/i.test(`${p.child} ${p.parent}`));
  const sides = [second, first].filter(named);
  if (sides.length === 0) return undefined;
  const pairs = sides.flatMap((r) => r.pairs).filter((p, i, all) => all.findIndex((q) => key(q) === key(p)) === i);
  const { loose: _loose, ...rest } = sides[0]!;
  return sides.every((r) => r.loose) ? { ...rest, pairs, loose: true } : { ...rest, pairs };
}

/** "A purchase order is placed by exactly one buyer and can cover several harvests": the relation, then what it holds many of. */
function readWithMany(text: string): RelationReading | undefined {
  const m = /^(.*?)\s*,?\s+and\s+(?:can\s+|may\s+)?(?:covers?|includes?|contains?|holds?|has|have)\s+(?:many|several|multiple|one or more)\s+([a-z]+(?:\s+[a-z]+)?)$/i.exec(text.trim().replace(/\.$/, ''));
  const first = m ? readOne(m[1]!) : undefined;
  if (!m || !first || first.list) return undefined;
  return { ...first, pairs: [...first.pairs, { child: m[2]!, parent: first.pairs[0]!.child }] };
}

/** "An entry belongs to one regatta and is one boat with its helm": the relation, then what else the record is or has. */
function readFirstClause(text: string): RelationReading | undefined {
  // (Also "A protest is about one race and involves two entries: ...".)
  const m = /^(.+?)\s+and\s+(?:(?:is|are)\s+(?:a|an|one|just)|involves?|has|have|includes?|lists?|links?)\s/i.exec(text.trim());
  const first = m ? readOne(m[1]!) : undefined;
  return first && !first.loose && !first.list ? first : undefined;
}

/** "A grade is given for one subject and belongs to one student": two relations of one subject. */
// (Also "a line belongs to one order and points at one menu item, with a quantity".)
const CHAINED = new RegExp(String.raw`^(${DET}${NP})\s+(.+?)\s*,?\s+and\s+(?:(?:it|they)\s+)?(${MODAL}(?:belongs? to|goes (?:in|into|on)|sits (?:in|on)|lives (?:in|on)|stays (?:in|on)|is part of|is for|is about|is linked to|is assigned to|points? (?:at|to)|refers? to|links? to|takes? place (?:at|in)|(?:is|are) held (?:at|in)|happens? (?:at|in)|comes? from|(?:is|are) from)\s+${ONE}.+)$`, 'i');

function readChained(text: string): RelationReading | undefined {
  const m = CHAINED.exec(text.trim().replace(/\.$/, ''));
  if (!m) return undefined;
  const first = readOne(`${m[1]!} ${m[3]!}`);
  // (The second verb's subject is the first one's, whole: "an order line belongs to ... and points at ...".)
  // ("..., and it comes from a donor, though the donor is optional": the second link may be missing.)
  const optional = /,\s*(?:though|but|although)\s+(?:the\s+[a-z]+(?:\s+[a-z]+)?|that|it|this)(?:['’]s|\s+is|\s+being)\s+optional\b.*$/i;
  const rest = m[4]!.replace(optional, '');
  const second = first ? readOne(`the ${first.pairs[0]!.child} ${rest}`) : undefined;
  if (!first || !second || first.list || first.pairs.length !== 1) return undefined;
  const secondPairs = rest !== m[4] ? second.pairs.map((p) => ({ ...p, optional: true })) : second.pairs;
  return { ...second, pairs: [...first.pairs, ...secondPairs], ...(first.loose || second.loose ? { loose: true } : {}) };
}

/** A time the record is on or at ("on one date", "at a time", "for a given week"): no record type. */
const TIME_QUALIFIER = /\s+(?:on|at|for|in)\s+(?:one|a|an|the|a given|a single|one given)\s+(?:date|day|time|week|month|year|evening|morning|night)\b/i;

function readOne(text: string): RelationReading | undefined {
  // As written, then without a closing remark ("(both are teams)", "for a season").
  // ("Bookings are for one session each": "each" only distributes.)
  // ("A beach has many incidents logged against it": how they come to be its, no part of the relation.)
  // ("A booking is always for one boat": how often it is so says nothing of the relation.)
  // ("An appointment is with a vet, for a pet": the comma says nothing.)
  // ("..., though a volunteer can have up to three members": the other side's count, said after, adds no relation.)
  const raw = text.trim().replace(/\.$/, '').replace(/,\s*(?:though|although|while|whereas|but)\s+(?:a|an|each|every|one)\s+[a-z]+\s+(?:can|may|could)\s+(?:have|take|look\s+after|get|be\s+matched\s+with)\b[^,;]*$/i, '').replace(/\b(is with (?:a|an|one|exactly one) [a-z]+(?: [a-z]+)?),\s+for\b/i, '$1 for').replace(/\s+each$/i, '').replace(/\b(is|are)\s+(?:always|only ever|only|just|usually|normally)\s+(?=(?:for|from|to|about|on|in|of|with|part of|attached to|linked to|tied to)\s)/i, '$1 ').replace(/\s+[a-z]{3,}(?:ed|en)\s+(?:against|to|for|on|under|with)\s+(?:it|them)$/i, '');
  // ("A condolence message is left on one arrangement's tribute page": on that record's page, so it belongs to it.)
  const onPage = raw.replace(/\b(?:is|are)\s+(?:left|posted|written|placed|added|pinned)\s+(?:on|to|under)\s+(one|a|an|the|each)\s+([a-z]+(?:\s+[a-z]+)?)['’]s\s+(?:[a-z]+\s+)?(?:page|wall|board|profile|feed)\b/i, 'belongs to $1 $2');
  if (onPage !== raw) return readOne(onPage);
  const clean = raw.replace(/\s*\((?:[^()]*)\)\s*$/, '');
  const stripped = clean.replace(/\s+for\s+(?:a|the|each)\s+\w+$/i, '');
  // ("A daily report is about one child on one date and covers ...": when, not what it belongs to.)
  const untimed = raw.replace(TIME_QUALIFIER, '');
  const unaside = raw.replace(/\s*\([^()]*\)/g, '');
  for (const p of PATTERNS) {
    // (Also with every aside removed: "A source (a baptism entry, a census page) is about one person".)
    const said = p.re.exec(raw) ?? p.re.exec(stripped) ?? p.re.exec(clean);
    const timed = !said && untimed !== raw ? p.re.exec(untimed) : null;
    const m = said ?? timed ?? (unaside !== clean ? p.re.exec(unaside) : null);
    // The child's fields follow "and has ..." or a colon (the group after the list's).
    if (!m) continue;
    // ("every item needs a name": a field it needs, not a record it belongs to.)
    // ("belongs to one order and points at one menu item": a name never runs over "and" into the next verb.)
    if (p.pairs(m).some((pair) => FIELD_NOUNS.test(pair.parent.trim()) || /\sand\s/.test(pair.parent))) continue;
    // ("... and is played in a round number, between a white player and a black player, with a result ...": a passive's complements.)
    // (", and they can leave a note": a new subject ends the complements.)
    const passive = p.list ? (m[p.list + 3] ?? m[p.list + 4])?.replace(/,?\s+and\s+(?:they|we|you|he|she|it)\s.*$/i, '') : undefined;
    const listed = p.list ? (m[p.list] ?? m[p.list + 1] ?? m[p.list + 2] ?? (passive ? complements(passive) : undefined) ?? p.usualList?.(m)) : undefined;
    // ("A visit is to one piano on a date, and has a price": the date it is on is its field.)
    // ("a pallet sits in one chamber at a time": "at a time" is "at once", no field.)
    const qualifier = timed ? TIME_QUALIFIER.exec(raw)![0] : '';
    const when = timed && !/^\s+at\s+(?:a|one|the|any)\s+time$/i.test(qualifier) ? /\b(date|day|time|week|month|year)\b/i.exec(qualifier)?.[1]?.toLowerCase() : undefined;
    const list = when && !new RegExp(String.raw`\b${when}\b`, 'i').test(listed ?? '') ? (listed ? `a ${when}, ${listed}` : `a ${when}`) : listed;
    return { pairs: p.pairs(m), ...(list ? { list } : {}), ...(p.link?.(m) ? { link: true } : {}), ...(p.loose ? { loose: true } : {}), ...(p.booking ? { booking: true } : {}) };
  }
  return undefined;
}

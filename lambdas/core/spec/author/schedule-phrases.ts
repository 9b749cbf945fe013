/**
 * The wording of scheduled jobs, as data: when a job runs ("every night at 02:00 UTC", "every
 * Monday at 08:00", "hourly", "daily at 6pm Europe/Berlin", "on the first day of each month")
 * and what it does ("mark deals unchanged for 90 days as lost", "email the admins a summary of
 * new deals"). scheduled-jobs.ts only walks these lists, so a new phrasing is a new entry here.
 */

/** A time of day: `at 02:00`, `at 2am`, `at 6:30 pm`, `at noon`, `at midnight`. */
export const TIME_OF_DAY = /\bat\s+(?:(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?|(noon|midday|midnight))(?![\d:])/i;

/** A time zone named after the time: `UTC`, `GMT`, or an IANA name (`Europe/Berlin`). */
export const TIME_ZONE = /\b(UTC|GMT|[A-Z][a-z]+\/[A-Z][A-Za-z_]+(?:\/[A-Z][A-Za-z_]+)?)\b/;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** A period written as words, and the schedule it makes (the hour when the text gives no time). */
export interface Period {
  pattern: RegExp;
  /** How often, for the names and for "new" records (`P7D` for a week). */
  every: { word: string; iso: string };
  /** The schedule: a cron from the time of day (minute, hour), or a rate. */
  cron?: (minute: number, hour: number, match: RegExpExecArray) => string;
  rate?: (match: RegExpExecArray) => string;
  /** The hour when the text gives none ("every morning": 8). */
  hour?: number;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10, twelve: 12, fifteen: 15, twenty: 20, thirty: 30 };
export const countOf = (word: string): number => NUMBER_WORDS[word.toLowerCase()] ?? Number(word);

const UNIT_ISO: Readonly<Record<string, (n: number) => string>> = { minute: (n) => `PT${n}M`, hour: (n) => `PT${n}H`, day: (n) => `P${n}D` };
const unitOf = (word: string): 'minute' | 'hour' | 'day' => word.toLowerCase().replace(/s$/, '') as 'minute' | 'hour' | 'day';
const rateText = (n: number, unit: string): string => `rate(${n} ${unit}${n === 1 ? '' : 's'})`;
const DAY_WORDS = String.raw`(?:(?:1st|first)|(?:last)|(\d{1,2})(?:st|nd|rd|th))`;

/** The hour a part of the day means when the text gives no time ("each Monday morning": 08:00). */
const PART_OF_DAY_HOUR: Readonly<Record<string, number>> = { morning: 8, afternoon: 14, evening: 18, night: 22 };

/** In order: the first that matches is the job's period. */
export const PERIODS: readonly Period[] = [
  {
    pattern: /\bevery\s+(\d+|two|three|four|five|six|ten|twelve|fifteen|twenty|thirty)\s+(minutes|hours|days)\b/i,
    every: { word: 'periodic', iso: '' },
    rate: (m) => rateText(countOf(m[1]!), unitOf(m[2]!)),
  },
  { pattern: /\b(?:every|each)\s+(minute|hour)\b|\b(hourly)\b/i, every: { word: 'hourly', iso: 'PT1H' }, rate: (m) => rateText(1, m[2] ? 'hour' : unitOf(m[1]!)) },
  {
    pattern: new RegExp(String.raw`\b(?:on\s+)?the\s+${DAY_WORDS}\s+(?:day\s+)?of\s+(?:each|every|the)\s+month\b|\b(?:at\s+)?the\s+end\s+of\s+(?:each|every|the)\s+month\b|\b(monthly|every month|each month)\b`, 'i'),
    every: { word: 'monthly', iso: 'P1M' },
    // ("At the end of each month": its last day, late, when no time is given.)
    cron: (minute, hour, m) => `cron(${minute} ${/end/i.test(m[0]) && hour === 0 && minute === 0 ? 23 : hour} ${/last|end/i.test(m[0]) ? 'L' : (m[1] ?? '1')} * ? *)`,
    hour: 0,
  },
  {
    // ("each Monday morning": the part of the day sets the hour when no time is given.)
    pattern: new RegExp(String.raw`\b(?:every|each|on)\s+(${WEEKDAYS.join('|')})s?(?:\s+(morning|afternoon|evening|night))?\b|\b(weekly|every week|each week)\b`, 'i'),
    every: { word: 'weekly', iso: 'P7D' },
    cron: (minute, hour, m) => `cron(${minute} ${m[2] && hour === 0 && minute === 0 ? PART_OF_DAY_HOUR[m[2].toLowerCase()] : hour} ? * ${(m[1] ?? 'monday').slice(0, 3).toUpperCase()} *)`,
    hour: 0,
  },
  { pattern: /\b(?:every|each)\s+morning\b/i, every: { word: 'daily', iso: 'P1D' }, cron: (minute, hour) => `cron(${minute} ${hour} * * ? *)`, hour: 8 },
  { pattern: /\b(?:every|each)\s+evening\b|\b(?:at\s+)?the\s+end\s+of\s+(?:each|every|the)\s+day\b/i, every: { word: 'daily', iso: 'P1D' }, cron: (minute, hour) => `cron(${minute} ${hour} * * ? *)`, hour: 18 },
  { pattern: /\b(?:every|each)\s+(?:day|night)\b|\b(?:daily|nightly)\b|\bonce a day\b/i, every: { word: 'daily', iso: 'P1D' }, cron: (minute, hour) => `cron(${minute} ${hour} * * ? *)`, hour: 0 },
];

/** The ISO duration of `every 3 days` (a rate's period, for "new" records). */
export const rateIso = (m: RegExpExecArray): string => UNIT_ISO[unitOf(m[2]!)]!(countOf(m[1]!));

/** Words that rule a sentence out as a job: it is about a record's own time (a workflow's). */
export const NOT_A_JOB = /\b(?:when|whenever|once|after|before|until|if|wait|waits|within)\b/i;

/** Records not changed for a while: `unchanged for 90 days`, `not updated in 30 days`, `inactive for two weeks`. */
export const STALE = /\b(?:(?:that\s+have\s+(?:not|n't)\s+been|not|that\s+(?:are|were)\s+not|which\s+(?:are|were)\s+not)\s+(?:updated|changed|touched|modified)|unchanged|untouched|inactive|idle|stale)\s+(?:for|in)\s+(?:(?:more|longer)\s+than\s+|over\s+)?/i;
/** Records made a while ago: `older than 30 days`, `created more than a year ago`. */
export const OLD = /\b(?:older\s+than|created\s+more\s+than|made\s+more\s+than)\s+/i;
/** Records made within the run's period: `new deals`, `deals created this week`. */
/** ("orders received that day", "bookings made today": made within the run's period; the word for how they were made.) */
export const NEW_MADE = /\b(created|received|placed|added|made|submitted|booked|logged|raised|opened)\s+(?:that\s+day|today|this\s+(?:day|week|month)|since\s+the\s+last\s+(?:one|run|email|summary))\b/i;
export const NEW = new RegExp(String.raw`\b(?:new|recent|newly\s+created|latest)\b|\bcreated\s+(?:this|in\s+the\s+last|during\s+the)\b|${NEW_MADE.source}`, 'i');
/** Records changed within the run's period: `updated deals`. */
export const CHANGED = /\b(?:updated|changed|modified)\b/i;

/** Verbs that set a state on the records (`mark deals ... as lost`, `close tickets ...`). */
export const MARK = /^(?:mark|flag|set|move|put)\s+(?:all\s+|any\s+|the\s+)?(.+?)\s+(?:as|to|into)\s+([a-z][a-z_ -]*?)\s*$/i;
export const STATE_VERB = /^(close|archive|expire|cancel|lock|deactivate|suspend|reject|complete)\s+(?:all\s+|any\s+|the\s+)?(.+?)\s*$/i;

/** A summary emailed to people: `email the admins a summary of new deals`, `send a digest of open tickets to the managers`. */
// ("send the manager a summary email": of nothing named, a message.)
export const SUMMARY_TO = /^(?:email|e-mail|send|mail|notify|remind|give)\s+(?:to\s+)?(?:the\s+|all\s+|every\s+|each\s+)?([a-z][a-z ]*?)\s+(?:a|an|the)\s+((?:[a-z]+\s+)?(?:summary|digest|report|list|overview|roundup|round-up))(?:\s+(?:email|e-mail|message|text))?(?:\s+(?:of|on|about)\s+(.+))?$/i;
export const SUMMARY_SENT = /^(?:email|e-mail|send|mail)\s+(?:a|an|the)\s+((?:[a-z]+\s+)?(?:summary|digest|report|list|overview|roundup|round-up))\s+(?:of|on|about)\s+(.+?)\s+to\s+(?:the\s+|all\s+)?([a-z][a-z ]*)$/i;
/** A plain email to people: `email the admins`, `remind the managers to review the pipeline`. */
// ("email every restaurant what's on this week": what is said comes after the people.)
export const NOTIFY_PEOPLE = /^(?:email|e-mail|notify|remind|alert|tell|message|text)\s+(?:the\s+|all\s+|every\s+|each\s+)?([a-z][a-z ]*?)(?:\s+(?:to|that|about|a|an|the|what|which|how|when)\s+.+)?$/i;
/** Who does it, before what is done: "the system should email ...", "it sends ...". */
export const DOER = /^(?:(?:the\s+(?:system|app|service|platform|site|backend)|it|we|you)\s+(?:(?:should|will|must|could|can|would|needs\s+to|has\s+to|ought\s+to)\s+)?(?:also\s+|automatically\s+)?)(email|e-mail|send|mail|notify|remind|alert|tell|message|text|mark|flag|set|move|put|close|archive|expire|cancel|lock|give)(?:s|es)?\b/i;

/**
 * The wording a field phrase is read by, as data: which words give which type, units, file
 * formats, rule words, words dropped from names. The readers (phrase.ts, descriptor.ts) hold
 * only the patterns; a new word for a type is added here, nowhere else. These words are also
 * correction targets of the informal-writing normaliser (wording/lexicon.ts derives from them).
 */

const list = (text: string): string[] => text.trim().split(/\s+/);
const set = (text: string): ReadonlySet<string> => new Set(list(text));

/** Words that are not part of a field's name: articles, possessives, quantifiers. */
export const DETERMINERS = set('a an the their its his her my our your one each every any some which this that these those own another');

/** Adjectives that only describe the wording of a field, not what it holds (`a short write-up`). */
// ("a proper description for the website": how good it is, not which field.)
export const FILLER_ADJECTIVES = set('short brief written free-text itself actual actually really proper regular usual normal longer fuller rough approximate little nice lovely decent good finally lastly eventually');

/** The head of a field name -> its type. Checked on the last word of the name (before a unit). */
export const HEAD_TYPES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(list(`
    description notes note bio biography comment comments body message abstract synopsis summary details remarks
    instructions ingredients requests feedback explanation story content contents reason transcript overview
    essay letter justification rationale motivation reasoning diagnosis symptoms agenda testimonial recommendations observations findings concern concerns
    requirements transcription wording footnote`).map((w) => [w, 'text'])),
  ...Object.fromEntries(list(`
    count quantity capacity seats year age stars copies credits stock mileage score rating points rank
    reading minutes seconds days weeks months years vintage population floors rooms goals wins losses position limit`).map((w) => [w, 'integer'])),
  ...Object.fromEntries(list(`
    price cost amount total fee fees rent rate wage salary budget balance deposit discount tax tip fare charge
    weight height width length depth distance area volume temperature percentage percent abv value yield hours
    latitude longitude lat lng revenue income profit margin subtotal payout refund gpa ratio speed
    donation contribution premium commission allowance money quote ph acidity salinity concentration costs charges expenses
    miles kilometres kilometers km`).map((w) => [w, 'number'])),
  ...Object.fromEntries(list('date birthday deadline dob birthdate arrival departure expiry').map((w) => [w, 'date'])),
  ...Object.fromEntries(list('time datetime timestamp kickoff kick-off').map((w) => [w, 'datetime'])),
  ...Object.fromEntries(list('email e-mail').map((w) => [w, 'email'])),
  ...Object.fromEntries(list('url urls uri website homepage webpage link permalink href').map((w) => [w, 'url'])),
  ...Object.fromEntries(list(`
    phone telephone mobile fax code sku isbn id name title`).map((w) => [w, 'string'])),
};
/** Two-word heads whose words alone say something else (`a web address` is no street address). */
export const COMPOUND_HEAD_TYPES: Readonly<Record<string, string>> = {
  // (A size alone is a label, "S, M or L", "A4"; the size of a group of people or things is how many.)
  ...Object.fromEntries(list('party group team crew class household family batch litter herd flock brood colony clutch').map((w) => [`${w} size`, 'integer'])),
  'web address': 'url', 'web site': 'url', 'web page': 'url', 'home page': 'url', 'web link': 'url', 'email address': 'email',
  // An area of work or interest is a name, not a surface.
  'topic area': 'string', 'subject area': 'string', 'research area': 'string', 'focus area': 'string', 'service area': 'string', 'practice area': 'string',
  // When something is due back or due in: a date.
  'due back': 'date', 'due in': 'date', 'due out': 'date',
  // A limit of money or a stock level is an amount: what it limits says which.
  'credit limit': 'number', 'spending limit': 'number', 'budget limit': 'number', 'reorder level': 'integer', 'stock level': 'integer', 'reorder point': 'integer',
};
/** Heads that only say the form of the content and leave the name (`a personality write-up` -> personality, text). */
export const FORM_HEADS: Readonly<Record<string, string>> = { 'write-up': 'text', writeup: 'text', blurb: 'text', 'free-text': 'text' };
/** Text heads that name something short when another noun comes first (`cake message`). */
export const SHORT_WHEN_COMPOUND = set('message');
/** Plural heads that are not counts (`couple names`, `special requests` are text above). */
export const PLURAL_NOT_COUNT = set('dimensions measurements names titles details contents instructions ingredients notes comments requests remarks needs requirements allergies colours colors recommendations observations findings symptoms concerns reasons directions terms conditions interests hobbies qualifications preferences medications likes dislikes skills languages specialties specialities talents abilities certifications initials');

/** Plural heads that are a list of words, not a count (`subject tags`, `keywords`). */
export const LIST_HEADS = set('tags keywords labels hashtags aliases nicknames');

/** `<x> number` is a whole number for these x (`table number`); for others an identifier string. */
export const COUNTED_NUMBER_PREFIXES = set('table berth shirt jersey seat floor lane row locker stall house pew bib plot peg round bay page chapter episode season court hole platform');

/** A first word that makes a yes/no question of the name (`has projector`, `is active`). */
export const BOOLEAN_PREFIXES = set('is has have can needs allows was should requires');

/** A last word that only says "yes/no" and is dropped from the name (`a paid flag`). */
export const BOOLEAN_MARKERS = set('flag boolean checkbox toggle bool');
/** Value pairs that are a yes/no answer, not an enum. */
export const BOOLEAN_PAIRS: readonly (readonly [string, string])[] = [['yes', 'no'], ['y', 'n'], ['true', 'false'], ['on', 'off']];

/** Explicit type wording (type cells, parentheses, colon tails) -> type. Longest first when matched. */
export const TYPE_PHRASES: Readonly<Record<string, string>> = {
  'date and time': 'datetime', 'date + time': 'datetime', 'date & time': 'datetime', 'date/time': 'datetime',
  'dates with times': 'datetime', 'dates and times': 'datetime', 'date with time': 'datetime', 'date-time': 'datetime',
  datetime: 'datetime', timestamp: 'datetime', 'long text': 'text', 'free text': 'text', 'free-text': 'text',
  'rich text': 'text', markdown: 'text', paragraph: 'text', 'short text': 'string', text: 'string', string: 'string',
  'whole number': 'integer', integer: 'integer', int: 'integer', year: 'integer', count: 'integer',
  decimal: 'number', decimals: 'number', 'decimals allowed': 'number', 'decimals ok': 'number', 'decimals are fine': 'number', 'with decimals': 'number', number: 'number', float: 'number', numeric: 'number', amount: 'number', money: 'number',
  currency: 'number', price: 'number', boolean: 'boolean', bool: 'boolean', flag: 'boolean', checkbox: 'boolean',
  'yes/no': 'boolean', 'y/n': 'boolean', 'tick box': 'boolean', tickbox: 'boolean', 'check box': 'boolean', 'true/false': 'boolean', 'yes or no': 'boolean', date: 'date', dates: 'date',
  day: 'date', email: 'email', 'email address': 'email', phone: 'string', 'phone number': 'string', url: 'url',
  link: 'url', uri: 'url', website: 'url', 'web address': 'url', hyperlink: 'url', file: 'file', upload: 'file', attachment: 'file', enum: 'enum', choice: 'enum', 'one of': 'enum',
};

/** Units: `in <unit>` adds the unit to the name (as written here) and gives the type. */
export const UNITS: Readonly<Record<string, { suffix: string; type: 'integer' | 'number' }>> = {
  ...Object.fromEntries(list('metres meters metre meter m').map((w) => [w, { suffix: 'm', type: 'number' as const }])),
  ...Object.fromEntries(['cubic metres', 'cubic meters', 'm3'].map((w) => [w, { suffix: 'm3', type: 'number' as const }])),
  ...Object.fromEntries(['square metres', 'square meters', 'm2', 'sqm'].map((w) => [w, { suffix: 'm2', type: 'number' as const }])),
  ...Object.fromEntries(list('centimetres centimeters cm').map((w) => [w, { suffix: 'cm', type: 'number' as const }])),
  ...Object.fromEntries(list('millimetres millimeters mm').map((w) => [w, { suffix: 'mm', type: 'number' as const }])),
  ...Object.fromEntries(list('kilometres kilometers km').map((w) => [w, { suffix: 'km', type: 'number' as const }])),
  ...Object.fromEntries(list('kilograms kilogram kilos kg').map((w) => [w, { suffix: 'kg', type: 'number' as const }])),
  ...Object.fromEntries(list('grams gram g').map((w) => [w, { suffix: 'g', type: 'number' as const }])),
  ...Object.fromEntries(list('pounds lbs lb').map((w) => [w, { suffix: 'lb', type: 'number' as const }])),
  ...Object.fromEntries(list('litres liters litre liter l').map((w) => [w, { suffix: 'litres', type: 'number' as const }])),
  ...Object.fromEntries(list('millilitres milliliters ml').map((w) => [w, { suffix: 'ml', type: 'number' as const }])),
  ...Object.fromEntries(list('hectares hectare ha').map((w) => [w, { suffix: 'hectares', type: 'number' as const }])),
  ...Object.fromEntries(list('acres acre').map((w) => [w, { suffix: 'acres', type: 'number' as const }])),
  ...Object.fromEntries(list('miles mile').map((w) => [w, { suffix: 'miles', type: 'number' as const }])),
  ...Object.fromEntries(list('feet foot ft').map((w) => [w, { suffix: 'ft', type: 'number' as const }])),
  ...Object.fromEntries(list('inches inch').map((w) => [w, { suffix: 'inches', type: 'number' as const }])),
  ...Object.fromEntries(list('percent percentage %').map((w) => [w, { suffix: 'percent', type: 'number' as const }])),
  // ("height in hands (e.g. 15.2)": a horse's height, in hands and inches written as a decimal.)
  ...Object.fromEntries(list('hands hh').map((w) => [w, { suffix: 'hands', type: 'number' as const }])),
  ...Object.fromEntries(list('knots kts').map((w) => [w, { suffix: 'knots', type: 'number' as const }])),
  // ("power draw in watts": electrical measures, whole numbers as written on the kit.)
  ...Object.fromEntries(list('watts watt').map((w) => [w, { suffix: 'watts', type: 'integer' as const }])),
  ...Object.fromEntries(list('kilowatts kilowatt kw').map((w) => [w, { suffix: 'kw', type: 'number' as const }])),
  ...Object.fromEntries(list('volts volt').map((w) => [w, { suffix: 'volts', type: 'integer' as const }])),
  ...Object.fromEntries(list('amps amp amperes').map((w) => [w, { suffix: 'amps', type: 'number' as const }])),
  ...Object.fromEntries(list('degrees').map((w) => [w, { suffix: 'degrees', type: 'number' as const }])),
  ...Object.fromEntries(['celsius', 'centigrade', 'degrees celsius', 'degrees centigrade', 'degrees c', '°c'].map((w) => [w, { suffix: 'c', type: 'number' as const }])),
  ...Object.fromEntries(['fahrenheit', 'degrees fahrenheit', 'degrees f', '°f'].map((w) => [w, { suffix: 'f', type: 'number' as const }])),
  ...Object.fromEntries(list('hours hrs hour').map((w) => [w, { suffix: 'hours', type: 'number' as const }])),
  ...Object.fromEntries(list('euros dollars pounds-sterling').map((w) => [w, { suffix: w, type: 'number' as const }])),
  ...Object.fromEntries(list('cents').map((w) => [w, { suffix: w, type: 'integer' as const }])),
  ...Object.fromEntries(list('minutes mins min').map((w) => [w, { suffix: 'minutes', type: 'integer' as const }])),
  ...Object.fromEntries(list('seconds secs').map((w) => [w, { suffix: 'seconds', type: 'integer' as const }])),
  ...Object.fromEntries(list('days weeks months years').map((w) => [w, { suffix: w, type: 'integer' as const }])),
};

/** File formats (as written) -> MIME types. Generic words (`images`) count only outside a name. */
export const FORMATS: Readonly<Record<string, string>> = {
  pdf: 'application/pdf', pdfs: 'application/pdf', jpeg: 'image/jpeg', jpg: 'image/jpeg', jpegs: 'image/jpeg', jpgs: 'image/jpeg',
  png: 'image/png', pngs: 'image/png', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', heic: 'image/heic',
  tiff: 'image/tiff', tif: 'image/tiff', tiffs: 'image/tiff', m4a: 'audio/mp4', webm: 'video/webm',
  csv: 'text/csv', csvs: 'text/csv', txt: 'text/plain', json: 'application/json', xml: 'application/xml', zip: 'application/zip',
  mp3: 'audio/mpeg', mp3s: 'audio/mpeg', wav: 'audio/wav', mp4: 'video/mp4', mp4s: 'video/mp4', mov: 'video/quicktime',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xls: 'application/vnd.ms-excel',
};
/**
 * "Word" alone names Microsoft Word only beside another format ("PDF or Word", "Word, PDF or
 * JPEG"); anywhere else it is an ordinary word. A regular expression's source, lower case.
 */
const BESIDE = String.raw`(?:pdf|jpe?g|png|gif|heic|docx?|xlsx?|csv|excel|images?|photos?)s?`;
export const WORD_BESIDE_FORMAT = String.raw`(?<=\b${BESIDE}\s*(?:(?:,|or|and|\/)\s*)?(?:an?\s+)?)word\b|\bword(?=\s*(?:(?:,|or|and|\/)\s*)?(?:an?\s+)?${BESIDE}\b)`;
/** Generic words for a kind of file -> MIME type (in a parenthesis, a type cell or a rule). */
export const GENERIC_FORMATS: Readonly<Record<string, string>> = {
  image: 'image/*', images: 'image/*', photo: 'image/*', photos: 'image/*', picture: 'image/*', pictures: 'image/*',
  video: 'video/*', videos: 'video/*', audio: 'audio/*', recording: 'audio/*', spreadsheet: 'text/csv',
};
/** Nouns that are a file by themselves (`a photo`, `the logo`) -> default MIME types. */
export const FILE_NOUNS: Readonly<Record<string, readonly string[]>> = {
  photo: ['image/*'], image: ['image/*'], picture: ['image/*'], logo: ['image/*'], avatar: ['image/*'], screenshot: ['image/*'],
  thumbnail: ['image/*'], poster: ['image/*'], headshot: ['image/*'], selfie: ['image/*'], scan: ['application/pdf', 'image/*'],
  video: ['video/*'], recording: ['audio/*'], attachment: ['application/pdf', 'image/*'], upload: ['application/pdf', 'image/*'],
  file: ['application/pdf', 'image/*'], pdf: ['application/pdf'], manuscript: ['application/pdf'], resume: ['application/pdf'],
  cv: ['application/pdf'], syllabus: ['application/pdf'], manual: ['application/pdf'], contract: ['application/pdf'],
  receipt: ['application/pdf', 'image/*'], invoice: ['application/pdf'], document: ['application/pdf'],
};
/** File nouns that make a field a file only with a format or size (`a document type` is not a file). */
export const WEAK_FILE_NOUNS = set('manuscript resume cv syllabus manual contract receipt invoice document poster recording scan');
/** Words dropped from a file field's name when another word names it (`receipt upload` -> receipt_key). */
export const FILE_NAME_NOISE = set('file upload uploaded attachment attached pdf image');
/** Noise words that name the act of uploading, not the thing: dropped first when only noise names a file (`a file upload` -> file_key). */
export const FILE_ACT_WORDS = set('upload uploaded attached');
/** The size limit a file gets when the text names none. */
export const DEFAULT_MAX_BYTES = 10 * 1048576;
/** Size units, binary (1 MB = 1048576 bytes), as the spec format reads them. */
export const SIZE_UNITS: Readonly<Record<string, number>> = {
  kb: 1024, kib: 1024, kilobytes: 1024, mb: 1048576, mib: 1048576, megabytes: 1048576, megs: 1048576,
  gb: 1073741824, gib: 1073741824, gigabytes: 1073741824,
};

/** People who may be users of the app but are not record types of the description: `ref(User)`. */
export const PERSON_WORDS = set(`
  assignee approver reviewer assessor supervisor coordinator technician mechanic inspector moderator handler
  manager agent instructor trainer mentor coach referee judge owner author creator requester requestor reporter
  attendee participant recipient receiver sender host organizer organiser editor maintainer contributor verifier courier
  sponsor delegate representative teammate colleague subscriber`);
/**
 * Person words that mean the record's creator: alone in a field list (`a body and an author`) a
 * `ref(User)` field that is the record's owner; `owner` itself is the server's owner_id.
 */
export const OWNER_WORDS = set('author creator owner submitter uploader writer');

/** Heads that keep their own type after a record type's name (`team name`, `room number`, `order date`). */
export const TYPED_HEADS = set(`
  name names title number no date time type kind status code count email price amount total notes description id
  size category level rate fee score rating`);

/** Words that say a field must be filled in, wherever they stand in its phrase (`a mandatory colour`, `colour (required)`). */
export const REQUIRED_WORDS = set('required mandatory compulsory');
/** Words that say it only before the name (`an essential mileage`; `essential oils` is a name). */
export const REQUIRED_LEADS = set('essential');
/** Wording that says it only in a descriptor (a parenthesis, a colon's tail, a rules cell): `(must have)`, `(needed)`. */
export const REQUIRED_PHRASES: readonly string[] = [
  'must have', 'must-have', 'needed', 'must be set', 'must be provided', 'must be given', 'must be filled in', 'must be filled',
  'cannot be empty', "can't be empty", 'always set', 'always filled in',
  'may not be empty', 'must not be empty', "mustn't be empty",
  // ("a name, which we obviously need": said as what the business cannot do without.)
  'which we need', 'which we obviously need', 'which we always need', 'which we definitely need', 'we always need', 'we must have',
  // ("a date (has to be there, obviously)", "the date it was collected (must be there)".)
  'has to be there', 'must be there', 'needs to be there', 'always there', 'has to be filled in', 'has to be given',
];
/** Wording that says a field may be left empty, as a name's lead or anywhere in a descriptor. */
export const OPTIONAL_PHRASES: readonly string[] = [
  'not required', 'not mandatory', 'not needed', 'optional', 'optionally', 'if any', 'if known', 'if available', 'nullable',
  'can be empty', 'can be blank', 'can be left empty', 'can be left blank', 'can be left out', 'may be empty', 'may be blank',
  'may be left empty', 'may be left blank', 'may be omitted', 'can be omitted', 'can be skipped',
];
/** Words that name a field's default value (`default medium`, `defaults to open`, `open by default`). */
export const DEFAULT_WORDS = set('default defaults defaulting');

/** Words of a rule (required, optional, unique, a default) — never values, never part of a name. */
export const RULE_WORDS: ReadonlySet<string> = new Set([...REQUIRED_WORDS, ...DEFAULT_WORDS, 'optional', 'unique', 'only']);

/** Name words read as another word (`pic` -> photo): the canonical word of a field's name. */
/** A moment named by one word ("a start and an end"): the name a reader gives the field. */
export const MOMENT_NAMES: Readonly<Record<string, string[]>> = { start: ['starts', 'at'], end: ['ends', 'at'], finish: ['ends', 'at'] };

export const NAME_SYNONYMS: Readonly<Record<string, string>> = {
  pic: 'photo', pics: 'photos', picture: 'photo', pictures: 'photos', qty: 'quantity', msg: 'message', hrs: 'hours',
  no: 'number', num: 'number', nite: 'night', desc: 'description', info: 'information', tel: 'phone', ref: 'reference',
  // ("the maximum group size": max_group_size, as people name limits: max_ 7 to 0 in the corpus, min_ 2 to 1.)
  maximum: 'max', minimum: 'min',
};

/** Every word above, for the normaliser's lexicon (so a typo of a field word is corrected to it). */
export const FIELD_WORDS: readonly string[] = [
  ...DETERMINERS, ...Object.keys(HEAD_TYPES), ...COUNTED_NUMBER_PREFIXES, ...BOOLEAN_MARKERS, ...Object.keys(UNITS),
  ...Object.keys(FORMATS), ...Object.keys(GENERIC_FORMATS), ...Object.keys(FILE_NOUNS), ...PERSON_WORDS, ...TYPED_HEADS,
  ...RULE_WORDS, ...REQUIRED_LEADS, ...Object.values(NAME_SYNONYMS), ...Object.keys(TYPE_PHRASES).flatMap((p) => p.split(/[\s/]+/)),
].filter((w) => /^[a-z]{4,}$/.test(w));

/** The mark of a yes/no field written after it ("cabinet locked y/n"). */
const YES_NO_MARK = String.raw`(?:y\/n|yes\/no|\(y\/n\)|\(yes\/no\))`;
/** "is the cabinet locked y/n": a yes/no asked as a question; its lead ("is the") is no part of the flag's name. */
export const YES_NO_QUESTION = new RegExp(String.raw`^(?:is|are|was|were)\s+(?:the|their|its|his|her)\s+(?=[a-z]+(?:\s+[a-z]+)?\s+[a-z]+\s+${YES_NO_MARK}$)`, 'i');
/** ("y/n if it can go indoors", "tick box for whether it's insured"): the yes/no mark before the question it asks, read as "whether ...". */
export const YES_NO_BEFORE = /^(?:an?\s+)?(?:y\/n|yes\/no|yes or no|tick(?:\s*box)?|checkbox)\s+(?:for|if|on)\s+(?:whether\s+)?(?=[a-z])/i;
/** The yes/no mark after the flag's name. */
export const YES_NO_AFTER = new RegExp(String.raw`\s+${YES_NO_MARK}\s*$`, 'i');

/** "people put their name down w/ email + ...": who they are, their name, then what they give with it. */
export const NAME_PUT_DOWN = /^(?:people|ppl|they|customers|folks?|members|visitors|someone|somebody|applicants|parents)\s+(?:put|puts|write|writes|leave|leaves|add|adds|jot|jots)\s+(?:their|his|her|a)\s+names?\s+down\b(?:\s+(?:with|w\/|plus|and)\s+)?/i;

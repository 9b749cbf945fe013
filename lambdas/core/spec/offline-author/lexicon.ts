/**
 * Generic English the offline author relies on: articles, modals, verbs that grant rights,
 * words that imply a field type, person words, file formats. No word here names a particular
 * domain's records; everything domain-specific comes from the description itself.
 */
import { RIGHT_NAMES, type RightName } from '../../vocabulary';
import { WORD_BESIDE_FORMAT } from '../author/fields/field-words';

export const ARTICLES = new Set(['a', 'an', 'the']);
export const DETERMINERS = new Set([
  'a', 'an', 'the', 'each', 'every', 'all', 'any', 'some', 'its', 'their', 'his', 'her', 'our', 'your', 'my', 'this', 'that',
  'these', 'those', 'one', 'own', 'another', 'other', 'new', 'single', 'given',
]);
export const MODALS = new Set(['can', 'may', 'should', 'must', 'will', 'shall', 'could', 'might', 'would']);
export const ADVERBS = new Set(['also', 'only', 'always', 'usually', 'typically', 'optionally', 'additionally', 'just', 'still', 'even', 'then', 'each', 'all', 'both', 'further', 'moreover', 'now']);
export const CONJUNCTIONS = new Set(['and', 'or', 'but', 'while', 'whereas', 'so', 'nor', 'plus']);
export const NEGATIONS = new Set(['not', 'cannot', "can't", 'never', "mustn't", "shouldn't", "don't", "doesn't", 'no', "won't", "aren't", "isn't"]);

/** Function words: never part of a record type's or a role's name. */
export const FUNCTION_WORDS = new Set([
  'it', 'they', 'them', 'we', 'you', 'i', 'he', 'she', 'this', 'that', 'these', 'those', 'which', 'who', 'whom', 'what', 'there', 'here',
  'when', 'whenever', 'if', 'then', 'once', 'after', 'before', 'where', 'while', 'because', 'so', 'also', 'only', 'and', 'or', 'but',
  'nobody', 'someone', 'somebody', 'something', 'everything', 'anything', 'nothing', 'none', 'all', 'both', 'either', 'neither',
  'is', 'are', 'be', 'been', 'being', 'has', 'have', 'had', 'can', 'may', 'should', 'must', 'will', 'not', 'no', 'yes', 'to', 'of', 'in',
  'on', 'at', 'by', 'for', 'with', 'from', 'into', 'as', 'per', 'up', 'other', 'others', 'rest', 'own',
]);
/** Generic nouns that do not name a record type on their own (`site` alone, but `site visit` does). */
export const GENERIC_NOUNS = new Set([
  'app', 'application', 'system', 'service', 'backend', 'api', 'platform', 'database', 'data', 'workflow', 'workflows', 'process', 'step',
  'steps', 'record', 'records', 'item', 'items', 'entity', 'entities', 'field', 'fields', 'role', 'roles', 'permission', 'permissions',
  'access', 'rights', 'tool', 'site', 'website', 'page', 'pages',
  // ("Some folks are really sensitive about that": people in general, never records.)
  'folk', 'folks', 'someone', 'somebody', 'everyone', 'everybody', 'anyone', 'anybody', 'stuff',
  // ("Below is how we think about the data": where the text goes next, never records.)
  'below', 'above', 'following',
]);
/** Heads that never end a record type's name, even in a compound (`line item` is fine, `user data` is not). */
// ("a funeral service", "a church service", "a bus service" name records; "a web service" is the app, see SOFTWARE_SERVICE.)
export const GENERIC_HEADS = new Set(['data', 'access', 'rights', 'permission', 'permissions', 'role', 'roles', 'field', 'fields', 'entity', 'entities', 'workflow', 'workflows', 'process', 'step', 'steps', 'app', 'application', 'system', 'backend', 'api', 'platform', 'database']);
/** Words that never name a record type or a role by themselves. */
export const NON_NOUNS = new Set([...FUNCTION_WORDS, ...GENERIC_NOUNS]);

/** Everyone, with or without an account: their rights go to access levels, not to a role. */
export const PUBLIC_AUDIENCE = /^(?:anyone|anybody|everyone|everybody|the public|the general public|members of the public|public|visitors?|public visitors?|website visitors?|site visitors?|passers-by|anonymous(?: users?| visitors?)?|unauthenticated users?|logged[- ]out users?|non-members?|people|the world|strangers)$/;
/** "without logging in", "no account needed", "anonymously": what the public does, with no account. */
export const NO_LOGIN = /\b(?:without (?:(?:being )?(?:logged|signed) in|logging in|signing in|signing up|an account|a login|login|log-in|authentication|authenticating|registering|registration|a token)|publicly|no (?:login|account) (?:is )?(?:needed|required)|(?:who are |while |when )?not (?:signed|logged) in|even (?:when )?(?:logged|signed) out|anonymously|(?:an? )?(?:account|login|log-in) or not|(?:logged|signed) in or not|with or without (?:an account|a login|logging in|signing in)|without (?:making|creating|opening|setting up|needing|having) an account|without (?:having|needing) to (?:register|sign up|sign in|log in|(?:create|make|open|set up) an account)|with no (?:account|login|log-in)|no need to (?:register|sign up|sign in|log in|create an account)|no (?:login|log-in|account|sign-in|registration) (?:is )?(?:needed|required|necessary)|(?:don't|do not|doesn't|does not|won't|will not|never)\s+(?:have|need|get)\s+(?:an?\s+)?(?:accounts?|logins?|log-ins?)|(?:don't|do not|doesn't|does not|won't|will not|never)\s+(?:log|sign)\s+in)\b/i;
/** Any signed-in user: every role gets the right, at the authenticated level. */
export const SIGNED_IN_AUDIENCE = /^(?:(?:logged[- ]in|signed[- ]in|authenticated|registered|all|any|every)\s+(?:users?|members?|people|accounts?)|users|members of the organi[sz]ation|every user|each user|any user|anyone (?:logged|signed) in|everyone (?:logged|signed) in)$/;


/** Verbs (and their -s forms) that introduce a record type's fields: `X have a, b and c`. */
export const DEFINITION_VERBS = [
  'have', 'has', 'contain', 'contains', 'include', 'includes', 'record', 'records', 'store', 'stores', 'hold', 'holds', 'carry',
  'carries', 'track', 'tracks', 'keep', 'keeps', 'link', 'links', 'connect', 'connects', 'capture', 'captures', 'consist of',
  'consists of', 'need', 'needs', 'require', 'requires', 'come with', 'comes with', 'log', 'logs', 'reference', 'references',
  'combine', 'combines', 'pair', 'pairs', 'join', 'joins', 'describe', 'describes', 'list', 'lists',
];
/** Definition verbs whose bare plural objects are child record types (`X contain Y`). */
export const CONTAIN_VERBS = new Set(['contain', 'contains', 'include', 'includes', 'hold', 'holds', 'consist of', 'consists of', 'group', 'groups']);
/** Definition verbs whose objects are other record types (`X link a P and a D`). */
export const LINK_VERBS = new Set(['link', 'links', 'connect', 'connects', 'reference', 'references', 'combine', 'combines', 'pair', 'pairs', 'join', 'joins']);

export type RightLetter = RightName;
export const ALL_RIGHTS: readonly RightLetter[] = RIGHT_NAMES;
const CRUD = [...RIGHT_NAMES];

/**
 * Verbs whose act is recorded as a record named otherwise ("borrow a game" makes a loan): base
 * form -> the record types' names (snake_case) it may make. Each is a create right. (Only words
 * that are verbs alone: `rent`, `bid`, `purchase` name fields and records too.)
 */
export const ACT_RECORD_NAMES: Record<string, string[]> = {
  borrow: ['loan', 'borrowing', 'checkout'], lend: ['loan'], buy: ['purchase', 'order', 'sale'], adopt: ['adoption', 'adoption_application'],
  // ("apply for a pitch": an application, for the pitch.)
  applyfor: ['application'],
  donate: ['donation'], enrol: ['enrolment', 'enrollment', 'registration'], enroll: ['enrollment', 'enrolment', 'registration'],
};

/** Verbs a role is given: base form -> the rights it means. */
// (No prototype: "constructor" or "toString" said in a description is no verb.)
export const RIGHT_VERBS: Record<string, RightLetter[]> = Object.assign(Object.create(null) as Record<string, RightLetter[]>, {
  create: ['create'], add: ['create'], submit: ['create'], book: ['create'], write: ['create'], post: ['create'], make: ['create'],
  open: ['create'], register: ['create'], upload: ['create'], record: ['create'], log: ['create'], enter: ['create'], leave: ['create'],
  place: ['create'], raise: ['create'], request: ['create'], schedule: ['create'], publish: ['create'], file: ['create'], start: ['create'],
  send: ['create'], author: ['create'], compose: ['create'], draft: ['create'], issue: ['create'], reserve: ['create'],
  order: ['create'], invite: ['create'], import: ['create'], insert: ['create'], lodge: ['create'], propose: ['create'], nominate: ['create'],
  read: ['read'], see: ['read'], view: ['read'], list: ['read'], browse: ['read'], access: ['read'], search: ['read'], find: ['read'],
  check: ['read'], consult: ['read'], download: ['read'], watch: ['read'], look: ['read'], inspect: ['read'], audit: ['read'],
  monitor: ['read'], query: ['read'], export: ['read'], get: ['read'], retrieve: ['read'], track: ['read'], follow: ['read'],
  listen: ['read'], stream: ['read'],
  update: ['update'], edit: ['update'], modify: ['update'], change: ['update'], approve: ['update'], reject: ['update'], assign: ['update'],
  complete: ['update'], close: ['update'], confirm: ['update'], review: ['update'], reschedule: ['update'], correct: ['update'],
  rename: ['update'], move: ['update'], cancel: ['update'], archive: ['update'], hide: ['update'], unhide: ['update'], retire: ['update'], resolve: ['update'], reopen: ['update'], mark: ['update'],
  decline: ['update'], accept: ['update'], process: ['update'], adjust: ['update'], fix: ['update'], tag: ['update'], rate: ['update'],
  answer: ['update'], grade: ['update'], score: ['update'], evaluate: ['update'], assess: ['update'], fulfil: ['update'], fulfill: ['update'], ship: ['update'], verify: ['update'], sign: ['update'],
  delete: ['delete'], remove: ['delete'], destroy: ['delete'], erase: ['delete'], purge: ['delete'], discard: ['delete'],
  manage: CRUD, administer: CRUD, moderate: CRUD, control: CRUD, maintain: CRUD, administrate: CRUD, curate: CRUD, run: CRUD,
  // ("The assistants handle the bookings", "only the treasurer touches invoices": all there is to do with them.)
  handle: CRUD, touch: CRUD,
  ...Object.fromEntries(Object.keys(ACT_RECORD_NAMES).map((verb): [string, RightLetter[]] => [verb, ['create']])),
});

/** Verbs that, with "everything", make a role the administrative one. */
export const ADMIN_VERBS = new Set(['manage', 'administer', 'administrate', 'moderate', 'control', 'do', 'run', 'own', 'oversee', 'supervise']);

/** Two-word verbs, to the rights verb they mean. */
export const PHRASAL_VERBS: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  'hand in': 'submit', 'turn in': 'submit', 'send in': 'submit', 'pop in': 'submit', 'fill in': 'create', 'fill out': 'create', 'sign up': 'register', 'look at': 'read',
  'look up': 'read', 'check out': 'read', 'set up': 'create', 'put in': 'create', 'write up': 'create', 'sign off': 'approve',
  'look after': 'manage', 'take care': 'manage', 'apply for': 'applyfor', 'book in': 'create', 'look through': 'read', 'look over': 'read', 'check on': 'read', 'keep track of': 'read',
});

/** The rights verb a two-word verb means, in any person ("looks after", "hands in"). */
export function phrasalVerb(token: string, next: string | undefined): string | undefined {
  if (!next) return undefined;
  // (Asked of every word pair of every clause by several readers: the base forms are worked out once a word.)
  const t = token.toLowerCase();
  const n = next.toLowerCase();
  for (const base of baseForms(t)) {
    const verb = PHRASAL_VERBS[`${base} ${n}`];
    if (verb) return verb;
  }
  return undefined;
}

const BASE_FORMS = new Map<string, readonly string[]>();
/** A word and what it is with -ies, -es or -s undone (`carries` -> carry, carri, carrie). */
function baseForms(t: string): readonly string[] {
  let forms = BASE_FORMS.get(t);
  if (!forms) {
    forms = [t, t.replace(/ies$/, 'y'), t.replace(/es$/, ''), t.replace(/s$/, '')];
    if (BASE_FORMS.size > 20000) BASE_FORMS.clear();
    BASE_FORMS.set(t, forms);
  }
  return forms;
}

/** Signing in (`clients log in and can only see ...`): how people arrive, not a right on records. */
export const SIGN_IN_PHRASES = new Set(['log in', 'logs in', 'log on', 'logs on', 'sign in', 'signs in']);

/** The base form of a verb token if it is a rights verb: `creates` -> create, `reads` -> read. */
export function rightVerb(token: string): string | undefined {
  const t = token.toLowerCase();
  if (RIGHT_VERBS[t]) return t;
  for (const base of baseForms(t)) {
    if (base !== t && RIGHT_VERBS[base]) return base;
  }
  return undefined;
}

/** Verbs that create a record when they describe what happens to it (`when X is submitted`). */
export const CREATE_VERBS = new Set(['create', 'add', 'submit', 'post', 'book', 'open', 'file', 'register', 'place', 'raise', 'make', 'upload', 'record', 'log', 'enter', 'write', 'leave', 'request', 'schedule', 'start', 'insert', 'import', 'issue', 'order', 'reserve', 'send', 'receive']);
export const UPDATE_VERBS = new Set(['update', 'edit', 'change', 'modify']);
export const DELETE_VERBS = new Set(['delete', 'remove', 'destroy', 'erase', 'purge']);

const IRREGULAR_PAST: Record<string, string> = {
  made: 'make', paid: 'pay', sent: 'send', written: 'write', wrote: 'write', done: 'do', given: 'give', taken: 'take', held: 'hold',
  kept: 'keep', left: 'leave', built: 'build', bought: 'buy', sold: 'sell', brought: 'bring', told: 'tell', set: 'set', put: 'put',
  read: 'read', found: 'find', begun: 'begin', chosen: 'choose', drawn: 'draw', driven: 'drive', shipped: 'ship', spent: 'spend',
  won: 'win', lost: 'lose', met: 'meet', run: 'run', seen: 'see', shown: 'show', struck: 'strike', thrown: 'throw', undone: 'undo',
  withdrawn: 'withdraw', forgiven: 'forgive', frozen: 'freeze', hidden: 'hide', laid: 'lay', led: 'lead', rejected: 'reject',
};
const IRREGULAR_PARTICIPLE: Record<string, string> = Object.fromEntries(
  Object.entries(IRREGULAR_PAST).filter(([p]) => p !== 'wrote').map(([p, base]) => [base, p]),
);

/** Verbs the author knows by their base form (for undoing `-ed`). */
export const KNOWN_VERBS = new Set([
  'escalate', 'notify', 'remind', 'alert', 'pay', 'charge', 'bill', 'invoice', 'refund', 'deliver', 'expire', 'lock', 'unlock',
  'activate', 'deactivate', 'suspend', 'renew', 'sync', 'finish', 'end', 'respond', 'reply', 'email', 'call', 'text', 'message',
  'unpublish', 'return', 'dispatch', 'release', 'deploy', 'validate', 'calculate', 'generate', 'print', 'share', 'compare', 'prepare',
  'declare', 'clear', 'appear', 'flag', 'cook', 'block', 'pick', 'pack', 'reach', 'approve', 'reject', 'submit', 'confirm', 'complete',
  'archive', 'cancel', 'close', 'open', 'start', 'schedule', 'assign', 'review', 'fail', 'succeed', 'expire', 'remove', 'note', 'vote',
  'invite', 'accept', 'decline', 'publish', 'receive', 'use', 'score', 'grade', 'rate', 'sign', 'pass', 'bounce', 'resolve', 'reopen',
  'settle', 'handle', 'sell', 'buy', 'order', 'ship', 'enroll', 'enrol', 'register', 'verify', 'check', 'book', 'look', 'process',
]);

/** `paid` -> pay, `approved` -> approve, `submitted` -> submit, `escalated` -> escalate, `cancelled` -> cancel. */
export function lemmaOfParticiple(word: string): string {
  const w = word.toLowerCase();
  if (IRREGULAR_PAST[w]) return IRREGULAR_PAST[w]!;
  if (!w.endsWith('ed') || w.length < 4) return w;
  const minusD = w.slice(0, -1);
  const minusEd = w.slice(0, -2);
  const known = (v: string) => KNOWN_VERBS.has(v) || RIGHT_VERBS[v] !== undefined || CREATE_VERBS.has(v);
  if (known(minusD)) return minusD;
  if (known(minusEd)) return minusEd;
  if (/ied$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/([bdgmnprt])\1ed$/.test(w)) return w.slice(0, -3);
  if (/[a-z]{3}elled$/.test(w)) return w.slice(0, -3);
  if (/(?:at|iz|is|ov|iv|ur|uc|ac|ic|ag|ng|rg|lv|rv|nc|rc|uv|bl|pl|gl|dl|tl|fl|kl|cl|ib|os|ot|ak|et|ut|ud|id|ir)ed$/.test(w)) return minusD;
  return minusEd;
}

/** `approve` -> approved, `reject` -> rejected, `pay` -> paid, `submit` -> submitted. */
export function participleOf(verb: string): string {
  const v = verb.toLowerCase();
  if (IRREGULAR_PARTICIPLE[v]) return IRREGULAR_PARTICIPLE[v]!;
  if (/ed$/.test(v)) return v;
  if (/e$/.test(v)) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  if (/^(?:[^aeiou]*[aeiou])[bdgmnprt]$/.test(v) || /(?:mit|fer|pel|bid|nul|ref)$/.test(v)) return `${v}${v.slice(-1)}ed`;
  return `${v}ed`;
}

/** Is this word a past participle (ends in -ed or is an irregular one)? */
export function isParticiple(word: string): boolean {
  const w = word.toLowerCase();
  return (/[a-z]{2,}ed$/.test(w) && !NOT_PARTICIPLES.has(w)) || (IRREGULAR_PAST[w] !== undefined && w !== 'set' && w !== 'put' && w !== 'read' && w !== 'run');
}
const NOT_PARTICIPLES = new Set(['need', 'seed', 'feed', 'speed', 'bed', 'red', 'shed', 'bred', 'hundred', 'embed', 'breed', 'weed', 'deed', 'greed']);

/** Words naming a person (as a field: a reference to a user). Role names are added per description. */
export const PERSON_WORDS = new Set([
  'assignee', 'owner', 'author', 'creator', 'reporter', 'reviewer', 'approver', 'editor', 'organizer', 'organiser', 'host', 'sender',
  'recipient', 'receiver', 'requester', 'requestor', 'submitter', 'user', 'member', 'manager', 'supervisor', 'lead', 'leader',
  'coordinator', 'agent', 'instructor', 'teacher', 'coach', 'mentor', 'buyer', 'seller', 'attendee', 'participant', 'employee',
  'technician', 'operator', 'moderator', 'admin', 'administrator', 'person', 'signer', 'witness', 'uploader', 'poster', 'writer',
  'maintainer', 'contributor', 'responsible', 'handler', 'verifier', 'inspector', 'driver', 'courier', 'volunteer', 'worker', 'staff',
  'tutor', 'trainer', 'referee', 'judge', 'sponsor', 'champion', 'delegate', 'representative', 'rep', 'salesperson', 'caretaker',
  'guardian', 'parent', 'student', 'teammate', 'colleague', 'follower', 'subscriber', 'customer', 'client', 'vendor', 'supplier',
]);
/** Person words that mean the one who made the record: its owner. */
export const OWNER_WORDS = new Set(['author', 'creator', 'owner', 'poster', 'uploader', 'submitter', 'writer']);
/** Person words that only make sense as a reference when a record type of that name is absent. */
export const WEAK_PERSON_WORDS = new Set(['customer', 'client', 'vendor', 'supplier', 'student', 'parent', 'driver', 'volunteer', 'worker', 'staff', 'courier']);

/** Field names that hold a record's name or title (required by the contract's rule). */
export const NAME_FIELDS = new Set(['name', 'title', 'headline', 'subject', 'heading']);
/** Fields that name a record only when it has no better name. */
export const WEAK_NAME_FIELDS = new Set(['label', 'caption', 'nickname', 'username', 'handle']);
/** `name`, `title`, or any `<something>_name` / `<something>_title`. */
export function isNameField(name: string): boolean {
  return NAME_FIELDS.has(name) || WEAK_NAME_FIELDS.has(name) || /_(?:name|title)$/.test(name);
}
/** The main content of a record that has no name or title. */
export const CONTENT_FIELDS = new Set(['body', 'content', 'text', 'message']);

export const TEXT_WORDS = new Set([
  'description', 'notes', 'note', 'body', 'summary', 'bio', 'biography', 'content', 'contents', 'details', 'remarks', 'instructions',
  'text', 'message', 'abstract', 'explanation', 'address', 'story', 'overview', 'feedback', 'answer', 'excerpt', 'memo', 'markdown',
  'html', 'transcript', 'synopsis', 'justification', 'agenda', 'minutes_text', 'directions', 'terms', 'conditions', 'policy',
]);
export const EMAIL_WORDS = new Set(['email', 'e-mail', 'mail']);
export const URL_WORDS = new Set(['url', 'link', 'website', 'homepage', 'uri', 'webpage', 'href', 'permalink']);
export const DATE_WORDS = new Set(['date', 'birthday', 'deadline', 'dob', 'anniversary', 'birthdate']);
export const DATETIME_WORDS = new Set(['time', 'datetime', 'timestamp', 'moment']);
export const NUMBER_WORDS = new Set([
  'amount', 'price', 'cost', 'total', 'fee', 'balance', 'salary', 'wage', 'budget', 'rate', 'percentage', 'percent', 'weight', 'height',
  'width', 'depth', 'length', 'distance', 'latitude', 'longitude', 'lat', 'lng', 'temperature', 'tax', 'discount', 'revenue', 'subtotal',
  'charge', 'deposit', 'income', 'profit', 'margin', 'value', 'score', 'ratio', 'area', 'volume', 'speed', 'tip', 'fare', 'rent',
  'estimate', 'hours', 'payout', 'refund', 'worth', 'valuation', 'grade',
]);
export const INTEGER_WORDS = new Set(['count', 'quantity', 'qty', 'age', 'capacity', 'seats', 'position', 'rank', 'year', 'floor', 'points', 'votes', 'views', 'likes', 'attempts', 'size', 'level', 'copies', 'pages', 'calories', 'servings', 'units']);
export const BOOLEAN_WORDS = new Set(['boolean', 'bool', 'flag', 'checkbox', 'yes/no', 'true/false', 'toggle', 'switch']);
export const BOOLEAN_PREFIXES = new Set(['is', 'has', 'can', 'was', 'should', 'allows', 'needs', 'requires', 'will']);
export const PHONE_WORDS = new Set(['phone', 'telephone', 'mobile', 'fax', 'cell']);

/** Units that end a field name (`length in minutes` -> length_minutes) and the type they imply. */
export const UNIT_TYPES: Record<string, 'integer' | 'number'> = {
  seconds: 'integer', minutes: 'integer', days: 'integer', weeks: 'integer', months: 'integer', years: 'integer', hours: 'number',
  cents: 'integer', points: 'integer', pages: 'integer', words: 'integer', characters: 'integer', bytes: 'integer', pieces: 'integer',
  kg: 'number', kilograms: 'number', grams: 'number', g: 'number', pounds: 'number', lbs: 'number', ounces: 'number', oz: 'number',
  meters: 'number', metres: 'number', cm: 'number', mm: 'number', km: 'number', kilometers: 'number', kilometres: 'number',
  miles: 'number', feet: 'number', inches: 'number', liters: 'number', litres: 'number', ml: 'number', gallons: 'number',
  percent: 'number', dollars: 'number', euros: 'number', usd: 'number', eur: 'number', degrees: 'number', celsius: 'number',
  fahrenheit: 'number', mb: 'number', gb: 'number', kb: 'number',
};

/** Explicit type words a description may use, to the spec's type. */
export const TYPE_NAMES: Record<string, string> = {
  string: 'string', text: 'text', 'long text': 'text', 'free text': 'text', 'short text': 'string', integer: 'integer', int: 'integer',
  'whole number': 'integer', number: 'number', decimal: 'number', float: 'number', numeric: 'number', money: 'number', boolean: 'boolean',
  bool: 'boolean', 'yes/no': 'boolean', 'true/false': 'boolean', flag: 'boolean', checkbox: 'boolean', date: 'date', datetime: 'datetime',
  'date and time': 'datetime', 'date/time': 'datetime', timestamp: 'datetime', time: 'datetime', email: 'email', 'email address': 'email',
  url: 'url', link: 'url', uri: 'url', file: 'file', image: 'file', enum: 'enum', 'rich text': 'text', markdown: 'text',
};

/** Words that make a field a file; the value is the default content types when none are named. */
export const FILE_WORDS: Record<string, string[]> = {
  file: ['application/pdf', 'image/*'], attachment: ['application/pdf', 'image/*'], upload: ['application/pdf', 'image/*'],
  document: ['application/pdf'], scan: ['application/pdf', 'image/*'], pdf: ['application/pdf'], photo: ['image/*'], picture: ['image/*'],
  image: ['image/*'], avatar: ['image/*'], logo: ['image/*'], thumbnail: ['image/*'], banner: ['image/*'], icon: ['image/*'],
  screenshot: ['image/*'], headshot: ['image/*'], portrait: ['image/*'], selfie: ['image/*'], video: ['video/*'], clip: ['video/*'],
  audio: ['audio/*'], recording: ['audio/*'], voicemail: ['audio/*'], spreadsheet: ['text/csv', 'application/vnd.ms-excel'],
  resume: ['application/pdf'], cv: ['application/pdf'], artwork: ['image/*'], illustration: ['image/*'], diagram: ['image/*'],
};
/** File words dropped from a field's name when something else names it (`invoice upload` -> invoice_key). */
export const FILE_NAME_NOISE = new Set(['file', 'upload', 'uploaded', 'attached']);

/** Format words to content types. */
export const CONTENT_TYPES: Array<[RegExp, string[]]> = [
  [/\bpdfs?\b/, ['application/pdf']],
  [/\b(?:images?|photos?|pictures?|pics?)\b/, ['image/*']],
  [/\b(?:jpe?gs?)\b/, ['image/jpeg']],
  [/\bpngs?\b/, ['image/png']],
  [/\bgifs?\b/, ['image/gif']],
  [/\bwebp\b/, ['image/webp']],
  [/\bsvgs?\b/, ['image/svg+xml']],
  [/\bheic\b/, ['image/heic']],
  [/\bcsvs?\b/, ['text/csv']],
  [/\b(?:txt|plain text|text files?)\b/, ['text/plain']],
  [/\bmarkdown\b/, ['text/markdown']],
  [/\bjson\b/, ['application/json']],
  [/\bxml\b/, ['application/xml']],
  [/\bzips?\b/, ['application/zip']],
  // "PDF or Word": the word alone names the format only beside another format.
  [new RegExp(String.raw`\b(?:word documents?|docx?|word files?)\b|${WORD_BESIDE_FORMAT}`), ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']],
  [/\b(?:excel|xlsx?|spreadsheets?)\b/, ['application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']],
  [/\b(?:powerpoint|pptx?|slides)\b/, ['application/vnd.openxmlformats-officedocument.presentationml.presentation']],
  [/\bmp4s?\b/, ['video/mp4']],
  [/\bvideos?\b/, ['video/*']],
  [/\bmp3s?\b/, ['audio/mpeg']],
  [/\bwav\b/, ['audio/wav']],
  [/\baudio\b/, ['audio/*']],
];

/** Size units in bytes (binary units, as the spec format reads them). */
export const SIZE_UNITS: Record<string, number> = { kb: 1024, kib: 1024, kilobyte: 1024, kilobytes: 1024, mb: 1048576, mib: 1048576, megabyte: 1048576, megabytes: 1048576, gb: 1073741824, gib: 1073741824, gigabyte: 1073741824, gigabytes: 1073741824 };
export const DEFAULT_MAX_FILE_BYTES = 10 * 1048576;

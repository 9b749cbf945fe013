/**
 * Long on purpose: the one place where the readers of a description meet (record names, the order they are read in, and which reader takes each clause); split, the name resolution would be passed around as a dozen closures.
 *
 * authorSpec: a plain-English description -> SpecDocument, with no language model. Pure,
 * deterministic, synchronous. A pipeline:
 *  1. wording: informal writing made plain (abbreviations, near-miss spellings);
 *  2. segment: the layout into blocks (paragraphs, headings, bullet trees, tables);
 *  3. statements: blocks into sentences with their topic and explicit field lists (tables,
 *     sub-bullets), user stories as plain rights sentences;
 *  4. classify: each clause against the clause readers (record types and fields, relations,
 *     states, rights, public access, tenancy, workflows);
 *  5. assemble: the spec from what the clauses say; every statement is either used or reported
 *     back in `openQuestions`.
 */
import type { SpecDocument, SpecEntity } from '../spec-model';
import { splitClauses, type Sentence } from '../offline-author/clauses';
import { entityNameOf, type Containment, type Discovery } from './entity-names';
import { PREVIOUS, readDefinition, TIME_ENTRY, TIME_ENTRY_ALIASES, UNCOUNTABLE } from './definitions';
import { readAlsoState, readExceptionState, readStates, stagesSaidAfter } from './states';
import { readBookingAct } from './booking-acts';
import { namesNoParent, readManyBothWays, readRelations } from './relations';
import { collectRoles, roleWords } from '../offline-author/roles';
import { NON_NOUNS, PERSON_WORDS, RIGHT_VERBS, phrasalVerb, rightVerb } from '../offline-author/lexicon';
import { EntityIndex } from '../offline-author/entity-index';
import { pascalCase, snakeCase } from '../../text/case';
import { isPluralWord, sepRegex, singular, singularPhrase, splitTopLevel, words } from '../offline-author/text';
import { detectMultiTenant, tenancyUnits } from '../offline-author/tenancy';
import { segment } from './segment';
import { normalizeInformal } from './wording';
import { statementsOf, topicOf, type FieldList, type Statement } from './statements';
import { splitFieldList } from './fields';
import { assembleSpec, type Reading } from './assemble';
import { isBareFieldList } from './bare-lists';
import { peopleAsRoles } from './role-sentences';
import { forgetEntityWords } from './fields/entities';
import { userNouns } from './user-nouns';
import { opensWithSchedule } from './scheduled-jobs';
import { givenList, introducedRecords, signUpList } from './given-lists';
import { FILE_MENTION_WORD, mentionedFile } from './file-mentions';
import { ANNOUNCED, CALLED, colonListTopic, introducedTopic, keptAs, loneFieldList, madeWithList, passiveSubject, pluralSaidAlone } from './topics';

/** Someone making a record, at the end of a clause ("creates an attendance record for that child", "we record every harvest from a tree"): the record, and what it is for. */
// ("the guardian does a check and logs it: which defib, ...": a check done and written down is the record.)
/** "ingredients (each with an amount, ...)", "numbered steps (each step has text and a photo)": records a record is made of, in a list of its fields. */
const MADE_OF_EACH = /(?<=^|,\s*|\band\s+)(?:(?:the|its|their|some|many)\s+)?(numbered\s+)?([a-z]+(?:\s+[a-z]+)?s)\s*\(\s*each(?:\s+[a-z]+)?\s+(?:with|has|having|holds|is)\s+([^()]+)\)/gi;
const MADE_RECORD = /\b(?:creates?|makes?|records?|logs?|files?|writes?|opens?|submits?|adds?|fills? (?:in|out)|(?:does|do|carries out|carry out|runs?|completes?)(?=\s+(?:a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+and\s+(?:logs?|records?|writes?\s+(?:it|them)\s+up|notes?|fills?\s+in)\b))\s+(?:a|an|one|the|a new|their|their own|every|each)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s+(?:for|from|of|on|against|about)\s+(?:a|an|the|that|this|each|every|one|their)\s+([a-z]+))?(?:\s+and\s+(?:logs?|records?|notes?|fills?\s+in)\s+(?:it|them)(?:\s+(?:down|in|up))?|\s+and\s+writes?\s+(?:it|them)\s+up)?\s*$/i;

/** "A visit is logged by the volunteer afterwards: ...": the record written up, said in the passive (1: the record). */
const PASSIVE_MADE = /^(?:an?|each|every|the)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|gets)\s+(?:logged|recorded|written\s+up|filled\s+in|entered|created|added|made)(?:\s+by\s+(?:the|a|an|their|our)\s+[a-z]+)?(?:\s+(?:afterwards|later|each\s+time|every\s+time|after(?:\s+(?:each|every)\s+[a-z]+)?))?\s*$/i;

/** A sentence that only says what kinds of file are allowed and how big ("pics only, keep em under 5mb"). */
const FILE_KINDS = String.raw`(?:jpe?gs?|pngs?|pdfs?|pics?|pictures?|photos?|images?|word(?:\s+docs?)?|docs?|documents?)`;
/** A size said loosely, up to its number: "nothing massive - say 10MB". */
const LOOSE_SIZE = String.raw`\bnothing\s+(?:massive|huge|too\s+big|big|enormous|silly)(?:\s*[-–—,]\s*|\s+)(?:say\s+|max\s+|under\s+)?`;
// ("Images only, and nothing massive - say 10MB each": how big, said loosely.)
const FILE_RULE = String.raw`(?:${FILE_KINDS}(?:\s*(?:,|or|and|\/)\s*${FILE_KINDS})*\s+only|(?:and\s+)?${LOOSE_SIZE}\d+(?:\.\d+)?\s*(?:kb|mb|gb)(?:\s+each)?|(?:(?:and\s+)?(?:please\s+)?keep\s+(?:em|them|it|each(?:\s+one)?|these|those|uploads?)\s+)?(?:under|below|up\s+to|max(?:imum)?|no\s+more\s+than|at\s+most|no\s+bigger\s+than|less\s+than)\s+\d+(?:\.\d+)?\s*(?:kb|mb|gb)(?:\s+max)?|\d+(?:\.\d+)?\s*(?:kb|mb|gb)\s+(?:max|tops|at\s+most))`;
const FILE_RULES_ONLY = new RegExp(String.raw`^${FILE_RULE}(?:\s*[,;]\s*(?:and\s+)?${FILE_RULE})*\s*[.!]?$`, 'i');
const FILE_WORD = /\b(?:pic|picture|photo|image|scan|pdf|document|file|copy|certificate|attachment|upload|snap|screenshot)s?\b/i;

/** The subject a sentence opens with, before its verb ("A tool sits in one category"). */
const SUBJECT_FIRST = /^(?:a|an|each|every|the)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|sits|sit|belongs|belong|lives|live|goes|go|comes|come|stays|stay|gets|get|can|must|will|always|only|usually)\b/i;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface AuthorInput {
  name: string;
  description: string;
}

/** What the layout and the words say, before the spec is assembled. */
/** A record type that is people's booking of something ("Booking", "ClassReservation", "Enrolment"). */
const BOOKING_RECORD = /(?:Booking|Reservation|Enrol(?:l)?ment|Registration|Signup|SignUp|Attendance|Place|Spot|Ticket)$/;

export function readDescription(description: string): Reading {
  const text = description ?? '';
  // ("Priya, our practice manager ... Priya handles invoices": the role, not the person.)
  const { statements, fieldLists } = statementsOf(segment(peopleAsRoles(normalizeInformal(text))));
  // ("## Milk  Every morning the milk that goes into the vat is logged as a milk collection": the heading's record goes by that name.)
  for (const st of statements) {
    const as = st.topic ? keptAs(st.text) : undefined;
    if (!as || !st.topic) continue;
    const heading = st.topic;
    for (const other of statements) if (other.topic === heading) other.topic = as;
    for (const list of fieldLists) if (list.topic === heading) list.topic = as;
  }
  // ("Sessions are the day-to-day bit. Each one is for one child ...": "each one" is one of what the sentence before brought up.)
  for (const [i, st] of statements.entries()) {
    // ("Then the regular customers. For each one I want ...": the same.)
    // ("Packages are things like "Classic Four". Each has a name, ...": each of those.)
    // ("Shows. Each one has ...": a plural said alone.)
    // ("so we have the boards and boats - each one has ...": of two things said together, the last names the record.)
    const brought = i > 0 && /^(?:for\s+)?(?:each|every)\s+one\s+(?!of\b)|^(?:each|every)\s+(?=(?:has|have|is|needs|gets|holds|carries|comes)\b)/i.test(st.text) ? (introducedTopic(statements[i - 1]!.text, true) ?? pluralSaidAlone(statements[i - 1]!.text) ?? /^(?:so\s+|and\s+)?(?:we|i)\s+(?:have|['’]ve\s+got|got|rent\s+out|hire\s+out|keep|run)\s+(?:the\s+|our\s+|some\s+)?((?:[a-z]+s\s+(?:and|&)\s+)?[a-z]+s)\s*\.?$/i.exec(statements[i - 1]!.text)?.[1])?.split(/\s+(?:and|or|&)\s+/).pop() : undefined;
    if (brought) st.text = st.text.replace(/^((?:for\s+)?(?:each|every))(?:\s+one\b|(?=\s+(?:has|have|is|needs|gets|holds|carries|comes)\b))/i, (_m, each: string) => `${each} ${singularPhrase(brought.split(/\s+/)).join(' ')}`);
  }
  // The tenancy unit ("each choir is a tenant"), statement by statement so sentences never run together.
  const units = new Set(statements.flatMap((s) => [...tenancyUnits(s.text)]));
  const users = userNouns(statements.map((s) => s.text).join('\n'));
  const isPerson = (entity: string) => PERSON_WORDS.has(snakeCase(entity)) || users.has(snakeCase(entity));
  const listed = listedEntities(fieldLists, units);
  // Record types the prose gives fields ("Gardens have a name and an address"), wherever that is
  // said: a relation stated before may name them (tenant units among them).
  // ("A donation belongs to an appointment and has the volume ...": a relation with fields, too.)
  const proseParts = statements.flatMap((s) => s.text.split(/\s*;\s*/));
  const describedNames = new Set(
    [
      ...proseParts.map((part) => readDefinition(part)).filter((d) => d?.list !== undefined && d.topic !== PREVIOUS).map((d) => d!.topic),
      ...proseParts.map((part) => readRelations(part)).filter((r) => r?.list !== undefined).map((r) => r!.pairs[0]!.child),
      // ("A tool sits in one category. It has a name, ...": the subject of the sentence before "It has" is given fields.)
      ...proseParts.flatMap((part, i) => (i > 0 && readDefinition(part)?.topic === PREVIOUS && /^(?:it|they|(?:the|this|that)\s+(?:[a-z]+\s+)?form)\b/i.test(part.trim()) ? [SUBJECT_FIRST.exec(proseParts[i - 1]!.trim())?.[1]].filter((t): t is string => !!t) : [])),
    ]
      .map((topic) => entityNameOf(topic, new Set(), true))
      .filter((name): name is string => name !== undefined),
  );
  const describedUnits = new Set([...describedNames].filter((name) => units.has(snakeCase(name))));
  // (A heading of its own names a record type too: "## Jobs  A job is one piece of work for one client".)
  const headings = new Set(statements.map((s) => s.topic).filter((t): t is string => !!t).map((t) => entityNameOf(t, units)));
  const isDescribed = (name: string) => describedNames.has(name) || headings.has(name) || listed.some((l) => l.entity === name);
  // ("They book a pressing slot on our website ... A booking needs a name": the thing booked, described
  // nowhere else, is the booking record itself.)
  const booked = statements.map((st) => /\b(?:book|books|booked|reserve|reserves|reserved)\s+(?:a|an)\s+([a-z]+\s+[a-z]+)\s+(?:on|at|through|via|online|in|for)\b/i.exec(st.text)?.[1]).find((t): t is string => !!t);
  const bookedName = booked ? entityNameOf(booked, units) : undefined;
  const bookedThing = bookedName && !isDescribed(bookedName) ? bookedName : undefined;
  // ("Clients log in too. They can request a collection": "they" in a sentence's first clause are the people the sentence before was about.)
  let carried: string | undefined;
  const sentences: Sentence[] = statements.map((s, index) => {
    const subjects: { last?: string } = {};
    const clauses = withSubjects(splitClauses(withoutAppositive(s.text)), carried, subjects);
    carried = subjects.last;
    return { index, text: s.text, clauses };
  });
  // The people with rights ("Nurses can read donors"), known before the clauses are read.
  const earlyRoles = new Set(roleWords(collectRoles(sentences, { index: new EntityIndex([...new Set([...listed.map((l) => l.entity), ...describedNames])]) })).map((w) => snakeCase(w)));
  // Prose definitions first; what they read is not read again by the older clause readers.
  const containments: Containment[] = [];
  /** Two record types said to have many of each other, by sentence. */
  const manyToMany: Array<{ sides: [string, string]; sentence: number }> = [];
  const statusLists: Reading['statusLists'] = [];
  /** The state a record type starts in, said before its other states. */
  const startStates = new Map<string, string>();
  const consumed = new Set<number>();
  const leftovers = new Map<number, string[]>();
  const unreadItems: string[] = [];
  /** Field lists read from each statement: the rights and workflow readers do not read them again. */
  const readLists = new Map<number, string[]>();
  /** `quoted`: the list is the statement's own words, which the clause readers then do not read again. */
  /** The last statement that gave a record fields, and which record ("... I write down the species. Also the date it came in"). */
  let listedLast: { entity: string; index: number } | undefined;
  const addList = (entity: string, said: string | undefined, index: number, quoted = true) => {
    if (said && quoted) readLists.set(index, [...(readLists.get(index) ?? []), said]);
    // ("It has ingredients (each with an amount, a unit and the name) and numbered steps (each step has text and a photo)": the
    // records it is made of, each with its own fields; numbered ones by their number.)
    const made = said ? [...said.matchAll(MADE_OF_EACH)].map((m) => ({ m, child: nameOf(m[2]!, units, true) })).filter(({ child }) => child && child !== entity) : [];
    for (const { m, child } of made) {
      containments.push({ parent: entity, child: child!, sentence: index });
      addList(child!, `${m[1] ? `${singular(m[2]!.split(/\s+/).pop()!)} number as a whole number, ` : ''}${m[3]!}`, index, false);
    }
    const list = made.reduce((left, { m }) => left.replace(m[0], ''), said ?? '').replace(/^\s*(?:,|and\b)\s*|\s*(?:,|\band)\s*$/g, '').trim() || (made.length > 0 ? undefined : said);
    if (list) listedLast = { entity, index };
    const line = statements[index]!.line;
    const phrases = list ? [{ text: list, line }] : [];
    const existing = listed.find((l) => l.entity === entity);
    if (existing) existing.phrases.push(...phrases);
    else listed.push({ topic: entity, entity, phrases, rows: [], line, sentence: index });
  };
  // Names a heading or a line of its own gives ("## Vendor bookings", "Funding calls."): what a
  // shorter mention below abbreviates ("a call" is the FundingCall).
  // ("We track that as badge progress", "We call those buy-ins": a name the text gives a record type.)
  const called = statements.flatMap((st) => [...st.text.matchAll(/\b(?:track|keep|record|store|log)\s+(?:that|this|them|those|these|it)\s+as\s+(?:an?\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*$|\bwe\s+call\s+(?:those|them|these|it|that|this|each one)\s+(?:an?\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*$/gi)].map((m) => m[1] ?? m[2]!));
  const titles = [...new Set([...statements.flatMap((st) => [st.topic, topicOf(st.text) === st.text.trim() ? st.text : undefined]), ...called].filter((t): t is string => !!t).map((t) => entityNameOf(t, units)).filter((t): t is string => !!t))];
  /**
   * A record type's name, or the one already defined that it abbreviates: after "Renters submit
   * maintenance requests", "a request" is the MaintenanceRequest.
   */
  /** The heading the statement being read is under. */
  let section: string | undefined;
  // ("my regular customers ... A regular can have lots of orders": the adjective alone, as a noun, is those people.)
  const regulars = new Map(statements.flatMap((st) => [...st.text.matchAll(/\b(?:my|our|the)\s+(regular|usual|loyal)\s+(customers|clients|members|donors|guests)\b/gi)].map((m) => [m[1]!.toLowerCase(), m[2]!] as const)));
  const nameOf = (written: string, tenantUnits: ReadonlySet<string>, described = false): string | undefined => {
    const regular = /^(?:(?:a|an|the|each|every|one|our|my)\s+)?(regular|usual|loyal)s?$/i.exec(written.trim());
    // ("his coded tickets": whose they are is no part of the name.)
    const phrase = regular && regulars.has(regular[1]!.toLowerCase()) ? regulars.get(regular[1]!.toLowerCase())! : written.replace(/^\s*(?:his|her|their|its|my|your)\s+(?:own\s+)?(?=[a-z])/i, '');
    // (A tenant unit given fields is a record type: "every plot belongs to one garden" names it.)
    const unitName = entityNameOf(phrase, new Set(), true);
    // (A generic noun the text gave fields, "a list of services, each with a name and a price", names that record type wherever it is mentioned.)
    const bare = pascalCase(snakeCase(words(phrase).filter((w) => !/^(?:a|an|the|one|each|every|its|their|exactly|single)$/.test(w)).map((w) => singular(w)).join(' ')));
    const generic = listed.some((l) => l.entity === bare && (l.phrases.length > 0 || l.rows.length > 0)) ? bare : undefined;
    // (A generic noun the text gives fields anywhere, "A tool sits in one category. It has a name", names that record type.)
    const own = entityNameOf(phrase, tenantUnits, described);
    if (bookedThing && (own === 'Booking' || own === 'Reservation')) return bookedThing;
    const name = own ?? (unitName && (describedUnits.has(unitName) || describedNames.has(unitName) || listed.some((l) => l.entity === unitName)) ? unitName : generic);
    if (!name) return undefined;
    const definedNames = [...listed.map((l) => l.entity), ...containments.flatMap((c) => [c.parent, c.child])];
    const known = [...definedNames, ...titles];
    if (definedNames.includes(name)) return name;
    // (A record type given fields or relations wins over a title alone: "Failed tests" may head a workflow.)
    const definedLonger = [...new Set(definedNames.filter((k) => k.endsWith(name) && k !== name))];
    if (definedLonger.length === 1) return definedLonger[0];
    if (known.includes(name)) return name;
    // ("## Invoices  A monthly invoice belongs to one guardian": under its heading, a record type
    // written with a modifier is still the heading's.)
    const headed = section ? entityNameOf(section, tenantUnits) : undefined;
    if (headed && name.endsWith(headed) && /^[A-Z][a-z]+$/.test(name.slice(0, -headed.length))) return headed;
    // ("Each guardian record belongs to one child", guardians described: "record" says what it is, not its name.)
    // (Also "a client account places many jobs", clients described: the account is the client.)
    const recordOf = /^(.+)(?:Record|Account)$/.exec(name)?.[1];
    if (recordOf && (describedNames.has(recordOf) || listed.some((l) => l.entity === recordOf))) return recordOf;
    // ("We track that as badge progress. Each progress record is for ...": the one name it shortens.)
    const recordOfLonger = recordOf ? [...new Set(known.filter((k) => k.endsWith(recordOf) && k !== recordOf))] : [];
    if (recordOfLonger.length === 1) return recordOfLonger[0];
    const longer = [...new Set(known.filter((k) => k.endsWith(name) && k !== name))];
    return longer.length === 1 ? longer[0] : name;
  };
  /** The record type a later sentence of the same paragraph relates to another ("Every registered item is tied to one session"). */
  const laterSubject = (index: number, paragraph: number): string | undefined => {
    for (let k = index + 1; k < statements.length && statements[k]!.line === paragraph; k += 1) {
      const relation = readRelations(statements[k]!.text);
      const child = relation ? nameOf(relation.pairs[0]!.child, units, true) : undefined;
      if (child) return child;
    }
    return undefined;
  };
  // The record described last, for clauses about it ("It also has ...", "We also note ...").
  let previous: string | undefined;
  /** The statement that last changed `previous`. */
  let previousAt = -1;
  /** Sentences that said the states a sentence before announced: read already. */
  const stageSentences = new Set<number>();
  for (const sentence of sentences) {
    const previousBefore = previous;
    if (stageSentences.has(sentence.index)) {
      consumed.add(sentence.index);
      // (Nor do the workflow readers read them: "the adviser moves it to awaiting documents" is a state, no automation.)
      sentence.clauses = [];
      sentence.text = '';
      continue;
    }
    // ("People often send me a picture of something they've seen online, so it'd be great to keep that with the order too - any
    // image, but nothing huge, say 5MB": a file the record keeps, with what it may be.)
    // ("People send me inspiration pictures all the time; I'd love to keep those with the order": pictures of a kind, too.)
    const kept = /\b(?:send|sends|upload|uploads|email|emails|bring|brings|give|gives)\s+(?:me|us|them)?\s*(?:(?:a|an|the|some|their)\s+)?((?:(?!(?:me|us|them|a|an|the)\b)[a-z]+\s+)?(?:picture|photo|image|sketch|drawing|scan|pdf|document|file|screenshot))s?\b.*?\b(?:keep|store|save|attach)\s+(?:that|it|them|those|this)\s+(?:with|on|against|to)\s+(?:the|their|each|its)\s+([a-z]+)\b(?:\s+too|\s+as well)?\s*(?:[-–—,:]\s*(.+?))?\s*[.!]?$/i.exec(sentence.text);
    const keptOn = kept ? nameOf(kept[2]!, units) : undefined;
    if (kept && keptOn && isDescribed(keptOn)) {
      addList(keptOn, `${kept[1]!.toLowerCase()}${kept[3] ? ` (${kept[3].replace(/\b(?:but|say|please|nothing huge|nothing massive)\b,?\s*/gi, '').replace(/\s+/g, ' ').trim()})` : ''}`, sentence.index);
      consumed.add(sentence.index);
      sentence.clauses = [];
      // ("... keep those with the order. Images only, and nothing massive - say 10MB each": the sentence after is about that file.)
      previous = keptOn;
      previousAt = sentence.index;
      continue;
    }
    // ("A case moves through a simple set of stages. It starts as open ... it becomes action plan agreed ...": the states, said after.)
    const stages = stagesSaidAfter(sentence.text, sentences.slice(sentences.indexOf(sentence) + 1).map((s) => s.text));
    const staged = stages ? nameOf(stages.topic, units) : undefined;
    if (stages && staged) {
      statusLists.push({ entity: staged, values: stages.values, sentence: sentence.index });
      for (let k = 1; k <= stages.sentences; k += 1) stageSentences.add(sentence.index + k);
      consumed.add(sentence.index);
      sentence.clauses = [];
      continue;
    }
    // ("## Jobs  A job is one piece of work ... It has a description": under a new heading, "it" is
    // the heading's record type, not the one the section before described last.)
    const heading = statements[sentence.index]?.topic;
    if (heading !== section) {
      section = heading;
      if (heading) previous = nameOf(heading, units);
    }
    // ("For each record we want: - reference ... It also says whether it is fragile": after a list of fields set out
    // under its lead, "it" is the record listed.)
    const at = statements[sentence.index]?.line ?? -1;
    // (A list set out below its lead, bullets or a table; not a colon line such as "Visitors: full name, ...".)
    const listedJustBefore = fieldLists.filter((l) => l.line < at && l.line > (statements[sentence.index - 1]?.line ?? -1) && (l.rows.length > 0 || l.phrases.some((p) => p.line > l.line))).pop();
    const listedName = listedJustBefore ? nameOf(listedJustBefore.topic, units, true) : undefined;
    if (listedName) previous = listedName;
    // Clauses: at semicolons outside parentheses, and after "Students hand in submissions:" when a clause follows;
    // and at a contrast with a new subject ("A customer can have several dogs, but a dog only ever has one owner").
    // (A spaced dash before a new subject, "Shows have episodes - an episode has ...", too; and
    // the record's states after its relations, "A booking is for one child, and it is pending or paid".)
    // (", which records the role and ...": what the record just named holds.)
    // (", and a station ends up with lots of items": a relation after the fields, with its own subject.)
    // (", so for each wall we log ...": what follows "so" defines the record, whatever the clause before said.)
    const separators = sepRegex(/\s*;\s*|,\s*(?:and\s+)?so\s+(?=for\s+(?:each|every)\s+[a-z]+(?:\s+[a-z]+)?\s*,?\s+(?:we|i)\s)|,\s+(?=which\s+(?:records?|holds?|includes?|stores?|keeps?|notes)\s)|:\s+(?=(?:a|an|any|each|every|the|their|its|it|for each|for every|somebody|someone)\s)|\s+-\s+(?=(?:a|an|each|every)\s)|,\s*and\s+(?=(?:it|they|(?:on our side\s*,?\s+)?(?:each|every)\s+[a-z]+)\s+(?:is|are|can be|goes|go)\s+[^;,]*(?:,[^;,]*)*\bor\b)|,\s*and\s+(?=(?:a|an|each|every|one)\s+[a-z]+\s+(?:[a-z]+ly\s+)?(?:ends?\s+up\s+with|has|have|gets|can\s+have)\s+(?:many|several|lots\s+of|a\s+lot\s+of|multiple|any\s+number\s+of|one\s+or\s+more)\s)|,\s*(?:but|whereas|while|so)\s+(?=(?:[a-z]+\s+){0,4}?(?:a|an|each|every|one)\s+[a-z]+\s+(?:only\s+|ever\s+|always\s+|just\s+)*(?:has|have|belongs|is|are|can|goes)\b)|,\s*and\s+(?=(?:each|every)\s+one\s+(?:is|belongs|goes|comes)\s)|,\s*and\s+(?=there(?:'s|\s+is)\s+(?:also\s+)?(?:room|space)\s+(?:on|for)\s)|(?<=\b(?:many|several|multiple|lots of|any number of)\s[^,;]*),\s+(?=(?:a|an|each|every|one)\s+[a-z]+(?:\s+(?!that\b|which\b|who\b)[a-z]+)?\s+(?:is|are|belongs?|has|have|can|only)\s)|,\s*and\s+(?=(?:we|i)(?:'d|\s+would)\s+(?:also\s+)?(?:like|love|want)\s)|,\s*and\s+(?=(?:a|an|each|every)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:has|have|holds|records|includes|carries)\s+(?:a|an|the|its|their)\s)|,\s*where\s+(?=(?:each|every)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:has|have|holds|records|gets)\s)|\s+but\s+(?=(?:a|an|each|every)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|belongs|goes)\s+(?:always\s+|only\s+)*(?:for|to|on|in)\s+(?:one|a|an|exactly one|a single)\s)/iy);
    // ("An issue is about one booking: a type ...; a description, which mustn't be empty; and a photo": after a colon, semicolons separate the list's items.)
    const listColon = /^[^;]*?:\s/.exec(sentence.text.toLowerCase());
    // ("A photo would be lovely ...; JPEG or PNG, and please cap it at 5 MB": what it is, after a semicolon, is no clause of its own.)
    // ("We keep track of every skate pair: its size, ...": a sentence that defines a record type, list and all, stays whole at its colon.)
    // ("## Why we need this  The county council has a small film office that handles requests ...": the story around the
    // backend names no record type, unless it says what each one has.)
    const aroundIt = (text: string) => statements[sentence.index]?.background === true && !/^(?:(?:and|so)\s+)?(?:each|every)\s/i.test(text.trim());
    const whole = listColon && !aroundIt(sentence.text) ? readDefinition(sentence.text) : undefined;
    // ("Each one has a title, ..., and a capacity: the maximum number of jumpers, ...": a colon deep in a list explains its item.)
    const colonInList = ((listColon?.[0] ?? '').match(/,/g) ?? []).length >= 2;
    // ("Customers are simple enough: a name, ...": what is said before the colon defines nothing alone.)
    // ("There is a quote form on our website, where anyone can send us a quote request: ...": nor what only adds to the record before.)
    const beforeColon = listColon ? readDefinition(sentence.text.slice(0, listColon[0].length - 2)) : undefined;
    const beforeColonSaysNothing = whole !== undefined && whole.topic !== PREVIOUS && listColon !== null && (beforeColon === undefined || beforeColon.topic === PREVIOUS) && readRelations(sentence.text.slice(0, listColon[0].length - 2)) === undefined;
    // ("The yard team also keep a record of care visits for each donkey, ...: the date, ...": a reading that names the record and
    // what it is of, list and all, says more than the clause before the colon, whoever keeps it.)
    const namesItsParent = whole?.parent !== undefined && whole.topic !== PREVIOUS && whole.topic !== beforeColon?.topic;
    const keepColon = whole !== undefined && (whole.list?.length ?? 0) > 0 && ((whole.topic !== PREVIOUS && /^(?:we|i|you|they)\s/i.test(sentence.text.trim())) || colonInList || beforeColonSaysNothing || namesItsParent);
    // ("An application asks for the applicant's full name, ...; the type of home (house, flat or other); whether ...": the list goes on after its semicolons.)
    const listedFirst = !listColon && sentence.text.includes(';') ? readDefinition(sentence.text.split(';')[0]!) : undefined;
    const listGoesOn = listedFirst !== undefined && splitFieldList(listedFirst.list ?? '').length >= 2;
    // ("A guest can be on many episodes, and an episode can have many guests": many on both sides, read whole.)
    const manyBothWhole = readManyBothWays(sentence.text)?.every((side) => nameOf(side, units) !== undefined) === true;
    const parts = manyBothWhole ? [sentence.text.trim().replace(/[.!]$/, '')] : splitTopLevel(withStatesClause(sentence.text), (lower, at) => ((((listColon && at > listColon[0].length) || listGoesOn) && lower[at] === ';' && isBareFieldList(lower.slice(at + 1).split(';')[0]!.replace(/^\s*and\s+/, ''), true)) || (lower[at] === ';' && FILE_DETAIL_AFTER.test(lower.slice(at + 1))) || (keepColon && lower[at] === ':') || (lower[at] === ';' && ALSO_STATE_AFTER.test(lower.slice(at + 1))) ? 0 : separators(lower, at)));
    /** The record type the part before this one (or the sentence before) ended on, in the plural: "... carers write medication notes." */
    const endedOn = (part: string): string | undefined => {
      const at = parts.indexOf(part);
      const before = at > 0 ? parts[at - 1]! : sentences[sentences.indexOf(sentence) - 1]?.text ?? '';
      // ("Job parts record the parts used on a job: each one is for ...": one of the records the clause is about.)
      const about = /^(?:the\s+|our\s+)?([a-z]+(?:\s+[a-z]+)?s)\s+(?:record|hold|list|store|keep|link|tie|have|are)\b/i.exec(before.trim());
      const aboutName = about && !isPerson(nameOf(about[1]!, units) ?? '') ? nameOf(about[1]!, units, true) : undefined;
      if (aboutName && !earlyRoles.has(snakeCase(aboutName))) return aboutName;
      const ended = /((?:[a-z]+\s+)?[a-z]+s)\s*[.!]?\s*$/i.exec(before.replace(/\([^()]*\)\s*[.!]?\s*$/, '').trim());
      const phrase = ended?.[1]!.replace(/^(?:also|some|many|our|the|their|write|writes|add|adds|log|logs|keep|keeps|record|records|file|files|make|makes|fill|fills|take|takes|raise|raises)\s+/i, '');
      const named = phrase ? nameOf(phrase, units, true) : undefined;
      return named && !earlyRoles.has(snakeCase(named)) ? named : undefined;
    };
    /** Reads a part into the lists; true when no reader took it. */
    const unread = (part: string): boolean => {
      // ("Then there are the patterns. Each one must have a title, ...": a record type announced, described next.)
      // ("We also hold swap meets every couple of months; a meet has a date, ...": the same, the next clause saying it.)
      // ("Then there are the arrangements on an event, meaning the bridal bouquet, ...": what they are like, and what they are on.)
      const announcing = part.trim().replace(/[.!]$/, '').replace(/\s+(?:every|each|once|twice|a few times|several times|throughout)\b[^,;]*$/i, '').replace(/\s*,\s*(?:since|as|because)\s+[^,;]+$/i, '').replace(/\s*,\s*which\s+(?:sadly\s+|unfortunately\s+|of course\s+)?(?:we|you|they|i)\s+(?:do\s+|really\s+|also\s+|definitely\s+)?(?:need|have|want|get|keep)\b[^,;]*$/i, '').replace(/\s*,\s*(?:meaning|i\.e\.|like|such as|for example|e\.g\.)\s+.*$/i, '');
      const onWhat = /\s+(?:on|for|of|in)\s+(?:a|an|each|every|one)\s+([a-z]+(?:-[a-z]+)?)$/i.exec(announcing);
      const announcedOn = onWhat && /^(?:(?:and|then|next|also|now|finally|lastly)\s*,?\s+)*there(?:'s|\s+is|\s+are|'re)\s/i.test(announcing) ? ANNOUNCED.exec(announcing.slice(0, onWhat.index)) : null;
      const announced = announcedOn ?? ANNOUNCED.exec(announcing);
      const nextText = (parts[parts.indexOf(part) + 1] ?? sentences[sentences.indexOf(sentence) + 1]?.text ?? '').trim();
      const announcedPhrase = announced ? (announced[1] ?? announced[2] ?? announced[3] ?? announced[4] ?? announced[5]!) : '';
      const head = announced ? singular(announcedPhrase.split(/\s+/).pop()!.toLowerCase()) : '';
      // ("Students. We keep the student's full name ...": a record type named alone, as a heading, before what it holds.)
      const label = !announced ? /^([a-z]+(?:\s+[a-z]+)?s)$/i.exec(part.trim().replace(/[.!:]$/, '')) : null;
      const labelHead = label ? singular(label[1]!.split(/\s+/).pop()!.toLowerCase()) : '';
      // (Not "Session reminders. For every enrolment, 24 hours before ...": a workflow's label.)
      const labelled = label && !/^for\s+(?:each|every)\s+[a-z]+(?:\s+[a-z]+)?\s*,\s*\S+\s+[a-z]+\s+(?:before|after)\b/i.test(nextText) && (LABEL_NEXT.test(nextText) || new RegExp(`^(?:a|an|each|every)\\s+(?:[a-z]+\\s+)?${labelHead}\\s`, 'i').test(nextText)) ? nameOf(label[1]!, units, true) : undefined;
      if (labelled) {
        addList(labelled, undefined, sentence.index);
        previous = labelled;
        return false;
      }
      // ("Day to day, the big thing is service requests. An owner asks us ... A request has to say which horse it's for": said of it two sentences on.)
      const laterText = [1, 2].map((k) => sentences[sentences.indexOf(sentence) + k]?.text.trim() ?? '');
      const describedLater = announced !== null && /\bthing\s+(?:is|are)\b/i.test(announcing) && laterText.some((t) => new RegExp(`^(?:a|an|each|every)\\s+${head}\\s+(?:has to|must|needs to|should)\\s+(?:say|have|name|record|give)\\b`, 'i').test(t));
      // ("The main thing we track is the equipment. Every item has ...": a thing not counted one by one, each item of it.)
      const itemOf = announced && UNCOUNTABLE.test(head) && /^(?:a|an|each|every)\s+(?:item|piece|unit|bit)\s+(?:of\s+(?:it|kit|equipment)\s+)?(?:has|have|comes with|includes|holds|carries|gets|needs)\b/i.test(nextText);
      // ("Our clients are the exporting companies. For each we keep ...": who they are, only before what each has; "The
      // night volunteers are the biggest group; they need to ..." is people.)
      const whoTheyAre = announced?.[5] !== undefined;
      const announcedName = itemOf ? nameOf(`${announcedPhrase} item`, units, true) : announced && (!whoTheyAre || /^for\s+(?:each|every)\b/i.test(nextText)) && (DESCRIBED_NEXT.test(nextText) || readDefinition(nextText)?.topic === PREVIOUS || describedLater || new RegExp(`^(?:a|an|each|every)\\s+${head}\\s+(?:has|have|comes with|includes|holds|carries|gets|needs)\\b`, 'i').test(nextText)) ? nameOf(announcedPhrase, units, true) : undefined;
      // ("... anybody should be able to submit a referral through a form on our website. The form asks for ...": the form is the referral's.)
      // ("parents can send the school a request to have their child considered ... through a form on the school website. I give my name ...": the parent's words, too.)
      const formed = /\b(?:submit|send|fill in|fill out|complete|make|file|lodge|put in)\s+(?:(?:us|them|the\s+[a-z]+)\s+)?(?:a|an)\s+([a-z]+(?:\s+[a-z]+)?)\b(?:\s+to\s+[^,;]*?)?\s+(?:through|via|using|on|with|by)\s+(?:a|an|the|our)\s+(?:(?:web|online|simple|short|little)\s+)?form\b/i.exec(announcing);
      const formName = formed && /^(?:(?:the|this|that)\s+(?:[a-z]+\s+)?form\s+(?:asks|has|takes|needs|collects|wants|should ask|will ask|just asks|only asks|covers)|(?:i|we|they|you)\s+(?:give|provide|enter|fill in|type in|put in|tell you|add)\b)/i.test(nextText) ? nameOf(formed[1]!, units, true) : undefined;
      if (formName && !earlyRoles.has(snakeCase(formName))) {
        addList(formName, undefined, sentence.index);
        previous = formName;
        return false;
      }
      if (announcedName) {
        addList(announcedName, undefined, sentence.index);
        const on = announcedOn && onWhat ? nameOf(onWhat[1]!, units) : undefined;
        if (on && on !== announcedName && isDescribed(on)) containments.push({ parent: on, child: announcedName, sentence: sentence.index });
        previous = announcedName;
        return false;
      }
      const said = readRelations(part);
      // ("Members can book a place on a class": a booking of it, unless a record type the text describes is one already.)
      const bookingName = said?.booking ? nameOf(said.pairs[0]!.child, units) : undefined;
      const relation = said?.booking && [...describedNames, ...listed.map((l) => l.entity)].some((n) => BOOKING_RECORD.test(n) && n !== bookingName) ? undefined : said;
      // (Related to another record type, even a generic noun is one: "every registered item is tied to one session".)
      // ("Beaches have many patrol shifts" where shifts are described: the compound's head is the record type.)
      const byHeadNoun = (name: string | undefined, phrase: string): string | undefined => {
        const head = words(phrase).pop();
        const said = words(phrase).filter((w) => !/^(?:a|an|the|each|every|any|one|many|several|some|its|their)$/.test(w));
        const byHead = name && !isDescribed(name) && said.length === 2 && RIGHT_VERBS[said[0]!] === undefined && head ? nameOf(head, units) : undefined;
        if (byHead && isDescribed(byHead)) return byHead;
        // ("A tower holds many practice nights" where practices are described: a word for when it happens adds nothing.)
        const byModifier = name && !isDescribed(name) && said.length === 2 && /^(?:nights?|days?|evenings?|mornings?|sessions?|slots?|times?|dates?|events?)$/.test(said[1]!) ? nameOf(said[0]!, units) : undefined;
        return byModifier && isDescribed(byModifier) ? byModifier : name;
      };
      // ("During a visit carers write medication notes. Each one belongs to a visit": one of what the sentence before ended on.)
      // ("**Unavailable days.** Entertainers block out days they can't work. Each one belongs to ...": else the record the label names; "one" names none.)
      const isOne = (phrase: string) => /^(?:one|of them|single one)$/i.test(phrase.trim());
      const labelTopic = statements[sentence.index]?.topic;
      // ("Every call-out gets a job number, ..., and each one is for a customer": else the record just described.)
      // ("Then each job, which I call a commission. It belongs to one client.": "it" is the record just brought up.)
      const pronoun = (phrase: string) => /^(?:it|they|this|these)$/i.test(phrase.trim());
      const one = (phrase: string) => (pronoun(phrase) ? previous : isOne(phrase) ? endedOn(part) ?? (labelTopic ? nameOf(labelTopic, units, true) : undefined) ?? (/^(?:each|every)\s+one\b/i.test(part.trim()) ? previous : undefined) : undefined);
      const pairs = relation?.pairs.map((p) => ({ child: one(p.child) ?? (isOne(p.child) || pronoun(p.child) ? undefined : byHeadNoun(nameOf(p.child, units, !relation.loose), p.child)), parent: byHeadNoun(nameOf(p.parent, units), p.parent), optional: p.optional }));
      // ("Each drop-off goes into one box", the box described: "each" and "one" make records of the first too.)
      const eachIntoOne = (child: string, parent: string) => /^(?:each|every)\s/i.test(part.trim()) && /\b(?:one|a single|exactly one)\s/i.test(part) && isDescribed(parent) && !isPerson(child);
      // (A pattern any verb fits relates only record types the text describes.)
      // ("One guardian can have several children at the academy": people the text never describes are no record type of their own.)
      const undescribedPeople = pairs?.some((p) => p.child && /^(?:Child|Kid|Son|Daughter|Parent|Person|People)$/.test(p.child) && !isDescribed(p.child));
      // ("Each one is for one child and one therapist", therapists being people who use it: one of them, a user.)
      // ("Each call-out is assigned to one engineer", engineers being people with a role: one of them, a user.)
      const assignedTo = /^(?:each|every)\s.*\b(?:assigned|allocated|given|handed|sent)\s+to\s+(?:one|a|an|a\s+single|exactly\s+one)\s/i.test(part.trim());
      const personOf = (child: string, parent: string) => (isDescribed(child) || relation?.list !== undefined) && (isPerson(parent) || earlyRoles.has(snakeCase(parent))) && !isDescribed(parent) && (assignedTo || pairs!.some((q) => q.parent && q.parent !== parent && isDescribed(q.parent)));
      if (pairs && !undescribedPeople && pairs.every((p) => p.child && p.parent && p.child !== p.parent && (!relation!.loose || (isDescribed(p.child) && isDescribed(p.parent)) || eachIntoOne(p.child, p.parent) || personOf(p.child, p.parent)))) {
        // "Bookings link an event and an attendee": a person the text does not describe is a user
        // the record refers to (a field the field reader makes a user reference), not a container.
        // A link is the child's references to each ("an appointment links a patient and a doctor"):
        // required, and kept (restrict) rather than deleted with what it links.
        const people = relation!.link ? pairs : pairs.filter((p) => (isPerson(p.parent!) || personOf(p.child!, p.parent!)) && !listed.some((l) => l.entity === p.parent) && !containments.some((c) => c.child === p.parent));
        for (const p of pairs) if (!people.includes(p)) containments.push({ parent: p.parent!, child: p.child!, sentence: sentence.index, ...(relation!.optional || p.optional ? { optional: true } : {}) });
        const phrase = (p: (typeof pairs)[number]) => `${p.parent!.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}${relation!.link && !isPerson(p.parent!) ? ' (required)' : ''}`;
        // (Phrases made here, not the sentence's words: nothing to take out of the sentence for the clause readers.)
        if (people.length > 0) addList(pairs[0]!.child!, people.map(phrase).join(', '), sentence.index, false);
        if (relation?.list) addList(pairs[0]!.child!, relation.list, sentence.index);
        previous = pairs[0]!.child!;
        return false;
      }
      // ("A tree is picked by many pickers and a picker picks many trees": many on both sides, no reference and no role.)
      const manyBoth = readManyBothWays(part);
      if (manyBoth && manyBoth.every((side) => nameOf(side, units) !== undefined)) {
        readLists.set(sentence.index, [...(readLists.get(sentence.index) ?? []), part]);
        manyToMany.push({ sides: [nameOf(manyBoth[0], units)!, nameOf(manyBoth[1], units)!], sentence: sentence.index });
        return false;
      }
      // ("A walk is for one or more dogs": each may be for many, and each of the others in many: many on both sides.)
      const forMany = /^(?:a|an|each|every|one)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|can be|may be)\s+for\s+(?:one or more|several|multiple|more than one|any number of|1 or more)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s*,\s*and\s+(.+))?$/i.exec(part.trim().replace(/[.]$/, ''));
      const forSides = forMany ? [nameOf(forMany[1]!, units), nameOf(forMany[2]!, units)] : [];
      if (forSides[0] && forSides[1] && forSides[0] !== forSides[1]) {
        readLists.set(sentence.index, [...(readLists.get(sentence.index) ?? []), part]);
        manyToMany.push({ sides: [forSides[0], forSides[1]], sentence: sentence.index });
        if (forMany![3]) addList(forSides[0], forMany![3], sentence.index);
        return false;
      }
      // ("every boat gets a result in every race": one record for each pair, referring to both sides the text describes.)
      const perPair = /^(?:and\s+)?(?:every|each)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:gets?|has|have|receives?)\s+(?:a|an|one)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:in|for|per|on|at|from|after)\s+(?:every|each)\s+([a-z]+(?:\s+[a-z]+)?)$/i.exec(part.trim().replace(/[.]$/, ''));
      const pairRecord = perPair ? nameOf(perPair[2]!, units) : undefined;
      if (perPair && pairRecord && isDescribed(pairRecord)) {
        for (const side of [perPair[1]!, perPair[3]!]) {
          const parent = nameOf(side, units);
          if (parent && parent !== pairRecord && isDescribed(parent) && !containments.some((c) => c.parent === parent && c.child === pairRecord)) containments.push({ parent, child: pairRecord, sentence: sentence.index });
        }
        // (Nor is it a right: "gets" is no reading by a role "boat".)
        readLists.set(sentence.index, [...(readLists.get(sentence.index) ?? []), part]);
        return false;
      }
      // ("The main flower gets picked from our flower list": a field of the record just described, one of those.)
      const picked = previous ? /^(?:the|its|their)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:gets|is|are|get)\s+(?:picked|chosen|selected|taken)\s+from\s+(?:our|the|a|their)\s+([a-z]+)\s+(?:list|catalogue|catalog|range|register|collection)$/i.exec(part.trim().replace(/[.]$/, '')) : null;
      if (picked) {
        addList(previous!, `${picked[1]!} (a ${picked[2]!})`, sentence.index);
        return false;
      }
      // ("... can assign each swarm report to a beekeeper and mark it as collected, not bees, or gone": who it is given to,
      // one of the users, and the states it is marked with; the right itself is the rights reader's.)
      // (As written: the rights' wording makes "mark it as collected" "update it".)
      const assigning = parts.indexOf(part) === 0 ? ASSIGN_AND_MARK.exec(statements[sentence.index]!.source.trim().replace(/[.!]$/, '')) : null;
      const assignedRecord = assigning ? nameOf(assigning[1]!, units) : undefined;
      if (assigning && assignedRecord && isDescribed(assignedRecord) && !isDescribed(nameOf(assigning[2]!, units) ?? '')) {
        addList(assignedRecord, `assigned ${singular(assigning[2]!.toLowerCase())} (one of our users)`, sentence.index, false);
        // ("not a leak": one state of three words, not_a_leak, held together by hyphens while the states are read.)
        const marked = assigning[3] ? readStates(`the ${assigning[1]} is ${assigning[3].replace(/\bnot\s+an?\s+([a-z]+)/gi, 'not-a-$1')}`) : undefined;
        if (marked && marked.values.length >= 2) statusLists.push({ entity: assignedRecord, values: marked.values.map((v) => v.replace(/-/g, '_')), sentence: sentence.index });
        consumed.add(sentence.index);
        return false;
      }
      // ("The home score and away score are whole numbers": fields of the record just described, said with their type; not "the
      // scores are whole numbers", plural, about fields it has.)
      const typed = previous ? TYPED_FIELDS.exec(part.trim().replace(/[.!]$/, '')) : null;
      const typedItems = typed ? splitFieldList(typed[1]!) : [];
      if (typed && typedItems.length > 0 && typedItems.every((item) => !isPluralWord(words(item).pop() ?? '') && !isDescribed(nameOf(item, units) ?? ''))) {
        const type = typed[2]!.toLowerCase().replace(/s$/, '').replace(/^(?:integer|count)$/, 'whole number');
        addList(previous!, typedItems.map((item) => `${item} (${type})`).join(', '), sentence.index);
        return false;
      }
      // ("A round has a home score and an away score. The scores are whole numbers": of fields it has, read; no field "scores".)
      const saidOf = (item: string) => singular(words(item).pop() ?? '');
      if (typed && typedItems.length > 0 && typedItems.every((item) => isPluralWord(words(item).pop() ?? '') && listed.some((l) => l.entity === previous && l.phrases.some((p) => words(p.text).includes(saidOf(item)))))) {
        readLists.set(sentence.index, [...(readLists.get(sentence.index) ?? []), part]);
        return false;
      }
      // ("There's room on a stay for a note about medication", "there's space for a write-up of the bout": an optional field of that
      // record, or of the one just described.)
      const room = ROOM_FOR.exec(part.trim().replace(/[.!]$/, ''));
      const roomOn = room ? (room[1] ? nameOf(room[1], units) : (room[3] ? nameOf(room[3], units) : undefined) ?? previous) : undefined;
      if (room && roomOn && isDescribed(roomOn)) {
        // ("a note about medication": a medication note.)
        const field = room[2]!.replace(/^([a-z-]+)\s+(?:about|on|for)\s+([a-z]+(?:\s+[a-z]+)?)$/i, '$2 $1');
        addList(roomOn, `${field}${room[4] ? ` (${/\blong\b/i.test(room[4]) ? 'long text, ' : ''}optional)` : ' (optional)'}`, sentence.index);
        return false;
      }
      // ("pics of finished nails w/ each booking, jpg only, max 5mb": a file kept for each of those records, with its rules.)
      const picturesFor = PICTURES_FOR.exec(part.trim().replace(/[.!]$/, ''));
      const picturedOn = picturesFor ? nameOf(picturesFor[3]!, units) : undefined;
      if (picturesFor && picturedOn && isDescribed(picturedOn)) {
        const kind = /^(?:videos?)$/i.test(picturesFor[1]!) ? 'video' : /^scans?$/i.test(picturesFor[1]!) ? 'scan' : 'photo';
        addList(picturedOn, `${picturesFor[2]!.toLowerCase()} ${kind}${picturesFor[4] ? ` (${picturesFor[4].trim()})` : ''}`, sentence.index);
        return false;
      }
      // ("We invoice per project": one invoice is for one project.)
      const per = /^(?:we|i)\s+(?:usually\s+|always\s+|only\s+)?([a-z]+)\s+(?:per|for\s+each|for\s+every|once\s+per|one\s+per)\s+([a-z]+(?:\s+[a-z]+)?)$/i.exec(part.trim().replace(/[.!]$/, ''));
      const perRecord = per ? nameOf(per[1]!, units) : undefined;
      const perParent = per ? nameOf(per[2]!, units) : undefined;
      if (perRecord && perParent && perRecord !== perParent && isDescribed(perParent)) {
        containments.push({ parent: perParent, child: perRecord, sentence: sentence.index });
        return false;
      }
      // ("I charge a price for each one and sometimes add a tip": sums of money on the record, the second optional.)
      const charged = CHARGED.exec(part.trim().replace(/[.!]$/, ''));
      const chargedOn = charged ? (/^one$/i.test(charged[2]!) ? previous : nameOf(charged[2]!, units)) : undefined;
      // (A record said so far only by what it is for, "Each valet is for one car", is one too.)
      if (charged && chargedOn && (isDescribed(chargedOn) || containments.some((c) => c.child === chargedOn))) {
        addList(chargedOn, `${charged[1]} (decimal)`, sentence.index);
        if (charged[4]) addList(chargedOn, `${charged[4]} (decimal${charged[3] ? ', optional' : ''})`, sentence.index);
        return false;
      }
      // ("Then it's assigned to one of the technicians": a reference of the record just described to the one it is given to.)
      const assigned = previous ? /^(?:then\s+|and\s+)?(?:it|they)(?:['’]s|['’]re|\s+is|\s+are|\s+gets?)\s+(?:then\s+)?(?:assigned|allocated|given|handed)\s+(?:out\s+)?to\s+(?:one of (?:the|our)\s+|a\s+|an\s+|one\s+|the\s+)([a-z-]+(?:\s+[a-z-]+)?)$/i.exec(part.trim().replace(/[.]$/, '')) : null;
      const assignee = assigned ? nameOf(assigned[1]!, units) : undefined;
      if (assigned && assignee && assignee !== previous && (isDescribed(assignee) || isPerson(assignee))) {
        addList(previous!, assignee.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(), sentence.index);
        return false;
      }
      // ("Some plants are seasonal so we want a little flag for that": a yes/no field of those records.)
      // ("Some pianos live in damp rooms, so there's a yes/no for that": where some of them are, the same.)
      const flagged = /^(?:some\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:are|is|get|can be|(?:live|sit|are kept|are stored)\s+(?:in|on|at|near))\s+([a-z]+(?:\s+[a-z]+)?)\s*,?\s+so\s+(?:(?:we|i)(?:'d|\s+would)?\s+(?:want|need|like)|there(?:'s|\s+is|\s+should be))\s+(?:a\s+)?(?:little\s+|simple\s+|small\s+)?(?:flag|tick ?box|check ?box|yes\/no|marker|toggle)\b/i.exec(part.trim());
      const flaggedOf = flagged ? nameOf(flagged[1]!, units) : undefined;
      if (flagged && flaggedOf && isDescribed(flaggedOf)) {
        addList(flaggedOf, `${singularPhrase(flagged[2]!.split(/\s+/)).join(' ')} (yes/no)`, sentence.index);
        return false;
      }
      // ("Donors can leave their name but don't have to, and they can add a photo if they want (an image, max 2 MB)":
      // optional fields of the record just described, said as what people may add to it.)
      const mayAdd = previous ? part.trim().replace(/[.]$/, '').split(/\s*,?\s+and\s+(?:they|he|she)\s+(?=can\s)/i) : [];
      const added = mayAdd.map((clause, at) => new RegExp(String.raw`^${at === 0 ? String.raw`(?:the\s+)?([a-z]+)\s+` : '()'}can\s+(?:also\s+)?(?:leave|give|add|attach|upload|include|provide)\s+(their|a|an)\s+(name|email(?:\s+address)?|phone(?:\s+number)?|photo|picture|image|note|comment|message|address)\b(.*)$`, 'i').exec(clause));
      if (added.length > 0 && added.every((m) => m) && !isDescribed(nameOf(added[0]![1]!, units) ?? '')) {
        const person = singular(added[0]![1]!.toLowerCase());
        // ("They can attach a photo if it helps (of the blister pack, say), JPEG or PNG, 5 MB at most": what it is, after the condition.)
        const detail = (rest: string) => {
          const said = rest.replace(/^\s*if\s+(?:it|they|you|we|needed|wanted|any|available|relevant|possible)(?:\s+(?:helps?|want|wants|like|likes|need|needs|can|is|are))?(?:\s+to)?\b/i, '').trim();
          if (/^[,(]/.test(said) && /\b(?:jpe?g|png|pdf|mb|kb|gb|images?|photos?|optional|required)\b/i.test(said)) return ` ${said}`;
          const first = /\([^()]*\)/.exec(rest);
          return first ? ` ${first[0]}` : '';
        };
        const items = added.map((m) => `optionally ${m![2]!.toLowerCase() === 'their' ? `${person} ` : ''}${m![3]}${detail(m![4]!)}`);
        addList(previous!, items.join(', '), sentence.index);
        readLists.set(sentence.index, [...(readLists.get(sentence.index) ?? []), part]);
        return false;
      }
      // ("The driver who takes it on is stored on the journey too, but it's left empty until somebody accepts":
      // the journey refers to a driver, optional when the sentence says it may be empty.)
      const storedOn = /^the\s+([a-z]+(?:\s+[a-z]+)?)(?:\s+(?:who|that|which)\s+[^,]+?)?\s+(?:is|are|gets?)\s+(?:also\s+)?(?:stored|kept|recorded|noted|saved|held|tracked)\s+(?:on|in|against|with)\s+(?:the|each|every|its|their)\s+([a-z]+(?:\s+[a-z]+)??)(?:\s+(?:too|as well|also|record))?(?:\s*,\s*(?:but|and|though|although)\s.*)?$/i.exec(part.trim().replace(/[.]$/, ''));
      const storedParent = storedOn ? nameOf(storedOn[1]!, units) : undefined;
      const storedChild = storedOn ? nameOf(storedOn[2]!, units) : undefined;
      if (storedParent && storedChild && storedParent !== storedChild && isDescribed(storedParent) && isDescribed(storedChild)) {
        const optional = /\b(?:empty|blank|until|optional|later|not always|may not|might not)\b/i.test(sentence.text);
        containments.push({ parent: storedParent, child: storedChild, sentence: sentence.index, ...(optional ? { optional: true } : {}) });
        return false;
      }
      // "People book a room for a start time and an end time": the booking's fields, on a room.
      // (Not "Travellers book tickets for a sailing": what it is for, a record type described, is the relation's.)
      const bookedAct = readBookingAct(part);
      const act = bookedAct && !isDescribed(nameOf(bookedAct.list.replace(/^(?:a|an|the|each|every|one)\s+/i, ''), units) ?? '') ? bookedAct : undefined;
      const booked = act && nameOf(act.of, units);
      const booking = act && nameOf(act.record, units);
      // (Described only by this sentence, "Clients can book a shoot for a date, with ...", what is booked is the record made.)
      const definedHere = act && booked ? readDefinition(part) : undefined;
      const describedHere = definedHere?.list !== undefined && nameOf(definedHere.topic, units) === booked;
      if (act && booked && booking && isDescribed(booked) && booking !== booked && !describedHere) {
        containments.push({ parent: booked, child: booking, sentence: sentence.index });
        // ("A member books a space ...", members a record type: the booking is theirs too.)
        const booker = nameOf(act.by, units);
        if (booker && booker !== booked && booker !== booking && isDescribed(booker)) containments.push({ parent: booker, child: booking, sentence: sentence.index });
        addList(booking, act.list, sentence.index);
        // ("A member books a boat for a date and a time slot. The time slot is one of ...": the booking, said of next.)
        previous = booking;
        return false;
      }
      // ("Clients can book a shoot for a date, with a location and a budget", shoots described nowhere else and no booking
      // record either: what is booked is the record made.)
      if (act && booked && !isDescribed(booked) && !earlyRoles.has(snakeCase(booked)) && ![...describedNames].some((n) => BOOKING_RECORD.test(n))) {
        addList(booked, act.list, sentence.index);
        previous = booked;
        return false;
      }
      // ("Sometimes a job gets cancelled before we start": one more state of a record whose states were said.)
      const exception = readExceptionState(part);
      const excepted = exception ? statusLists.findIndex((l) => l.entity === nameOf(exception.topic, units)) : -1;
      if (exception && excepted >= 0) {
        const list = statusLists[excepted]!;
        if (!list.values.includes(exception.value)) statusLists[excepted] = { ...list, values: [...list.values, exception.value] };
        return false;
      }
      // ("A job is waiting ..., then collected. Sometimes we order a part in, so it can also be waiting on parts": one more
      // state of the record whose states were said just before.)
      const alsoState = readAlsoState(part);
      const alsoOf = alsoState ? statusLists.findLastIndex((l) => l.sentence >= sentence.index - 2) : -1;
      if (alsoState && alsoOf >= 0) {
        const list = statusLists[alsoOf]!;
        if (!list.values.includes(alsoState)) statusLists[alsoOf] = { ...list, values: [...list.values, alsoState] };
        return false;
      }
      // ("A referral is new, accepted or declined. Every referral starts out as new": the state it starts in, first (the default).)
      const startsAs = STARTS_AS.exec(part.trim().replace(/[.!]$/, ''));
      const startState = startsAs ? snakeCase(startsAs[2]!) : '';
      const started = startsAs ? statusLists.findIndex((l) => l.entity === nameOf(startsAs[1]!, units) && l.values.includes(startState)) : -1;
      if (started >= 0) {
        const list = statusLists[started]!;
        statusLists[started] = { ...list, values: [startState, ...list.values.filter((v) => v !== startState)] };
        return false;
      }
      // ("Applications start as submitted. The team ... either accepts, rejects or waitlists them": the first state, said
      // before the others; put first when they are read.)
      const startsOf = startsAs && !statusLists.some((l) => l.entity === nameOf(startsAs[1]!, units)) ? nameOf(startsAs[1]!, units) : undefined;
      if (startsOf && isDescribed(startsOf)) {
        startStates.set(startsOf, startState);
        return false;
      }
      const states = readStates(part);
      // ("The status moves through enquiry, booked, ...": the status of the record just described.)
      const ownStatus = states && /^(?:(?:the\s+|its\s+|their\s+)?(?:status|state|stage)|its|their|it|they)$/i.test(states.topic.trim());
      // ("After the session the fixer records how it went: the outcome is fixed, partly fixed or not fixable": "the" and a
      // noun no record type is named by is a field of the record just described, with those values.)
      // ("Its session type is one of general, disco or family": a field of two words too.)
      const fieldState = states && !ownStatus && previous && /^(?:the|its|their)\s/i.test(part.trim()) && /^(?:(?:the|its|their)\s+)?[a-z]+(?:\s+[a-z]+)?$/i.test(states.topic.trim());
      const stateName = fieldState ? nameOf(states!.topic, units) : undefined;
      if (fieldState && (!stateName || ![...listed.map((l) => l.entity), ...containments.flatMap((c) => [c.parent, c.child]), ...titles].includes(stateName))) {
        // (A value of many words, or one saying "not", is kept as one: "not fixable", "come back with a part".)
        const values = states!.values.map((v) => (v.split('_').length > 3 || /^(?:not|no)_/.test(v) ? v : v.replace(/_/g, '-')));
        addList(previous!, `${states!.topic.trim()} (${values.slice(0, -1).join(', ')} or ${values[values.length - 1]})`, sentence.index);
        return false;
      }
      // ("waiting list - name, email. status: waiting, offered or declined": with no record said in a sentence yet, the one
      // a field list on that line or above set out.)
      const listedAbove = ownStatus && !previous ? fieldLists.filter((l) => l.line <= at).pop() : undefined;
      const stateEntity = states ? (ownStatus ? (previous ?? (listedAbove ? nameOf(listedAbove.topic, units, true) : undefined)) : nameOf(states.topic, units)) : undefined;
      if (states && stateEntity) {
        statusLists.push({ entity: stateEntity, values: states.values, sentence: sentence.index });
        return false;
      }
      const def = detectMultiTenant(part) || aroundIt(part) ? undefined : readDefinition(part);
      // ("Buyers are registered once with us and get a buyer number ...; we also keep their name, ...": the record said by what
      // happens to it, and what it is given.)
      const passive = !def ? passiveSubject(part) : undefined;
      const passiveRecord = passive ? nameOf(passive.subject, units, true) : undefined;
      if (passive && passiveRecord && (passive.list || isDescribed(passiveRecord) || !earlyRoles.has(snakeCase(passiveRecord)))) {
        if (passive.list) addList(passiveRecord, passive.list, sentence.index);
        previous = passiveRecord;
        return false;
      }
      // ("Then the important bit, the reservations": the record described next, no list of the one before.)
      const namedNow = def?.topic === PREVIOUS ? introducedTopic(part, true) : undefined;
      const namedNowRecord = namedNow ? nameOf(namedNow, units, true) : undefined;
      if (namedNowRecord && !earlyRoles.has(snakeCase(namedNowRecord))) {
        previous = namedNowRecord;
        return false;
      }
      if (def?.children) {
        // "Each organization has projects": the tenant (or a record type) holds these record types.
        const parent = def.topic === PREVIOUS ? previous : nameOf(def.topic, units);
        const children = def.children.map((c) => nameOf(c, units)).filter((c): c is string => c !== undefined);
        if (children.length === 0) return true;
        for (const child of children) {
          if (parent && parent !== child) containments.push({ parent, child, sentence: sentence.index });
          else addList(child, undefined, sentence.index);
        }
        return false;
      }
      // ("## Audits ... It has a scheduled date": with nothing read before, "it" is the heading's record type.)
      const headed = statements[sentence.index]?.topic;
      // ("each beach is run by a franchisee", beaches the tenants: who runs the tenant describes no record type.)
      // (Also "Each park is run by its own franchisee".)
      const runBy = def && def.topic !== PREVIOUS && units.has(snakeCase(singular(def.topic.toLowerCase()))) && /^(?:an?|the|one|its own|their own)\s+[a-z]+$/i.test(def.list?.trim() ?? '');
      // ("Life jackets are tracked separately because ...: each one has ...": one of those the clause before is about.)
      const eachOfBefore = def?.topic === PREVIOUS && parts.indexOf(part) > 0 && /^(?:each|every)\s+(?:one|of them|single one)\b/i.test(part.trim()) ? endedOn(part) : undefined;
      // ("Bookings: name, mobile. ... We want to record the time they went out": with no record said in a sentence yet, the one
      // a field list above set out.)
      const listedBefore = def?.topic === PREVIOUS && !previous && def.list ? fieldLists.filter((l) => l.line <= at).pop() : undefined;
      // ("For every pet we need ... and the owner. Owners give us their name, ...": the givers' own record, when the one before has one of them.)
      const giver = def?.topic === PREVIOUS && previous ? givenList(part)?.giver : undefined;
      const giverRecord = giver && listed.find((l) => l.entity === previous)?.phrases.some((p) => new RegExp(`\\b${singular(giver.toLowerCase())}\\b`, 'i').test(p.text)) ? nameOf(giver, units, true) : undefined;
      const entity = def && !runBy ? (def.topic === PREVIOUS ? giverRecord ?? eachOfBefore ?? previous ?? (headed ? nameOf(headed, units) : undefined) ?? (listedBefore ? nameOf(listedBefore.topic, units, true) : undefined) : nameOf(def.topic, units, def.list !== undefined)) : undefined;
      if (!def || !entity) {
        // ("A session is a lesson slot. It's got a start ...", "A client is either a band or a solo artist. We need their
        // name, ...": what "it" is next.)
        // ("A hire is when another group borrows some costumes. We note the group's name, ...": the same.)
        // ("Customers place orders online - they need an account for that - and an order is basically a list of ...": at the end too.)
        const said = /(?:^|[,;-]\s*(?:and\s+)?|\s+and\s+)(?:a|an|the|each|every)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are)\s+(?:either\s+)?(?:a|an|just a|basically a|really a|simply a|one|something like|(?:just\s+|basically\s+|simply\s+)?(?:when|where|whenever))\s/i.exec(part.trim());
        const named = said ? nameOf(said[1]!, units) : undefined;
        // ("A carer is a fostering household. It has a household name, ...": a record type, though people of that name have a role.)
        // ("A client is either a band or a solo artist. We need their name, ...": what the writer keeps of one, too.)
        const describedNext = /^(?:it|they)(?:\s+(?:also\s+)?(?:has|have|holds?|records?|keeps?|stores?)|['’]s\s+got|['’]ve\s+got)\s|^(?:we|i)\s+(?:also\s+)?(?:need|keep|record|store|take|want|note)\s+(?:their|its|his|her)\s/i.test((parts[parts.indexOf(part) + 1] ?? sentences[sentences.indexOf(sentence) + 1]?.text ?? '').trim());
        if (named && (!earlyRoles.has(snakeCase(named)) || describedNext)) {
          previous = named;
          // ("A client is either a band or a solo artist": the kinds it is, its type.)
          const kinds = /\bis\s+either\s+(?:a|an)\s+([a-z]+(?:\s+[a-z]+)?)\s+or\s+(?:a|an)\s+([a-z]+(?:\s+[a-z]+)?)$/i.exec(part.trim().replace(/[.!]$/, ''));
          if (kinds) addList(named, `type (${kinds[1]} or ${kinds[2]})`, sentence.index);
        }
        return true;
      }
      // ("Ringers can submit a performance with its band places and ...": the records that come with it, not its fields.)
      const withOwn = def.list ? /^(?:its|their)\s+([a-z]+(?:\s+[a-z]+)?)\b/i.exec(splitFieldList(def.list)[0] ?? '') : null;
      const ownRecords = withOwn && /\b(?:can|may|should|must|will|could)\s/i.test(part) && isPluralWord(words(withOwn[1]!).pop() ?? '') ? nameOf(withOwn[1]!, units) : undefined;
      if (ownRecords && isDescribed(ownRecords)) return true;
      // ("they log incidents and can edit only ...", "and they record collection lines": people making records of a
      // type the text describes, not fields of the record before.)
      const items = def.topic === PREVIOUS && def.list && /^(?:and\s+)?(?:they|we|he|she|you)\s/i.test(part.trim()) ? splitFieldList(def.list) : [];
      // ("they record stays when cats arrive": when they do it says nothing of what they make.)
      const firstWords = words((items[0] ?? '').replace(/\s+(?:when|whenever|as soon as|as|once|after|before|if)\s.*$/i, ''));
      const logged = isPluralWord(firstWords[0] ?? '') && firstWords.length <= 2 ? nameOf(firstWords[0]!, units) : isPluralWord(firstWords.at(-1) ?? '') && firstWords.length <= 3 && items.length === 1 ? nameOf(items[0]!, units) : undefined;
      if (logged && isDescribed(logged)) return true;
      // ("After a session we upload the bounces - WAV or MP3, each up to 500 MB - so the client can download them": records
      // that are files themselves, each with those rules, made for the record the sentence is after.)
      const uploaded = def.topic === PREVIOUS ? UPLOADED_RECORDS.exec(part.trim().replace(/[.!]$/, '')) : null;
      const uploadedRecord = uploaded ? nameOf(uploaded[2]!, units) : undefined;
      const uploadedFor = uploaded?.[1] ? nameOf(uploaded[1], units) : previous;
      if (uploaded && uploadedRecord && uploadedRecord !== uploadedFor) {
        addList(uploadedRecord, `file (${uploaded[3]!.replace(/\s*[-–—]?\s+so\s+(?:that\s+)?(?:the|they|we|our|it|i|you)\b.*$/i, '').replace(/\s*[-–—]\s*$/, '')})`, sentence.index);
        if (uploadedFor && isDescribed(uploadedFor)) containments.push({ parent: uploadedFor, child: uploadedRecord, sentence: sentence.index });
        return false;
      }
      // "the nurse records a donation" (nurses a role, donations described): an act, not a definition.
      if (def.list && def.topic !== PREVIOUS && earlyRoles.has(snakeCase(entity)) && splitFieldList(def.list).every((item) => {
        const named = entityNameOf(item, units, true);
        return named !== undefined && named !== entity && isDescribed(named);
      })) return true;
      // ("Customers are either farms or dealers. Dealers get a trade discount": what one kind of a record has is that record's,
      // left empty by the other kinds.)
      const kindOf = def.topic !== PREVIOUS && def.list && !isDescribed(entity) ? statusLists.find((l) => l.entity !== entity && l.values.some((v) => singular(v) === singular(snakeCase(def.topic)))) : undefined;
      if (kindOf) {
        addList(kindOf.entity, splitFieldList(def.list!).map((item) => `${item} (optional)`).join(', '), sentence.index);
        return false;
      }
      previous = entity;
      // ("I'd tag them as restaurant, retailer or caterer": the customer type.)
      addList(entity, def.kindOfPrevious && def.list ? `${snakeCase(entity).split('_').pop()} ${def.list}` : def.list, sentence.index);
      // "Stock movements record a product, ...": the record type is the subject, so nothing of the
      // clause is left for the rights reader (which would read "Stock movements record" as a role).
      if (def.topic !== PREVIOUS && new RegExp(`^(?:(?:each|every|a|an|the|all)\\s+)?${def.topic.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(part.trim())) readLists.set(sentence.index, [...(readLists.get(sentence.index) ?? []), part]);
      for (const phrase of [def.parent, def.parent2]) {
        const parent = phrase && !namesNoParent(phrase) ? nameOf(phrase, units) : undefined;
        if (parent && parent !== entity) containments.push({ parent, child: entity, sentence: sentence.index });
      }
      return false;
    };
    // A part no reader takes may hold two clauses ("Each organization has projects, and projects
    // contain tasks"): then its clauses are read one by one.
    const headedBy = statements[sentence.index]?.topic;
    const headedEntity = headedBy ? nameOf(headedBy, units) : undefined;
    let left = parts.flatMap((part, at) => {
      // ("Bookings are for one session each: the surfer's name, their email, ...": after a colon, a
      // list of noun phrases is the fields of the record the clause before it was about; under a
      // heading, of the heading's record type when that clause names none: "This is our catalogue: the name, ...".)
      const before = at > 0 ? parts[at - 1]!.trim() : '';
      const afterColon = at > 0 && new RegExp(`${escapeRegExp(before)}\\s*:`).test(sentence.text);
      const namesNone = readRelations(before) === undefined && readDefinition(before) === undefined;
      // ("the key worker creates an attendance record for that child: the date, ...": the record made has the fields.)
      // (The colon kept inside the part too: "the guardian does a check and logs it: which defib, ...".)
      // ("Owners add their dogs - name, breed, ...": a dash the same, after a record made.)
      const dashed = /^([^:]*?)\s[-–—]\s+(.+)$/.exec(part.trim());
      const inner = afterColon ? null : /^([^:]*?)\s*:\s+(.+)$/.exec(part.trim()) ?? (dashed && MADE_RECORD.test(dashed[1]!) && !/\b(?:afterwards|after|later|then|too)$/i.test(dashed[1]!) ? dashed : null);
      const madeList = inner ? inner[2]! : part;
      const madeBefore = afterColon ? before : inner ? inner[1]! : undefined;
      const made = madeBefore !== undefined ? MADE_RECORD.exec(madeBefore) ?? PASSIVE_MADE.exec(madeBefore) : null;
      const madeName = made ? nameOf(made[1]!, units, true) : undefined;
      if (made && madeName && !earlyRoles.has(snakeCase(madeName)) && isBareFieldList(madeList)) {
        const parent = made[2] ? nameOf(made[2], units) : undefined;
        if (parent && parent !== madeName) containments.push({ parent, child: madeName, sentence: sentence.index });
        addList(madeName, madeList, sentence.index);
        previous = madeName;
        return [];
      }
      // ("visitors register the thing they're bringing ... it's just a form: their email, ... Every
      // registered item is tied to one session": a paragraph's list, before the paragraph names its
      // record, is that record's, not the one an earlier paragraph described.)
      const paragraph = statements[sentence.index]!.line;
      const earlier = previousAt >= 0 && statements[previousAt]?.line !== paragraph;
      const namedLater = afterColon && (earlier || previous === undefined) && !headedEntity ? laterSubject(sentence.index, paragraph) : undefined;
      // ("Stockists are the shops we sell to. For each one: the business name, ...": the record the sentence before brought up.)
      const eachOfTopic = afterColon && /^(?:(?:and|so|then)\s+)?for\s+(?:each(?:\s+one)?|every\s+one|those|these|them|each\s+of\s+them)$/i.test(before) && sentence.index > 0 && !consumed.has(sentence.index - 1) ? introducedTopic(statements[sentence.index - 1]!.text) : undefined;
      // ("Issues are straightforward: an issue number, ...": the record the clause before the colon brings up.)
      const broughtUpBefore = afterColon && !eachOfTopic && namesNone ? introducedTopic(before, true) : undefined;
      const broughtUpName = broughtUpBefore ? nameOf(broughtUpBefore, units, true) : undefined;
      const about = eachOfTopic ? nameOf(eachOfTopic, units, true) : headedEntity && namesNone ? headedEntity : broughtUpName && !earlyRoles.has(snakeCase(broughtUpName)) ? broughtUpName : namedLater ?? previous;
      // ("We keep a gear log of the ropes and so on: a serial number, the date it went into service, ...": the record named before the colon.)
      const namedBefore = afterColon && previous ? readDefinition(before) : undefined;
      if (namedBefore && namedBefore.list === '' && namedBefore.topic !== PREVIOUS && nameOf(namedBefore.topic, units, true) === previous) {
        addList(previous!, part, sentence.index);
        return [];
      }
      if (afterColon && about && isBareFieldList(part)) {
        addList(about, part, sentence.index);
        if (eachOfTopic) {
          consumed.add(sentence.index - 1);
          previous = about;
        }
        return [];
      }
      // ("...; optionally a photo of the scoresheet (JPEG, 4 MB at most)": more fields of the record the clause before was about.)
      // ("... and a status. plus a pic of the box so ppl know what to look for": a sentence opening with "plus a" too.)
      const more = previous !== undefined && (at > 0 || /^plus\s+(?:an?|the|their|its|some)\s/i.test(part.trim())) ? /^(?:and\s+)?(optionally|also|plus)\s+(.+)$/i.exec(part.trim()) : null;
      if (more && isBareFieldList(more[2]!, true) && !/^(?:an?|the)\s+[a-z]+\s+(?:is|are|has|have|can)\b/i.test(more[2]!)) {
        addList(previous!, /^optionally$/i.test(more[1]!) ? `${more[2]!} (optional)` : more[2]!, sentence.index);
        return [];
      }
      // ("We also sell gift vouchers; each has a code, an amount and an expiry date": "each" is one of what the clause before ended on.)
      // ("We also hold swap meets every couple of months; a meet has a date, ...": one of them, by the last word of their name.)
      const each = at > 0 ? /^(?:(?:each|each one|every one|each of them)|(?:a|an|each|every)\s+([a-z]+))\s+(?:has|have|comes with|includes|holds|carries|gets)\s+(.+)$/i.exec(part.trim()) : null;
      const ended = each ? /((?:[a-z]+\s+){0,2}[a-z]+s)\s*$/i.exec(before.replace(/\([^()]*\)\s*$/, '').replace(/\s*[-–—:,]+\s*$/, '').trim().replace(/\s+(?:every|each|once|twice|a few times|several times|throughout|all year)\b[^,;]*$/i, '')) : null;
      const sameHead = !each?.[1] || (ended !== null && singular(ended[1]!.split(/\s+/).pop()!.toLowerCase()) === each[1].toLowerCase());
      const plural = ended ? nameOf(ended[1]!.replace(/^.*\s(?:and|or|&)\s+/i, '').replace(/^.*\b(?:sell|have|keep|offer|run|rent|store|track|issue|hold|manage|many|several|multiple)\s+/i, '').replace(/^(?:also|some|many|our|the)\s+/i, ''), units, true) : undefined;
      // (Not "..., but each episode has at most one sponsor": one of another record is a relation, which the relation readers read.)
      const oneOf = each ? /^(?:(?:at most|only|exactly|just|no more than)\s+)?(?:one|a single)\s+[a-z]+$/i.test(each[2]!.trim()) : false;
      if (each && sameHead && plural && !oneOf && !earlyRoles.has(snakeCase(plural))) {
        addList(plural, each[2]!, sentence.index);
        previous = plural;
        return [];
      }
      if (!unread(part)) return [];
      // ("plus a pic of the box. pics only, keep em under 5mb": the kinds and size of the file said just before.)
      const fileBefore = previous && FILE_RULES_ONLY.test(part.trim()) ? listed.find((l) => l.entity === previous)?.phrases.at(-1) : undefined;
      if (fileBefore && FILE_WORD.test(splitFieldList(fileBefore.text).at(-1) ?? '')) {
        fileBefore.text = `${fileBefore.text} (${part.trim().replace(/[.!]$/, '').replace(new RegExp(LOOSE_SIZE, 'i'), 'max ')})`;
        return [];
      }
      /** Does an item of the list name a record type the text describes ("Filmmakers submit films and submissions")? */
      const namesAnyRecord = (list: string) => splitFieldList(list).some((item) => isDescribed(nameOf(item, units) ?? ''));
      // (Not a list of record types: "the proposal" among fields is a reference, "walls, artists and proposals" are records.)
      const namesRecords = (list: string) => {
        const items = splitFieldList(list);
        return items.filter((item) => isDescribed(nameOf(item, units) ?? '')).length * 2 > items.length;
      };
      /** The list is the owner's fields, and the owner the record described last. */
      const describedBy = (owner: string, list: string): string[] => {
        addList(owner, list, sentence.index);
        previous = owner;
        return [];
      };
      // ("Most work starts as an enquiry off the website ... They give us their name, a phone number, ...": what people give is the record's they make.)
      const given = givenList(part);
      const givenTo = given && !namesAnyRecord(given.list) ? [given.before, statements[sentence.index - 1]?.text ?? ''].flatMap(introducedRecords).map((phrase) => nameOf(phrase, units, true)).find((n) => n !== undefined && !isPerson(n) && !earlyRoles.has(snakeCase(n))) : undefined;
      if (given && givenTo) return describedBy(givenTo, given.list);
      // ("Owners give us their name, address, phone and email": with no record brought up, the givers' own.)
      const giver = given?.giver && !namesAnyRecord(given.list) ? nameOf(given.giver, units, true) : undefined;
      if (given && giver) return describedBy(giver, given.list);
      // ("Artists sign themselves up with their name and email, ...": the record of each of them holds it.)
      const signUp = signUpList(part);
      const signedUp = signUp ? nameOf(signUp.who, units, true) : undefined;
      if (signUp && signedUp) return describedBy(signedUp, signUp.list);
      // ("so we need corporate accounts too: company name, billing email, ...": the list is of what the clause ends on.)
      const colonTopic = colonListTopic(afterColon ? `${before}: ${part}` : part);
      const colonOwner = colonTopic ? nameOf(colonTopic.topic, units, true) : undefined;
      // (After a colon, "the child" among the fields is a reference to one.)
      if (colonTopic && colonOwner && !earlyRoles.has(snakeCase(colonOwner)) && !namesRecords(colonTopic.list)) return describedBy(colonOwner, colonTopic.list);
      // ("drivers upload their fuel receipts - just a picture, jpg or png - with the amount, the date and which car": the record they make.)
      const madeWith = madeWithList(part);
      const madeOwner = madeWith ? nameOf(madeWith.record, units, true) : undefined;
      if (madeWith && madeOwner && !earlyRoles.has(snakeCase(madeOwner)) && !namesAnyRecord(madeWith.list)) {
        const against = madeWith.against ? nameOf(madeWith.against, units) : undefined;
        if (against && against !== madeOwner && isDescribed(against)) containments.push({ parent: against, child: madeOwner, sentence: sentence.index });
        return describedBy(madeOwner, `${madeWith.file ? `${madeWith.file}, ` : ''}${madeWith.list}`);
      }
      // ("We keep a few parts in the vans. For those it's just the part number, ...": a list naming no record is the one the
      // sentence before brought up, else the one described last.)
      const lone = loneFieldList(part);
      // (The sentence before, or the one before that when the one between is an aside: "neighbours get to vote. We don't want them to need an account. We just take their postcode, ...".)
      const broughtUpAt = lone ? [1, 2].map((k) => sentence.index - k).find((k) => k > 0 && !consumed.has(k) && introducedTopic(statements[k]!.text) !== undefined) : undefined;
      const broughtUp = broughtUpAt !== undefined ? introducedTopic(statements[broughtUpAt]!.text) : undefined;
      const loneOwner = broughtUp ? nameOf(broughtUp, units, true) : previous;
      if (lone && loneOwner && !namesRecords(lone.list)) {
        addList(loneOwner, lone.list, sentence.index);
        // (A list said otherwise than written, "the decision (approved or refused)" from "we record the decision: approved
        // or refused", takes the whole part, so no other reader reads it again.)
        if (!part.includes(lone.list)) readLists.set(sentence.index, [...(readLists.get(sentence.index) ?? []), part.trim()]);
        if (broughtUpAt !== undefined) consumed.add(broughtUpAt);
        previous = loneOwner;
        unreadItems.push(...(lone.unread ?? []));
        return [];
      }
      // ("If we can, we add a photo too, just a jpeg off the phone, keep it under 5 MB": a file said apart, with its
      // rules, is one more field of the record described last.)
      const isFileRecord = (noun: string) => isDescribed(nameOf(noun, units) ?? '');
      const whole = statements[sentence.index]!.text;
      // (The rules may be said in another clause of the sentence: "attach a short video clip ...; clips must be MP4 ...".)
      const inPart = mentionedFile(part, isFileRecord, whole);
      const file = inPart?.phrases.every((p) => p.includes('(')) ? inPart : (FILE_MENTION_WORD.test(part) ? mentionedFile(whole, isFileRecord) : undefined) ?? inPart;
      // (On the record the sentence names, else the one described before it: "The catalogue is a PDF, ..." names no record of
      // its own; "## Changeovers" names one before any field of it is known, and the file waits for a record with fields.)
      const namedOn = file?.on ? nameOf(file.on, units) : undefined;
      const fileOwner = namedOn && isDescribed(namedOn) ? namedOn : listed.some((l) => l.entity === previousBefore && l.phrases.length + l.rows.length > 0) ? previousBefore : undefined;
      if (file && fileOwner && !(readLists.get(sentence.index) ?? []).some((list) => FILE_MENTION_WORD.test(list))) {
        // ("We write them in Word and upload the PDF": the record's own document, named by the record.)
        for (const phrase of file.itself ? file.phrases.map((p) => p.replace(/^file\b/, snakeCase(fileOwner).split('_').pop()!)) : file.phrases) {
          // ("The ID scan is a legal requirement ...; it can be a photo or a PDF, nothing over 5 MB": the rules of a file listed before.)
          const name = phrase.replace(/\s*\(.*$/, '');
          const rules = /\((.*)\)$/.exec(phrase)?.[1];
          const listedBefore = file.itself ? undefined : listed.find((l) => l.entity === fileOwner)?.phrases.find((p) => splitFieldList(p.text).some((item) => new RegExp(String.raw`\b${name}\b`, 'i').test(item)));
          if (listedBefore && rules) listedBefore.text = `${listedBefore.text} (${rules})`;
          else if (!listedBefore) addList(fileOwner, phrase, sentence.index, false);
        }
        // ("..., up to 10 MB, and the commission moves from commissioned to filed": more is said than the file, for the readers below.)
        if (!/\b(?:moves?|goes|went|then)\b/i.test(part)) return [];
      }
      // ("Dentists can read patients, and write treatment notes for an appointment, with ...": the
      // second clause keeps its subject.)
      const split = splitClauses(part);
      // ("The public should be able to see the list of upcoming open days, which have a date, ...": the records the clause
      // before ends on, named by their list, have the fields; "which" is not the record described before.)
      const clauses = withSubjects(split.length < 2 ? verbClauses(part) : split).map((clause, at, all) => {
        const listOf = at > 0 ? LIST_OF_RECORDS.exec(all[at - 1]!.trim()) : null;
        return listOf ? clause.replace(/^\s*(?:which|that|each of which)\s+(?=(?:have|has|show|list|carry|include)\s)/i, `each ${singular(listOf[1]!)} `) : clause;
      });
      if (clauses.length < 2) return [part];
      const left = clauses.filter((clause) => unread(clause));
      return left.length === clauses.length ? [part] : left;
    });
    // ("## Customers  First name and surname, both required. Email, which must be unique.": a list with no verb is the heading's record type's fields.)
    // (With no heading, such a list right after a record was described is that record's: "Requests: each one is for a listing. The child's year group, a note, ...".)
    // ("* Departures and bookings. Many bookings ...": record types named as the topic of what follows, no fields.)
    left = left.filter((part) => {
      const items = splitFieldList(part);
      return !(items.length > 1 && items.every((item) => {
        const named = isPluralWord(words(item).pop() ?? '') ? nameOf(item, units, true) : undefined;
        return named !== undefined && isDescribed(named);
      }));
    });
    // ("... plus the bed number. Please don't make that a fixed list. Then the preferred language, ...": "Then" goes on
    // with the list given a sentence before the aside.)
    const goesOn = /^(?:then|also|plus|and\s+then)\s*,?\s+(?:the|an?|their|its|some)\s/i.test(sentence.text.trim()) ? 2 : 1;
    const justBefore = (at: number | undefined) => at !== undefined && at < sentence.index && at >= sentence.index - goesOn;
    // ("Then sessions. Each one is for a dog, ... Length in minutes ... Which of us is taking it, our notes afterwards, ...":
    // within the paragraph that took up a record, a list with no verb goes on describing it.)
    const sameParagraph = previousAt >= 0 && previousAt < sentence.index && statements[previousAt]?.line === statements[sentence.index]?.line;
    const listOwner = headedEntity ?? (justBefore(previousAt) || sameParagraph || (justBefore(listedLast?.index) && listedLast!.entity === previous) ? previous : undefined);
    if (listOwner) {
      left = left.filter((part) => {
        // ("2 hours before a session starts, email the admin": a time before or after something, then what to do.)
        // ("- access notes (long free text, ...)" under its heading: one field with what it is, too.)
        // ("me and the wife - admin, everything": who has which role, no fields.)
        // ("Then the important bit, the reservations": the record described next, no fields of this one.)
        if (!isBareFieldList(part, (headedEntity !== undefined || sameParagraph) && /\([^()]+\)\s*$/.test(part.trim())) || /\b(?:admin|admins|everything|full access)\b/i.test(part) || introducedTopic(part, true) !== undefined || opensWithSchedule(part) || /^(?:when|whenever|once|if|after|before|as soon as|(?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|twenty|thirty|forty|fifty|sixty)\s+(?:minutes?|hours?|days?|weeks?|months?)\s+(?:before|after|later))\b/i.test(part.trim())) return true;
        addList(listOwner, part.trim().replace(/^(?:and|also|plus|then)\s+/i, ''), sentence.index);
        return false;
      });
    }
    // ("Then the important bit, the reservations! People reserve hens ... We need their name, ...": a record the writer
    // names as what comes next, though no reader took the sentence, is the one described next.)
    const namedNext = left.length === parts.length && previous === previousBefore ? introducedTopic(statements[sentence.index]!.text, true) : undefined;
    const namedRecord = namedNext ? nameOf(namedNext, units, true) : undefined;
    // ("Then the sponsors. We keep their name, email, ...": people said to be described next, whose details follow, are
    // records too, whatever rights they also have.)
    const describedNext = /^(?:(?:and|so)\s+)?(?:we|i)\s+(?:also\s+|just\s+)?(?:keep|need|record|store|take|hold|ask\s+for|want)\s+their\s/i.test(statements[sentence.index + 1]?.text.trim() ?? '');
    if (namedRecord && ((!earlyRoles.has(snakeCase(namedRecord)) && !isPerson(namedRecord)) || describedNext)) {
      previous = namedRecord;
      consumed.add(sentence.index);
    }
    if (previous !== previousBefore) previousAt = sentence.index;
    if (left.length < parts.length || left.join('; ') !== parts.join('; ')) {
      consumed.add(sentence.index);
      if (left.length > 0) leftovers.set(sentence.index, left);
    }
    // "Events have a name, venue, starts at ..." read as fields: the clause readers get "Events
    // have" only, so no field list reads as a role's sentence ("venue, starts at").
    const lists = readLists.get(sentence.index) ?? [];
    if (lists.length > 0) {
      let text = sentence.text;
      for (const list of [...lists].sort((a, b) => b.length - a.length)) text = text.replace(list, ' ');
      text = text.replace(/\s*(?:,|:|\bwith|\band has|\bhas|\bhave)?\s+(?=;|$)/gi, '').replace(/\s+/g, ' ').trim();
      // ("one of the lads does a clean and water test, and we need a record of that": the lead-in of the record just read.)
      if (/,?\s+and\s+(?:we|i)\s+(?:need|want|keep|have\s+to\s+keep)\s+(?:a\s+)?record\s+of\s+(?:that|it|each\s+one|them)\s*:?$/i.test(text)) text = '';
      sentence.text = text;
      sentence.clauses = text ? withSubjects(splitClauses(withoutAppositive(text))) : [];
    }
  }
  // ("**Linen types.** This is our catalogue: the name, ...": "the catalogue" is the heading's record type.)
  const aliases = statements.flatMap((st) => {
    // ("Then each job, which I call a commission.": the everyday word is the record the writer names.)
    const called = CALLED.exec(st.text.trim());
    const record = called ? nameOf(called[2]!, units) : undefined;
    if (called && record && !GENERIC_ALIASES.test(called[1]!)) return [{ words: words(called[1]!), entity: record }];
    const said = /^(?:this|it|that)\s+is\s+(?:our|the|my)\s+([a-z]+(?:\s+[a-z]+)?)\s*:/i.exec(st.text.trim());
    const entity = said && st.topic ? nameOf(st.topic, units) : undefined;
    return said && entity && !GENERIC_ALIASES.test(said[1]!) ? [{ words: words(said[1]!), entity }] : [];
  });
  // ("Each event has a list of suppliers. The same supplier works at lots of our events": each holds many of the other, said
  // in two sentences: many on both sides, no reference either way.)
  const saysMany = (at: number) => {
    const said = sentences[at]?.text ?? '';
    return /\b(?:many|lots of|loads of|a list of|several|multiple|plenty of)\b/i.test(said) && !/\b(?:exactly|only|at most)\s+one\b|\bone\s+[a-z]+\s+(?:only|at a time)\b/i.test(said);
  };
  for (const c of [...containments]) {
    const back = containments.find((d) => d.parent === c.child && d.child === c.parent);
    if (!back || c.parent === c.child || back.sentence === c.sentence || !saysMany(c.sentence) || !saysMany(back.sentence)) continue;
    containments.splice(0, containments.length, ...containments.filter((d) => !((d.parent === c.parent && d.child === c.child) || (d.parent === c.child && d.child === c.parent))));
    if (!manyToMany.some((m) => m.sides.includes(c.parent) && m.sides.includes(c.child))) manyToMany.push({ sides: [c.parent, c.child], sentence: c.sentence });
  }
  const discovery: Discovery = { entities: [], containments, ...(aliases.length > 0 ? { aliases } : {}), ...(manyToMany.length > 0 ? { manyToMany: manyToMany.map((m) => m.sides) } : {}) };
  for (const l of listed) if (!discovery.entities.includes(l.entity)) discovery.entities.push(l.entity);
  for (const c of containments) for (const name of [c.parent, c.child]) if (!discovery.entities.includes(name)) discovery.entities.push(name);
  for (const [entity, state] of startStates) {
    const at = statusLists.findIndex((l) => l.entity === entity);
    if (at >= 0) statusLists[at] = { ...statusLists[at]!, values: [state, ...statusLists[at]!.values.filter((v) => v !== state)] };
    else statusLists.push({ entity, values: [state], sentence: 0 });
  }
  // A record that moves through states is a record type even when nothing else defines it.
  for (const s of statusLists) if (!discovery.entities.includes(s.entity)) discovery.entities.push(s.entity);
  // People named only as the far end of a relation ("a loan connects a book and a member") are
  // users with a role, not record types: their references are the user's.
  const roles = new Set(roleWords(collectRoles(sentences, { index: new EntityIndex(discovery.entities) })).map((w) => snakeCase(w)));
  const described = new Set([...listed.filter((l) => l.phrases.length + l.rows.length > 0).map((l) => l.entity), ...discovery.containments.map((c) => c.child)]);
  const people = discovery.entities.filter((e) => (roles.has(snakeCase(e)) || users.has(snakeCase(e))) && !described.has(e));
  if (people.length > 0) {
    discovery.entities = discovery.entities.filter((e) => !people.includes(e));
    discovery.containments = discovery.containments.filter((c) => !people.includes(c.parent));
  }
  // ("Then each job, which I call a commission. ... Jobs go received, then ...": what the everyday word says is the named record's.)
  const calledRenames = new Map(aliases.flatMap((a) => {
    const from = nameOf(a.words.join(' '), units);
    return from && from !== a.entity && !listed.some((l) => l.entity === from && l.phrases.length + l.rows.length > 0) ? [[from, a.entity] as const] : [];
  }));
  applyRenames(calledRenames, discovery, listed, statusLists);
  fullNames(discovery, listed, statusLists, sentences, earlyRoles);
  partNames(discovery, listed, statusLists);
  shortNames(discovery, listed, statusLists, sentences, earlyRoles);
  introducedByAnotherName(discovery, listed, statusLists, sentences);
  bookedNouns(discovery, sentences);
  // ("Volunteers can record the hours they worked ...", then "only my own hours": the hours are the time entries.)
  const timeEntry = discovery.entities.find((e) => snakeCase(e) === snakeCase(TIME_ENTRY));
  if (timeEntry) for (const word of TIME_ENTRY_ALIASES) if (!discovery.entities.some((e) => snakeCase(e) === word)) (discovery.aliases ??= []).push({ words: [word], entity: timeEntry });
  // A short first line with no modal is the title ("Craft brewery production log."): never a rights sentence.
  const title = sentences[0];
  const titleText = statements[0]?.text ?? '';
  if (title && titleText.split(/\s+/).length <= 6 && !/\b(?:can|may|must|should|will|manage|manages)\b/i.test(titleText)) title.clauses = [];
  discovery.entities = inOrderOfMention(discovery.entities, sentences, listed, statements, discovery, statusLists);
  return { text, statements, sentences, fieldLists: listed.filter((l) => !people.includes(l.entity) || discovery.entities.includes(l.entity)), discovery, tenantUnits: units, statusLists, consumed, leftovers, unreadItems, userNouns: users };
}

/**
 * A clause split off after a list of rights keeps its subject: "Researchers can see all
 * instruments, make bookings, and view, update or delete only their own bookings" gives "view,
 * update or delete ..." whose subject is the researchers, not "view".
 */
function withSubjects(clauses: string[], before?: string, out?: { last?: string }): string[] {
  let subject: string | undefined;
  const read = clauses.map((named, at) => {
    // ("Our receptionist Jo manages appointments": the role is the receptionist, the name is a person's.)
    // ("they're the only ones who can change ...": they can.)
    // ("likewise they add visits": how it compares says nothing of who.)
    // ("the enquiry form on our website, where anyone can send us an enquiry": who can, wherever it is.)
    // ("..., and it would be lovely if they could check on their own orders": they can.)
    const clause = named.replace(/^(\s*(?:and\s+|but\s+)?)it(?:['’]d|\s+would)\s+(?:\w+\s+)?be\s+(?:really\s+|so\s+)?(?:lovely|great|nice|good|handy|brilliant|ideal|useful|helpful|amazing)\s+if\s+(they|he|she)\s+could\s+/i, '$1$2 can ').replace(/^(\s*)(?:where|on which|through which|via which|in which)\s+(?=[a-z]+(?:\s+[a-z]+)?\s+(?:can|may|could)\s)/i, '$1').replace(/^(\s*)(?:likewise|similarly|equally|in the same way)\s*,?\s+(?=(?:they|he|she)\s)/i, '$1').replace(PERSON_AFTER_ROLE, '$1').replace(/^(\s*(?:and|but|so|while)\s+)?(they|he|she)(?:'re|\s+are|'s|\s+is)\s+the\s+only\s+(?:ones?|people|person)\s+who\s+(can|may)\b/i, '$1$2 $3');
    // ("Guests make reservations ..., and they can see and cancel their own": "they" are the guests.)
    // (Also "he" and "she": "The bailiff checks permits, so he can look at members".)
    // ("They have full control over referrals, ...": control said with "have" is a right too.)
    const they = /^((?:and|but|so|while)\s+)?(?:they|these people|he|she)\s+(?=(?:can|may|should|must|will|are allowed to|are able to|is allowed to|is able to|only|need to|needs to|get to|shouldn't|should not|can't|cannot|can not|mustn't|must not|may not|won't|never|(?:have|has)\s+(?:full|complete|total|read-only|admin)\s+(?:control|access))\s)/i.exec(clause.trim());
    // (Only a modal "they" opening a sentence takes the subject of the sentence before.)
    const who = subject ?? (at === 0 ? before : undefined);
    if (they && who) {
      subject = who;
      return `${they[1] ?? ''}${who} ${clause.trim().slice(they[0].length)}`;
    }
    // ("Clients can log in; they see only their own jobs": a verb of rights with no modal.)
    const theyDo = /^((?:and|but|so|while)\s+)?(?:they|these people)\s+(?:also\s+)?([a-z]+)\s/i.exec(clause.trim());
    // ("... They post their own portfolio pieces": the people of the sentence before, too.)
    if (theyDo && who && RIGHT_VERBS[theyDo[2]!.toLowerCase()] !== undefined) {
      subject = who;
      return `${theyDo[1] ?? ''}${who} can ${clause.trim().slice(theyDo[0].length - theyDo[2]!.length - 1)}`;
    }
    const own = /^(.{1,40}?)\s+(?:can|may|should|must|will|are allowed to|are able to)\s/i.exec(clause);
    if (own && RIGHT_VERBS[own[1]!.toLowerCase().split(/\s+/)[0]!] === undefined) {
      // ("..., but only the manager can delete one. They can see the trips": the exception is no one "they" are next.)
      if (!/^(?:(?:and|but)\s+)?only\s/i.test(own[1]!.trim())) subject = own[1];
      return clause;
    }
    // ("Guests make reservations": a subject and a rights verb, with no modal.)
    const ws = clause.trim().split(/\s+/);
    const lead = /^(?:the|our)$/i.test(ws[0] ?? '') ? 1 : 0;
    for (const length of [1, 2]) {
      const noun = ws[lead + length - 1]?.toLowerCase() ?? '';
      const verb = ws[lead + length]?.toLowerCase() ?? '';
      // ("Plant staff see collections, and they ...": a collective noun is plural too.)
      if ((/^[a-z]+s$/.test(noun) || /^(?:staff|team|crew|people|personnel|folk)$/.test(noun)) && RIGHT_VERBS[noun] === undefined && RIGHT_VERBS[verb] !== undefined) subject = ws.slice(0, lead + length).join(' ');
      // ("Reception looks after customers ...": one person or desk, its verb in -s.)
      else if (at === 0 && /^[a-z]+$/.test(noun) && !rightVerb(noun) && /^[a-z]+s$/.test(verb) && (phrasalVerb(verb, ws[lead + length + 1]) || (rightVerb(verb) && rightVerb(verb) !== verb))) subject = ws.slice(0, lead + length).join(' ');
    }
    // ("Coordinators run the office. They have full control over ...": a plural subject doing anything is who "they" are next.)
    // ("My sister helps me on busy weekends; she needs to see the orders": the person who helps is who "she" is next.)
    const helper = at === 0 && !subject ? /^(?:my|our)\s+([a-z]+)\s+(?:helps?|works?|comes?\s+in|pops?\s+in|covers?|does|runs|looks\s+after)\b/i.exec(clause.trim()) : null;
    if (helper && !/^(?:business|shop|website|app|system|team)$/i.test(helper[1]!)) subject = helper[1];
    // ("The counter staff put up the board every morning, and they can ...": staff doing anything are who "they" are next.)
    const staffDo = at === 0 && !subject ? /^(?:the|our)\s+(?:[a-z]+\s+)?(?:staff|team|crew|personnel)(?=\s+(?:[a-z]+\s+)?[a-z]+(?:s|ed)?\b)(?!\s+(?:is|are|was|were|of|and|or)\b)/i.exec(clause.trim()) : null;
    if (staffDo) subject = staffDo[0];
    // ("Quality supervisors carry out the audits our funders require. They have read-only access ...": two words too.)
    if (!subject && at === 0 && /^[A-Z][a-z]+s$/.test(ws[0] ?? '') && /^(?:run|do|look|handle|manage|work|deal|take|answer|cover|staff|organi[sz]e|support|help|lead|drive|visit|teach|coach|keep|carry|check|audit|review|oversee)$/.test(ws[1] ?? '')) subject = ws[0];
    else if (!subject && at === 0 && /^[A-Z][a-z]+$/.test(ws[0] ?? '') && /^[a-z]+s$/.test(ws[1] ?? '') && /^(?:run|do|look|handle|manage|work|deal|take|answer|cover|staff|organi[sz]e|support|help|lead|drive|visit|teach|coach|keep|carry|check|audit|review|oversee)$/.test(ws[2] ?? '')) subject = ws.slice(0, 2).join(' ');
    // ("Site representatives are volunteer plot-holders who help out. They can read plots": who they are, then "they";
    // "Advisors are the staff who support the raisers" too.)
    const whoTheyAre = /^(?:the\s+|our\s+)?([a-z]+(?:\s+[a-z]+)?s)\s+are\s+(?:(?:our|the|all|mostly|usually|volunteer|unpaid|paid|local|trusted|experienced|senior|junior)\s+)*(?:(?:[a-z-]+\s+)?(?:[a-z-]+s|[a-z-]*(?:people|staff|folk|personnel|team|crew|group|bunch|lot))|read-only|view-only|read only)\b/i.exec(clause.trim());
    if (whoTheyAre && RIGHT_VERBS[whoTheyAre[1]!.toLowerCase().split(/\s+/)[0]!] === undefined) subject = whoTheyAre[1];
    const first = clause.trim().split(/[\s,]+/)[0]!.toLowerCase();
    // ("..., and can see tests without changing them": the modal's subject is the clause's before.)
    // ("..., and cannot change anything": the same, denied.)
    const modalOnly = /^((?:and|but|also|and also)\s+)?(?=(?:can|may|should|will|is allowed to|are allowed to|cannot|can't|can not|must not|mustn't|should not|shouldn't|may not|never)\s)/i.exec(clause.trim());
    if (subject && at > 0 && modalOnly) return `${modalOnly[1] ?? ''}${subject} ${clause.trim().slice(modalOnly[0].length)}`;
    return subject && (RIGHT_VERBS[first] !== undefined || (at > 0 && rightVerb(first) !== undefined)) ? `${subject} can ${clause.trim()}` : clause;
  });
  if (out) out.last = subject;
  return read;
}

/** "Viewers, who are our paying members, can look at everything": the aside between a subject and its modal says who they are. */
/** Words a heading's record type cannot be called by: they name anything. */
const GENERIC_ALIASES = /^(?:list|data|record|records|thing|stuff|info|information|table|main one|form|page|bit|part)$/i;

function withoutAppositive(text: string): string {
  // ("Anyone, with or without an account, can see ...": an aside after the subject, before its modal.)
  // ("Plant staff, the people working in the laundry itself, see collections": who they are, before the verb.)
  return text
    // ("anyone on our website can book a visit": anyone, wherever they are.)
    .replace(/\b(anyone|anybody|everyone|everybody|visitors)\s+(?:on|using|visiting|browsing)\s+(?:our|the)\s+(?:website|site|web ?site|app|page)\b/gi, '$1')
    // ("The office team, the dispatchers, manage ...": a group named, then the people in it, who hold the role.)
    .replace(/^\s*(?:[Tt]he|[Oo]ur)\s+(?:[a-z]+\s+)?(?:team|staff|crew|lot|people|folks?|office|desk),\s+(?:the|our)\s+([a-z]+s),\s*(?=[a-z])/, 'The $1 ')
    .replace(/^(\s*[A-Za-z]+(?:\s+[a-z]+){0,2}),\s+(?:the|our)\s+(?:people|ones|folks|person|team|staff|guys)\s+(?:who\s+(?:work|are|run|do)\b|[a-z]+ing\b)[^,]{0,60},\s*(?=[a-z])/, '$1 ').replace(/^(\s*[A-Za-z]+(?:\s+[a-z]+){0,2}),\s+(?:(?:who|which)\s+(?:are|is)|with or without|whether or not|logged in or not|signed in or not|even without|with|without)\s+[^,]{1,50},\s*(?=(?:can|may|should|must|will|only|also)\b)/, '$1 ')
    // ("Staff, which right now means Maisie though we might take on one more, can add ...": who they are now, before the modal.)
    .replace(/^(\s*[A-Za-z]+(?:\s+[a-z]+){0,2}),\s+(?:which|who|that)\s+(?:right now\s+|at the moment\s+|currently\s+|for now\s+)?(?:means?|is|are|includes?)\s+[^,]{1,80},\s*(?=(?:can|may|should|must|will|only|also|need|needs)\b)/, '$1 ')
    // ("Anyone, whether logged in or not, can look at ...".)
    .replace(/^(\s*[A-Za-z]+(?:\s+[a-z]+){0,2}),\s+whether\s+(?:(?:they|he|she)(?:'re|\s+are|'s|\s+is)\s+)?(?:logged|signed)\s+in\s+or\s+not,\s*(?=(?:can|may|should|must|will|only|also)\b)/, '$1 ');
}

/** A first name after a role noun ("our receptionist Jo", "the head chef Marco") before what the person does. */
const PERSON_AFTER_ROLE = /^((?:[Oo]ur|[Mm]y|[Tt]he)\s+[a-z]+(?:\s+[a-z]+)?)\s+[A-Z][a-z]+(?=\s+(?:can|may|will|should|must|also|manages?|handles?|runs?|does|looks?|sees?|checks?|takes?|books?|deals?)\b)/;

/**
 * "Dentists can read patients, and write notes for a visit, with ...", "Each rehearsal has many
 * attendance records, and an attendance record belongs to ...": the pieces after a comma and a
 * conjunction that start with a verb of rights or a new subject.
 */
function verbClauses(text: string): string[] {
  const verbs = Object.keys(RIGHT_VERBS).join('|');
  return splitTopLevel(text, sepRegex(new RegExp(String.raw`\s*,\s*(?:and\s+(?=(?:${verbs})\s)|(?=(?:${verbs})\s+(?:a|an|the|their|new)\s)|(?:and|but|while|whereas)\s+(?=(?:a|an|each|every|the|one|any one|any single)\s))|\s+(?:and|but)\s+(?=(?:each|every)\s)`, 'iy'))).map((c) => c.trim()).filter(Boolean);
}

/**
 * A record type written once as "a profile" and elsewhere, repeatedly, as "tutor profiles" is
 * the TutorProfile: the compound the description uses (at least twice, with one modifier) names it.
 */
function fullNames(discovery: Discovery, lists: Array<FieldList & { entity: string }>, statusLists: Reading['statusLists'], sentences: Sentence[], roles: ReadonlySet<string>): void {
  const text = sentences.map((s) => s.text).join(' ').toLowerCase();
  const renames = new Map<string, string>();
  for (const entity of discovery.entities) {
    const ws = snakeCase(entity).split('_');
    if (ws.length !== 1) continue;
    const word = ws[0]!;
    const counts = new Map<string, number>();
    /** Modifiers that are also verbs of rights, seen after a determiner ("an order line"), not only as verbs ("travellers book tickets"). */
    const asNoun = new Set<string>();
    for (const m of text.matchAll(new RegExp(String.raw`(?:\b([a-z]+)\s+)?\b([a-z]+)\s+${word}(?:s|es)?\b`, 'g'))) {
      const modifier = m[2]!;
      if (MODIFIER_STOP.test(modifier)) continue;
      if (m[1] && MODIFIER_STOP.test(m[1])) asNoun.add(modifier);
      counts.set(modifier, (counts.get(modifier) ?? 0) + 1);
    }
    for (const modifier of counts.keys()) if (RIGHT_VERBS[modifier] !== undefined && !asNoun.has(modifier)) counts.delete(modifier);
    const best = [...counts].sort((a, b) => b[1] - a[1])[0];
    // (Once is enough when the text also names the whole alone, "the portfolio", "our portfolio": a portfolio piece.)
    const alone = best ? [...text.matchAll(new RegExp(String.raw`\b(?:the|our|my)\s+${best[0]}\b(?!\s+${word})`, 'g'))].length : 0;
    // (Only for a word that says little alone, "piece", "item", "entry": a club race stays a race.)
    const byWhole = alone >= 2 && /^(?:piece|item|entry|bit|unit|work|post|listing)$/.test(word);
    const name = best && (best[1] >= 2 || byWhole) ? pascalCase(`${best[0]}_${word}`) : undefined;
    // ("The portfolio is what the website shows": the whole, named alone, is these records.)
    if (name && byWhole && !discovery.entities.some((e) => snakeCase(e) === best![0]) && !roles.has(best![0]!)) (discovery.aliases ??= []).push({ words: [best![0]!], entity: name });
    // ("As a volunteer driver, I ..." and "a driver record": the compound names people with rights, not their record.)
    if (name && !discovery.entities.includes(name) && counts.size === 1 && !roles.has(word)) renames.set(entity, name);
  }
  applyRenames(renames, discovery, lists, statusLists);
}

/**
 * A part named by a word that says nothing alone takes the name of what it is part of: "Each
 * order has lines" are order lines, whatever else has lines.
 */
function partNames(discovery: Discovery, lists: Array<FieldList & { entity: string }>, statusLists: Reading['statusLists']): void {
  const renames = new Map<string, string>();
  // ("Each order has a delivery date and lines": said among its fields too.)
  const listing = lists.filter((l) => l.phrases.some((p) => splitFieldList(p.text).some((item) => /^(?:and\s+)?(?:the\s+|its\s+|their\s+|some\s+|several\s+)?lines$/i.test(item.trim())))).map((l) => ({ parent: l.entity, child: 'Line' }));
  const parts = [...discovery.containments, ...listing];
  for (const c of parts) {
    if (c.child !== 'Line' || parts.some((o) => o.child === c.child && o.parent !== c.parent)) continue;
    const name = `${c.parent}Line`;
    if (!discovery.entities.includes(name)) renames.set(c.child, name);
  }
  applyRenames(renames, discovery, lists, statusLists);
}

/** Renames record types everywhere the reading names them (two renamed to one name become one). */
function applyRenames(renames: ReadonlyMap<string, string>, discovery: Discovery, lists: Array<FieldList & { entity: string }>, statusLists: Reading['statusLists']): void {
  if (renames.size === 0) return;
  const rename = (n: string) => renames.get(n) ?? n;
  discovery.entities = [...new Set(discovery.entities.map(rename))];
  for (const c of discovery.containments) {
    c.parent = rename(c.parent);
    c.child = rename(c.child);
  }
  for (const l of lists) l.entity = rename(l.entity);
  for (const s of statusLists) s.entity = rename(s.entity);
}

/** A clause ending on records named by a list of them ("... see the list of upcoming open days"). */
const LIST_OF_RECORDS = /\b(?:list|calendar|schedule|timetable|diary|programme)\s+of\s+(?:(?:upcoming|future|forthcoming|our|all|the|next)\s+)*([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?s)$/i;

/** Records given to someone, and the states they are then marked with: "assign each swarm report to a beekeeper and mark it as collected, not bees, or gone". */
const ASSIGN_AND_MARK = /\b(?:assign|allocate|give)\s+(?:each|every|a|an|the|new)\s+([a-z]+(?:\s+[a-z]+)?)\s+to\s+(?:a|an|one|the|one of the|one of our)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s+and\s+(?:then\s+)?(?:mark|set|flag)\s+(?:it|them)\s+as\s+(.+))?$/i;

/** The one state a record starts in, said alone: "Every referral starts out as new". */
const STARTS_AS = /^(?:(?:every|each|a|an|the|all)\s+)?(?:new\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:always\s+)?(?:starts?|begins?)\s+(?:out\s+|off\s+|life\s+)?(?:as|in)\s+(?:an?\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)$/i;

/** Fields said with their type, of the record just described: "The home score and away score are whole numbers". */
const TYPED_FIELDS = /^(?:and\s+)?(?:the|its|their|each one's)\s+([a-z][a-z -]*?(?:\s+and\s+(?:the\s+|its\s+|their\s+)?[a-z][a-z -]*?)?)\s+(?:is|are)\s+(?:both\s+|all\s+|just\s+|always\s+|simply\s+)?(?:an?\s+)?(whole numbers?|integers?|counts?|decimals?|dates?|date and times?|yes\/no|free text|emails?|urls?|links?)(?:\s*,?\s+(?:not\s+|never\s+)?[a-z ]{0,40})?$/i;

/**
 * Room for an optional field: "There's room on a stay for a note about medication, but most dogs don't need one", "there's
 * room for a write-up of the bout afterwards, which can be as long as people like" (on what, the field, of what, how long).
 */
/** "pics of finished nails for each booking, jpg only, max 5mb": the kind of file, what it shows, the record, its rules. */
const PICTURES_FOR = /^(?:and\s+|also\s+|plus\s+)?(?:(?:some|a few|the|a|an|one)\s+)?(pictures?|photos?|pics?|images?|scans?|videos?)\s+of\s+(?:the\s+)?((?!(?:it|them|each|every)\b)[a-z]+(?:\s+[a-z]+)?)\s+for\s+(?:each|every)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s*[,:-]\s*(.+))?$/i;

/** "After a session we upload the bounces - WAV or MP3, ...": the record it is after, the records uploaded, their rules. */
const UPLOADED_RECORDS = /^(?:(?:after|for|with|on)\s+(?:a|an|each|every|the)\s+([a-z]+(?:\s+[a-z]+)?)\s*,?\s+)?(?:and\s+)?(?:they|we|i|you)\s+(?:then\s+|also\s+)?(?:upload|uploads|attach|attaches|add|adds|store|stores|put\s+up|puts\s+up)\s+(?:the|their|our|some|all\s+the)\s+([a-z]+s)\s*[-–—,]\s*(.+)$/i;
/** "We charge a call-out fee on every job", "I charge a price for each one and sometimes add a tip": the sum, the record, maybe another sum. */
const CHARGED = /^(?:i|we)\s+(?:also\s+|usually\s+|always\s+)?(?:charge|take|collect|bill)\s+(?:them\s+|people\s+|customers\s+)?(?:a|an)\s+([a-z-]+(?:\s+[a-z-]+)?)\s+(?:for|per|on)\s+(?:each|every|a|an|the)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s*,?\s+and\s+(sometimes\s+|occasionally\s+|often\s+|may\s+|might\s+|can\s+)?(?:add|take|charge|get)\s+(?:on\s+)?(?:a|an)\s+([a-z-]+(?:\s+[a-z-]+)?))?$/i;
const ROOM_FOR = /^(?:and\s+)?there(?:'s|\s+is|\s+should be|'ll be|\s+will be)\s+(?:also\s+)?(?:room|space|a place|a spot|a box|a field)\s+(?:on\s+(?:a|an|the|each|every)\s+([a-z]+(?:\s+[a-z]+)?)\s+)?for\s+(?:a|an|some|any)\s+((?:[a-z-]+\s+){0,2}?[a-z-]+(?:\s+(?:about|on|for)\s+[a-z]+(?:\s+[a-z]+)?)?)(?:\s+of\s+(?:the|each|a|an|that)\s+([a-z]+))?(?:\s+(?:afterwards|after|later|too|as well))?(?:\s*,\s*(?:which|that)\s+(?:can|may|could)\s+(?:be|run)\s+([^,]+))?(?:\s*,\s*but\b.*)?$/i;

/** After a record type named alone ("Students."), a sentence about what each holds. */
const LABEL_NEXT = /^(?:we|i)\s+(?:also\s+)?(?:keep|store|record|note|track|hold|need|want|save|log)\b|^(?:apart from|besides|on top of|as well as|in addition to|for each|for every)\b/i;

/** After a semicolon, one more state of the record ("...; it can also be cancelled at any point"). */
// ("...; now and then one gets cancelled": one more state, said of some of them.)
const ALSO_STATE_AFTER = /^\s*(?:it|they)\s+(?:can|may|might|could)\s+(?:also\s+)?(?:be|get|end\s+up)\s+(?:as\s+)?[a-z]+(?:ed|en)\b|^\s*(?:now and (?:then|again)|sometimes|occasionally|once in a while|every so often)\s*,?\s+(?:one|it|they|some|a few)\s+(?:gets?|is|are)\s+[a-z]+(?:ed|en)\b/i;

/** After a semicolon, what a file field is: its formats or its size. */
const FILE_DETAIL_AFTER = /^\s*(?:jpe?gs?|pngs?|pdfs?|gifs?|heic|mp3s?|mp4s?|csvs?|any image|images? only|photos? only|max(?:imum)?\s+\d|up to \d|at most \d|no more than \d|nothing over \d|under \d)\b/i;

/** The sentence after an announcement says what each has: "Each one must have ...", "They each have ...". */
const DESCRIBED_NEXT = /^(?:and\s+)?(?:(?:its|their)\s+[a-z]+|(?:for\s+)?(?:each|every)\s+(?:one|of them|single one)\b|for\s+(?:each|every)\s*,?\s+(?:we|i|you|they)\b|(?:they|these)\s+(?:each\s+|all\s+)?(?:have|has|need|must|can|should|come|carry|hold|get)\b)/i;

/**
 * The converse: "a yarn entry" said once where the text otherwise says "the yarn", "somebody's
 * yarn", "that yarn": a word for the record ("entry", "record", "listing") after the noun the
 * text uses alone at least as often names nothing more; the record type is the Yarn.
 */
function shortNames(discovery: Discovery, lists: Array<FieldList & { entity: string }>, statusLists: Reading['statusLists'], sentences: Sentence[], roles: ReadonlySet<string>): void {
  const text = sentences.map((s) => s.text).join(' ').toLowerCase();
  const renames = new Map<string, string>();
  for (const entity of discovery.entities) {
    const ws = snakeCase(entity).split('_');
    // ("my guest profile" beside "a guest": a person's profile is the person's record; "a tutor profile" of tutors, who are no record type, stays.)
    if (ws.length !== 2 || !(/^(?:entry|record|listing)$/.test(ws[1]!) || (ws[1] === 'profile' && discovery.entities.includes(pascalCase(ws[0]!))))) continue;
    const [noun, word] = ws as [string, string];
    const short = pascalCase(noun);
    // (The short name may be a record type already, named but not described, from "a request for that yarn": the two are one.)
    if (word !== 'profile' && ((discovery.entities.includes(short) && lists.some((l) => l.entity === short)) || roles.has(noun) || PERSON_WORDS.has(noun))) continue;
    const compound = [...text.matchAll(new RegExp(String.raw`\b${noun}\s+${word}(?:s|es)?\b`, 'g'))].length;
    const alone = [...text.matchAll(new RegExp(String.raw`\b${noun}(?:s|es)?\b(?!\s+[a-z]+)|\b${noun}(?:s|es)?\b(?=\s+(?:is|are|was|were|has|have|and|or|for|with|to|at|in|on|of|that|which|who|it|they|can|may|must|should|will)\b)`, 'g'))].length;
    // (A word the text uses for the app or for records in general never names one: "the service", "an item".)
    // (A person's profile beside that person's record type is always theirs.)
    if ((word === 'profile' || (alone >= 2 && alone >= 2 * compound)) && !NON_NOUNS.has(noun)) renames.set(entity, short);
  }
  // (The compound still names it: "the yarn entry" is the Yarn.)
  for (const [from, to] of renames) (discovery.aliases ??= []).push({ words: snakeCase(from).split('_'), entity: to });
  applyRenames(renames, discovery, lists, statusLists);
}

/**
 * "Then there are the stables themselves. Each box has a number, ...": a record type introduced
 * with nothing said of it, then described at once under another noun that names no other
 * record type; the two are one, named as introduced.
 */
function introducedByAnotherName(discovery: Discovery, lists: Array<FieldList & { entity: string }>, statusLists: Reading['statusLists'], sentences: Sentence[]): void {
  const renames = new Map<string, string>();
  for (const intro of lists) {
    const at = intro.sentence;
    if (at === undefined || intro.phrases.length + intro.rows.length > 0 || !INTRODUCED_ALONE.test(sentences[at]?.text.trim() ?? '')) continue;
    const next = lists.find((l) => l.sentence === at + 1 && l.entity !== intro.entity && l.phrases.length > 0);
    if (!next || lists.some((l) => l.entity === next.entity && l !== next)) continue;
    renames.set(next.entity, intro.entity);
  }
  for (const [from, to] of renames) (discovery.aliases ??= []).push({ words: snakeCase(from).split('_'), entity: to });
  applyRenames(renames, discovery, lists, statusLists);
}

/**
 * "Members can ... book sessions", then "the day before each session starts": what people book,
 * when no record type has its name, is the Booking (or Reservation) they make.
 */
function bookedNouns(discovery: Discovery, sentences: Sentence[]): void {
  const booking = discovery.entities.find((e) => e === 'Booking' || e === 'Reservation');
  if (!booking) return;
  const taken = new Set(discovery.entities.map((e) => snakeCase(e)));
  const text = sentences.map((s) => s.text).join(' ').toLowerCase();
  for (const m of text.matchAll(/\b(?:book|books|booking|reserve|reserves)\s+(?:a\s+|an\s+|their\s+)?([a-z]+?)s?\b(?=\s*(?:[,.;]|$|\s+(?:and|or|for|at|on|in|online|with)\b))/g)) {
    const noun = m[1]!;
    if (taken.has(noun) || NON_NOUNS.has(noun) || /^(?:it|them|one|ones|time|times|place|places|in|out|online|ahead)$/.test(noun)) continue;
    if ((discovery.aliases ?? []).some((a) => a.words.join(' ') === noun)) continue;
    (discovery.aliases ??= []).push({ words: [noun], entity: booking });
  }
}

/** "A box belongs to one customer and is either waiting, collected or abandoned": the relation, then its states as a clause of "it". */
function withStatesClause(text: string): string {
  // ("Each one is for a dog, at a date and time, and is either an underwater treadmill, a free swim, or an initial
  // assessment": which kind of it it is, said with articles, is its type.)
  const kinds = text.replace(/,?\s+and\s+(?:it\s+is|it['’]s|is)\s+either\s+(an?\s+[a-z-]+(?:\s+[a-z-]+)?(?:\s*,\s*an?\s+[a-z-]+(?:\s+[a-z-]+)?)*,?\s+or\s+an?\s+[a-z-]+(?:\s+[a-z-]+)?)(?=\s*[.;]?$)/i, (_m, values: string) => `, and a type (${values.replace(/\b(?:an?)\s+/gi, '')})`);
  return kinds.replace(/(\b(?:belongs?\s+to|is\s+for|is\s+linked\s+to)\s+(?:one|a|an|exactly one|a single)\s+[a-z]+(?:\s+[a-z]+)?)\s+and\s+(is|are)\s+(either\s+|one\s+of\s+)(?=[a-z]+(?:\s+[a-z]+)?(?:\s*,\s*[a-z]+(?:\s+[a-z]+)?)*,?\s+or\s+[a-z])/i, '$1, and it $2 $3');
}

/** "Then there are the stables themselves": a record type named, nothing said of it yet. */
const INTRODUCED_ALONE = /^(?:and\s+)?(?:then\s+)?there(?:'s|\s+is|\s+are|'re)\s+(?:also\s+)?(?:the|our)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:themselves|itself)$/i;

/** Words before a noun that do not make a compound name ("a profile", "their own profile", "new profiles"). */
const MODIFIER_STOP = /^(?:a|an|the|my|our|your|their|his|her|its|own|new|each|every|all|any|some|one|two|many|no|this|that|these|those|and|or|of|to|for|with|in|on|at|by|from|see|read|create|edit|update|delete|browse|manage|view|only|other|same|first|last|next|every|more|most|few|several|which|what|whose|whichever|biggest|smallest)$/;

/**
 * Record types in the order the description defines them (a field list, a relation, a
 * definition or states), a container before what it contains; others where first mentioned.
 */
function inOrderOfMention(entities: string[], sentences: Sentence[], lists: Array<FieldList & { entity: string }>, statements: Statement[], discovery: Discovery, statusLists: Reading['statusLists']): string[] {
  const at = new Map<string, number>();
  const note = (entity: string, position: number) => at.set(entity, Math.min(at.get(entity) ?? Number.MAX_SAFE_INTEGER, position));
  for (const l of lists) note(l.entity, l.sentence !== undefined ? l.sentence * 10 + 2 : statements.filter((s) => s.line < l.line).length * 10 - 5);
  for (const c of discovery.containments) {
    note(c.parent, c.sentence * 10);
    note(c.child, c.sentence * 10 + 1);
  }
  for (const st of statusLists) note(st.entity, st.sentence * 10 + 2);
  const index = new EntityIndex(entities);
  sentences.forEach((s, i) => {
    for (const m of index.mentions(words(s.text))) if (!at.has(m.entity)) at.set(m.entity, i * 10 + 3);
  });
  const position = (e: string) => at.get(e) ?? Number.MAX_SAFE_INTEGER;
  return [...entities].sort((a, b) => position(a) - position(b));
}
function listedEntities(lists: FieldList[], units: Set<string>): Array<FieldList & { entity: string }> {
  const out: Array<FieldList & { entity: string }> = [];
  for (const list of lists) {
    // ("found bikes: ...", a label of its own: what happened to them names these records apart from the others.)
    const labelled = /^([a-z]+(?:ed|en)|found|lost|sold|stolen|paid|sent)\s+([a-z]+s)$/i.exec(list.topic.trim());
    const kept = labelled ? entityNameOf(labelled[2]!, units, true) : undefined;
    const entity = labelled && kept ? `${labelled[1]![0]!.toUpperCase()}${labelled[1]!.slice(1).toLowerCase()}${kept}` : entityNameOf(list.topic, units, true);
    if (entity) out.push({ ...list, entity });
  }
  return out;
}

export function authorSpec(input: AuthorInput): SpecDocument {
  forgetEntityWords();
  return assembleSpec(input.name, readDescription(input.description));
}

export type { Statement, SpecEntity };

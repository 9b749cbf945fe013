/**
 * The second stage: blocks into what they state. Layout carries meaning that the words alone
 * do not: a table under "Samples" lists the fields of a sample; a bullet "Players" with
 * sub-bullets lists a player's fields, and a sub-bullet "belong to a team" means "Players belong
 * to a team"; a bullet "Permissions" groups rules. So each block becomes either an explicit
 * field list of a topic (a noun phrase naming a record type) or statements in plain sentences,
 * with the topic they are under. User stories become plain rights sentences here too
 * ("As a coach, I can add drills" -> "Coaches can add drills").
 */
import { namedRole, writerDoesAll, writerRole } from './role-sentences';
import pluralize from 'pluralize';
import { isPluralWord, singular } from '../offline-author/text';
import { RIGHT_VERBS } from '../offline-author/lexicon';
import { splitSentences } from './sentences';
import type { Block, ListItem } from './segment';
import { storyAsStatements } from './stories';
import { isBareFieldList } from './bare-lists';
import { listLead, statesListed } from './list-leads';
import { readRelations } from './relations';
import { readStates } from './states';
import { bulletRule } from './bullet-rules';
import { RIGHTS_START, manyNounItems, rightsLine } from './rights-lines';
import { continuesList } from './list-continuation';
import { GROUP_WORDS, PEOPLE_LABEL, RIGHTS_ITEM, plainStatement, topicOf } from './statement-wording';
import { TASK_VERBS, verbLemma } from './workflow-phrases';
import { LABEL_SENTENCE, SECTION_SENTENCE, approvedThrough, bookedThenMarked, givenOrRefused, markedThemselves, uploadedInto, writtenUpAfter, rightAssigning, havingThenStates, rightLeavingNote, rightThenTold, rightWithTheirs, withoutMakers } from './sentence-shapes';

/** One statement, as later stages read it, with where it came from. */
export { topicOf } from './statement-wording';

export interface Statement {
  text: string;
  /** The words as written, quoted back when the author cannot place the statement. */
  source: string;
  line: number;
  /** The heading, table title or parent bullet it is under, when that names a record type. */
  topic?: string;
  /** Under a heading of background ("## Background", "## Who we are"): what it says of the business defines no record type. */
  background?: true;
}

/** Headings of the story around the backend, not of its records. */
const BACKGROUND_HEADING = /^(?:background|context|introduction|intro|overview|about\s+us|who\s+we\s+are\b.*|why\s+we\s+need\s+(?:this|it)\b.*|the\s+problem|how\s+we\s+work\s+(?:today|now))\s*:?$/i;

export interface FieldRow {
  name: string;
  type?: string;
  rules?: string;
}

/** Fields given by layout: a table, or sub-bullets under a record type's bullet. */
export interface FieldList {
  /** The noun phrase naming the record type ("Samples", "Order line"). */
  topic: string;
  phrases: Array<{ text: string; line: number }>;
  rows: Array<FieldRow & { line: number }>;
  line: number;
  /** The statement a list read from prose came from (layout lists have only their line). */
  sentence?: number;
}

export interface Statements {
  statements: Statement[];
  fieldLists: FieldList[];
}

/** Words that only introduce what follows ("One last thing: ..."). */
/** "The deposit is the automation that matters most: when ...": a sentence about the workflow that follows its colon. */
const WORKFLOW_LEAD_IN = /^[^:]{0,100}\b(?:automations?|workflows?|process(?:es)?|reminders?|notifications?|rules?)\b[^:]{0,60}:\s*(?=(?:when|whenever|once|if|after|before|every|each|as soon as)\b)/i;
// ("As for who does what: the coordinators can do everything": the topic announced, then the sentence.)
// ("First, when a call-out request comes in, wait ...", "Second, 24 hours after ...": the count of what is listed says nothing.)
const LEAD_IN = /^(?:(?:oh|ok|okay|and|also|plus|so)[,\s]+)*(?:one (?:last|more|final) thing|last but not least|finally|lastly|also|first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth(?:ly)?|first of all|first off|for a start|to (?:start|begin)(?: with)?|on top of (?:that|this)|in addition|additionally|besides(?: that| this)?|apart from (?:that|this)|other than (?:that|this)|anyway|anyways|well|right|so|ok|okay|basically|honestly|essentially|in short|in a nutshell|note|ps|p\.s\.|oh,? and|and finally|by the way|btw|important|and|plus|workflows?|automations?|(?:the\s+)?automatic\s+(?:bits|stuff|things)|auto\s+stuff|who does what|who can do what|reminders?|notifications?|rules?|tenancy|(?:as for|as to|when it comes to|regarding|in terms of)\s+(?:who does what|who can do what|who's who|permissions|access|the people|people|roles))\s*[:,-]\s*/i;

/** "Oh and each booking gets one of the vans": an interjection before the sentence, with no comma after it. */
// ("Oh, and payments: each payment ...": before a label, too; "Oh, and the price charged" stays an afterthought for the definitions.)
const INTERJECTION = /^(?:oh|ah|ooh)\s+(?:and|also|plus)\s+(?=[a-z])|^(?:oh|ah|ooh)\s*,\s*(?:and|also|plus)\s*,?\s+(?=[a-z]+(?:\s+[a-z]+)?\s*:)/i;

/** "Could it email a member when a loan has been out for 60 days?": what to do, then when; said as "When ..., email ...". */
const ACTION_THEN_TRIGGER = /^(?:(?:could|can|would)\s+(?:it|you|the\s+(?:system|app))\s+(?:please\s+|also\s+)?|please\s+)?((?:email|e-mail|text|notify|remind|send|alert|message|ping|tell)\s[^,;]+?)\s+(when|whenever|as soon as)\s+([^,;]+?)\s*\??$/i;

function triggerFirst(piece: string): string {
  const m = ACTION_THEN_TRIGGER.exec(piece.trim());
  return m ? `${m[2]!.charAt(0).toUpperCase()}${m[2]!.slice(1).toLowerCase()} ${m[3]!}, ${m[1]!.charAt(0).toLowerCase()}${m[1]!.slice(1)}` : piece;
}

/** ("First there are the shows", "Secondly we have the venues": a count said with no comma before what is there.) */
/** ("OK so shows.", "Right so every show has ...": a filler before what is said.) */
// ("Basically owners sign up and ...": an adverb before the sentence, with no comma after it.)
const FILLER_SO = /^(?:ok|okay|right|well|alright)\s*,?\s+so\s*,?\s+(?=[a-z])|^(?:so\s+)?(?:basically|essentially|honestly|obviously)\s+(?=[a-z])/i;
const COUNT_BEFORE_THERE = /^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|lastly|finally|first of all|to (?:start|begin) with|on top of that|besides that|in addition)\s+(?=there(?:'s|\s+is|\s+are|'re)\s|(?:we|i)\s+(?:also\s+)?(?:have|'ve got|have got|keep|need|store|record|track)\s)/i;

/** ("owners sign up and add their dogs - name, ...", "The couples get a login once they book and can see ...": signing up first says nothing of what they do.) */
const SIGN_UP_AND = /^((?:the\s+|our\s+)?[a-z]+s)\s+(?:(?:sign\s+up|register|log\s+in|join)\s+and\s+(?=(?:add|enter|list|register|put\s+in|upload|create)\s+(?:their|his|her|a|an)\s)|(?:get|are\s+given|receive)\s+(?:a\s+login|an\s+account|logins|accounts)(?:\s+(?:once|when|after|as\s+soon\s+as)\s+[^,]+?)?\s+and\s+(?=(?:can|may|will)\s))/i;

/** The sentence without its lead-in ("Also: ...", "Tenancy: each club is separate"), unless the label names a record type given fields ("Tenancy: start date, end date, rent"). */
function withoutLeadIn(piece: string): string {
  const stripped = piece.replace(INTERJECTION, '').replace(FILLER_SO, '').replace(SIGN_UP_AND, '$1 ').replace(LEAD_IN, '').replace(COUNT_BEFORE_THERE, '');
  if (stripped === piece) return piece;
  // (The sentence keeps its capital: "First, when a request comes in, ..." is "When a request comes in, ...".)
  const rest = /^[A-Z]/.test(piece.trim()) ? stripped.charAt(0).toUpperCase() + stripped.slice(1) : stripped;
  const fields = (rest.match(/,/g) ?? []).length >= 2 && !/\b(?:can|may|must|should|will|is|are|when|if|each|every)\b/i.test(rest);
  return fields && /^(?:tenancy|reminders?|notifications?)\s*:/i.test(piece.trim()) ? piece : rest;
}

/**
 * A yes/no cell under a "Required" or "Unique" column says the rule in words ("yes" -> required,
 * "no" -> optional); undefined for a cell of any other column.
 */
function flagCell(header: string, cell: string): string | undefined {
  const flag = /^(required|mandatory|unique)\??$/.exec(header.trim())?.[1];
  if (!flag) return undefined;
  if (/^(?:yes|y|true|x|✓|✔|required|mandatory|unique)$/i.test(cell)) return flag === 'unique' ? 'unique' : 'required';
  if (/^(?:no|n|false|-|optional)$/i.test(cell)) return flag === 'unique' ? '' : 'optional';
  return cell;
}

/** Columns that say something about a field rather than name it. */
const DETAIL_COLUMN = /^(?:details?|notes?|description|type|kind|data type|format|rules?|constraints?|comments?|remarks?|values?|required\??|unique\??|meaning|explanation)$/;

/** The parenthesis after a title ("Order line fields (an order has many order lines)"): a statement of its own. */
function titleRemark(title: string): string | undefined {
  const m = /\(([^)]*\s[^)]*)\)\s*:?\s*$/.exec(title);
  return m ? m[1]!.trim() : undefined;
}

/** A sub-bullet that is a clause about its parent ("belong to a team", "can be archived", "has many players"). */
function isClauseAboutTopic(text: string): boolean {
  return /^(?:(?:each|every|a|an|the)\s+\w+\s+)?(?:belongs?|is|are|can|may|must|should|will|has many|have many|contains?|links?|connects?|goes from|moves through|only|each|every)\b/i.test(text);
}

/** A sub-bullet that is a sentence of its own ("Planners manage weddings", "league admins: full access"). */
function isSentence(text: string): boolean {
  // ("the result, which will be pass or fail": a relative clause about a field says nothing of the item.)
  // ("email, required, and no two volunteers may share one", "a name that can't be empty": a field's rules.)
  // ("their grade, a whole number that must be between 1 and 8", "medical notes (optional, and it can be long)": rules of the field.)
  text = text.replace(/\([^()]*\)/g, ' ').replace(/\b(?:that|which)\s+(?:must|should|can|will|may)\s+(?:be|not be|never be)\b.*$/i, '').replace(/,\s*(?:which|who|that)\s.*$/i, '').replace(/,?\s*(?:and\s+)?no\s+two\b.*$/i, '').replace(/\b(?:can't|cannot|can not|must not|mustn't|may not)\s+be\s+(?:empty|blank|negative|left (?:empty|blank))\b/gi, '');
  // ("Customers log in too": who uses it, a sentence.)
  return /\b(?:can|cannot|can't|may|must|should|will|manage|manages|read|reads|see|sees|do|does|create|creates|update|updates|delete|deletes|access)\b|\b(?:log|logs|sign|signs)\s+(?:in|on)\b/i.test(text) || /^[^:]{1,40}:\s*(?:full access|everything|all|read|manage)/i.test(text);
}

/** Fields of a record about people ("owners: name, phone, email"): a people label that is a record type. */
const PERSON_FIELDS = /^(?:(?:their |a |the )?(?:full |first |last )?name|email|e-mail|phone|address|date of birth)\s*(?:,|\+|and\b|\()/i;

/** A clause rather than a list item: a workflow's condition, or a subject and its verb ("a hall has ..."). */
// ("Incident: when it happened (date and time), the type, ...": a field asked as a question is no clause.)
const CLAUSE_START = /^(?:when\s(?!(?:it|they|he|she|we|the\s+[a-z]+)\s+(?:was\s+|were\s+)?[a-z]+(?:\s+(?:off|in|out|up|back|[a-z]+ing))?\s*[(,])|(?:whenever|once|if|after|before|as soon as|each time|every time)\s|(?:the\s+)?(?:day|week|month|night|morning|evening)\s+(?:before|after)\s|(?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|twenty|thirty)\s+[a-z]+\s+(?:before|after|later)\b|(?:a|an|each|every|one|the)\s+(?!one\s|of\s)[a-z]+(?:\s+(?!that\b|which\b|who\b)[a-z]+)?\s+(?:has|have|is|are|belongs?|gets?|sits?|can|may|must|should|will|links?|connects?|contains?|holds?|needs?|requires?)\s)/i;
/** A label for the fields of the record type a heading names ("Fields:", "It stores:", "Details:", "Just the fleet:"). */
// ("## Tankers  Just the fleet: registration, ...": the heading's records, called by what they make up.)
const FIELDS_LABEL = /^(?:(?:just|only)\s+)?(?:(?:its|the|our)\s+)?(?:fields|attributes|columns|properties|details|fleet|stock|inventory|kit|gear|equipment|data(?: we keep)?|it (?:has|stores|holds|records)|we (?:(?:also|will|'ll)\s+)?(?:store|keep|record|note|track|need|want|capture|collect|hold|ask for)(?: to (?:know|store|keep|record))?)\s*:\s*(.+)$/i;
/** A label for a record's states ("Status flow", "Lifecycle", "Stages"). */
const STATE_LABEL = /^(?:(?:its|their)\s+)?(?:status(?:es)?|states?|stages?|lifecycle|life cycle)(?:\s+(?:flow|workflow|lifecycle|sequence|order|steps|values|progression))?$/i;

/** "we need", "we'd also like to keep", "I record": the writer keeping what follows, of each record. */
const KEPT_OF_EACH = /^(?:(?:so|and)\s+)?(?:we|i)(?:['’]d|\s+would)?\s+(?:also\s+|just\s+|always\s+)?(?:need|keep|record|store|track|note(?:\s+down)?|take(?:\s+down)?|want|like|ask\s+for|collect|capture|log)(?:\s+to\s+(?:know|keep|record|store|have|note|track))?\s+(?=(?:the|a|an|its|their)\s)/i;
/** "... for every one", "... for each of them": of each record, said of the whole list. */
const FOR_EVERY_ONE = /\s+(?:for|of|from|on)\s+(?:every|each)\s+(?:single\s+)?one\b|\s+for\s+(?:all|each|every\s+one)\s+of\s+them\b/gi;

/** "Vehicles: plate number (unique), make, model": a record type and its field list, on one line. */
export function colonList(text: string): { topic: string; list: string } | undefined {
  const m = /^([^:]{1,60}):\s*(.+)$/.exec(text.trim());
  // ("Every night at 02:00 UTC, ...": the colon of a time of day labels nothing.)
  if (!m || (/\d$/.test(m[1]!) && /^\d/.test(m[2]!))) return undefined;
  // ("TripSlip: school trip consent and payments": a product's name in capitals inside a word titles the text.)
  if (/[a-z][A-Z]/.test(m[1]!)) return undefined;
  // ("Venues: we need the name and a contact email for every one, plus the address": what the writer keeps of each is the list.)
  const list = m[2]!.trim().replace(KEPT_OF_EACH, '').replace(FOR_EVERY_ONE, '');
  // ("Tenancy: one plot and one plot holder, start date, end date": a word that usually heads a section names a
  // record type when a list of fields follows it.)
  // ("Tenants: name, email": people who rent, their details first, whatever the list's length.)
  const recordable = /^(?:tenancy|tenancies|tenants?|notifications?|reminders?|notes?|records?|requirements?|processes)$/i.test(m[1]!.trim()) && ((list.match(/,/g) ?? []).length >= 2 || (/^tenants?$/i.test(m[1]!.trim()) && PERSON_FIELDS.test(list))) && !/\b(?:can|may|must|should|will|is|are)\b/i.test(list);
  const topic = topicOf(withoutMakers(m[1]!)) ?? (recordable ? m[1]!.trim() : undefined);
  const nouns = manyNounItems(list);
  // ("Orchestra manager: manages ensembles, players and concerts": a verb of rights first, whatever it names.)
  if (/^(?:manages|reads|sees|views|creates|updates|edits|deletes|looks after|log(?:s)? in\b|full (?:access|control)|everything)\b/i.test(list)) return undefined;
  if (!topic || (RIGHTS_START.test(list) && !nouns) || (PEOPLE_LABEL.test(topic) && !PERSON_FIELDS.test(list) && !nouns) || !/,|\band\b|\s\+\s/.test(list)) return undefined;
  if (/\b(?:can|may|must|should|will)\b/i.test(list.replace(/\([^()]*\)/g, '').split(',')[0]!)) return undefined;
  // "Halls and rooms: a hall has lots of rooms, ..." and "Daily report delivery: when a report is
  // created, ..." are sentences after a label (a clause, a workflow), not fields.
  if (CLAUSE_START.test(list)) return undefined;
  // ("Stations and appliances: each station houses several appliances, ...": two record types and a sentence about them.)
  if (/\sand\s/i.test(topic) && /^(?:a|an|each|every|one|the)\s/i.test(list)) return undefined;
  // "Hey - so we teach surfing on three beaches, ...": a greeting, then a sentence with its own subject.
  if (/^(?:(?:so|well|ok|okay|anyway|basically|right)\s*,?\s+)?(?:we|i|you|they|it|there)(?:'[a-z]+)?\s/i.test(list)) return undefined;
  // "Status flow: enquiry, then quoted, then done": the states of the record described, not a record type.
  if (STATE_LABEL.test(topic)) return undefined;
  // "Production running: publish the schedule, then notify the box office" and "Lease created:
  // wait for it to be paid" are workflows.
  const firstWord = list.split(/\s+/)[0]!.toLowerCase();
  if ((TASK_VERBS.has(verbLemma(firstWord)) && !nouns && /\s(?:the|a|an|each|every|them|it)\s/i.test(` ${list} `)) || /^(?:wait|then|after)$/.test(firstWord)) return undefined;
  return { topic, list };
}

/**
 * "Wine: name" among "Tour: name, price" lines: a record type with one field, a colon line like
 * the others but with no list to show it (alone, "Note: fragile" or "Title: Harbour App" is not).
 * The label is one to three words; the item a lower-case noun phrase of at most four words.
 */
export function singleColonItem(text: string): { topic: string; list: string } | undefined {
  const m = /^([A-Za-z][A-Za-z' -]{0,40}):\s*(.+?)\.?$/.exec(text.trim());
  if (!m || m[1]!.trim().split(/\s+/).length > 3) return undefined;
  const item = m[2]!.replace(/\s*\([^()]*\)/g, '').trim();
  if (!/^[a-z][a-z0-9'-]*(?: [a-z0-9'-]+){0,3}$/.test(item) || isSentence(item) || RIGHTS_START.test(item) || CLAUSE_START.test(item)) return undefined;
  const topic = topicOf(m[1]!);
  if (!topic || PEOPLE_LABEL.test(topic) || STATE_LABEL.test(topic)) return undefined;
  return { topic, list: m[2]!.trim().replace(/\.$/, '') };
}

/** "Beehives (name, location, queen year) and their inspections (hive, date)": field lists in parentheses. */
export function inlineLists(text: string): Array<{ topic: string; list: string }> {
  const out: Array<{ topic: string; list: string }> = [];
  for (const m of text.matchAll(/(?:^|,\s*|\band\s+|\bwith\s+)(?:(?:the|their|its|our|some|many)\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2})\s*\(([^()]*,[^()]*,[^()]*)\)/g)) {
    // Only a plural record type lists fields so; "a currency (USD, EUR or GBP)" lists values.
    const topic = topicOf(m[1]!);
    const head = topic?.split(/\s+/).pop() ?? '';
    // ("free-text load-in notes (parking, lifts, stairs)": what notes cover, written freely, is no record type.)
    const written = /^(?:notes|comments|remarks|details|instructions|descriptions|requirements|needs|allergies|extras|tags|keywords|examples)$/i.test(head) || /^free[- ]?text\b/i.test(topic ?? '');
    // ("A level exams (extra time, a reader, a scribe and so on)": examples of what they get, no fields.)
    const examples = /\b(?:and so on|and so forth|etc\.?|e\.g\.|for example|that sort of thing|and the like)\s*$/i.test(m[2]!.trim());
    // ("**sites** (where machines live - offices, gyms, hospitals etc)" over its bullets: the record type alone, its examples no fields.)
    const alone = examples && m.index === 0 && text.trim().replace(/[.:]$/, '').endsWith(')') && m[0].trim().length >= text.trim().replace(/[.:]$/, '').length;
    // ("look after sponsors and sponsorships (add, view, edit, no deleting)": what people may do with them, no fields.)
    const rights = m[2]!.split(/\s*,\s*|\s+and\s+/).every((item) => {
      const verb = item.trim().toLowerCase().replace(/^(?:and|or|but|no|not|never|can't|cannot)\s+/, '').replace(/ing$/, '');
      return RIGHT_VERBS[verb] !== undefined || RIGHT_VERBS[`${verb}e`] !== undefined;
    });
    if (topic && isPluralWord(head.toLowerCase()) && !written && !rights && (!examples || alone) && !/\bor\b/i.test(m[2]!)) out.push({ topic, list: alone ? '' : m[2]! });
  }
  return out;
}

const cleanItem = (text: string) => text.replace(/^\*\*(.+?)\*\*/, '$1').replace(/\*\*/g, '').trim();

/** A sentence in parentheses ("Every tree is of one variety (a variety has lots of trees)"): a statement of its own; not "steps (each step has ...)", what each of those just named has. */
const ASIDE_SENTENCE = /\s*\(((?:a|an|each|every|one)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:has|have|is|are|belongs?|comes?|goes|go|can|must|only)\b[^()]*)\)/i;

function withAsideSentences(sentence: string): string[] {
  const told = rightThenTold(sentence) ?? rightWithTheirs(sentence) ?? markedThemselves(sentence) ?? rightLeavingNote(sentence) ?? rightAssigning(sentence) ?? havingThenStates(sentence) ?? bookedThenMarked(sentence) ?? writtenUpAfter(sentence) ?? uploadedInto(sentence) ?? approvedThrough(sentence) ?? givenOrRefused(sentence);
  if (told) return told;
  // ("Each submission belongs to one candidate, and it's marked as a first submission, ...": the relation, then its kind.)
  const marked = /^(.+?),\s+and\s+(it['’]s\s+(?:marked|labelled|labeled|flagged|classed|tagged)\s+as\s+.+)$/i.exec(sentence);
  if (marked) return [marked[1]!, marked[2]!.replace(/^it/, 'It')];
  const m = ASIDE_SENTENCE.exec(sentence);
  if (!m || [/^each\s+([a-z]+)\s/i.exec(m[1]!)?.[1]].some((each) => each && new RegExp(String.raw`\b${each}s\s*$`, 'i').test(sentence.slice(0, m.index)))) return [sentence];
  return [sentence.slice(0, m.index) + sentence.slice(m.index + m[0].length), m[1]!.trim()];
}

/**
 * "**Puppy raisers.** Raisers are volunteers. They can ...": people a heading names in full, called
 * by the head noun alone in its sentences, are the people of the heading.
 */
function namedAsHeaded(sentence: string, topic: string | undefined): string {
  const ws = topic?.trim().split(/\s+/) ?? [];
  const head = ws.at(-1)?.toLowerCase() ?? '';
  if (ws.length < 2 || ws.length > 4 || !/(?:er|or|ist|ant|ent|ian|ee)s$/.test(head)) return sentence;
  // (And "They can ..." in their paragraph: the heading's people.)
  return sentence.replace(new RegExp(String.raw`^(?:the\s+|our\s+)?${head}\b|^they\b(?!['’])`, 'i'), topic!.trim());
}

export function statementsOf(blocks: Block[]): Statements {
  const statements: Statement[] = [];
  const fieldLists: FieldList[] = [];
  let headingTopic: string | undefined;
  let inBackground = false;
  // One-item colon lines, read as field lists once another line of the text is one.
  const singles: Array<{ statement: Statement; colon: { topic: string; list: string } }> = [];

  /**
   * The colon line read last in the paragraph: "theft reports: always for one bike. date stolen,
   * where it was stolen from, ..." goes on in the sentences after it, with no label of their own.
   */
  let lastColon: { topic: string; line: number; single?: Statement } | undefined;
  /** A plural said alone as a sentence ("Members."), which the next sentence may list the fields of. */
  let lastLabel: { topic: string; line: number; statement: Statement } | undefined;
  const writer = writerRole(blocks);
  const sentence = (text: string, line: number, topic?: string) => {
    for (const s of splitSentences(text).flatMap((piece) => storyAsStatements(triggerFirst(withoutLeadIn(piece).replace(WORKFLOW_LEAD_IN, '')))).flatMap(withAsideSentences)) {
      const plain = namedAsHeaded(plainStatement(writer ? writerDoesAll(s, writer) : s), topic);
      if (lastColon && lastColon.line === line && !colonList(plain) && continuesList(plain)) {
        if (lastColon.single) {
          // (The one-item line said first is that record type's, as the list after it is.)
          statements.splice(statements.indexOf(lastColon.single), 1);
          const at = singles.findIndex((x) => x.statement === lastColon!.single);
          listUnder(lastColon.topic, line).phrases.push({ text: singles[at]!.colon.list, line });
          singles.splice(at, 1);
          lastColon = { topic: lastColon.topic, line };
        }
        // ("status goes booked > in progress > complete": the status field with its states.)
        const states = isBareFieldList(plain) ? undefined : readStates(plain);
        const said = states && /^(?:status|state|stage)$/i.test(states.topic) ? `${states.topic} (${states.values.join(', ')})` : plain;
        listUnder(lastColon.topic, line).phrases.push({ text: said, line });
        continue;
      }
      if (lastColon?.line !== line) lastColon = undefined;
      // ("Members. Name, email, phone, ...": a label said as a sentence of its own, then its list.)
      if (lastLabel && lastLabel.line === line && statements.at(-1) === lastLabel.statement && isBareFieldList(plain)) {
        statements.pop();
        listUnder(lastLabel.topic, line).phrases.push({ text: plain, line });
        lastLabel = undefined;
        continue;
      }
      lastLabel = undefined;
      // ("Access.", "Automation.": a section's name said as a sentence says only what follows.)
      if (SECTION_SENTENCE.test(plain.trim()) && GROUP_WORDS.test(plain.trim().replace(/[.:]$/, ''))) continue;
      // ("shop owner (admin): everything": the role in parentheses once the label is a sentence.)
      const rights = rightsLine(plain);
      if (rights) {
        statements.push({ text: namedRole(rights), source: s, line, topic, ...(inBackground ? { background: true as const } : {}) });
        continue;
      }
      // ("## Invoices ... Fields: invoice number (unique), amount": a label for the fields of the heading's record type.)
      const labelled = topic ? FIELDS_LABEL.exec(plain) : null;
      if (labelled && topic) {
        listUnder(topic, line).phrases.push({ text: labelled[1]!, line });
        continue;
      }
      // ("enquiries: people fill in the form on our website, no login needed. name, phone, ...": who makes
      // the record, said as a clause, is a statement of their right; the fields follow.)
      const madeBy = /^([a-z][a-z ]{2,40}):\s*((?:people|ppl|customers|clients|visitors|anyone|anybody|members|the public|parents|guests)\s+(?:fill in|fill out|submit|send|make|use|leave|post|add|create)\b)([^.;]*)$/i.exec(plain);
      const madeTopic = madeBy ? topicOf(madeBy[1]!) : undefined;
      if (madeBy && madeTopic && isPluralWord(madeBy[1]!.trim().split(/\s+/).pop() ?? '')) {
        const subject = madeBy[2]!.split(/\s+/)[0]!.replace(/^ppl$/i, 'people');
        statements.push({ text: `${subject} can create ${pluralize(singular(madeBy[1]!.trim().toLowerCase()))}${madeBy[3]!.replace(/^\s*(?:the|a|an|our)?\s*(?:form|page)\b[^,]*/i, '')}`, source: s, line, topic, ...(inBackground ? { background: true as const } : {}) });
        lastColon = { topic: madeTopic, line };
        continue;
      }
      const colon = colonList(plain);
      if (colon) {
        listUnder(colon.topic, line).phrases.push({ text: colon.list, line });
        lastColon = { topic: colon.topic, line };
        continue;
      }
      for (const inline of inlineLists(plain)) listUnder(inline.topic, line).phrases.push({ text: inline.list, line });
      const statement: Statement = { text: plain, source: s, line, topic, ...(inBackground ? { background: true as const } : {}) };
      statements.push(statement);
      const label = LABEL_SENTENCE.test(plain.trim()) ? topicOf(plain.trim().replace(/\.$/, '')) : undefined;
      if (label && isPluralWord(label.split(/\s+/).pop() ?? '')) lastLabel = { topic: label, line, statement };
      const single = singleColonItem(plain);
      if (single) {
        singles.push({ statement, colon: single });
        lastColon = { topic: single.topic, line, single: statement };
      }
      // ("found bikes: when we recover a bike or someone hands one in. date found, ...": a record type labelled, what it is
      // said as a clause, and its fields in the sentence after.)
      // (Not "Unpaid invoices: when an invoice is created, wait ...": a condition and what to do is a workflow.)
      const clauseLabel = !single ? /^([a-z][a-z ]{2,40}):\s*(?:when|whenever|if)\b[^,;]*$/i.exec(plain) : null;
      const labelledTopic = clauseLabel ? topicOf(clauseLabel[1]!) : undefined;
      // (Only when the fields follow: "Unpaid invoices: when an invoice is created, ..." labels a workflow.)
      if (labelledTopic && isPluralWord(clauseLabel![1]!.trim().split(/\s+/).pop() ?? '')) lastColon = { topic: labelledTopic, line };
      // ("quotes: each quote is for a customer. total, deposit %, ...": a record type labelled, how it relates said first, then its fields.)
      const relationLabel = !single && !clauseLabel ? /^([a-z][a-z ]{2,40}):\s*(.+)$/i.exec(plain) : null;
      const relationTopic = relationLabel && readRelations(relationLabel[2]!) !== undefined ? topicOf(relationLabel[1]!) : undefined;
      if (relationTopic && isPluralWord(relationLabel![1]!.trim().split(/\s+/).pop() ?? '')) lastColon = { topic: relationTopic, line };
    }
  };

  const listUnder = (topic: string, line: number): FieldList => {
    const existing = fieldLists.find((f) => f.topic.toLowerCase() === topic.toLowerCase());
    if (existing) return existing;
    const list: FieldList = { topic, phrases: [], rows: [], line };
    fieldLists.push(list);
    return list;
  };

  const readItem = (item: ListItem, topic: string | undefined) => {
    const text = cleanItem(item.text);
    const colon = /^([^:]{1,60}):\s*(.*)$/.exec(text);
    if (item.children.length > 0) {
      // "Teams" / "Teams:" / "**Players** (belong to a team)" with sub-bullets: a record type.
      const own = topicOf(colon ? colon[1]! : text);
      // ("ppl:" / "- drivers - only see their own jobs ...", "- me and the wife - admin, everything": who does what, no record type.)
      const whoDoesWhat = own !== undefined && PEOPLE_LABEL.test(own) && item.children.some((c) => RIGHTS_ITEM.test(c.text));
      if (own && !whoDoesWhat && !(colon && colon[2] && isSentence(colon[2]))) {
        const list = listUnder(own, item.line);
        if (colon && colon[2]) list.phrases.push({ text: colon[2], line: item.line });
        const remark = titleRemark(text);
        if (remark) sentence(`${own} ${remark}`, item.line, own);
        for (const child of item.children) readChild(child, own, list);
        return;
      }
      // "When a production becomes running" with its steps as sub-bullets: one workflow sentence.
      if (/^(?:when|whenever|once|after|if|as soon as|each time|every time)\b/i.test(text)) {
        sentence(`${text.replace(/[:,.]\s*$/, '')}, ${item.children.map((c) => cleanItem(c.text).replace(/\.$/, '')).join(', then ')}`, item.line, topic);
        return;
      }
      // A group ("Permissions", "Automation") or a sentence with details under it.
      if (!GROUP_WORDS.test(colon ? colon[1]! : text)) sentence(text, item.line, topic);
      for (const child of item.children) readItem(child, undefined);
      return;
    }
    // ("auto stuff" / "- when a quote gets sent, wait 5 days ...", "- day before a job's date text the customer": automation, no fields.)
    // ("**Activity leaders**" / "- As an activity leader, I can create excursions with ...": a story is never a field.)
    const story = /^as\s+(?:an?|the)\s+[^,]{2,40},\s*(?:i|we|when|whenever|once|if|after|before|every|each)\b/i.test(text);
    const automation = story || /^(?:when|whenever|once|as soon as|each time|every time|if|unless)\s+(?:an?|the|any|each|every|some|someone|somebody|they|it)\b|^(?:the\s+)?(?:day|night|evening|morning|week)\s+(?:before|after)\s|^(?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|fourteen|thirty|forty-eight)\s+(?:minutes?|hours?|days?|weeks?|months?)\s+(?:before|after)\s/i.test(text);
    if (topic && !automation && !isSentence(text) && !isClauseAboutTopic(text)) {
      // ("- the master audio, as WAV or MP3. These are large, so please allow up to 500 MB.": the field, then what its
      // sentences say of it; a sentence that says no rule of it is read as any sentence is.)
      const [field, ...after] = text.split(/(?<=[A-Za-z0-9)])\.\s+(?=[A-Z])/);
      const rules = after.map((said) => ({ said, rule: bulletRule(said) }));
      const descriptor = rules.flatMap((r) => (r.rule ? [r.rule] : []));
      listUnder(topic, item.line).phrases.push({ text: descriptor.length > 0 ? `${field!}, ${descriptor.join(', ')}` : rules.length > 0 ? field! : text, line: item.line });
      for (const r of rules) if (!r.rule) sentence(r.said, item.line, topic);
      return;
    }
    sentence(text, item.line, topic);
  };

  const readChild = (child: ListItem, topic: string, list: FieldList) => {
    const text = cleanItem(child.text);
    if (isClauseAboutTopic(text) && !/^(?:is|are)\s+(?:a|an)\b/i.test(text) && !/^(?:the|a|an)\s/i.test(text)) {
      sentence(`${topic} ${text}`, child.line, topic);
    } else if (isSentence(text) && !/^[a-z ]+\(/.test(text)) {
      sentence(text, child.line, topic);
    } else {
      list.phrases.push({ text, line: child.line });
    }
    for (const grandchild of child.children) readItem(grandchild, topic);
  };

  for (const [at, block] of blocks.entries()) {
    if (block.kind === 'heading') {
      // A top-level heading first ("# Climbing wall bookings") titles the document, not a record
      // type, unless a field list or table follows it right away ("# Products" and its fields).
      const next = blocks[at + 1];
      const fieldsFollow = next?.kind === 'table' || (next?.kind === 'list' && (next.items[0]?.text.split(/\s+/).length ?? 0) <= 5);
      // ("people:" over "- drivers: only see their own jobs ...": who does what, no record type.)
      const whoDoesWhat = PEOPLE_LABEL.test(block.text.trim().replace(/:$/, '')) && next?.kind === 'list' && next.items.some((item) => RIGHTS_ITEM.test(item.text));
      headingTopic = (at === 0 && block.level === 1 && !fieldsFollow) || whoDoesWhat ? undefined : topicOf(block.text);
      inBackground = BACKGROUND_HEADING.test(block.text.trim());
      continue;
    }
    if (block.kind === 'paragraph') {
      // ("automatic stuff:" before its numbered list: a label of a section of its own.)
      if (/^[^.!?:]{1,40}:$/.test(block.text.trim()) && block.text.trim().split(/\s+/).length <= 4 && blocks[at + 1]?.kind === 'list') {
        // (It ends the heading before; what it labels, "Fields:" or "automatic stuff:", is no record type.)
        headingTopic = undefined;
        sentence(block.text, block.line, headingTopic);
        continue;
      }
      sentence(block.text, block.line, headingTopic);
      continue;
    }
    if (block.kind === 'list') {
      // ("An audition application holds:" and its bullets, under "## Auditions": the record the sentence names.)
      const before = blocks[at - 1];
      const lead = before?.kind === 'paragraph' ? listLead(before.text) : undefined;
      // ("The status goes like this:" and a bullet per state: the heading's record's states.)
      const states = before?.kind === 'paragraph' && block.items.every((item) => item.children.length === 0) ? statesListed(before.text, block.items.map((item) => item.text)) : undefined;
      const leadStatement = statements.at(-1);
      // (The lead itself says nothing more: it becomes the states' sentence.)
      if (states && leadStatement && before?.kind === 'paragraph' && before.text.trim().endsWith(leadStatement.text.trim())) leadStatement.text = states;
      else if (states) sentence(states, block.line, headingTopic);
      else for (const item of block.items) readItem(item, lead ?? headingTopic);
      continue;
    }
    // A table: a field table when a column names fields; else its rows are statements.
    const header = block.header.map((h) => h.toLowerCase());
    // "| Wine | |": the record type heads the table and each row is a field with its details.
    const headed = header.length >= 2 && header.slice(1).every((h) => h === '' || /^(?:details?|notes?|description|type|rules?)$/.test(h)) && topicOf(block.header[0]!) !== undefined && !/^(?:field|fields|name)$/.test(header[0]!);
    if (headed) {
      const list = listUnder(topicOf(block.header[0]!)!, block.line);
      block.rows.forEach((row, k) => {
        const name = row[0]?.trim();
        const details = row.slice(1).map((c) => c.trim()).filter(Boolean).join(', ');
        if (name) list.rows.push({ name, ...(details ? { type: details } : {}), line: block.line + 2 + k });
      });
      continue;
    }
    const named = header.findIndex((h) => /^(?:field|fields|name|field name|column|attribute|property)$/.test(h));
    // ("| what | notes |" under "## Trees": the first column holds the names when every other is a detail.)
    const nameCol = named >= 0 ? named : header.length >= 2 && header.slice(1).every((h) => DETAIL_COLUMN.test(h)) ? 0 : -1;
    const topic = block.title ? topicOf(block.title) : headingTopic;
    if (nameCol >= 0 && topic) {
      const typeCol = header.findIndex((h, k) => k !== nameCol && /^(?:type|kind|data type|format)$/.test(h));
      const rulesCols = header.map((_, k) => k).filter((k) => k !== nameCol && k !== typeCol);
      const list = listUnder(topic, block.line);
      const remark = block.title ? titleRemark(block.title) : undefined;
      if (remark) sentence(remark, block.line, topic);
      block.rows.forEach((row, k) => {
        const name = row[nameCol]?.trim();
        if (!name) return;
        const flags = rulesCols.map((c) => flagCell(header[c]!, row[c]?.trim() ?? '')).filter((f): f is string => f !== undefined && f !== '');
        const rules = rulesCols.filter((c) => flagCell(header[c]!, row[c]?.trim() ?? '') === undefined).map((c) => row[c]?.trim() ?? '').filter(Boolean).join(', ');
        // (The flags go with the name, "species (required)", so they never mix with a cell's values.)
        list.rows.push({ name: flags.length > 0 ? `${name} (${flags.join(', ')})` : name, type: typeCol >= 0 ? row[typeCol]?.trim() || undefined : undefined, rules: rules || undefined, line: block.line + 2 + k });
      });
      continue;
    }
    block.rows.forEach((row, k) => sentence(row.filter(Boolean).join(': '), block.line + 2 + k, topic));
  }
  if (fieldLists.length > 0) {
    // (The text's first line, "Tandem: language exchange meetups", titles it.)
    const firstLine = Math.min(...statements.map((x) => x.line), ...fieldLists.map((f) => f.line));
    for (const { statement, colon } of singles.filter((x) => x.statement.line > firstLine)) {
      statements.splice(statements.indexOf(statement), 1);
      listUnder(colon.topic, statement.line).phrases.push({ text: colon.list, line: statement.line });
    }
  }
  return { statements, fieldLists };
}

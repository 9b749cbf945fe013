/**
 * A record type's name from the noun phrase a description uses for it: singular PascalCase
 * ("service records" -> ServiceRecord), or none when the phrase cannot name records (a generic
 * noun alone, "the public", the tenancy unit of a multi-tenant description, a verb first).
 */
import { FUNCTION_WORDS, GENERIC_HEADS, NON_NOUNS, PUBLIC_AUDIENCE, RIGHT_VERBS, SIGNED_IN_AUDIENCE } from '../offline-author/lexicon';
import { isPluralWord, singular, singularPhrase, words } from '../offline-author/text';
import { pascalCase, snakeCase } from '../../text/case';

/** A record type that belongs to another: the child holds a required reference to the parent. */
export interface Containment {
  parent: string;
  child: string;
  /** The statement it was read from. */
  sentence: number;
  /** The child may belong to none ("at most one"): its reference is optional. */
  optional?: boolean;
}

/** The record types of a description and how they contain each other. */
export interface Discovery {
  /** Record types in order of definition. */
  entities: string[];
  containments: Containment[];
  /** Other words the text uses for a record type ("This is our catalogue: ..." under "Linen types"). */
  aliases?: Array<{ words: string[]; entity: string }>;
  /** Two record types said to have many of each other ("a host hosts many shows and a show has several hosts"). */
  manyToMany?: Array<[string, string]>;
}

const DETERMINERS = new Set(['a', 'an', 'the', 'new', 'each', 'every', 'all', 'their', 'its', 'some', 'any', 'our', 'own']);

/** Quantifiers before a noun ("most dogs", "both rooms"). */
// (Also "a particular stop", "a specific room": which one, not what it is.)
const QUANTIFIERS = new Set(['most', 'many', 'several', 'both', 'few', 'various', 'multiple', 'particular', 'specific', 'certain', 'given']);
/** Words after a noun that only order or stress it ("customers first", "the kennels themselves"). */
const TRAILING_FILLERS = new Set(['first', 'next', 'then', 'too', 'also', 'themselves', 'itself', 'now', 'again', 'last', 'finally']);

/** A past participle ("registered", "booked", "found"): `-ed` after a consonant (not "seed", "bed"), or a common irregular one. */
const PARTICIPLE = /^(?:[a-z]{2,}[^e\W]ed|[a-z]+ied|found|lost|sold|written|given|taken|broken|stolen|paid|sent|built|chosen)$/;

/**
 * Generic nouns that name a record type when the text gives them fields ("A tool has a name and
 * an inventory tag", "items: name, price"), though alone they usually mean the app ("a tool to ...").
 */
const NAMED_BY_FIELDS = new Set(['tool', 'site', 'page', 'item', 'step', 'application', 'record']);

/**
 * Singular PascalCase name of a noun phrase, or undefined if it cannot name a record type.
 * `described`: the phrase is given fields right there (a definition or a field list).
 */
export function entityNameOf(written: string, tenantUnits: ReadonlySet<string>, described = false): string | undefined {
  // ("Each piece of finished work has a title": a piece, whatever it is a piece of.)
  const phrase = written.replace(/^((?:(?:each|every|a|an|the)\s+)?(?:piece|item|bit|unit))\s+of\s+(?:[a-z]+\s+)?[a-z]+$/i, '$1');
  // ("most dogs don't": a clause, no name.)
  if (/n['’]t\b|\bnot\b/i.test(phrase)) return undefined;
  // ("Customers first: ...", "The kennels themselves have ...": the order or emphasis of the text, no part of the name.)
  // ("with two mechanics": how many, before a plural, says nothing of what they are.)
  // ("basically each defib has ...": how the writer goes on is no part of the name.)
  const said = words(phrase.replace(/^(?:basically|actually|honestly|essentially|generally|normally|really|anyway|so|well|ok|okay|right|also|then|now)\s+(?=\S)/i, ''));
  const counted = said.length === 2 && /^(?:two|three|four|five|six|seven|eight|nine|ten)$/.test(said[0]!) && /[^s]s$/.test(said[1]!);
  const all = (counted ? said.slice(1) : said).filter((w) => !DETERMINERS.has(w) && !QUANTIFIERS.has(w));
  // ("manages the stockist list completely": how it is done, no part of the name.)
  while (all.length > 1 && (TRAILING_FILLERS.has(all[all.length - 1]!) || /^(?:completely|entirely|fully|totally|properly|freely|directly|themselves|only|alone|though|anyway|either)$/.test(all[all.length - 1]!))) all.pop();
  // ("the stockist list", "the supplier register": the records the list holds.)
  if (all.length === 2 && /^(?:list|register|catalogue|catalog|database|directory)$/.test(all[1]!) && !/^(?:price|guest|waiting|mailing|shopping|reading|wish|to-do|todo|check|day|log|order)$/.test(all[0]!)) all.pop();
  // ("my regular customers", "our existing clients": which of them says nothing of what they are.)
  if (all.length === 2 && /^(?:regular|usual|existing|current|loyal|repeat)$/.test(all[0]!) && /^(?:customers?|clients?|members?|donors?|guests?|patients?|students?|buyers?|suppliers?)$/.test(all[1]!)) all.shift();
  // ("every found item", "each registered item": a participle before the noun says what happened to the record, not what it is.)
  const lead = all.length > 1 && PARTICIPLE.test(all[0]!) ? all.slice(1) : all;
  // ("the scaffolds planned for a site": a participle after the plural says what was done to them, too.)
  const ws = lead.length === 2 && PARTICIPLE.test(lead[1]!) && isPluralWord(lead[0]!) ? lead.slice(0, 1) : lead;
  if (ws.length === 0 || ws.length > 3) return undefined;
  // ("the order-taking is done on WhatsApp", "the book-keeping": what people do, not what they keep.)
  if (ws.some((w) => /^[a-z]{3,}-[a-z]{2,}ing$/.test(w) && !/^(?:pre|re|co|non|self|sub|over|under|out|post)-/.test(w))) return undefined;
  // ("me - admin, everything": the writer, not a record type.)
  if (ws.length === 1 && /^(?:me|myself|us|we|i|you|him|her|them|ourselves|one|ones|each|themselves|themself|himself|herself|itself|yourself)$/.test(ws[0]!)) return undefined;
  const namedByFields = described && ws.length === 1 && NAMED_BY_FIELDS.has(singular(ws[0]!));
  // ("An order of service belongs to a funeral service and has ...": a name with "of" inside, given fields, is one.)
  const ofName = described && ws.length === 3 && ws[1] === 'of' && !FUNCTION_WORDS.has(ws[0]!) && !FUNCTION_WORDS.has(ws[2]!) && !/^(?:piece|item|bit|unit|number|list|lot|set|kind|type|sort)s?$/.test(ws[0]!);
  if (ofName) return pascalCase(snakeCase([singular(ws[0]!), 'of', ws[2]!].join(' ')));
  if (ws.some((w) => FUNCTION_WORDS.has(w) || /^\d/.test(w)) || (badHead(ws) && !namedByFields)) return undefined;
  const sing = singularPhrase(ws);
  const joined = sing.join(' ');
  // ("Visitors: full name and date of birth ...": people who are given fields are a record type, whoever else they are.)
  if ((PUBLIC_AUDIENCE.test(joined) && !(described && /^(?:visitor|non-member)$/.test(joined))) || SIGNED_IN_AUDIENCE.test(ws.join(' ')) || (sing.length === 1 && (sing[0] === 'user' || sing[0] === 'everyone'))) return undefined;
  // (A tenant unit given fields, "Gardens have a name and an address", is a record type too.)
  if (sing.length === 1 && tenantUnits.has(sing[0]!) && !described) return undefined;
  // ("publish posts" is a verb and its object; a singular title given fields, "Order line
  // fields", names a record type.)
  // ("Order lines have a quantity", "Order items: ..." given fields are the subject, a noun before a noun; a verb's
  // object takes an article or a plural alone, "publish posts".)
  const singularTitle = described && singular(ws[ws.length - 1]!) === ws[ws.length - 1];
  const compoundNoun = described && sing.length === 2 && /^(?:order|record|log|book|file|post|entry|request|report|issue|plan|schedule|list|check|review|account|service|booking|line|time|work)$/.test(sing[0]!);
  if (!singularTitle && !compoundNoun && sing.some((w) => RIGHT_VERBS[w] !== undefined && sing.length > 1 && w === sing[0])) return undefined;
  // ("A driver record holds the driver's name, ...": the record of a person is that person; an attendance record stays one.)
  if (sing.length === 2 && sing[1] === 'record' && PERSON_AGENT.test(sing[0]!)) return pascalCase(sing[0]!);
  return pascalCase(snakeCase(sing.join(' ')));
}

/** A noun naming a person by what they do or are ("driver", "tutor", "florist", "patient", "resident"). */
const PERSON_AGENT = /^[a-z]{2,}(?:er|or|ist|ant|ent)$/;

/** A generic noun alone (`items`), or a compound ending in a word that never names records (`user data`). */
function badHead(ws: string[]): boolean {
  const head = ws[ws.length - 1]!;
  if (ws.length === 1) return NON_NOUNS.has(head);
  // "an adoption application", "a job application" are records; "a web application" is the app.
  if (singular(head) === 'application') return SOFTWARE_KINDS.test(ws[ws.length - 2]!);
  if (singular(head) === 'service') return SOFTWARE_KINDS.test(ws[ws.length - 2]!) || /^(?:web|cloud|email|sms|payment|messaging|marking|external|third-party|backend|api|delivery|notification)$/.test(ws[ws.length - 2]!);
  return GENERIC_HEADS.has(head) || GENERIC_HEADS.has(singular(head));
}

/** Words that make "<word> application" the software itself. */
const SOFTWARE_KINDS = /^(?:web|mobile|desktop|online|simple|small|new|internal|whole|entire|single|native|hybrid|saas|software|booking|management|tracking|the|our|this)$/;

/**
 * Long on purpose: one field phrase is read by many small wording rules that share the traits being built; they are kept in one pass so their order is visible.
 *
 * One field phrase read into a name and traits: parentheses and a colon's tail are descriptors
 * (descriptor.ts); the rest is the name, from which the wording around it is taken off first —
 * values (`a sex of male or female`, `category bread/cake/pastry`, `a boat type, sail or motor`),
 * `whether ...` and `has a ...` questions, yes/no markers, units (`in metres`), bounds, sizes and
 * formats, rules (`an optional ...`, `that must be unique`), clauses after the name (`for the
 * authors`, `where it lives`, `they teach`) and articles and possessives.
 */
import { snakeCase } from '../../../text/case';
import { normalizeInformal } from '../wording';
import { BOOLEAN_PREFIXES, DETERMINERS, FILLER_ADJECTIVES, HEAD_TYPES, MOMENT_NAMES, NAME_SYNONYMS, PERSON_WORDS, REQUIRED_LEADS, REQUIRED_WORDS, TYPE_PHRASES, UNITS, YES_NO_QUESTION } from './field-words';
import { emptyTraits, OPTIONAL_WORDING, readDescriptor, refTarget, takeDefault, takeNameFormats, takeRange, takeSize, type Traits } from './descriptor';
import { entityWords } from './entities';
import { CHANNEL_WORD, isBooleanPair, valueList } from './values';
import { participle, verbLemma } from '../workflow-phrases';
import { gerundOf, infinitiveOf, tagTerms } from '../tag';
import { singular } from '../../offline-author/text';

export interface PhraseParts {
  words: string[];
  traits: Traits;
}

const VALUE_MARKER = /^(.+?)\s*,?\s+(of|out of|which is|that is|that's|which's|which can be|that can be|can be|which will be|that will be|which must be|(?:which|that) (?:moves|goes|runs|progresses)(?: through| from)?|is either|either|is one of|that's one of|which is one of|that is one of|one of|being|it is|is|like|such as)\s+(?:either\s+|one of\s+)?(.+)$/i;
const STATE_CHANGE = /^(.+?)\s+(?:goes|go|moves|move|progresses|passes|runs)\s+(?:from|through)\s+(.+)$/i;
/** What `x of ...` is of, up to a place or a time (`a photo of the load in the bay`). */
function ofObject(ws: readonly string[]): string[] {
  const rest = ws.slice(2);
  const stop = rest.findIndex((w, i) => i > 0 && /^(?:in|on|at|during|before|after|when)$/.test(w));
  return stop < 0 ? rest : rest.slice(0, stop);
}

/** A part of a thing (one or two words) of a thing (one or two words). */
const OF_THE_COMPOUND = /^[a-z]+(?: [a-z]+)? of [a-z]+(?: [a-z]+)?$/;

/** Heads that a value list never follows (`a date of birth`, `a number of seats`). */
const NOT_VALUE_HEADS = new Set(['number', 'count', 'amount', 'quantity', 'date', 'time', 'list', 'set', 'lots', 'plenty', 'name', 'title', 'total', 'price', 'cost', 'duration', 'length', 'weight', 'rate', 'percentage']);
/** Words that make a phrase a sentence rather than a field's name. */
/** Words of VERBS that end a name as plural nouns. */
const PLURAL_NOUNS_TOO = new Set(['needs', 'signs']);
const VERBS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'can', 'will', 'should', 'must', 'may', 'goes', 'go', 'do', 'does', 'signs', 'sign', 'gets', 'get', 'make', 'makes', 'want', 'wants', 'see', 'sees', 'create', 'creates', 'read', 'reads', 'manage', 'manages', 'need', 'needs']);
const PRONOUNS = /^(?:it|they|he|she|we|you|i|this|that)(?:['’](?:s|re|ve|ll|d))?$/;

/** Reads a phrase into name words and traits; undefined when it is no field. */
/** Everyday words for the people a record is about ("whether the member is bringing a friend"). */
const PEOPLE = /^(?:member|customer|client|guest|visitor|user|person|child|kid|pupil|student|patient|parent|rider|driver|player|runner|volunteer|donor|buyer|seller|tenant|resident|applicant|traveller|traveler|passenger|diner|camper)$/i;

/** A question whose answer is the record's stage: "where it's up to", "where it is in the process", "what stage it's at". */
const STATUS_QUESTION = /^(?:where\s+(?:it|they)(?:'s|'re|\s+is|\s+are)\s+(?:up\s+to|at|in\s+the\s+(?:process|pipeline|workflow))|(?:what|which)\s+(?:stage|step|state|phase)\s+(?:it|they)(?:'s|'re|\s+is|\s+are)(?:\s+(?:at|in))?|how\s+far\s+(?:along\s+)?(?:it|they)(?:'s|'re|\s+is|\s+are)(?:\s+along)?)$/i;

export function readPhrase(phrase: string, entities: readonly string[], owner?: string): PhraseParts | undefined {
  const traits = emptyTraits();
  let text = normalizeInformal(phrase)
    .trim()
    .replace(/^(?:[-*•+]|\d+[.)])\s+/, '')
    .replace(/[.;,]+$/, '')
    .replace(/^(?:and|with|plus|also|as well as|including|along with)\s+/i, '')
    // ("and attach receipts (photos or PDF)": what is attached is the field.)
    .replace(/^(?:attach|upload|include)\s+(?=[a-z])/i, '')
    // ("a copy of their insurance certificate (PDF)": the copy kept is the document itself.)
    .replace(/^(?:an?\s+|the\s+)?(?:(?:scanned|signed|digital)\s+)?copy\s+of\s+(?:their|the|its|his|her|your|my)\s+([a-z]+(?:\s+[a-z]+){0,3}\s+(?:certificate|licence|license|passport|policy|id|card|document|permit|contract|agreement))\b(?!\s*\()/i, 'their $1 (a file)')
    .replace(/^(?:an?\s+|the\s+)?(?:(?:scanned|signed|digital)\s+)?copy\s+of\s+(?:their|the|its|his|her|your|my)\s+(?=[a-z]+(?:\s+[a-z]+){0,3}\s+(?:certificate|licence|license|passport|policy|id|card|document|permit|contract|agreement)\s*\()/i, 'their ')
    // ("up to ten photographs per object": how many there may be, and of what, is no part of the name.)
    .replace(/^(?:up\s+to|at\s+most|no\s+more\s+than|a\s+maximum\s+of)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\s+(?!(?:people|persons|participants|places|spots|seats|spaces|guests|attendees)$)([a-z]+s)(?:\s+(?:per|for\s+each|for\s+every|of\s+each)\s+[a-z]+)?\b/i, '$1')
    // ("maybe a note about what we're working on": something it may have, optional; what the note is about is no part of its name.)
    .replace(/^(?:maybe|perhaps|possibly|optionally)\s+(?=(?:a|an|the|some|their|its)\s)(.*)$/i, '$1 (optional)')
    .replace(/^((?:a|an|the|some|any)\s+(?:short\s+|brief\s+|quick\s+)?(?:note|notes|comment|comments|description|remark|remarks))\s+(?:about|on|of|saying)\s+(?:what|how|why|where|when|who|which)\b[^()]*/i, '$1')
    // ("whether they've paid their subs this term": how often it is asked says nothing; what was paid names it, subs_paid.)
    .replace(/^(whether\s.+?)\s+(?:this|each|every|per|for\s+the|for\s+this)\s+(?:term|year|month|week|season|semester|quarter|time)$/i, '$1')
    .replace(/^whether\s+(?:they|he|she|it)(?:['’]ve|\s+have|\s+has|['’]s)?\s+(?:already\s+)?(paid|signed|returned|submitted)\s+(?:their|the|its|his|her)\s+([a-z]+(?:\s+[a-z]+)?)$/i, '$2 $1 (yes/no)')
    // ("the date they need it (by)", "the date they want it back by": the date it is needed by.)
    .replace(/^(?:a\s+|the\s+)?date\s+(?:they|we|you|the\s+customer)\s+(?:need|want|require)s?\s+(?:it|them)(?:\s+(?:back|done|ready|finished|returned|delivered))?(?:\s+(?:by|for))?\b/i, 'needed by (a date)')
    // ("its fleet number, which is painted on the hull and is never shared by two craft": unique, whatever else the clause says.)
    .replace(/,?\s*(?:which|that)\s+[^,()]*?\b(?:is|are)\s+(?:never|not)\s+shared\s+(?:by|between|with)\s+(?:two|any two|another|any other)(?:\s+[a-z]+)?/i, ' (unique)')
    // ("breed, typed in (Swaledale, ...)": how it is entered says it is text; "later the scanning result": when, nothing.)
    .replace(/,\s*(?:typed in|written in|entered by hand)(?=\s*(?:\(|$))/i, '')
    .replace(/^(?:later|afterwards|eventually|then)\s+(?=(?:the|a|an|their|its)\s)/i, '')
    // ("and says which loaf they want: ...": saying it is no part of what is said.)
    .replace(/^(?:says|say|tells\s+us|tell\s+us|picks|pick|chooses|choose|states|specifies|specify|lets\s+us\s+know|let\s+us\s+know)\s+(?=(?:which|what|how|when|where|whether|who)\b)/i, '')
    // ("unique across the company": where it is unique is no part of the name.)
    .replace(/\b(unique)\s+(?:across|within|in|throughout|for|over)\s+(?:the\s+)?(?:whole\s+|entire\s+)?(?:company|business|system|organi[sz]ation|club|firm|shop|site|database|place|country|world|fleet|library|school)\b/gi, '$1')
    // ("is the cabinet locked y/n": a yes/no question is the flag it asks about, "cabinet locked".)
    .replace(YES_NO_QUESTION, '')
    // ("y/n if it can go indoors": the question the mark asks; "a yes/no for ..." is read below.)
    .replace(/^(?:an?\s+)?(?:y\/n|yes\/no|yes or no)\s+if\s+(?=[a-z])/i, 'whether ')
    // ("one nice photo too, JPEG only please as that's what the website likes": the courtesy, "too" and the reason say nothing of it.)
    .replace(/\s+please\b/gi, '')
    .replace(/\s+too(?=\s*(?:[,(]|$))/i, '')
    // ("any allergies or behaviour notes - some of them bite!": a remark after a dash, a clause of its own, says nothing of it.)
    .replace(/\s+[-–—]+\s+(?:some|most|many|all|a few|one|they|it|he|she|we|i|you|that|this|which)\s+(?:of\s+them\s+|of\s+us\s+)?[a-z]+\b[^()]*$/i, '')
    // ("the owner's contact details obviously": how sure the writer is says nothing of it.)
    .replace(/\s+(?:obviously|naturally|of course|ideally|definitely|for sure|as well)(?=\s*(?:[,(]|$))/i, '')
    .replace(/\s+(?:as|because|since|cos|coz)\s+(?:that['’]s|that\s+is|it['’]s|it\s+is|they|we|our)\b[^,;()]*/gi, '')
    // ("a pic of each one": of the record itself, no part of the name.)
    .replace(/\s+(?:of|for)\s+(?:each|every)\s+(?:single\s+)?one(?=\s*(?:[,(]|$))/i, '')
    // ("one of the vans": a van.)
    .replace(/^one\s+of\s+(?:the|our|its|their)\s+([a-z][a-z-]*)(?=\s*(?:[,(]|$))/i, (_m, noun: string) => singular(noun))
    .replace(/^one\s+of\s+(?:the|our|its|their)\s+(?=[a-z])/i, '')
    // ("and keep one profile photo": that we keep it says nothing of it.)
    .replace(/^(?:keep|store|hold|save)\s+(?:one|a|an|the|their|its)\s+(?=[a-z])/i, '')
    .replace(/^((?:some|any|the)\s+)?(?:free|free-form|freeform)\s+(?=(?:notes?|comments?)\s*(?:\(|,|$))/i, '$1')
    // ("her body condition score, 1 to 5 in half points": a bound in steps of a half is a decimal.)
    .replace(/(\d)\s+in\s+half[- ]points?\b/i, '$1 (decimal)')
    // ("the raddle colour (red, blue, green or yellow; we change colour every 17 days)": the values, then why.)
    .replace(/\(((?:[a-z0-9-]+(?:\s+[a-z0-9-]+){0,2},\s*)*[a-z0-9-]+(?:\s+[a-z0-9-]+){0,2},?\s+or\s+[a-z0-9-]+(?:\s+[a-z0-9-]+){0,2});\s*(?![^()]*\bdefault\b)[^()]*\)/i, '($1)')
    // ("how they like to pay (cash or card)": the payment method they prefer.)
    .replace(/^how\s+(?:they|he|she|the\s+[a-z]+)\s+(?:like|prefer|want)s?\s+to\s+pay\b/i, 'preferred payment method')
    // ("who referred them (self-referral, GP, school ...)", "how they came to us", "how they heard about us": where they came from.)
    .replace(/^(?:who\s+referred\s+(?:them|him|her|it|the\s+[a-z]+)(?:\s+to\s+us)?|how\s+(?:they|he|she|the\s+[a-z]+)\s+(?:came|come|got|get)\s+to\s+us|how\s+(?:they|he|she|the\s+[a-z]+)\s+(?:heard|found\s+out|learned|learnt)\s+(?:about|of)\s+us|how\s+(?:they|he|she|the\s+[a-z]+)\s+found\s+us)\b/i, 'referral source')
    // ("what it's for - consultation, measuring or fitting", "what the trip is for": its purpose.)
    .replace(/^what\s+(?:it['’]s|it\s+is|they['’]re|they\s+are|(?:the|this|that)\s+[a-z]+(?:['’]s|\s+is))\s+for(?=\s*(?:\(|$))/i, 'purpose')
    // ("what kind it is (paddleboard or canoe)": its kind.)
    .replace(/^what\s+(kind|type|sort|size|colour|color|grade|level)\s+(?:it|they)\s+(?:is|are)\b/i, '$1')
    // ("was it locked y/n", "is it insured": the question, said as what it asks.)
    .replace(/^(was|is|were|are)\s+(?:it|they)\s+(?=[a-z]+(?:ed|en)?\b)/i, '$1 ')
    // ("at most one gardener at a time", "one tenant at any one time": how many at once is no part of its name.)
    .replace(/^((?:(?:at most|only|just|exactly|no more than|up to)\s+)?(?:one|a|an|a single)\s+[a-z][a-z -]*?)\s+at\s+(?:a|any|any\s+one|one|the\s+same)\s+time$/i, '$1')
    // ("at most one gardener", "zero or one tenant": there may be none.)
    .replace(/^(?:at most|no more than|up to|zero or|0 or)\s+(?=(?:one|a single|1)\s+[a-z])/i, () => {
      traits.optional = true;
      return '';
    })
    // ("the temperature at collection, in degrees": a reading in degrees is a number; when it was read is no part of its name.)
    .replace(/\s*,?\s+(?:measured\s+)?in\s+degrees$/i, () => {
      traits.type ??= 'number';
      return '';
    })
    .replace(/^((?:an?\s+|the\s+|its\s+|their\s+)?(?:[a-z]+\s+){0,2}(?:temperature|weight|reading|level|count|volume))\s+at\s+(?:collection|delivery|arrival|departure|pickup|pick-up|drop-off|dispatch|check-in|checkout|the\s+time)$/i, '$1')
    // ("a serial number off the unit", "the code on the label": where it is read from is no part of it.)
    .replace(/^((?:an?\s+|the\s+|its\s+|their\s+)?(?:[a-z]+\s+)?(?:number|code|reference|id|serial))\s+(?:off|from|on)\s+(?:the|its|their)\s+(?:unit|label|box|back|machine|device|plate|tag|sticker|frame|chassis|base)(?=\s*(?:\(|,|$))/i, '$1')
    // ("the cleaner assigned to it": the cleaner, whoever is given the job.)
    .replace(/^((?:the|its|their|an?)\s+[a-z]+)\s+(?:assigned|allocated|appointed)\s+(?:to\s+(?:it|them|the\s+job|the\s+visit))$/i, '$1')
    // ("the request details themselves": the emphasis is no part of the name.)
    .replace(/^([^()]+?\s[a-z]+)\s+(?:themselves|itself)(?=\s*(?:\(|$))/i, '$1')
    // ("a summary paragraph", "a short background paragraph": a paragraph is how long it is written, long text.)
    .replace(/^((?:an?\s+|the\s+|its\s+|their\s+)?(?:short\s+|brief\s+|long\s+)?[a-z]+)\s+paragraph$/i, (all, name: string) => (/\b(?:short|brief|long|an?|the|its|their)$/i.test(name.trim()) ? all : `${name} (long text)`))
    // ("a circumstances box for the long story": the box is where it is written.)
    .replace(/^((?:an?|the)\s+[a-z]+)\s+box\s+for\s+(?:the\s+)?(?:long\s+story|longer\s+stuff|anything\s+else|details|the\s+details)$/i, '$1 (long text)')
    // ("what's wrong with it in their words": said in whose words is no part of it.)
    .replace(/^(what(?:['’]s|\s+is)\s+wrong(?:\s+with\s+(?:it|them))?)\s+in\s+(?:their|the\s+customer's|his|her)\s+(?:own\s+)?words$/i, (_m, what: string) => {
      traits.type ??= 'text';
      return /\bwith\b/i.test(what) ? what : `${what} with it`;
    })
    // ("a date and time slot": the slot, a moment.)
    .replace(/^(?:an?\s+|the\s+)?date\s+and\s+time\s+(slot|window)$/i, (_m, noun: string) => {
      traits.type ??= 'datetime';
      return noun;
    })
    // ("what the pest is (same list as on call-outs)": the pest.)
    .replace(/^what\s+(?:the|its|their)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|was|were)(?=\s*(?:\(|$))/i, '$1')
    // ("whether it's out of service right now": when it is asked says nothing.)
    // ("where it is right now: available, out on hire or ...": where it stands now, its status.)
    .replace(/^where\s+(?:it|they)(?:['’]s|['’]re|\s+is|\s+are)\s+(?:right\s+now|at\s+the\s+moment|currently|at\s+present|these\s+days)(?=\s*(?:\(|$))/i, 'status')
    .replace(/\s+(?:right now|at the moment|currently|just now)(?=\s*(?:\(|$))/i, '')
    // ("a length in minutes, anything from 15 up to 90": the bounds; "anything" names nothing.)
    .replace(/(\(\s*|,\s*|\s+)(?:anything|anywhere|somewhere)\s+(?=(?:from|between)\s+\d)/i, '$1')
    // ("a fee of up to 50", "a deposit of between 20 and 100": the bound of the field, not what it is of.)
    .replace(/^((?:an?|the|their|its)\s+[a-z]+(?:\s+[a-z]+)?)\s+of\s+(?=(?:up to|at most|no more than|not more than|between|at least|under|over)\s+\d)/i, '$1 ')
    // ("..., and may carry a coach rating", "must have a signature": a field said with its verb; "may" leaves it optional.)
    .replace(/^(may|might|can|could|must|will|also)\s+(?:also\s+)?(?:carry|have|hold|include|record|note|store|keep|contain|list|show|say)\s+(?=\S)/i, (_m, modal: string) => {
      if (/^(?:may|might|can|could)$/i.test(modal)) traits.optional = true;
      if (/^must$/i.test(modal)) traits.required = true;
      return '';
    })
    // ("exactly one supervising professor": the count is the relation's, not the name's.)
    // ("the parts used (free text is fine)": a free text.)
    .replace(/\(\s*free[- ]?text(?:\s+is\s+(?:fine|ok|okay|good)|\s+please|\s+only)?\s*\)/gi, '(free text)')
    // ("any special requests in free text ("arriving late", "cot please")": written freely; what is quoted are examples.)
    .replace(/^(.+?),?\s+in\s+free[- ]?text\s*(?:\(([^()]+)\))?\s*$/i, (_m, name: string, examples?: string) => `${name} (free text${examples ? `; e.g. ${examples.replace(/,/g, ';')}` : ''})`)
    // ("free-text load-in notes (parking, lifts, stairs)": written freely, so what is listed is what they cover, a note.)
    .replace(/^((?:(?:the|some|any|a|an)\s+)?free[- ]text\s+[^()]+?)\s*\(([^()]+)\)\s*$/i, (_m, name: string, covered: string) => `${name} (free text; e.g. ${covered.replace(/,/g, ';')})`)
    // ("which dog(s)": one or more, said of the name; the plural marker is no detail.)
    .replace(/([a-z])\(s\)/gi, '$1')
    // ("duration (30 or 60 mins)": a number of that unit, whichever is chosen.)
    // (Three or more, "(15, 30 or 60 minutes)", are read as the numbers in a unit, descriptor.ts.)
    .replace(/^([a-z][a-z ]*?)\s*\((\d+\s+or\s+\d+)\s+(minutes|hours|days|weeks|km|kg|miles|metres|meters)\)$/i, (_all, name: string, choices: string, unit: string) => `${name} in ${unit} (${choices})`)
    // ("the language pair as plain text": its type, said after it.)
    .replace(/,?\s+(?:(?:just|simply|only)\s+)?as\s+(?:an?\s+)?(plain text|free text|text|whole number|number|decimal|yes\/no)(?=\s*[,(]|$)/i, (_m, type: string) => {
      traits.type ??= TYPE_PHRASES[type.toLowerCase()] ?? (type.toLowerCase() === 'plain text' ? 'string' : undefined);
      return '';
    })
    // ("whether the member is bringing a friend": the person it is said of is no part of the name.)
    // ("whether a patient was involved": someone, not the record's own person, is part of it.)
    .replace(/^(whether\s+)(?:a|an)\s+([a-z]+)\s+(?:was|were|is|are)\s+([a-z]+(?:ed|en))$/i, '$1$2 $3')
    .replace(/^(whether\s+)(?:the|a|an|their|our)\s+([a-z]+)\s+(?:is|are|was|were|will be)\s+(?=[a-z])/i, (all, lead: string, who: string) => (PERSON_WORDS.has(who.toLowerCase()) || PEOPLE.test(who) ? `${lead}they are ` : all))
    // ("whether any of it is broken", "whether some of them are damaged": the state, said of the whole.)
    .replace(/^whether\s+(?:any|some|all|none|part)\s+of\s+(?:it|them)\s+(?:is|are|was|were|has been|have been)\s+(?=[a-z])/i, 'whether it is ')
    // ("whether they get free school meals", "whether she qualifies for the discount": what they get.)
    .replace(/^whether\s+(?:they|he|she|it|the\s+[a-z]+)\s+(?:get|gets|receive|receives|qualify for|qualifies for)\s+(?:the\s+|a\s+|an\s+)?(?=[a-z])/i, 'whether ')
    // ("whether they need to borrow a mat": what they would do.)
    .replace(/^(whether\s+(?:they|he|she|the\s+[a-z]+)\s+)(?:need|needs|want|wants|would like|plan|plans)\s+to\s+(?=[a-z])/i, '$1')
    // ("whether photo consent has been given": the consent itself, yes or no.)
    .replace(/^whether\s+((?:[a-z]+\s+){0,2}(?:consent|permission|approval|agreement))\s+(?:has|have)\s+been\s+(?:given|obtained|received|granted|signed)$/i, (_m, what: string) => {
      traits.type ??= 'boolean';
      return what;
    })
    // ("whether it contains any of the major allergens": which ones is no part of the name.)
    .replace(/\b(contains?|has|have|includes?)\s+any\s+of\s+(?:the|our|its|their)\s+/i, '$1 ')
    // ("its opening hours written however they like": free text, whatever the name suggests.)
    .replace(/\s+(?:written|typed|put|entered)\s+(?:however|any\s+way|in\s+whatever\s+way)\s+(?:they|you|we|people)\s+(?:like|want|wish|prefer)$/i, () => {
      traits.type ??= 'string';
      return '';
    })
    // ("the customer's signature as an image of at most 2 MB": what it is kept as, a file.)
    .replace(/^([^()]+?)\s+as\s+(?:an?\s+)?((?:image|photo|picture|pdf|scan|jpe?g|png)s?\b[^()]*)$/i, '$1 ($2)')
    // ("the highest grade allowed to enter": who may do what with it is no part of its name.)
    .replace(/\s+(?:allowed|permitted|eligible)\s+to\s+[a-z]+(?:\s+(?:it|them|in|on))?(?=\s*[,(]|$)/i, '')
    // ("optionally up to one photo": optional, one photo.)
    .replace(/^((?:optionally|optional)\s+)?(?:exactly|just|only|up to|at most)\s+(?:one|a single|1)\s+/i, '$1');
  // ("a three-letter station code", "a 6-digit PIN": how it is written is a note, not part of its name.)
  text = text.replace(/\b((?:two|three|four|five|six|seven|eight|nine|ten|twelve|\d{1,2})[- ](?:letter|digit|character|char))\s+(?=[a-z])/i, (_m, form: string) => {
    traits.notes.push(form.replace(/\s+/, '-'));
    return '';
  });
  // ("the styles they teach", "any injuries we should know about": things described in words, not how many.)
  if (/^(?:(?:the|any|their|its|his|her)\s+)?(?:[a-z]+\s+)?[a-z]+[^s\s]s\s+(?:(?:that|which)\s+)?(?:they|we|you|he|she|it|the\s+[a-z]+)\s+(?!(?:is|are|was|were|has|have|had)\b)[a-z]+/i.test(text) || /^any\s+(?:[a-z]+\s+)?(?!(?:minutes|hours|days|weeks|months|years|seconds|points|credits|marks|pounds|euros|dollars)\b)[a-z]+[^s\s]s\b(?!\s*\()/i.test(text)) traits.described = true;
  // ("the day of the week (Monday to Friday only)": the day of the week, as it is named.)
  text = text.replace(/^((?:the|its|their|which)\s+)?day\s+of\s+the\s+week\b/i, '$1day-of-week');
  // ("any day of the week, Monday to Sunday": the days between, as the values.)
  text = text.replace(DAY_RANGE, (_m, from: string, to: string) => {
    const days = WEEKDAYS.slice(WEEKDAYS.indexOf(from.toLowerCase()), WEEKDAYS.indexOf(to.toLowerCase()) + 1);
    return days.length >= 2 ? `${days.slice(0, -1).join(', ')} or ${days[days.length - 1]}` : _m;
  });
  // ('("coach C, under seat 42")': a quoted example of what is written there, not its values.)
  // ('size as printed on the label ("7-8 yrs")': numbers with words are written text, whatever the name suggests.)
  const numericName = text.replace(/\(.*$/, '').split(/[^a-z]+/i).some((w) => HEAD_TYPES[w.toLowerCase()] === 'integer' || HEAD_TYPES[w.toLowerCase()] === 'number');
  text = text.replace(/\(\s*(?:(?:e\.g\.?|eg|like|such as|say)\s*)?["“]([^"“”()]{1,80})["”]\s*\)/gi, (_m, example: string) => {
    traits.notes.push(example);
    if (numericName && /\d/.test(example) && /[a-z]{2,}/i.test(example) && !/\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(?:am|pm)\b|\d\s*(?:kg|g|km|m|cm|mm|ml|l|lb|mph|%)\b/i.test(example)) traits.type ??= 'string';
    return ' ';
  });
  // ('(required — "kettle", "raincoat")': quoted examples of what is written there, a note.)
  text = text.replace(/\(([^()]*?)(?:\s*[—–-]\s*|,\s*|^)((?:["“][^"“”()]{1,40}["”]\s*,?\s*(?:or\s+|and\s+)?){2,})\)/g, (_m, rest: string, quoted: string) => {
    traits.notes.push(`e.g. ${quoted.replace(/["“”]/g, '').trim().replace(/,$/, '')}`);
    return rest.trim() ? `(${rest.trim()})` : ' ';
  });
  // ('(rats, mice, or "other" for the weird ones)': what the last value is for is no part of it.)
  text = text.replace(/(,?\s+or\s+["“][^"“”()]{1,30}["”])\s+(?:for|if|when)\s+[^,"“”()]+(?=\))/gi, '$1');
  text = text.replace(/["“”]([^"“”]{1,60})["“”]/g, '$1');
  // Parentheses (one level of nesting) are descriptors.
  text = text.replace(/\(((?:[^()]|\([^()]*\))*)\)/g, (_m, written: string) => {
    // ("(date and time again)", "(optional too, ...)": as before, the same type or rule; "(each a
    // date and time)", "(both dates)": what each of the fields shares is.)
    const inner = written.replace(/\s+(?:again|too|as well|also)\s*$/i, '').replace(/^(?:again|also|likewise)[,:]?\s+(?=\S)/i, '').replace(/^(?:each|both)\s+(?:(?:is|are)\s+)?(?:an?\s+)?(?=date|time|datetime|number|whole number|decimal|text)/i, '').replace(/\b(optional|required|unique)\s+(?:too|as well|also)\b/gi, '$1');
    // "weight (kg)": the unit the field is named in, as "weight in kg".
    const unitOnly = inner.trim().toLowerCase();
    if (UNITS[unitOnly] && unitOnly.length > 1 && !/^(?:hours?|hrs|percent|%)$/.test(unitOnly)) traits.unit = unitOnly;
    readDescriptor(inner, traits, entities);
    return ' ';
  });
  const colon = /^([^:]+):\s*(.*)$/.exec(text);
  if (colon && colon[2]!.trim()) {
    readDescriptor(colon[2]!, traits, entities);
    text = colon[1]!;
  } else if (colon) text = colon[1]!;
  text = text.replace(/\s+/g, ' ').trim();
  // ("the language the tour is given in", "the order it's poured in": a noun and what is done in it; the order of an act is a number.)
  const contact = /^(?:the|its|their)\s+(?!(?:when|where|what|who|how|whether|which)\b)([a-z]+)\s+(?:that\s+|which\s+)?(?:it|they|the\s+[a-z]+|its\s+[a-z]+|their\s+[a-z]+)(?:'s|'re|\s+is|\s+are|\s+was|\s+were|\s+gets?|\s+got)?\s+([a-z]+(?:ed|en|wn|ne|ld|lt|ght|ung))\s+(?:in|on|at|by|with|from|to|for|under)$/i.exec(text);
  if (contact && /^(?:order|sequence|position)$/i.test(contact[1]!)) {
    traits.type ??= 'integer';
    return { words: [infinitiveOf(contact[2]!.toLowerCase()), 'order'], traits };
  }
  if (contact) text = contact[1]!;
  // ("where it's up to: received, being cooked, ready or collected": its status.)
  // ("where it is in the process: in storage, claimed, ...", "what stage it's at: ...", "how far along it is: ...": the same.)
  if (STATUS_QUESTION.test(text) && traits.values) return { words: ['status'], traits };
  if (!text) return undefined;

  // ("max 20 people", "up to 12 places": how many it takes, a capacity with its bound.)
  // ("a max of 6 trainees": the same.)
  const holds = /^(?:(?:an?\s+)?max(?:imum)?\.?(?:\s+of)?|up\s+to|at\s+most|no\s+more\s+than|limit(?:ed)?\s+(?:of|to))\s+(\d+)\s+(?:people|persons|participants|places|spots|seats|spaces|guests|attendees|students|pupils|kids|children|players|riders|dogs|visitors|delegates|jumpers|climbers|swimmers|runners|campers|diners|covers|trainees|learners|crew|passengers|entrants|volunteers|patients|clients|adults)$/i.exec(text.trim());
  if (holds) return { words: ['capacity'], traits: { ...traits, type: 'integer', max: Number(holds[1]) } };
  // ("year built", "year founded": a year, said with what happened in it.)
  const yearOf = /^(?:(?:the|a|its|their)\s+)?year\s+(built|founded|made|established|opened|bought|purchased|manufactured|planted|registered|started|acquired)$/i.exec(text.trim());
  if (yearOf) return { words: ['year', yearOf[1]!.toLowerCase()], traits: { ...traits, type: 'integer' } };
  // ("suitable for beginner, intermediate or advanced riders": whom it suits, one of those.)
  const suits = /^(suitable|meant|aimed|intended|best|good|open)\s+(for|at|to)\s+([a-z]+(?:\s*,\s*[a-z]+)*,?\s+or\s+[a-z]+)(?:\s+[a-z]+s)?$/i.exec(text.trim());
  const suitsValues = suits ? valueList(suits[3]!) : undefined;
  if (suits && suitsValues) return { words: [suits[1]!.toLowerCase(), suits[2]!.toLowerCase()], traits: { ...traits, values: suitsValues } };
  const state = STATE_CHANGE.exec(text);
  if (state && (!entities.length || /\b(?:status|state|stage)\b/i.test(state[1]!) || refTarget(state[1]!, [...entities, ...(owner ? [owner] : [])]))) {
    const values = valueList(state[2]!);
    if (values) return { words: ['status'], traits: { ...traits, values } };
  }
  // "..., and is either open or fixed": the record's status, without its name.
  // ("whether it's planned, held or cancelled": more than yes or no, so the status too.)
  // ("where it's up to: received, being cooked, ready or collected": its status, too.)
  const bareState = /^(?:whether\s+(?:it|they)(?:'s|'re|\s+is|\s+are)\s+|(?:is|are|can be)\s+|where\s+(?:it|they)(?:'s|'re|\s+is|\s+are)\s+up\s+to\s*:?\s*)(?:either\s+|one of\s+)?(.+\s(?:or|and)\s.+)$/i.exec(text);
  // ("whether it's a pickup or a drop-off": which kind of thing it is.)
  const kinds = bareState && /^(?:a|an)\s+[a-z-]+(?:\s+[a-z-]+)?\s+or\s+(?:a|an)\s+[a-z-]+(?:\s+[a-z-]+)?$/i.test(bareState[1]!.trim()) ? valueList(bareState[1]!.replace(/\b(?:a|an)\s+/gi, '')) : undefined;
  if (kinds && !isBooleanPair(kinds)) return { words: ['kind'], traits: { ...traits, values: kinds } };
  // ("whether they're collecting or want it delivered", "whether it's collection or delivery": how the order reaches them, collected or delivered.)
  if (bareState && /^(?:collecting|collection|pick-?up|collect(?:ing)?\s+it|picking\s+(?:it\s+)?up)\s+or\s+(?:(?:want|need)\s+(?:it|them)\s+)?(?:delivered|delivery|having\s+it\s+delivered|getting\s+it\s+delivered)$/i.test(bareState[1]!.trim())) return { words: ['fulfilment'], traits: { ...traits, values: ['collection', 'delivery'] } };
  // (Not "whether they're collecting or want it delivered": acts said of a pronoun are no states.)
  const bareValues = bareState && !/\b(?:it|them)\b/i.test(bareState[1]!) ? valueList(bareState[1]!) : undefined;
  if (bareValues && !isBooleanPair(bareValues)) return { words: ['status'], traits: { ...traits, values: bareValues } };
  // ("online or in person", "in person, phone or video": how it takes place, said by its ways alone.)
  const ways = /^[a-z -]+(?:\s*,\s*[a-z -]+)*,?\s+or\s+[a-z -]+$/i.test(text.trim()) ? valueList(text.trim()) : undefined;
  const PLACE_OF_MEETING = /^(?:online|in person|in-person|remote|remotely|face to face|on site|on-site|virtual|hybrid)$/i;
  if (ways && ways.some((v) => PLACE_OF_MEETING.test(v)) && ways.every((v) => PLACE_OF_MEETING.test(v) || CHANNEL_WORD.test(v))) return { words: ['mode'], traits: { ...traits, values: ways } };
  // "a pass or fail outcome", "a win, loss or draw result": the values before their field's name.
  const before = /^(?:an?\s+)?([a-z]+(?:\s*,\s*[a-z]+)*\s+or\s+[a-z]+)\s+(outcome|result|decision|answer|verdict|grade|status|mode|type|kind)$/i.exec(text);
  const beforeValues = before ? valueList(before[1]!) : undefined;
  if (before && beforeValues) {
    if (isBooleanPair(beforeValues)) traits.type = 'boolean';
    else traits.values = beforeValues;
    text = before[2]!;
  }
  // ("the operator, who is one of our staff logins", "the instructor, who'll be a user on the system": a member of the project.)
  const member = /,?\s*who(?:'ll|'s|\s+will|\s+is|\s+must)\s+(?:always\s+)?be\s+(?:a|an|one of (?:our|the|your))\s+(?:[a-z]+\s+){0,2}?(?:users?|logins?|accounts?|members?)\b.*$|,?\s*who\s+is\s+one of (?:our|the|your)\s+(?:[a-z]+\s+){0,2}?(?:users?|logins?|accounts?|members?)\b.*$/i.exec(text);
  if (member) {
    traits.ref ??= 'User';
    text = text.slice(0, member.index);
  }
  // ("a safety briefing tick box to say they've read the briefing": a yes/no named by what comes before it.)
  const namedBox = /^(?:an?\s+|the\s+)?([a-z][a-z -]*?)\s+(?:tick ?box|check ?box|yes\/no(?: box| field)?)(?:\s+(?:to say|saying|that says|for when|to show|to confirm)\b[^,(]*)?(.*)$/i.exec(text.trim());
  if (namedBox && !/^(?:(?:an?|the|its|their|another)\s+)?(?:an?|the|its|their|another|simple|quick|little|plain|single)$/i.test(namedBox[1]!.trim())) {
    traits.type = 'boolean';
    // (A rule after it stays: "... to say they've read it (required)", "..., and that one is required too".)
    text = `${namedBox[1]!}${namedBox[2]!.replace(/^,\s*(?:and\s+)?(?:that one|that|this one|it)\s+(?:is|'s)\s+(required|optional)(?:\s+(?:too|as well))?\s*$/i, ' ($1)')}`;
  }
  // ("a courier required flag": what the flag says is needed is its name, no rule of the field.)
  const neededFlag = /^(?:an?\s+|the\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(required|needed)\s+(?:flag|tick ?box|check ?box|yes\/no|toggle)$/i.exec(text.trim());
  if (neededFlag) {
    traits.type = 'boolean';
    // ("required" would read as the field's rule: the flag says what is needed.)
    text = `${neededFlag[1]!} needed`;
  }
  // ("a yes/no for whether they've been PAT tested", "a tick box for gift aid": the question is the field.)
  // ("a simple yes/no for whether it's vacant at the moment": what kind of box, and when, say nothing.)
  const forWhat = /^(?:an?\s+|another\s+)?(?:(?:simple|quick|little|plain|single)\s+)?(?:yes\/no|yes-no|y\/n|tick ?box|check ?box|tick|flag|toggle)\s+(?:for|saying|to say|on)\s+(.+)$/i.exec(text.trim());
  if (forWhat) {
    traits.type = 'boolean';
    // ("a flag for when it's out of order": whether it is.)
    const asked = forWhat[1]!.replace(/\s+(?:at the moment|right now|currently|at present|just now)$/i, '').replace(/^when\s+(?=(?:it|they)(?:['’]s|['’]re|\s+is|\s+are)\s)/i, 'whether ');
    text = /^(?:whether|if)\s/i.test(asked) ? asked.replace(/^if\s/i, 'whether ') : asked;
  }
  // ("the medical declaration, a tick box where they declare they're fit": a yes/no field.)
  const tick = /,\s*an?\s+(?:tick box|tickbox|check box|checkbox|yes\/no (?:field|box))\b.*$/i.exec(text);
  if (tick) {
    traits.type ??= 'boolean';
    text = text.slice(0, tick.index);
  }
  // ("their current grade, a whole number that must be between 1 and 8": the type after the name, and its rule.)
  const kindAfter = /,\s*an?\s+(whole number|number|decimal(?: number)?|integer)\b(.*)$/i.exec(text);
  if (kindAfter) {
    traits.type ??= /decimal/i.test(kindAfter[1]!) ? 'number' : /whole|integer/i.test(kindAfter[1]!) ? 'integer' : 'number';
    if (kindAfter[2]!.trim()) readDescriptor(kindAfter[2]!, traits, entities);
    text = text.slice(0, kindAfter.index);
  }
  // ("allergies, as free text": the type, said after the name.)
  const asType = /,?\s+as\s+(?:an?\s+)?([a-z][a-z /+&-]*?)\s*$/i.exec(text);
  if (asType && TYPE_PHRASES[asType[1]!.toLowerCase()] !== undefined) {
    traits.type ??= TYPE_PHRASES[asType[1]!.toLowerCase()];
    text = text.slice(0, asType.index);
  }
  // ("a two-letter code like DE or FR": examples of what it holds, not its values.)
  const likeExamples = /\s+((?:like|e\.g\.?|such as)\s+[A-Za-z0-9][^,()]*?\s+or\s+[A-Za-z0-9][^,()]*)$/i.exec(text);
  if (likeExamples) {
    traits.notes.push(likeExamples[1]!);
    text = text.slice(0, likeExamples.index);
  }
  text = takeTypeLead(text, traits);
  text = takeNameDefault(text, traits);
  text = takeInlineValues(text, traits, entities, owner);
  text = takeCommaDescriptor(text, traits, entities);
  text = takeSize(text, traits);
  text = takeNameFormats(text, traits);
  text = takeRange(` ${text} `, traits).trim();
  text = takeNameRules(text, traits);
  // ("the capacity in people": a count of people; "the purpose in the hirer's own words": free text.)
  text = text.replace(/\s+in\s+(?:people|persons|guests|heads|seats)$/i, () => {
    traits.type ??= 'integer';
    return '';
  }).replace(/\s+in\s+(?:the\s+[a-z]+['’]s|their|his|her|your|my)\s+own\s+words$/i, () => {
    traits.type ??= 'text';
    return '';
  });
  // ("a monthly credit limit in £", "the deposit in euros": money, said by its currency; the currency is no part of the name.)
  text = text.replace(/\s+in\s+(?:[£$€]|gbp|usd|eur|sterling|pounds sterling)(?=[\s,;)]|$)/i, () => {
    traits.type ??= 'number';
    return '';
  });
  // ("in degrees Celsius": a unit of two words.)
  const unit = /\s+(?:measured |expressed |given )?(?:in|as(?: an?)?)\s+((?:cubic|square)\s+\S+|degrees\s+(?:celsius|centigrade|fahrenheit|c|f)\b|[^\s,;]+)(?=[\s,;]|$)/i.exec(text);
  if (unit && UNITS[unit[1]!.toLowerCase()]) {
    traits.unit = unit[1]!.toLowerCase();
    text = text.slice(0, unit.index) + text.slice(unit.index + unit[0].length);
  }
  // ("at a date and time", "date/time": a record's one moment, said alone, is when it starts; writers name it
  // starts_at and none of the corpus's 60 such fields date_time.) ("at a particular date and time": which one, no name.)
  if (/^(?:(?:at|on|for)\s+)?(?:(?:a|an|the|its|their)\s+)?(?:(?:particular|specific|set|certain|given|fixed|agreed|chosen)\s+)?(?:date and time|date\s*\/\s*time|date \+ time|date & time|datetime|time and date)$/i.test(text.trim())) {
    traits.type ??= 'datetime';
    text = 'starts at';
  }
  const datetime = /^(.+?)\s+(?:date and time|date \+ time|date & time|datetime|timestamp)$/i.exec(text);
  if (datetime) {
    traits.type ??= 'datetime';
    text = datetime[1]!;
  }
  const wh = whPhrase(text, traits, owner ? entityWords(owner) : []);
  if (wh) return { words: wh, traits };
  // ("wheelchair accessible or not", "insured yes or no": a yes/no field named by what it asks.)
  // (Also '"out of service" yes/no for when one is laid up': what it is for after it.)
  const orNot = /^(.+?)\s+(?:or not|yes or no|yes\/no|y\/n)(?:\s+(?:for|when|if|so|to)\b.*)?$/i.exec(text);
  if (orNot && !/^whether\b/i.test(text)) {
    traits.type = 'boolean';
    text = orNot[1]!;
  }
  // ("whether we'd need to collect it": whether it needs collection.)
  const needTo = /^(?:whether|if)\s+(?:we|they|you|someone)(?:['’]d|\s+would|\s+will)?\s+(?:need|have)\s+to\s+(collect|deliver|install|inspect|visit|repair|fix|replace|move|check|clean|pick up|pick)\s+(?:it|them|up|it up|them up)$/i.exec(text.trim());
  if (needTo) {
    traits.type ??= 'boolean';
    const act = needTo[1]!.toLowerCase();
    return { words: ['needs', { collect: 'collection', deliver: 'delivery', install: 'installation', inspect: 'inspection', fix: 'repair', replace: 'replacement', move: 'moving', check: 'check', clean: 'cleaning', 'pick up': 'pickup', pick: 'pickup' }[act] ?? act], traits };
  }
  const whether = /^whether\s+(.+)$/i.exec(text);
  if (whether) {
    traits.type = 'boolean';
    // ("whether they're breathing-apparatus qualified": the contraction's verb, so the subject drops.)
    // ("whether there's a lift": whether it has one.)
    const plainWords = whether[1]!
      // ("whether we keep it in stock or have to order it in": the first of the two, in stock.)
      .replace(/\s+or\s+(?:(?:we|they)\s+)?(?:have|has|need|needs)\s+to\s+.*$/i, '')
      .replace(/^(?:we|they|you)\s+(?:keep|have|hold|store|carry)\s+(?:it|them)\s+(in\s+[a-z]+)$/i, '$1')
      .replace(/^there(?:['’]s|\s+is|\s+are)\s+/i, 'it has ')
      // ("whether the member is happy to appear on the ladder page": what they agree to.)
      .replace(/^(?:the|their|our)\s+[a-z]+\s+(?:is|are)\s+(?:happy|willing|okay|ok|content|glad)\s+to\s+(?=[a-z])/i, '')
      // ("whether the customer is happy for us to post it": whether it is ok to post.)
      .replace(/^(?:the|their|our)\s+[a-z]+\s+(?:is|are)\s+(?:happy|willing|okay|ok|content|glad)\s+for\s+(?:us|them|you|the\s+[a-z]+)\s+to\s+([a-z]+)(?:\s+(?:it|them))?$/i, 'ok to $1')
      .replace(/^(?:the|their|our)\s+[a-z]+\s+(?:wants?|agrees?|consents?)\s+to\s+(?=[a-z])/i, '')
      // ("whether there are children living there": where they are is no part of it.)
      .replace(/^(it has\s+[a-z]+)\s+(?:living|staying|kept|based|present|around)\s+(?:there|at home|in the house|on site|here|with them)$/i, '$1')
      // ("whether they hold a personal licence", "whether she holds a current first aid certificate": what they hold.)
      .replace(/^(?:they|he|she|the\s+[a-z]+)\s+(?:hold|holds|possess|possesses)\s+(?:(?:a|an|the|their|his|her|valid|current|up-to-date|up\s+to\s+date)\s+)*(?=[a-z])/i, '')
      // ("whether the parent has given photo consent": what was given, the consent.)
      .replace(/^(?:(?:the|their|its|our)\s+[a-z]+|they|he|she)(?:\s+(?:has|have|had)|['’]s|['’]ve)\s+(?:already\s+)?given\s+(?:(?:a|an|the|their|its|his|her)\s+)?(?=[a-z]+(?:\s+[a-z]+)?$)/i, '')
      // ("whether the customer has collected it", "whether the owner has paid yet": what was done, collected, paid.)
      .replace(/^(?:the|their|its|our)\s+[a-z]+\s+(?:has|have|had)\s+(?:already\s+)?([a-z]+(?:ed|en|id|ld|nt))(?:\s+(?:it|them|yet|already))*$/i, '$1')
      // ("whether the site has mains water", "whether the hut has a drying room": whether it has one.)
      .replace(/^(?:the|their|its|our)\s+[a-z]+\s+(?:has|have)\s+(?!been\b|to\b|got\s+to\b)(?=[a-z])/i, 'it has ')
      .replace(/\b(they|we|you)['’]re\b/gi, '$1 are')
      .replace(/\b(it|he|she)['’]s\b/gi, '$1 is')
      // ("whether a health professional referred them to us": referred by a health professional.)
      .replace(/^(?:a|an|the|their)\s+([a-z]+(?:\s+[a-z]+)?)\s+([a-z]+ed)\s+(?:them|it|him|her)(?:\s+(?:to|on)\s+(?:us|them|it))?$/i, '$2 by $1')
      // ("whether the item was cleaned" on a return check: the item is another record type, the thing said of it is the field.)
      .replace(/^the\s+([a-z]+)\s+(?=(?:was|were|is|are|has been|have been)\s+[a-z]+(?:ed|en)$)/i, (all, noun: string) => (entities.some((e) => entityWords(e).at(-1) === noun.toLowerCase()) && !(owner && entityWords(owner).at(-1) === noun.toLowerCase()) ? '' : all));
    return { words: questionWords(words(plainWords), owner), traits };
  }
  // ("theft reports: always for one bike": the record it is for, however often.)
  const lead = /^(?:(?:always|only|each|every one is|each one is)\s+)?(?:belongs? to|is for|for|at|in|on|linked to|(?:(?:an?|the)\s+)?(?:links?|reference|pointer)\s+to|of)\s+(.+)$/i.exec(text);
  if (lead && refTarget(lead[1]!, entities)) text = lead[1]!;
  // ("the name of whoever we deal with there", "the email of the person we speak to": the contact's. The informal
  // wording has made "deal with" "manage" by the time a phrase is read.)
  const dealtWith = /^(?:(?:the|a)\s+)?(name|email|phone)(?:\s+number|\s+address)?\s+of\s+(?:whoever|the\s+person|the\s+people|someone|the\s+one)\s+(?:that\s+|who\s+)?(?:we|i)\s+(?:(?:deal|deals|speak|talk|work|liaise)\s+(?:with|to)|manage)(?:\s+(?:there|at\s+[a-z]+|on\s+their\s+side))?$/i.exec(text.trim());
  if (dealtWith) return { words: ['contact', dealtWith[1]!.toLowerCase()], traits: { ...traits, type: traits.type ?? (dealtWith[1]!.toLowerCase() === 'email' ? 'email' : 'string') } };
  // ("the name of the person who collected the child", "the name of whoever signed": who did it.)
  const doneBy = /^(?:(?:the|a)\s+)?(?:full\s+)?name\s+of\s+(?:(?:the\s+)?(?:person|one|adult|member of staff|staff member)\s+who|whoever)\s+([a-z]+ed)\b/i.exec(text);
  if (doneBy) return { words: [doneBy[1]!.toLowerCase(), 'by'], traits: { ...traits, type: traits.type ?? 'string' } };
  // ("which station it's being kept at", "which shelf they're stored on": the one it is at, a reference when the text describes it.)
  const keptAt = /^which\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:it|they)(?:['’]?s|['’]re|\s+is|\s+are)\s+(?:being\s+|currently\s+|now\s+)?[a-z]+(?:ed|en|pt|t)\s+(?:at|in|on)$/i.exec(text.trim());
  if (keptAt) text = keptAt[1]!;
  // ("where it was stolen from": the place of what happened to it.)
  const whereDone = /^where\s+(?:it|they)\s+(?:was|were)\s+([a-z]+(?:ed|en|wn|nd|ld|lt|nt))\s+(from|at|in)$/i.exec(text.trim());
  if (whereDone) return { words: [whereDone[1]!.toLowerCase(), whereDone[2]!.toLowerCase()], traits: { ...traits, type: traits.type ?? 'string' } };
  // ("a name too", "a photo as well", "a name each": what adds it to the list, not its name.)
  // ("a reference number in the form DA-2024-0153": what it looks like, an example.)
  text = text.replace(/\s+in\s+the\s+(?:form|format)\s+(?:of\s+)?(?:["“]?[A-Za-z0-9][\w/.-]*["”]?)(?=\s*(?:,|$))/i, (m) => {
    traits.notes.push(`e.g. ${m.replace(/^\s+in\s+the\s+(?:form|format)\s+(?:of\s+)?/i, '').replace(/["“”]/g, '')}`);
    return '';
  });
  // ("the machine it's for": the machine; "reporters email": the reporter's.)
  text = text.replace(/\s+(?:that\s+)?(?:it|they)(?:['’]s|['’]re|\s+is|\s+are)\s+(?:for|about|from|on)$/i, '').replace(/^([a-z]+ers)\s+(?=(?:email|phone|name|address|number|mobile)\b)/i, (_m, people: string) => `${people.slice(0, -1)} `);
  // ("a status showing where it's at": what it shows says nothing more of its name.)
  text = text.replace(/^((?:(?:a|an|the|its|their)\s+)?[a-z]+)\s+(?:showing|saying|telling(?:\s+us)?|that\s+(?:shows|says)|which\s+(?:shows|says))\s+(?:where|what|how|whether|when)\b.*$/i, '$1');
  // ("any extra minutes the candidate is allowed": who is allowed them says nothing of the minutes.)
  text = text.replace(/\s+(?:that\s+)?(?:the\s+[a-z]+|they|he|she|it)\s+(?:is|are|gets?|was|were)\s+(?:allowed|given|entitled to|granted|owed)$/i, '');
  // ("a customer is really just a name, ...": how little there is says nothing of the name.)
  let ws = words(cutClauses(text).replace(/\s+(?:too|as well|also|aswell|each|apiece)$/i, '').replace(/^(?:really\s+|basically\s+)?(?:just|simply|only)\s+(?=(?:a|an|the|their|its)\s)/i, ''));
  if (ws.length === 0) return undefined;
  ws = dropOwnerPossessive(ws, owner);
  // ("the registration of the vehicle": a part of a thing named by its article, as a compound names it.)
  const ofAt = ws.indexOf('of');
  const ofThe = ofAt > 0 && /^(?:the|their|its|his|her|our)$/.test(ws[ofAt + 1] ?? '');
  const hasPrefix = (ws[0] === 'has' || ws[0] === 'have') && ws.length > 1;
  ws = ws.filter((w, i) => !(DETERMINERS.has(w) && i < ws.length - 1) && !FILLER_ADJECTIVES.has(w));
  if (hasPrefix) ws = traits.type === 'boolean' ? ['has', ...ws.slice(1)] : ws.slice(1);
  ws = dropOwnTail(ws, owner);
  // ("a couple of photos", "a few pictures", "one or two sketches": how many there are is no part of the name.)
  const howMany = /^(?:couple of|few|handful of|several|one or two|two or three)\s+(?!(?:lines?|sentences?|paragraphs?|bits?)\b)(?=[a-z])/.exec(ws.join(' '));
  if (howMany && ws.length > howMany[0].split(' ').length - 1) ws = ws.join(' ').slice(howMany[0].length).split(' ');
  // ("a few lines of notes", "a bit of text on why": how much is written is no part of the name.)
  const amount = /^(?:(?:few|couple of)\s+)?(?:lines?|sentences?|paragraphs?|bits?)(?:\s+or\s+two)?\s+of\s+(?=[a-z])/.exec(ws.join(' '));
  if (amount) {
    ws = ws.join(' ').slice(amount[0].length).split(' ');
    traits.type ??= 'text';
  }
  // ("text on why they'd like it", "a note saying why": the reason.)
  // ("a line or two about why they're referring": the same.)
  if (/^(?:text|notes?|words?|something|explanation|comments?|(?:(?:few|couple of)\s+)?(?:lines?|sentences?|paragraphs?)(?:\s+or\s+two)?)\s+(?:on|about|saying|explaining|of)\s+why$/.test(ws.join(' '))) {
    ws = ['reason'];
    traits.type ??= 'text';
  }
  // ("a carer assigned", "the vet responsible": who it is; how they come to be there names nothing more.)
  // ("the dish chosen", "the room picked": which one it is.)
  if (ws.length >= 2 && /^(?:assigned|allocated|attached|responsible|involved|in charge|chosen|picked|selected)$/.test(ws[ws.length - 1]!) && (entities.some((e) => entityWords(e).join(' ') === ws.slice(0, -1).join(' ')) || PERSON_WORDS.has(ws[ws.length - 2]!))) ws = ws.slice(0, -1);
  // ("a description of the damage", "notes on the visit": the text field itself.)
  // ("notes about the damage", "notes on the repertoire": the damage notes, of a thing that is no record here.)
  if (ws.length === 3 && /^(?:notes|comments)$/.test(ws[0]!) && /^(?:on|about)$/.test(ws[1]!) && !/^(?:it|them|this|that|visit|session|job|day|one|what|how|why|when|where|who|which|anything|everything)$/.test(ws[2]!) && !(owner && entityWords(owner).includes(ws[2]!)) && !entities.some((e) => entityWords(e).at(-1) === ws[2])) ws = [ws[2]!, ws[0]!];
  else if (ws.length >= 2 && /^(?:description|notes?|summary|details|explanation|comments?)$/.test(ws[0]!) && /^(?:of|on|about)$/.test(ws[1]!)) ws = [ws[0]!];
  // ("the name of the item", "the weight of one piece": what the record's own thing has is the record's.)
  else if (ws.length === 3 && /^(?:name|title|weight|price|size|length|colour|color|height|width)$/.test(ws[0]!) && ws[1] === 'of' && /^(?:item|piece|thing|one|unit|product)$/.test(ws[2]!)) ws = [ws[0]!];
  // ("a PDF (max 20 MB)": the format, read as one, leaves only its article; the pdf.)
  if (ws.length > 0 && ws.every((w) => /^(?:a|an|the|its|their|one)$/.test(w)) && traits.contentTypes.length > 0) ws = [traits.contentTypes.every((c) => c === 'application/pdf') ? 'pdf' : 'file'];
  // ("a PDF of the quote": the format, read as one, leaves "of the quote"; the quote pdf.)
  if (ws.length >= 2 && ws.length <= 3 && ws[0] === 'of' && traits.contentTypes.length > 0) ws = [...ws.slice(1), traits.contentTypes.every((c) => c === 'application/pdf') ? 'pdf' : 'file'];
  // ("a photo of the scoresheet": the scoresheet photo, as a compound names it; "a pdf of the quote", the quote pdf.)
  // ("a recording of the speaking part": the recording, a file, named by what it records.)
  // ("a scan of their driving licence": the licence, kept as a file, as a scan or an upload of it would be.)
  // ("a copy of the training cert": the certificate, kept as a file.)
  else if (ws.length > 2 && ws.length <= 5 && (ws[0] === 'scan' || (ws[0] === 'copy' && traits.contentTypes.length > 0)) && ws[1] === 'of') {
    ws = ws.slice(2);
    traits.type ??= 'file';
  } else if (ws.length > 2 && (ofObject(ws).length <= 2 || ofObject(ws).includes('or')) && /^(?:photo|picture|image|recording|video|pdf)$/.test(ws[0]!) && ws[1] === 'of') {
    // ("recording" names a file only so: "a recording date" is a date.)
    if (ws[0] === 'recording') traits.type ??= 'file';
    // ("a photo of the load in the bay": where it is taken is no part of the name;
    // "a photo of the infestation or the bait placement": of one thing or another, the photo.)
    ws = ofObject(ws).includes('or') ? [ws[0]!] : [...ofObject(ws).filter((w) => w !== 'part'), ws[0]!];
  }
  // ("the registration of the vehicle", "the address of the venue": the vehicle registration, the
  // venue address; "the start time of the session" is the session's own start time.)
  else if (ofThe && OF_THE_COMPOUND.test(ws.join(' ')) && !/^(?:number|kind|type|sort|category|class|one|any|some|all|each|most|part|rest|none|both|either|many|few|list|set)$/.test(ws[0]!)) {
    const at = ws.indexOf('of');
    const of = ws.slice(at + 1);
    ws = owner && of.join(' ') === entityWords(owner).join(' ') ? ws.slice(0, at) : [...of, ...ws.slice(0, at)];
  }
  // ("the type of home (house, flat or other)": the home type, its values said.)
  else if (ws.length === 3 && /^(?:type|kind|sort)$/.test(ws[0]!) && ws[1] === 'of' && traits.values !== undefined && !/^(?:kit|thing|item|gear|equipment|stuff|work|job)$/.test(ws[2]!) && !(owner && entityWords(owner).at(-1) === ws[2])) ws = [ws[2]!, 'type'];
  // ("the kind of kit (rope, harness or helmet)": the kind, whatever of.)
  else if (ws.length === 3 && /^(?:kind|type|sort|category|class)$/.test(ws[0]!) && ws[1] === 'of' && (traits.values !== undefined || /^(?:kit|thing|item|gear|equipment|stuff|work|job)$/.test(ws[2]!))) ws = [ws[0]!];
  // ("the weight of the tenor", "the length of the patrolled zone": a measure of a part, named as a compound.)
  else if (ws.length >= 3 && ws.length <= 4 && /^(?:weight|length|width|height|depth|area|volume|diameter|circumference|temperature)$/.test(ws[0]!) && ws[1] === 'of' && !ws.slice(2).some((w) => /^(?:of|in|on|at|for|with|one|it|them)$/.test(w))) ws = [...ws.slice(2), ws[0]!];
  // ("a notes field": after a word for what it holds, "field" names nothing; a "research field" is one.)
  // ("a notes box for anything we should know": the notes.)
  if (ws.length > 1 && /^(?:field|box)$/.test(ws[ws.length - 1]!) && /^(?:notes?|comments?|remarks|text|description|details)$/.test(ws[ws.length - 2]!)) ws = ws.slice(0, -1);
  // ("a delivered-at time": the moment, named as it is written.)
  if (ws.length >= 2 && /^(?:time|date)$/.test(ws[ws.length - 1]!) && /-at$/.test(ws[ws.length - 2]!)) ws = [...ws.slice(0, -2), ...ws[ws.length - 2]!.split('-')];
  // ("a starts-at date and time": the same.)
  else if (ws.length >= 4 && ws.slice(-3).join(' ') === 'date and time' && /-at$/.test(ws[ws.length - 4]!)) ws = [...ws.slice(0, -4), ...ws[ws.length - 4]!.split('-')];
  const counted = numberOf(ws);
  // ("the expected number of guests" counts guests: a number, not a link to a guest.)
  if (counted.length < ws.length) traits.type ??= 'integer';
  ws = counted;
  ws = ws.map((w) => NAME_SYNONYMS[w] ?? w);
  // ("an email address": the email, as every corpus file names it.)
  if (ws.length >= 2 && ws[ws.length - 2] === 'email' && ws[ws.length - 1] === 'address') ws = ws.slice(0, -1);
  if (ws.length === 1 && MOMENT_NAMES[ws[0]!]) ws = [...MOMENT_NAMES[ws[0]!]!];
  const questionLead = hasPrefix || (ws.length > 1 && BOOLEAN_PREFIXES.has(ws[0]!));
  // A verb makes a phrase a sentence, but a single word in a list is a field ("make, model").
  // ("special needs", "road signs": a plural noun at the end, not a verb.)
  const verbal = (w: string, i: number) => VERBS.has(w) && !(i === ws.length - 1 && i > 0 && PLURAL_NOUNS_TOO.has(w));
  if (ws.length === 0 || ws.length > 6 || (ws.length > 1 && ws.some((w, i) => i >= (questionLead ? 1 : 0) && verbal(w, i)))) return undefined;
  // ("a name (Marathon, Half, 10K, Fun Run)": what a name or title lists are examples, not the only values.)
  if (/^(?:name|title)$/.test(ws[ws.length - 1]!) && traits.values && traits.type !== 'enum') {
    delete traits.values;
    delete traits.default;
  }
  return { words: ws, traits };
}

/** `category bread/cake/pastry`, `a sex of male or female`, `a boat type, sail or motor`, `gluten free y/n`. */
function takeInlineValues(text: string, traits: Traits, entities: readonly string[], owner?: string): string {
  // The first value is the word before the first slash; the others may be words or two
  // (`status received/in work/ready/picked up`).
  // ("the date they did their cpr/aed training": words joined by a slash before a noun modify it; no values.)
  if (/\b(?:their|its|his|her|my|our|the)\s+[a-z]+(?:\/[a-z]+)+\s+[a-z]+$/i.test(text)) return text;
  // ("with a yes, no or maybe": an answer said by its values alone is the response.)
  const answer = /^(?:(?:a|an|the)\s+)?(yes\s*(?:,|\/)\s*no\s*(?:,?\s*(?:or|and)\s+|\/)\s*(?:maybe|not sure|unsure|don['’]t know))$/i.exec(text);
  if (answer) {
    traits.values ??= valueList(answer[1]!.replace(/\s*\/\s*/g, ', ')) ?? undefined;
    if (traits.values) return 'response';
  }
  // ("a pass/fail result", "a low/medium/high priority": the values first, then the field they are of.)
  const before = /^(?:(?:a|an|the)\s+)?([a-z]+(?:-[a-z]+)?(?:\s*\/\s*[a-z]+(?:-[a-z]+)?)+)\s+([a-z]+(?:\s+[a-z]+)?)$/i.exec(text);
  const beforeValues = before && !/\band\s*\/\s*or\b/i.test(before[1]!) ? valueList(before[1]!) : undefined;
  if (before && beforeValues && beforeValues.length >= 2) {
    if (isBooleanPair(beforeValues)) traits.type = 'boolean';
    else traits.values ??= beforeValues;
    return before[2]!;
  }
  const strict = /^(.+?)\s+([^\s/]+(?:\s*\/\s*[^\s/]+)+)$/.exec(text);
  const slash = strict && !strict[1]!.includes('/') ? strict : /^(.+?)\s+([^\s/]+(?:\s*\/\s*[^/]+)+)$/.exec(text);
  if (slash) {
    const values = valueList(slash[2]!);
    if (values && isBooleanPair(values)) {
      traits.type = 'boolean';
      return slash[1]!;
    }
    if (values && !traits.values) {
      traits.values = values;
      return slash[1]!;
    }
  }
  // ("status open or closed": a status or a kind named with its values right after it.)
  for (const re of [VALUE_MARKER, /^(.+?),\s+(.+\s(?:or|and)\s.+)$/i, /^((?:the\s+|a\s+|an\s+)?(?:status|state|stage|phase|type|kind|category))\s+([a-z][a-z -]*\sor\s[a-z -]+)$/i]) {
    const m = re.exec(text);
    if (!m || traits.values) continue;
    const head = words(m[1]!).pop();
    const list = re === VALUE_MARKER ? m[3]! : m[2]!;
    if (!head || NOT_VALUE_HEADS.has(head)) continue;
    const values = valueList(list);
    if (!values) continue;
    const stateOf = re === VALUE_MARKER && /^(?:is|it is)$/i.test(m[2]!);
    if (stateOf && !isSubject(m[1]!, entities, owner)) continue;
    if (isBooleanPair(values)) traits.type = 'boolean';
    else traits.values = values;
    // `a booking is pending, approved or declined`: the values of the record's status.
    return stateOf && !/\b(?:status|state)\b/i.test(m[1]!) ? 'status' : m[1]!;
  }
  const yesNo = /^([^,]+?)\s+(?:yes or no|true or false)$/i.exec(text);
  if (yesNo) {
    traits.type = 'boolean';
    return yesNo[1]!;
  }
  return text;
}

/** `a status: it is ...` is read by the colon; `a booking is pending, ...` only when its subject is a record type. */
function isSubject(text: string, entities: readonly string[], owner?: string): boolean {
  return /\bstatus|state\b/i.test(text) || refTarget(text, [...entities, ...(owner ? [owner] : [])]) !== undefined;
}

/** `a boolean "discontinued"`: a type word before the name. */
function takeTypeLead(text: string, traits: Traits): string {
  const m = /^(?:an?\s+)?(boolean|bool|flag|checkbox|yes\/no|true\/false)\s+(.+)$/i.exec(text);
  if (!m) return text;
  traits.type = 'boolean';
  return m[2]!;
}

/** `the vendor's signed contract, a PDF or an image ...`: a tail after a comma that is all rules, formats or values. */
function takeCommaDescriptor(text: string, traits: Traits, entities: readonly string[]): string {
  const comma = text.indexOf(', ');
  if (comma < 0) return text;
  const probe = emptyTraits();
  readDescriptor(text.slice(comma + 2), probe, entities);
  if (probe.notes.length > 0 || (probe.values && traits.values)) return text;
  Object.assign(traits, { ...probe, notes: traits.notes, unplaced: traits.unplaced, contentTypes: [...traits.contentTypes, ...probe.contentTypes] });
  for (const key of ['required', 'optional', 'unique'] as const) traits[key] = traits[key] || probe[key];
  return text.slice(0, comma);
}

/** `a status of open or closed, open by default`, `a priority that defaults to low`: the default after the name. */
function takeNameDefault(text: string, traits: Traits): string {
  const relative = /^(.+?)\s*,?\s+((?:which|that)\s+defaults?\s+to\s+.+)$/i.exec(text);
  if (relative) {
    const probe = emptyTraits();
    if (takeDefault(relative[2]!, probe) === '' && probe.default !== undefined) {
      traits.default ??= probe.default;
      return relative[1]!;
    }
  }
  const comma = text.lastIndexOf(', ');
  if (comma < 0) return text;
  const probe = emptyTraits();
  if (takeDefault(text.slice(comma + 2), probe) !== '' || probe.default === undefined) return text;
  traits.default ??= probe.default;
  return text.slice(0, comma);
}

const NAME_OPTIONAL = new RegExp(String.raw`\b(?:(?:which|that)\s+)?(?:${OPTIONAL_WORDING.source})`, 'gi');
const REQUIRED_ANYWHERE = new RegExp(String.raw`\b(?:${[...REQUIRED_WORDS].join('|')})\b`, 'gi');
const REQUIRED_LEAD = new RegExp(String.raw`^((?:(?:a|an|the|one|each)\s+)?)(?:${[...REQUIRED_LEADS].join('|')})\s+(?=\S)`, 'i');

/** Rules written in the name: `an optional due date`, `a table number that's unique`, `an essential mileage`. */
function takeNameRules(text: string, traits: Traits): string {
  return text
    .replace(REQUIRED_LEAD, (_m, article: string) => {
      traits.required = true;
      return article;
    })
    // ("a callsign that no other rider has".)
    .replace(/\b(?:(?:which|that)\s+)?(?:(?:must|should|has to|needs to) be\s+|is\s+|are\s+|that's\s+|always\s+)?unique\b|\b(?:that|which)\s+no\s+other\s+[a-z]+\s+(?:has|shares|uses|can have)\b|\b(?:that|which)\s+(?:no\s+)?two\s+[a-z]+\s+(?:can't|cannot|can not|may not|mustn't|must not|should not|shouldn't)\s+(?:share|have|use)\b/gi, () => {
      traits.unique = true;
      return ' ';
    })
    .replace(NAME_OPTIONAL, () => {
      traits.optional = true;
      return ' ';
    })
    .replace(REQUIRED_ANYWHERE, () => {
      traits.required = true;
      return ' ';
    })
    .replace(/\s+(?:(?:that|which)\s+(?:is|are)|that's|as|,)\s*(?:an?\b\s*)?(?:of\b\s*)?$/i, '')
    .replace(/\s+(?:that|which|of|as|an?)$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Clauses after the name: `for the authors`, `where it lives`, `they teach`, `doing the job`. */
function cutClauses(text: string): string {
  const ws = text.split(/\s+/);
  // ("the from address", "a to date": a clause word right after the article is part of the name.)
  const first = /^(?:a|an|the|their|its|his|her|my|our)$/i.test(ws[0] ?? '') ? 2 : 1;
  for (let i = first; i < ws.length; i += 1) {
    const w = ws[i]!.toLowerCase();
    const next = (ws[i + 1] ?? '').toLowerCase();
    // (Also a condition, "an estimated value if it looks worth something", and a place adverb, "its reference number there".)
    // (And "its number within the badge": where it counts, not what.)
    if (/^(?:for|where|who|whom|whose|when|that|which|to|so|because|itself|from|with|like|e\.g\.?|eg|such|if|unless|there|here|once|until|whenever|while|within)$/.test(w)) return ws.slice(0, i).join(' ');
    // ("size as printed on the label": how the value is written down, not part of its name.)
    if (w === 'as' && /^(?:printed|shown|written|given|stated|listed|displayed|recorded|seen|entered|typed)$/.test(next)) return ws.slice(0, i).join(' ');
    // ("the contact phone of whoever booked it": whose it is, said as a clause, is no part of its name.)
    if (w === 'of' && /^(?:whoever|whomever|the)$/.test(next) && (next !== 'the' || /^(?:person|people|one)$/.test((ws[i + 2] ?? '').toLowerCase()))) return ws.slice(0, i).join(' ');
    // ("a doorstep photo the driver can take as proof": who can do what with it is no part of its name.)
    if (i > 1 && /^(?:the|our|their|a)$/.test(w) && /^(?:can|could|will|may|might|should|must)$/.test((ws[i + 2] ?? '').toLowerCase())) return ws.slice(0, i).join(' ');
    // ("one fish off the board", "a loaf from the list": where it is chosen from is no part of its name.)
    if (i > 0 && /^(?:off|from)$/.test(w) && /^(?:the|our|their)$/.test(next) && /^(?:list|board|menu|catalogue|catalog|range|shelf|shelves|website|site|price)$/.test((ws[i + 2] ?? '').toLowerCase())) return ws.slice(0, i).join(' ');
    // ("the frame number as we read it off the bike": how it was read is no part of its name.)
    if (w === 'as' && /^(?:we|they|you|i|it|someone|the)$/.test(next)) return ws.slice(0, i).join(' ');
    if (PRONOUNS.test(w) && i > 1) return ws.slice(0, i).join(' ');
    // ("a recording of them playing": what it shows, no part of its name.)
    if (w === 'of' && /^(?:them|it|him|her|us)$/.test(next) && i >= first) return ws.slice(0, i).join(' ');
    // ("the instructor running it", "the technician working on it": who does it, named by the person.)
    if (/ing$/.test(w) && (/^(?:the|a|an|their|its|his|her|my|our|it|them)$/.test(next) || (/^(?:on|at|with|for)$/.test(next) && /^(?:it|them|the)$/.test((ws[i + 2] ?? '').toLowerCase())))) return ws.slice(0, i).join(' ');
    // ("a photo of the device as it came in": when it was taken, no part of its name.)
    if (w === 'as' && /^(?:it|they|he|she)$/.test(next)) return ws.slice(0, i).join(' ');
    // ("a code painted on the door", "opening hours written however they like": a participle and how the value is shown.)
    if (i >= first && /^[a-z]{3,}(?:ed|en)$/.test(w) && /^(?:on|onto|in|into|at|by|inside|under|however|whatever|any|freely)$/.test(next)) return ws.slice(0, i).join(' ');
  }
  return text;
}

/** A weight's unit as a name ends with it ("in kg", "in kilos", "in grams"). */
const SIZE_OF_UNIT: Readonly<Record<string, string>> = { kilos: 'kg', kilograms: 'kg', kgs: 'kg', grams: 'g', pounds: 'lb', lbs: 'lb', tonnes: 't' };

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const DAY_RANGE = new RegExp(String.raw`(?:any\s+(?:day|weekday)(?:\s+of\s+the\s+week)?\s*,?\s*)?(?:from\s+)?\b(${WEEKDAYS.join('|')})\s+(?:to|through|till|until|-)\s+(${WEEKDAYS.join('|')})\b(?:\s+only\b)?`, 'i');

/** The past participle of the act a noun names: collection -> collected, test -> tested, booking -> booked. */
function pastOfNoun(noun: string): string {
  const stem = noun.replace(/(?:ion|ing)$/, '').replace(/ery$/, 'er').replace(/([^aeiou])e$/, '$1');
  return /ed$/.test(stem) ? stem : stem.endsWith('e') ? `${stem}d` : `${stem}ed`;
}

/** The noun of an act ("collect" -> collection), for the names of how often it is done. */
const ACT_NOUNS: Readonly<Record<string, string>> = {
  collect: 'collection', collected: 'collection', deliver: 'delivery', delivered: 'delivery', visit: 'visit', visited: 'visit', inspect: 'inspection', inspected: 'inspection',
  clean: 'cleaning', cleaned: 'cleaning', service: 'service', serviced: 'service', pay: 'payment', paid: 'payment', water: 'watering', watered: 'watering', feed: 'feeding', fed: 'feeding',
  check: 'check', checked: 'check', meet: 'meeting', train: 'training', trained: 'training', wash: 'wash', washed: 'wash', test: 'test', tested: 'test',
  prep: 'preparation', prepare: 'preparation', book: 'booking', cook: 'cooking', pack: 'packing', package: 'packaging', ship: 'shipping', send: 'sending', finish: 'finish',
  bill: 'billing', billed: 'billing', contact: 'contact', contacted: 'contact', invoice: 'invoicing', invoiced: 'invoicing', notify: 'notification', notified: 'notification',
};

/** The measure a "how ..." question asks about ("how big it is": its size). */
const MEASURE_OF_ADJECTIVE: Readonly<Record<string, string>> = { big: 'size', large: 'size', small: 'size', long: 'length', tall: 'height', high: 'height', wide: 'width', deep: 'depth', far: 'distance', heavy: 'weight', fast: 'speed' };

/** What a measure in a unit is ("how many kilos": a weight). */
const MEASURE_OF_UNIT: Readonly<Record<string, string>> = { kg: 'weight', g: 'weight', lb: 'weight', m: 'length', cm: 'length', mm: 'length', km: 'distance', miles: 'distance', litres: 'volume', ml: 'volume', hours: 'duration' };

/**
 * Questions a chatty description lists as fields: `where it is` -> location, `who hosts it` ->
 * host, `how many kilos it was` -> weight_kg, `how many people came` -> people, `when it
 * arrived` -> arrived_at (a date and time).
 */

/** Moves a record's day is named by ("the date they pick up": pickup_date), by how the move is said. */
const MOVES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^pick/, 'pickup'], [/^collect/, 'collection'], [/^drop/, 'drop_off'], [/back$|^return/, 'return'],
  [/^(?:c[oa]me|arrive)/, 'arrival'], [/^(?:leave|left|depart)/, 'departure'], [/^move.*in$/, 'move_in'], [/^move.*out$/, 'move_out'],
  [/^check.*in$/, 'check_in'], [/^check.*out$/, 'check_out'],
];
const DATE_OF_MOVE = /^(?:the\s+)?date\s+(?:they|it|he|she|we|you)\s+(?:will\s+|['’]ll\s+|should\s+|need\s+to\s+|have\s+to\s+|has\s+to\s+)?(pick(?:s|ed)?\s+(?:it\s+|them\s+)?up|collect(?:s|ed)?(?=\s+it|\s+them|$)|drop(?:s|ped)?\s+(?:it\s+|them\s+)?off|(?:bring|brings|brought|give|gives|gave|send|sends|sent|hand|hands|handed)\s+(?:it\s+|them\s+)?back|returns?(?=\s+it|\s+them|$)|c[oa]mes?\s+to\s+us|arrives?|leaves?|left|departs?|move[sd]?\s+(?:in|out)|check(?:s|ed)?\s+(?:in|out))(?:\s+(?:it|them))?$/;

function whPhrase(text: string, traits: Traits, owner: readonly string[]): string[] | undefined {
  const t = text.toLowerCase().replace(/^(?:roughly|about|approximately|exactly|also)\s+/, '');
  // ("what I'm concerned about", "what they're worried about": the concern, in their words.)
  if (/^what\s+(?:i|we|they|you|he|she)(?:['’]m|['’]re|['’]s|\s+am|\s+are|\s+is)\s+(?:most\s+)?(?:concerned|worried|anxious|unhappy)\s+about$/.test(t)) {
    traits.type ??= 'text';
    return ['concern'];
  }
  // ("who was there at which rehearsal": the one who came.)
  if (/^who\s+(?:was|were)\s+(?:there|present)$|^who\s+(?:came|attended|turned\s+up|showed\s+up)$/.test(t)) return ['attendee'];
  // ("the day they usually meet": the day of what they do, named by it.)
  const dayThey = /^(?:the\s+)?(day|night|evening|time|date)\s+(?:they|we|it|you|he|she)\s+(?:usually\s+|normally\s+|generally\s+|tend\s+to\s+|always\s+)?(meet|train|practise|practice|rehearse|play|open|close|collect|deliver|visit|run|ride|walk|swim|race|sail|dance|sing|paint|work)$/.exec(t);
  if (dayThey) return [gerundOf(dayThey[2]!), dayThey[1]!];
  // ("the date and what I did", "what was done": the work done, in their words.)
  if (/^what\s+(?:(?:i|we|they|you|he|she)\s+(?:did|do|worked on|got done|have done|'ve done)|(?:was|got|has been|is)\s+done)$/.test(t)) {
    traits.type ??= 'text';
    return ['work', 'done'];
  }
  // ("where the loan's at, which is out, returned, overdue or lost", "where it's up to": how far along it is, its status.)
  // ("where each wall is at": so is each one's.)
  // ("where they are with us", "where it is in the process": the same.)
  if (/^where\s+(?:it|they|(?:the|each|every|a)\s+[a-z]+|things?)(?:['’]s|['’]re|\s+is|\s+are)\s+(?:at|up to|with us|with them|in the (?:process|pipeline|queue))$/.test(t)) return ['status'];
  // ("where it has got to: referred, investigating or closed": how far it has gone, its status.)
  if (/^where\s+(?:it|they|(?:the|each|every|a)\s+[a-z]+)(?:['’]s|['’]ve|\s+has|\s+have)\s+(?:got|gotten)\s+to$/.test(t)) return ['status'];
  if (/^where\s+(?:it|they|he|she)\s+(?:is|are|lives?|sits?|stands?)(?:\s+located)?$|^where\s+(?:it|they)['’](?:s|re)(?:\s+located)?$/.test(t)) return ['location'];
  // ("how often we collect: daily, weekly ...": how often it is done, its frequency.)
  // ("how often we should call in": the same, however it is asked.)
  const often = /^how\s+often\s+(?:(?:we|they|you|it|he|she)\s+)?(?:(?:should|must|need\s+to|have\s+to|want\s+to|would|will|can)\s+)?(?:get\s+|are\s+|is\s+|be\s+)?([a-z]+)(?:\s+(?:it|them|in|up|out|round|on\s+(?:it|them)))?$/.exec(t);
  if (often) return [ACT_NOUNS[often[1]!] ?? often[1]!.replace(/(?:ed|s)$/, ''), 'frequency'];
  if (/^how\s+often$/.test(t)) return ['frequency'];
  // ("notes from the driver", "comments by the judge": whose they are names them.)
  const whose = /^(notes?|comments?|remarks|feedback|report)\s+(?:from|by)\s+(?:the\s+)?([a-z]+)$/.exec(t);
  if (whose) return [whose[2]!, whose[1]!];
  // ("who the lucky recipient is", "what the reference is": the thing asked about names the field.)
  const whoTheIs = /^(?:who|what|which)\s+(?:the|their|its)\s+(?:lucky\s+|main\s+|actual\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|was|were|will\s+be)$/.exec(t);
  if (whoTheIs) return whoTheIs[1]!.split(' ');
  // ("who it's suitable for", "who they're aimed at": whom it is meant for, suitable_for.)
  const meantFor = /^who\s+(?:it|they|its)(?:'s|'re|\s+is|\s+are)?\s+(?:best\s+|most\s+)?(suitable|meant|aimed|intended|designed|right|ok|safe)\s+(?:for|at)$/.exec(t);
  if (meantFor) return [meantFor[1]!, 'for'];
  // ("which setter set it", "which vet saw them": who did it, one of those people.)
  // ("which welder went", "which vet came out": the one who went, one of those people.)
  const whichDid = /^which\s+([a-z]+)\s+(?:[a-z]+(?:ed|t|de|ne|w|ught|ok)?\s+(?:it|them)(?:\s+(?:up|out|in|down|off))?|went|came|attended|drove|turned up|showed up|was there|came out|went out|did it|did the job|was sent)$/.exec(t);
  if (whichDid) return [whichDid[1]!];
  // ("which engineer's going", "which driver is doing it": the one going, one of those people.)
  // ("which volunteer is leading it", "which coach is running the session", "which vet is in charge": the one doing it.)
  const whichGoing = /^which\s+([a-z]+)(?:['’]s|\s+is|\s+will\s+be)\s+(?:going|coming|doing\s+it|doing\s+the\s+job|attending|on\s+it|taking\s+it|driving|in\s+charge(?:\s+of\s+it)?|[a-z]+ing\s+(?:it|them|the\s+[a-z]+))$/.exec(t);
  if (whichGoing) return [whichGoing[1]!];
  // ("which flags are flying: ...", "which language is spoken": the thing asked about.)
  const whichAre = /^which\s+([a-z]+)\s+(?:is|are|was|were)\s+(?:being\s+)?[a-z]+(?:ing|ed|en)$/.exec(t);
  if (whichAre) return [whichAre[1]!];
  // ("how it was caught (line caught, trawled or farmed)", "how it was paid": the way it was done, its method.)
  // ("how they paid (cash, card or cheque)": the same, said of who did it.)
  // ("how they like to be billed (per episode or ...)", "how they'd like to be contacted", "how they pay": the way they choose.)
  const howDone = /^how\s+(?:(?:it|they|each one)\s+(?:was|were|is|are|gets?|got)\s+([a-z]+(?:ed|ght|id|de|wn|ne|en|nt))|(?:they|we|you|he|she|the\s+[a-z]+)\s+(paid|booked|delivered|sent|returned|pay|book)(?:\s+(?:for\s+)?(?:it|them|us))?|(?:they|he|she|the\s+[a-z]+)(?:['’]d|\s+would)?\s+(?:like|likes|want|wants|prefer|prefers)\s+to\s+(?:be\s+|get\s+)([a-z]+(?:ed|ght|id|de|wn|ne|en|nt)))$/.exec(t);
  if (howDone) {
    const act = infinitiveOf((howDone[1] ?? howDone[2] ?? howDone[3])!);
    return [ACT_NOUNS[act] ?? act, 'method'];
  }
  // ("whether they're asking for an embargo": whether one is requested.)
  const asking = /^whether\s+(?:they|it|he|she|the\s+[a-z]+)(?:['’]re|['’]s|\s+are|\s+is)\s+(?:asking|applying)\s+for\s+(?:an?\s+|the\s+)?([a-z]+)$/.exec(t);
  if (asking) {
    traits.type ??= 'boolean';
    return [asking[1]!, 'requested'];
  }
  // ("the most drops it can take", "the maximum guests it can hold": its limit, a count.)
  const most = /^(?:the\s+)?(?:most|maximum|max)\s+([a-z]+)\s+(?:it|they|each\s+one)\s+can\s+(?:take|hold|carry|seat|have|fit|handle|manage|do|sleep)$/.exec(t);
  if (most) {
    traits.type ??= 'integer';
    return ['max', most[1]!];
  }
  // ("how they want it prepped: whole, gutted or filleted": what is done to it, as they choose.)
  const howWanted = /^how\s+(?:they|the\s+[a-z]+|customers?|people)\s+(?:want|wants|like|likes|would like|need|needs)\s+(?:it|them)\s+([a-z]+(?:ed|ght|id|de|wn|ne|en|nt))$/.exec(t);
  if (howWanted) {
    const act = infinitiveOf(howWanted[1]!);
    return [ACT_NOUNS[act] ?? act];
  }
  // ("who to talk to", "who to ask for": the person to contact, by name.)
  if (/^(?:who|whom)\s+(?:to|we|you|i)\s+(?:should\s+)?(?:talk|speak|ask|call|ring|contact|deal|go)(?:\s+(?:to|for|with))?$/.test(t)) return ['contact', 'name'];
  // ("the day they want it for", "the date they need it by": the date it is wanted.)
  const wantedOn = /^(?:the\s+)?(?:day|date)\s+(?:they|we|you|the\s+[a-z]+)\s+(want|need)s?\s+(?:it|them)\s+(for|by|on)$/.exec(t);
  if (wantedOn) {
    traits.type ??= 'date';
    return [`${wantedOn[1]}ed`, wantedOn[2]!];
  }
  // ("where it happened", "what happened": an incident's place and account.)
  // ("where it happens", "where they're held", "where it takes place": where it is done, its location.)
  if (/^where\s+(?:it|this|that|they)\s+(?:happened|occurred|took place|happens?|takes place|take place|(?:is|are|gets?|will be)\s+(?:held|run|done|taught|played|given))$|^where\s+(?:it|they)['’](?:s|re)\s+(?:held|run|done|taught|played|given)$/.test(t)) return ['location'];
  // ("whether the child actually came", "whether they turned up": whether they attended.)
  if (/^whether\s+(?:(?:the|each|every)\s+[a-z]+|they|he|she|it)\s+(?:actually\s+|really\s+)?(?:came|turned up|showed up|attended|was there|were there|made it)$/.test(t)) {
    traits.type ??= 'boolean';
    return ['attended'];
  }
  if (/^what\s+(?:happened|occurred|went wrong)(?:\s+as\s+(?:an?\s+)?(?:free[- ]text\s+)?(?:description|account|text))?$/.test(t)) {
    traits.type ??= 'text';
    return ['description'];
  }
  // ("how much it weighs in kg", "how heavy it is": its weight, in the unit said.)
  const weighs = /^how (?:much|heavy)\s+(?:it|they|each one)\s+(?:weighs?|is|are)(?:\s+in\s+([a-z]+))?$/.exec(t);
  if (weighs) {
    traits.type ??= 'number';
    const unit = weighs[1] ? (SIZE_OF_UNIT[weighs[1]] ?? weighs[1]) : undefined;
    return unit ? ['weight', unit] : ['weight'];
  }
  // ("what kind of thing it is": its category; "what's wrong with it": the fault; "how old it is in years": its age.)
  if (/^what (?:kind|type|sort) of (?:thing|item|object|device|animal|job)?\s*(?:it|they) (?:is|are)$/.test(t)) return traits.values ? ['category'] : ['kind'];
  // ("what kind of support it was (listening, prayer or ...)", "what sort of event they want": the support type.)
  const kindOf = /^what (?:kind|type|sort) of ([a-z]+) (?:it|they|he|she|the [a-z]+) (?:is|are|was|were|want|wants|need|needs|would like|'d like)$/.exec(t);
  if (kindOf) return [kindOf[1]!, 'type'];
  // ("what's wrong - long desc": what is wrong, described.)
  if (/^what['’]?s\s+(?:wrong|the problem|the matter)$|^what\s+went\s+wrong$/.test(t)) {
    traits.type ??= 'text';
    return ['description'];
  }
  if (/^what['’]?s wrong with (?:it|them)$|^what is wrong with (?:it|them)$/.test(t)) {
    traits.type ??= 'text';
    return ['fault', 'description'];
  }
  const howOld = /^how old (?:it|they|he|she) (?:is|are)(?: in (years|months))?$/.exec(t);
  if (howOld) {
    traits.type ??= 'integer';
    return ['age', howOld[1] ?? 'years'];
  }
  // ("which of us therapists is taking it": the one of those people who does it.)
  const whichOfUs = /^which\s+(?:of\s+(?:us|our|the)\s+)([a-z]+?)s?\s+(?:is|are|will\s+be|'s)\s+[a-z]+ing\s+(?:it|them)$/.exec(t);
  if (whichOfUs) return [whichOfUs[1]!];
  // ("what faith or belief the person holds", "what language they speak": the thing itself, in their words.)
  const holds = /^(?:what|which)\s+([a-z]+(?:\s+or\s+[a-z]+)?)\s+(?:the\s+[a-z]+|they|he|she|it)\s+(?:holds?|has|have|follows?|practi[sc]es?|speaks?|prefers?|fancy|fancies|want|wants|like|likes|choose|chooses|pick|picks|tried|tries|try)$/.exec(t);
  if (holds && !/^(?:number|amount|date|time|kind|sort|type)$/.test(holds[1]!.split(' ')[0]!)) {
    traits.type ??= 'string';
    return holds[1]!.split(' ');
  }
  // ("which days they're generally available", "what times she's free": when they can be called on.)
  const whenFree = /^(?:which|what)\s+(days?|times?|hours?|evenings?|weekends?|nights?|dates?)\s+(?:they|he|she|it|we|you)(?:'re|'s|\s+are|\s+is)\s+(?:usually\s+|generally\s+|normally\s+|typically\s+|mostly\s+)?(available|free)$/.exec(t);
  if (whenFree) {
    traits.type ??= 'string';
    return [whenFree[2]!, whenFree[1]!.endsWith('s') ? whenFree[1]! : `${whenFree[1]!}s`];
  }
  // ("which part and how many": how many of it, its quantity.)
  // ("how many we've got", "how many there are": the quantity held.)
  if (/^how many(?:\s+(?:we['’]ve got|we have|we've|we hold|we keep|there are|they have|we own))?$/.test(t)) {
    traits.type ??= 'integer';
    return ['quantity'];
  }
  // ("what we sell it for", "what we charge for it": its price.)
  if (/^what\s+(?:we|i|they)\s+(?:sell|sells|charge|charges|rent|hire)\s+(?:it|them|each one)\s+(?:out\s+)?(?:for|at)$|^what\s+(?:we|i)\s+charge(?:\s+for\s+(?:it|them))?$|^what\s+(?:it|they)\s+(?:sells?|goes|go)\s+for$/.test(t)) {
    traits.type ??= 'number';
    return ['price'];
  }
  // ("what the customer says is wrong", "what they think is wrong": the fault, as described.)
  if (/^what\s+(?:the\s+[a-z]+|they|he|she|the\s+owner|the\s+client)\s+(?:says?|thinks?|reports?|tells?\s+us)\s+(?:is\s+)?wrong(?:\s+with\s+(?:it|them))?$/.test(t)) {
    traits.type ??= 'text';
    return ['fault', 'description'];
  }
  // ("what type of appliance it is": the type of that thing.)
  const typeOfThing = /^what\s+(?:kind|type|sort)\s+of\s+([a-z]+)\s+(?:it|they)\s+(?:is|are)$/.exec(t);
  if (typeOfThing && !/^(?:thing|item|object|device|animal|job)$/.test(typeOfThing[1]!)) return [typeOfThing[1]!, 'type'];
  // ("how big it is", "how tall they are": the measure the adjective asks about.)
  const measure = /^how\s+(big|large|small|long|tall|high|wide|deep|far|heavy|fast)\s+(?:it|they|he|she|the\s+[a-z]+)\s+(?:is|are|was|were|goes|go)$/.exec(t);
  // ("how long it is in minutes": how long in a unit of time is its duration, not its length.)
  if (measure) return measure[1] === 'long' && traits.unit && UNITS[traits.unit]?.type === 'integer' && /^(?:minutes|seconds|hours|days|weeks|months|years)$/.test(UNITS[traits.unit]!.suffix) ? ['duration'] : [MEASURE_OF_ADJECTIVE[measure[1]!]!];
  // ("how wide their side gate or access is": the measure of the thing named last.)
  const measureOf = /^how\s+(big|large|small|long|tall|high|wide|deep|far|heavy)\s+(?:the|their|its|his|her)\s+(?:[a-z]+\s+){0,4}?([a-z]+)\s+(?:is|are|was|were)$/.exec(t);
  if (measureOf) return [measureOf[2]!, MEASURE_OF_ADJECTIVE[measureOf[1]!]!];
  // ("what state the frame's in", "what condition it is in": the condition of that part, or of the record.)
  const state = /^what\s+(?:state|condition|shape)\s+(?:(?:the|its|their)\s+([a-z]+)|it|they)(?:['’]s|['’]re|\s+is|\s+are|\s+was|\s+were)\s+in$/.exec(t);
  if (state) return state[1] ? [state[1], 'condition'] : ['condition'];
  // ("who brought it in", "who signed it off": the person who did it.)
  // ("who donated", "who referred them": the same, with no object said.)
  const whoDid = /^who\s+([a-z]+(?:ed|ught|ade|one|ook|ote|ave|ent))(?:\s+(?:it|them)(?:\s+(?:in|out|up|off|back|over))?)?$/.exec(t);
  // ("who gave it", "who donated it": the donor.)
  if (whoDid) return /^(?:gave|donated)$/.test(whoDid[1]!) ? ['donor'] : [whoDid[1]!, 'by'];
  // ("We just need to know what it is, how many they have, ...", "what it was": what each one is, its name.)
  if (/^what\s+(?:it|they|each\s+one)(?:['’]s|['’]re|\s+is|\s+are|\s+was|\s+were)$/.test(t)) return ['name'];
  // ("how serious it is", "how bad it is", "how urgent it is": its severity, or its urgency.)
  const how = /^how\s+(serious|severe|bad|urgent|important)\s+(?:it|they|the [a-z]+)\s+(?:is|are|was|were)$/.exec(t);
  if (how) return [how[1] === 'urgent' ? 'urgency' : how[1] === 'important' ? 'importance' : 'severity'];
  // ("the time they launched", "the time they got back": the moment of that act.)
  // ("what time it arrived", "the time they actually went out": the same; "went out" is when it went out.)
  const momentOfAct = /^(?:the\s+)?(?:time|date and time|moment|what\s+time)\s+(?:it|they|he|she)\s+(?:actually\s+|first\s+|finally\s+)?(?:was\s+|were\s+)?([a-z]+)(?:\s+(back|in|out|off|up|home))?$/.exec(t);
  if (momentOfAct && !/^(?:is|are|was|were|starts?|ends?|begins?|opens?|closes?|takes?)$/.test(momentOfAct[1]!)) {
    traits.type = 'datetime';
    const back = momentOfAct[2] === 'back' || momentOfAct[2] === 'home';
    const act = momentOfAct[1]!;
    if (/^(?:went|go|goes|gone|set)$/.test(act) && momentOfAct[2] && !back) return [momentOfAct[2] === 'off' ? 'departed' : momentOfAct[2], 'at'];
    return [back ? 'returned' : /(?:ed|en)$/.test(act) ? act : participle(verbLemma(act)), 'at'];
  }
  // ("the number on their jersey", "the name on the card": the jersey number, the card name.)
  const onThing = /^(?:the\s+)?(number|name|code|letters?)\s+on\s+(?:their|its|the|his|her)\s+([a-z]+)$/.exec(t);
  if (onThing) return [onThing[2]!, onThing[1]!];
  // ("valid until date", "valid till": the last day it holds.)
  if (/^(?:the\s+)?valid\s+(?:until|till|to|thru|through)(?:\s+date)?$/.test(t)) {
    traits.type ??= 'date';
    return ['valid', 'until'];
  }
  // ("their country as a two-letter code like DE or FR": the country code, with an example.)
  const asCode = /^(?:the\s+|their\s+|its\s+|his\s+|her\s+)?([a-z]+(?:\s+[a-z]+)?)\s+as\s+an?\s+(?:[a-z0-9-]+\s+)?(code|number|id)(?:\s+(?:like|e\.g\.?|such as)\s+.+)?$/.exec(t);
  if (asCode) {
    return [...words(asCode[1]!), asCode[2]!];
  }
  // ("the amount they paid", "the amount we charged": the amount of that act.)
  const amountDone = /^(?:the\s+)?amount\s+(?:they|we|he|she|it|you)\s+([a-z]+(?:ed|id|ent|ot))$/.exec(t);
  if (amountDone) {
    traits.type ??= 'number';
    return ['amount', amountDone[1]!];
  }
  // ("how many puppies were born alive", "how many eggs were laid": the count of those, as they were.)
  const countDone = /^how many\s+([a-z]+s)\s+(?:were|are|have been|got)\s+([a-z]+(?:ed|en|rn|ld|id|ught))(?:\s+(alive|dead|late|early))?$/.exec(t);
  if (countDone) {
    traits.type ??= 'integer';
    return [countDone[1]!, countDone[2]!, ...(countDone[3] ? [countDone[3]] : [])];
  }
  // ("what it cost", "what it costs": its cost.)
  // ("what it cost us to buy": what was paid for it, its purchase cost.)
  const costTo = /^what\s+(?:it|they|each one)\s+(?:cost|costs)(?:\s+(?:us|me|them|the charity|the club))?(?:\s+to\s+(buy|purchase|make|build|repair|fix|run|hire|replace))?$/.exec(t);
  if (costTo) {
    traits.type ??= 'number';
    return costTo[1] === undefined ? ['cost'] : [{ buy: 'purchase', purchase: 'purchase', fix: 'repair', run: 'running', hire: 'hire', replace: 'replacement' }[costTo[1]] ?? costTo[1], 'cost'];
  }
  // ("the date we've promised it for", "the date we agreed it by", "the date we promised it back": the promised date.)
  const datePromised = /^(?:a\s+|the\s+)?date\s+(?:we|they|you)(?:['’]ve|\s+have)?\s+([a-z]+(?:ed|id))\s+(?:it|them)(?:\s+(?:for|by|on|back))?$/.exec(t);
  if (datePromised) {
    traits.type ??= 'date';
    return [datePromised[1]!, 'date'];
  }
  // ("how many people it has to feed", "how many it sleeps": servings, beds.)
  const feeds = /^how\s+many\s+(?:people|guests)?\s*(?:it|they|each\s+one)\s+(?:has\s+to\s+|needs\s+to\s+|will\s+|should\s+|can\s+)?(feed|feeds|serve|serves|sleep|sleeps|seat|seats)$/.exec(t);
  if (feeds) {
    traits.type ??= 'integer';
    return [/^(?:feed|serve)/.test(feeds[1]!) ? 'servings' : /^sleep/.test(feeds[1]!) ? 'sleeps' : 'seats'];
  }
  // ("a date they're barred until", "the date it's reserved till": the date that state lasts until.)
  const until = /^(?:a\s+|the\s+)?date\s+(?:it|they|he|she)(?:['’]s|['’]re|\s+is|\s+are)\s+([a-z]+(?:ed|en))\s+(?:until|till|to)$/.exec(t);
  if (until) {
    traits.type ??= 'date';
    return [until[1]!, 'until'];
  }
  // ("a free-text bit about support needs", "a short note on allergies": the text of what it is about.)
  const about = /^(?:an?\s+|the\s+)?(?:(?:free[- ]?text|short|little|long|longer)\s+)?(?:bit|section|box|field|space|paragraph|line)\s+(?:about|on|for|covering)\s+(?:their\s+|its\s+|any\s+|the\s+)?([a-z]+(?:\s+[a-z]+)?)$/.exec(t);
  if (about && !/^(?:it|them|that|this)$/.test(about[1]!)) {
    traits.type ??= 'text';
    return words(about[1]!);
  }
  // ("the date it happened", "the date it took place": its own date, the record's.)
  if (/^(?:the\s+)?date\s+(?:it|they)\s+(?:happened|took place|occurred)$/.test(t)) {
    traits.type ??= 'date';
    return owner.length > 0 ? [...owner, 'date'] : ['date'];
  }
  // ("the date the next one's due", "the date the next one is due": the next due date.)
  // ("the date the next MOT is due": the next MOT's due date.)
  const nextDue = /^(?:the\s+)?date\s+the\s+next\s+(one|[a-z]+)(?:['’]s|\s+is)\s+due$/.exec(t);
  if (nextDue) {
    traits.type ??= 'date';
    return nextDue[1] === 'one' ? ['next', 'due', 'date'] : ['next', nextDue[1]!, 'due', 'date'];
  }
  // ("VAT at 20%", "a discount at 10%": the sum it comes to, whatever rate is said.)
  const atRate = /^(vat|tax|discount|commission|service\s+charge|deposit|tip)\s+at\s+\d+(?:\.\d+)?\s*(?:%|percent|per\s+cent)$/.exec(t);
  if (atRate) {
    traits.type ??= 'number';
    return atRate[1]!.split(/\s+/);
  }
  // ("what we pay for it", "how much it costs us": what it costs the writer; "what we charge for it", "what it
  // sells for": what it costs a customer.)
  const money = /^(?:what|how much)\s+(?:(?:we|i)\s+(?:pay|paid|spend|spent)|(?:it|they|each(?:\s+one)?)\s+costs?\s+(?:us|me)|(?:we|i)\s+(?:charge|sell\s+(?:it|them|one|each(?:\s+one)?)\s+for|sell\s+for)|(?:it|they|each(?:\s+one)?)\s+(?:sells?|goes|go)\s+for)\b(?:\s+(?:for\s+)?(?:it|them|one|each(?:\s+one)?))?(?:\s+(?:each|apiece))?$/.exec(t);
  if (money) {
    traits.type ??= 'number';
    return [/\b(?:pay|paid|spend|spent|costs?\s+(?:us|me))\b/.test(t) ? 'cost' : 'price'];
  }
  // ("how much each item costs", "how much it costs per night": its price.)
  if (/^how much\s+(?:(?:it|they|one|each(?:\s+one)?|each\s+[a-z]+|a\s+[a-z]+|the\s+[a-z]+)\s+)?costs?\b/.test(t)) {
    traits.type ??= 'number';
    return ['price'];
  }
  // ("just numbered (1 to 40)": its number.)
  if (/^(?:just\s+|simply\s+)?numbered$/.test(t)) {
    traits.type ??= 'integer';
    return ['number'];
  }
  // ("how many are left", "how many we have in stock": the stock.)
  if (/^how many\s+(?:(?:are|is|we have|we've got|we have got|we've|we got|there are)\s+)?(?:left|in stock|available|remaining|on hand)$/.test(t)) {
    traits.type ??= 'integer';
    return ['stock'];
  }
  // ("how many classes are left", "how many tickets remain": what is left of them.)
  const thingsLeft = /^how many\s+([a-z]+s)\s+(?:are|is|we have|they have|there are)?\s*(left|remaining|remain|available|unused)$/.exec(t);
  if (thingsLeft) {
    traits.type ??= 'integer';
    return [thingsLeft[1]!, thingsLeft[2] === 'remain' ? 'remaining' : thingsLeft[2]!];
  }
  // ("how many people fit in", "how many it sleeps": its capacity.)
  if (/^how many (?:people|guests|persons|passengers|players|seats)?\s*(?:fit(?: in)?|it (?:holds|can hold|takes|can take|sleeps|seats))$/.test(t)) {
    traits.type ??= 'integer';
    return ['capacity'];
  }
  // ("how many passengers they can take", "how many dogs it can hold": its capacity of those.)
  const capacityOf = /^how many ([a-z]+?)s? (?:it|they|he|she|each one) (?:can |could )?(?:takes?|carry|carries|holds?|seats?|fits?|sleeps?|accommodates?)$/.exec(t);
  if (capacityOf) {
    traits.type ??= 'integer';
    return /^(?:people|person|guest|persons)$/.test(capacityOf[1]!) ? ['capacity'] : [capacityOf[1]!, 'capacity'];
  }
  // ("the date and time it starts": when it starts, starts_at.)
  const momentOf = /^(?:the\s+)?date and time (?:it|they) (starts?|begins?|opens?|ends?|finish(?:es)?|closes?)$/.exec(t);
  if (momentOf) {
    traits.type = 'datetime';
    return [/^(?:start|begin|open)/.test(momentOf[1]!) ? 'starts' : 'ends', 'at'];
  }
  // ("the date and time of it": the record's own moment, handover_at.)
  if (/^(?:the\s+)?date and time of (?:it|them)$/.test(t) && owner.length > 0) {
    traits.type = 'datetime';
    return [...owner, 'at'];
  }
  // ("the date and time of the incident": when the incident happened.)
  const dateTimeOf = /^(?:the\s+)?date and time of (?:the\s+|its\s+|their\s+)?([a-z]+)$/.exec(t);
  if (dateTimeOf && dateTimeOf[1] !== owner.at(-1)) {
    traits.type = 'datetime';
    return [dateTimeOf[1]!, 'at'];
  }
  // ("the date and time we've scheduled the visit for": the moment of what was done.)
  const weDid = /^(?:the\s+)?(?:date and time|time)\s+(?:that\s+)?(?:we|they|you|someone|the\s+[a-z]+)(?:'ve|\s+have|\s+has|'d|\s+had)?\s+([a-z]+ed)\b/.exec(t);
  if (weDid) {
    traits.type = 'datetime';
    return [weDid[1]!, 'at'];
  }
  // ("the date and time of the collection" on a collection, "of the test" on a test: when it was done, collected_at.)
  if (dateTimeOf) {
    traits.type = 'datetime';
    return [pastOfNoun(dateTimeOf[1]!), 'at'];
  }
  // ("the date of the climb", "the date of the record": the event's date, not the date of birth of anyone.)
  // ("the date of its last inspection": the date of that.)
  const dateOfThe = /^(?:the\s+)?date of (?:the|its|their)\s+((?:last|next|first|latest|most recent|previous)\s+)?([a-z]+(?:\s+[a-z]+)?)$/.exec(t);
  if (dateOfThe && dateOfThe[2] !== owner.at(-1)) {
    traits.type ??= 'date';
    return [...(dateOfThe[1] ? words(dateOfThe[1]) : []), ...words(dateOfThe[2]!), 'date'];
  }
  // ("the date their DBS check was done": the date of that thing.)
  const thingDone = /^(?:the\s+)?date\s+(?:its|their|his|her|the)\s+([a-z]+(?:\s+[a-z]+){0,2})\s+(?:was|were)\s+(?:done|carried out|completed|made|taken|held|renewed|issued|signed)$/.exec(t);
  if (thingDone) {
    traits.type ??= 'date';
    return [thingDone[1]!, 'date'];
  }
  // ("the date they started with us", "the date she joined": when they began.)
  const begun = /^(?:the\s+)?date\s+(?:they|it|he|she)\s+(started|began|joined)\b/.exec(t);
  if (begun) {
    traits.type ??= 'date';
    return [begun[1] === 'joined' ? 'join' : 'start', 'date'];
  }
  // ("the date they pick up", "the date they bring it back", "the date it came to us": the day of that move, named
  // as such dates usually are: pickup_date, return_date, arrival_date.)
  const moved = DATE_OF_MOVE.exec(t);
  if (moved) {
    traits.type ??= 'date';
    return [MOVES.find(([re]) => re.test(moved[1]!))![1], 'date'];
  }
  // ("the date it was set", "the date they were hired": the date of that act.)
  const dateDone = /^(?:the\s+)?date\s+(?:it|they|he|she)\s+(?:was|were)\s+(?:first\s+)?(set|put up|built|made|sold|bought|cast|hung|paid|sent|taken|given|done|held|found|lost|born)$/.exec(t);
  if (dateDone) {
    traits.type ??= 'date';
    return [dateDone[1]!.replace(/\s+up$/, ''), 'date'];
  }
  // ("where exactly it was found": the place of what happened to it.)
  const wherePast = /^where\s+(?:exactly\s+)?(?:it|they)\s+(?:was|were)\s+([a-z]+(?:ed|ound|ost|een|eft|ept|ung))(?:\s|$)/.exec(t);
  if (wherePast) return [wherePast[1]!, 'location'];
  const who = /^who\s+([a-z]+?)s\s+(?:it|them)$/.exec(t);
  if (who) {
    const stem = who[1]!;
    return [/st$/.test(stem) ? stem : stem.endsWith('e') ? `${stem}r` : `${stem}er`];
  }
  // ("how many of the group are non-drinking drivers": a count of those.)
  const howManyOf = /^how many of (?:the|them|those|their|its)(?:\s+[a-z]+)?\s+(?:are|is|will be|have|need)\s+((?:[a-z-]+\s+){0,2}[a-z]+s)$/.exec(t);
  if (howManyOf) {
    traits.type ??= 'integer';
    return howManyOf[1]!.split(/[\s-]+/);
  }
  const howMany = /^how\s+(?:many|much)\s+([a-z]+)(?:\s+.*)?$/.exec(t);
  if (howMany) {
    const unit = UNITS[howMany[1]!];
    if (unit) {
      traits.type ??= 'number';
      return [MEASURE_OF_UNIT[unit.suffix] ?? 'amount', unit.suffix];
    }
    traits.type ??= 'integer';
    // ("how many towers it has", "how many books were in the lot": a count of those things.)
    const counted = howMany[1]!;
    // ("how many attempts it took": what was done, by its name.)
    const held = !/\s/.test(t.replace(/^how\s+(?:many|much)\s+[a-z]+/, '').trim()) || /^how many [a-z]+\s+(?:(?:it|they|he|she|we)\s+(?:has|have|had|holds?|own|owns|keep|keeps|bring|brings)|(?:are|were|is|was)\s+(?:in|on|at))\b/.test(t);
    return /^(?:people|persons|much|of)$/.test(counted) || !/[^s]s$/.test(counted) || !held ? [counted] : [singular(counted), 'count'];
  }
  // ("when it was given", "when they were collected": the moment of that act.)
  const whenDone = /^when\s+(?:it|they|the\s+[a-z]+)\s+(?:was|were|got|is|are)\s+([a-z]+(?:ed|en))$/.exec(t);
  if (whenDone) {
    traits.type ??= 'datetime';
    return [whenDone[1]!, 'at'];
  }
  // ("how long it normally takes to fruit": the time to that, a duration.)
  const takesTo = /^how long\s+(?:it|they|the\s+[a-z]+)(?:\s+(?:should|will|would|usually|normally|typically|generally))?\s+(?:takes?|needs?)\s+to\s+([a-z]+)$/.exec(t);
  if (takesTo) {
    traits.type ??= 'integer';
    return ['time', 'to', takesTo[1]!];
  }
  // ("where we got the culture from", "where they bought it": where it came from, its source.)
  if (/^where\s+(?:we|they|you|i|he|she)\s+(?:got|get|bought|buy|sourced|source|found|find|ordered)\s+(?:it|them|the\s+[a-z]+|its\s+[a-z]+)(?:\s+from)?$|^where\s+(?:it|they)\s+(?:came|comes|come)\s+from$/.test(t)) return ['source'];
  // ("where the specimen came from - roadkill, zoo or ...": the source of that thing; of the record itself, its source.)
  const cameFrom = /^where\s+(?:the|its|their)\s+([a-z]+)\s+(?:came|comes|come|was\s+from|is\s+from)(?:\s+from)?$/.exec(t);
  if (cameFrom) return owner.at(-1) === cameFrom[1] ? ['source'] : [cameFrom[1]!, 'source'];
  // ("what they want done: full mount, skull clean or rug": the kind of work asked for.)
  if (/^what\s+(?:they|the\s+[a-z]+|customers?|clients?|people)\s+(?:want|wants|need|needs|would like)\s+(?:done|doing|made)$/.test(t)) return ['work', 'type'];
  // ("lasts at most 90 minutes", "runs for up to 3 hours": with the bound read apart, lasting so many units is a duration in them.)
  const lasts = /^(?:(?:it|they|each one|which)\s+)?(?:lasts?|runs?(?:\s+for)?|takes?)\s+(minutes|hours|days|weeks|months)$/.exec(t);
  if (lasts && (traits.min !== undefined || traits.max !== undefined)) {
    traits.unit ??= lasts[1]!;
    traits.type ??= 'integer';
    return ['duration'];
  }
  // ("how long it takes in minutes": a duration, its unit read apart.)
  // ("how long it should last", "how long it's expected to take": the same.)
  // ("roughly how long in minutes", "how long it took", "how long it lasted", "how long they stayed": the same, said in passing.)
  if (/^(?:(?:roughly|about|approximately|around)\s+)?how long(?:\s+(?:it|they|the\s+[a-z]+)(?:\s+(?:should|will|would|usually|normally|typically|is expected to|are expected to|'s expected to|'re expected to)|['’]s\s+expected\s+to)?\s+(?:takes?|lasts?|runs?|took|lasted|ran|stays?|stayed|spends?|spent|stops?|stopped|visits?|visited))?$/.test(t) && (traits.unit || !/^how long$/.test(t))) {
    traits.type ??= 'integer';
    return ['duration'];
  }
  // ("the date they did their cpr/aed training", "the date it passed its inspection": the date of that thing.)
  const didDate = /^(?:the\s+)?date\s+(?:they|it|he|she)\s+(?:did|completed|passed|took|got|had|sat|finished|attended|last\s+had|last\s+did)\s+(?:their|its|his|her|the)\s+(?:[a-z]+(?:\/[a-z]+)+\s+|[a-z]+\s+){0,2}([a-z]+)$/.exec(t);
  if (didDate) {
    traits.type = 'date';
    delete traits.values;
    return [didDate[1]!, 'date'];
  }
  // ("the date its next MOT is due", "the date their contract started": the thing's due or start date.)
  const thingDate = /^(?:the\s+)?date\s+(?:its|their|his|her|the)\s+(?:next\s+|last\s+|current\s+)?([a-z]+)\s+(?:is\s+|was\s+)?(due|[a-z]+ed)$/.exec(t);
  if (thingDate) {
    traits.type ??= 'date';
    const stem = thingDate[2] === 'due' ? 'due' : thingDate[2]!.replace(/ed$/, '').replace(/(?<=[^aeiou])e?$/, '');
    return [thingDate[1]!, stem, 'date'];
  }
  // ("the year it was planted": the year of what happened, a number.)
  // ("the year it was cast", "the year they learned to ring": the year of that act.)
  const yearOf = /^(?:(?:the|a|its|their)\s+)?year\s+(?:it|they|he|she)\s+(?:was\s+|were\s+)?(?:first\s+)?([a-z]+ed|built|made|bought|born|cast|set|hung|rung|sold|won|began|started|joined|learnt|qualified)(?:\s+to\s+[a-z]+)?$/.exec(t);
  if (yearOf) {
    traits.type ??= 'integer';
    return ['year', yearOf[1]!];
  }
  // ("the date its vaccinations run out", "the date their licence expires": the thing's expiry date.)
  // ("the date their DBS check expires": of a thing named in words.)
  const expires = /^(?:the\s+)?date\s+(?:its|their|his|her|the)\s+([a-z]+(?:\s+[a-z]+){0,2})\s+(?:runs? out|expires?|lapses?)$/.exec(t);
  if (expires) {
    traits.type ??= 'date';
    return [expires[1]!.replace(/(?<=[^s])s$/, ''), 'expiry', 'date'];
  }
  // ("the date entries close", "the date bookings open": when the things named do it.)
  const whenThings = /^(?:the\s+)?date\s+([a-z]+s)\s+(close|open|start|end|begin|finish|expire|run out)$/.exec(t);
  if (whenThings) {
    traits.type ??= 'date';
    return [whenThings[1]!, whenThings[2]!.replace(/\s+/g, '_'), 'date'];
  }
  // ("the date it came in", "the date it was brought in": the day it was received.)
  if (/^(?:the\s+)?(?:date|day)\s+(?:it|they)\s+(?:came\s+in|was\s+(?:brought|handed|dropped)\s+(?:in|off)|were\s+(?:brought|handed|dropped)\s+(?:in|off)|got\s+here|was\s+received|were\s+received)$/.test(t)) {
    traits.type ??= 'date';
    return ['received', 'on'];
  }
  // ("the date I've promised it for", "the day we said it'd be ready by": the date it is promised by.)
  if (/^(?:the\s+)?(?:date|day)\s+(?:i|we)(?:['’]ve|\s+have)?\s+promised\s+(?:it|them)(?:\s+(?:for|by))?$/.test(t)) {
    traits.type ??= 'date';
    return ['promised', 'by'];
  }
  // ("the date it was signed", "the date they lost it": the date of what happened.)
  const dateOf = /^(?:the\s+)?date\s+(?:it|they|he|she)\s+(?:was\s+|were\s+|got\s+)?([a-z]+(?:ed|ost|one|ent|ound|old|aid|ade|en))(?:\s+it|\s+them)?$/.exec(t);
  if (dateOf) {
    traits.type ??= 'date';
    return ['date', dateOf[1]!];
  }
  // ("when filming starts", "when the closure ends": the moment of what is named, filming_starts_at.)
  const namedMoment = /^when\s+(?:the\s+)?([a-z]+)\s+(starts?|begins?|finish(?:es)?|ends?)$/.exec(t);
  if (namedMoment && !/^(?:it|they|he|she|we|you|i)$/.test(namedMoment[1]!)) {
    traits.type ??= 'datetime';
    return [namedMoment[1]!, /^(?:start|begin)/.test(namedMoment[2]!) ? 'starts' : 'ends', 'at'];
  }
  // ("when it starts", "when it finishes": the moments, as the record's start and end.)
  const moment = /^when\s+(?:it|they|he|she)\s+(starts?|begins?|opens?|finish(?:es)?|ends?|closes?)$/.exec(t);
  if (moment) {
    traits.type ??= 'datetime';
    return [/^(?:start|begin|open)/.test(moment[1]!) ? 'starts' : 'ends', 'at'];
  }
  // ("when it was dropped off": a verb with its particle.)
  // ("when they started counting": the gerund says what was started, the moment is the start.)
  // ("when it's due back", "when they're due": the date it is due.)
  const dueWhen = /^when\s+(?:it|they|he|she)(?:'s|'re|\s+is|\s+are)?\s+due(\s+back)?$/.exec(t);
  if (dueWhen) {
    traits.type ??= 'date';
    return dueWhen[1] ? ['due', 'back'] : ['due', 'date'];
  }
  // ("when it came back", "when it went out": an irregular past with its particle; back is the return.)
  const cameBack = /^when\s+(?:it|they|he|she|we)(?:'s|\s+was|\s+were)?\s+(?:came|got|went|was brought|were brought|brought it|brought them)\s+back$/.exec(t);
  if (cameBack) {
    traits.type ??= 'datetime';
    return ['returned', 'at'];
  }
  const irregular = /^when\s+(?:it|they|he|she|we)\s+(went|came|got|left|took|gave|sent|made|paid|sold|bought|began|broke|arrived)(?:\s+(off|in|out|up|away|over))?$/.exec(t);
  if (irregular) {
    traits.type ??= 'datetime';
    return [irregular[1]!, ...(irregular[2] ? [irregular[2]] : []), 'at'];
  }
  const when = /^when\s+(?:it|they|he|she|we)\s+(?:was\s+|were\s+|got\s+)?([a-z]+ed)(?:\s+(off|in|out|up|back|away)|\s+[a-z]+ing)?$/.exec(t);
  if (when) {
    traits.type ??= 'datetime';
    return [when[1]!, ...(when[2] ? [when[2]] : []), 'at'];
  }
  return whichOne(t);
}

/**
 * "which owner they belong to", "which vet treats them", "which metal grade it is": a question
 * about which one of something it is tied to is named by the noun it asks about, whatever the
 * clause after it says. The noun ends at the clause's subject, or (with none) where the tagger
 * finds the verb.
 */
function whichOne(t: string): string[] | undefined {
  const asked = /^which\s+(?:one\s+)?(of\s+(?:us|our|the|their|them|these|those)\s+)?(.+)$/.exec(t);
  if (!asked) return undefined;
  const ws = asked[2]!.split(/\s+/);
  const subject = ws.findIndex((w) => /^(?:it|its|it's|they|they're|them|he|she|we|you|i|their|our|his|her)$/.test(w));
  const terms = tagTerms(asked[2]!);
  const verb = terms.findIndex((term) => !term.tags.has('Noun') || term.tags.has('Pronoun'));
  const noun = subject > 0 ? ws.slice(0, subject) : verb > 0 ? terms.slice(0, verb).map((term) => term.normal) : [];
  // ("which days they work": several of them, a list read elsewhere; "which of us therapists" is one of several.)
  if (noun.length === 0 || noun.length > 2 || (!asked[1] && singular(noun.at(-1)!) !== noun.at(-1))) return undefined;
  return [...noun.slice(0, -1), singular(noun.at(-1)!)];
}

/** `whether they have a garden` -> has garden; `whether the deposit has been paid` -> deposit paid. */
function questionWords(ws: string[], owner?: string): string[] {
  let rest = [...ws];
  if (rest.length > 0 && PRONOUNS.test(rest[0]!)) rest = rest.slice(1);
  // ("whether they've got a dog with them", "whether they had breakfast with us": who is with them names nothing.)
  if (rest.length > 3 && rest.at(-2) === 'with' && /^(?:them|us|him|her|it|you|me)$/.test(rest.at(-1)!)) rest = rest.slice(0, -2);
  // "whether the donor is eligible to give blood right now" on a Donor: eligible.
  const infinitive = rest.findIndex((w, i) => w === 'to' && i > 0 && !/^(?:is|are|was|were|has|have|had|been|be|can|will|does|do|got|going|able|allowed|ok)$/.test(rest[i - 1]!));
  if (infinitive > 0) rest = rest.slice(0, infinitive);
  const aux = rest.findIndex((w) => /^(?:is|are|was|were|has|have|had|been|be|can|will|does|do|got)$/.test(w));
  let subject = aux >= 0 ? rest.slice(0, aux) : [];
  if (owner && snakeCase(subject.filter((w) => !DETERMINERS.has(w)).join(' ')) === entityWords(owner).join('_')) subject = [];
  let i = aux >= 0 ? aux : 0;
  let possessive = false;
  let has = false;
  let had = false;
  while (i < rest.length && /^(?:is|are|was|were|has|have|had|been|be|can|will|does|do|got)$/.test(rest[i]!)) {
    possessive = /^(?:has|have|had|got)$/.test(rest[i]!) && !/^been$/.test(rest[i + 1] ?? '');
    has = rest[i] === 'has';
    had = rest[i] === 'had';
    i += 1;
  }
  // ("whether it has been repaired yet", "whether it's currently damaged": when is not part of the name.)
  // ("whether it has its own kitchen": has a kitchen.)
  const object = rest.slice(i).filter((w, _k, all) => !DETERMINERS.has(w) && !(all.length > 1 && /^(?:yet|already|still|now|currently|own)$/.test(w)));
  const base = [...subject.filter((w) => !DETERMINERS.has(w)), ...object];
  // ("whether it has mains water", "whether it has a wheelchair lift": has_mains_water; said of several,
  // "whether they have a power hookup", the thing alone names it.)
  return possessive && subject.length === 0 && (object.length === 1 || (has && object.length <= 3)) && !object.some((w) => /^(?:to|of|for|with|in|on|at|been)$/.test(w)) ? [had ? 'had' : 'has', ...object] : base.map((w) => NAME_SYNONYMS[w] ?? w);
}

/** How a phrase refers back to the record it describes: `at the time of the test`, `of it`. */
const OWN_TAIL_LEADS: readonly (readonly string[])[] = [['at', 'time', 'of'], ['of'], ['for']];

/**
 * `the mileage at the time of the test` on a Test -> mileage; `a description of it` -> description:
 * what refers back to the record itself names nothing of the field.
 */
function dropOwnTail(ws: string[], owner?: string): string[] {
  const own = owner ? entityWords(owner) : [];
  const refs = [own, own.slice(-1), ['it'], []].filter((ref, i) => i >= 2 || ref.length > 0);
  for (const lead of OWN_TAIL_LEADS) {
    for (const ref of refs) {
      const tail = [...lead, ...ref];
      if (ws.length > tail.length && tail.every((w, k) => ws[ws.length - tail.length + k] === w)) return ws.slice(0, ws.length - tail.length);
    }
  }
  return ws;
}

/** `the vendor's signed contract` on a Vendor -> signed contract (the owner's own field). */
/** Makers and authorities, whose document a record keeps. */
const MAKERS = new Set(['manufacturer', 'maker', 'council', 'government', 'company', 'supplier', 'insurer', 'bank', 'authority', 'brand', 'publisher', 'lab', 'laboratory']);

function dropOwnerPossessive(ws: string[], owner?: string): string[] {
  const i = ws.findIndex((w) => /['’]s$|s['’]$/.test(w));
  if (i < 0) return ws.map((w) => w.replace(/['’]s$|['’]$/, ''));
  const possessor = ws.slice(0, i + 1).map((w) => w.replace(/['’]s$|['’]$/, '')).filter((w) => !DETERMINERS.has(w));
  const isOwner = owner !== undefined && snakeCase(possessor.join(' ')) === entityWords(owner).join('_');
  // ("the manufacturer's manual", "the council's permission letter": whose it is says where it comes from, not which field.)
  const isMaker = possessor.length === 1 && MAKERS.has(possessor[0]!);
  const rest = ws.slice(i + 1);
  return (isOwner || isMaker) && rest.length > 0 ? rest : [...possessor, ...rest];
}

/**
 * `a number of seats`, `number of seats`, `the number of rounds` -> seats, rounds; `the expected
 * number of guests` -> expected guests: a count is named by what it counts (the corpus's
 * convention, nine descriptions to one).
 */
function numberOf(ws: string[]): string[] {
  const i = ws.indexOf('number');
  if (i < 0 || ws[i + 1] !== 'of' || i + 2 >= ws.length) return unitsOf(ws);
  // ("the number of players", "the number of guests": a count of people keeps its words, as people name it.)
  if (i === 0 && ws.length === 3 && COUNTED_PEOPLE.test(ws[2]!)) return ws;
  return [...ws.slice(0, i), ...ws.slice(i + 2)];
}

/** People counted by a field ("the number of players"). */
const COUNTED_PEOPLE = /^(?:people|persons|guests|players|children|kids|adults|participants|attendees|passengers|visitors|jumpers|riders|swimmers|climbers|dancers|diners|campers|walkers|runners|skaters)$/;

/** `years of driving experience` -> years driving experience: a measure of something, named without the `of`. */
function unitsOf(ws: string[]): string[] {
  return ws.length > 2 && /^(?:years|months|weeks|days|hours|minutes)$/.test(ws[0]!) && ws[1] === 'of' ? [ws[0]!, ...ws.slice(2)] : ws;
}

/** Lower-case words of a name: letters, digits, inner hyphens and apostrophes. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9'’\s-]+/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^[-']+|-+$/g, ''))
    .filter(Boolean);
}

export { words as nameWords };

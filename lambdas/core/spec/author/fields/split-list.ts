/**
 * A field list split into field phrases: `a, b and c`, `a; b`, `client + cleaner`, keeping parentheses and quotes whole,
 * and keeping allowed values with their field (`status: a, b or c`, `a status of a, b or c`, `a boat type, sail or motor`),
 * and `date and time` whole. A shared parenthesis at the end (`arrival, departure (dates)`, `a home team and an away team
 * (both are teams)`) is given to the phrases it covers; an item saying what the one before is, to that one.
 */
import { emptyTraits, readDescriptor } from './descriptor';
import { FORMATS, NAME_PUT_DOWN, TYPE_PHRASES } from './field-words';
import { sayPairsOut, sharePairedRest } from './paired-kinds';
import { mergeAppositives } from './appositives';
import { isBareValueItem, isValueLike } from './values';
import { Remembered } from '../remembered';

/** Word pairs joined by `and` that are one thing. */
const ONE_THING = /\s+and (?:that|this) sort of thing\b|\s+and (?:the like|such|so on)\b|\bbetween -?[\d.]+ and -?\d|\b(date|dates) (?:and|&|\+) (times?)\b|\bterms (?:and|&) conditions\b|\bblack (?:and|&) white\b|\bq (?:and|&) a\b/gi;
const MARKER = /(?::|\b(?:(?<!\b(?:number|no|count|amount|date|name|type) )of|which is|that is|that's|which can be|that can be|can be|which will be|that will be|which must be|either|one of|is one of|being|goes from|moves from|runs from|moves through|goes through|like|such as|whether (?:it|they)(?:'s|'re|\s+is|\s+are)))\s+\S+(?:\s+\S+)?$/i;

/** "but", "though": a rule said as a concession ("..., but that's optional"). */
const CONCESSIVE = /^(?:but|though|although|tho)\s+/i;
/** Why a rule holds ("... since a lot of our older books were printed before ISBNs existed"). */
const REASON = /\s+(?:since|because|as|cause|cos)\s.*$/i;

interface Piece {
  text: string;
  /** The separator before it: `,`, `;`, `and`. */
  sep: string;
  /** The comma before it was followed by "and" (", and a date"). */
  andAfterComma?: boolean;
}

/** The words that bound a size said after a field ("say up to 25 MB", "..., max 8 MB"). */
const SIZE_BOUND = String.raw`(?:up to|max(?:imum)?|no more than|under|at most)`;
/** One value said with its article ("a hearing test", "a labrador–golden cross"). */
const ARTICLED_ITEM = String.raw`(?:an?\s+)?[a-z][\w–-]*(?:\s*[–-]\s*[a-z][\w–-]*)?`;
/** ", which is a hearing test, a fitting or a repair": values said with their articles, after the field. */
const WHICH_IS_ARTICLED = new RegExp(String.raw`,\s*(?:which|that)\s+(?:is|can be|will be|must be)\s+(?:either\s+|one of\s+)?((?:${ARTICLED_ITEM}(?:\s+[a-z][\w–-]*){0,2},\s*)+${ARTICLED_ITEM}(?:\s+[a-z][\w–-]*){0,2},?\s+or\s+${ARTICLED_ITEM}(?:\s+(?!and\b)[a-z][\w–-]*){0,2})(?=\s*(?:,|;|\.|$))`, 'gi');
const SAY_SIZE = new RegExp(String.raw`,\s*say\s+(?=${SIZE_BOUND}\s+\d)`, 'gi');
const EXAMPLE_AFTER_COMMA = new RegExp(String.raw`,\s*(like|e\.g\.|such as|for example|say)\s+(?!${SIZE_BOUND}\s+\d)("[^"]{1,40}"|[^,;()]{1,20}?)(?=\s*(?:[,;]|$))`, 'gi');
const SIZE_AFTER_COMMA = new RegExp(String.raw`^(.*?),\s*(${SIZE_BOUND}\s+\d[^,;()]*)$`, 'i');

const SPLITFIELDLIST_READINGS = new Remembered<string[]>();
export function splitFieldList(written: string): string[] {
  return SPLITFIELDLIST_READINGS.of(written, splitFieldListOnce);
}

function splitFieldListOnce(said: string): string[] {
  // ("before and after photos of each job - JPEG only": one field of each kind, paired-kinds.ts.)
  const { written: paired, pairs } = sayPairsOut(said);
  let written = paired;
  // ("..., and if it's a gift, who the lucky recipient is": a condition before an item is what makes it optional, no item.)
  written = written.replace(/(,\s*(?:and\s+)?|^)(?:only\s+)?if\s+(?:it['’]s|it\s+is|they['’]re|they\s+are)\s+(?:an?\s+|the\s+)?[a-z-]+(?:\s+[a-z-]+)?\s*,\s*(?=[a-z])/gi, '$1optionally ');
  // ("..., at a date and time, and can be a full groom, a bath and brush, or a nail trim": what kind it is, of those.)
  written = written.replace(/(^|,\s*)(?:and\s+)?(?:it\s+|they\s+)?(?:can|could|will|may|might)\s+be\s+(?:either\s+)?((?:an?\s+)?[a-z][a-z -]*?(?:\s*,\s*(?:an?\s+)?[a-z][a-z -]*?)*\s*,?\s+or\s+(?:an?\s+)?[a-z][a-z -]*?)\s*$/i, (all, lead: string, values: string) => {
    const kinds = values.split(/\s*,\s*(?:or\s+)?|\s+or\s+/i).map((v) => v.trim().replace(/^(?:an?)\s+/i, '')).filter(Boolean);
    return kinds.length >= 2 && kinds.every((k) => k.split(/\s+/).length <= 4) ? `${lead}type (${kinds.slice(0, -1).join(', ')}${kinds.length > 2 ? ',' : ''} or ${kinds[kinds.length - 1]})` : all;
  });
  // ("the committee walks round every few months and marks each plot as good, needs attention or neglected, with a comment":
  // the record marked, the mark, and what comes with it; who marks it and when they go round are no items.)
  written = written.replace(/^(?:(?:the|our)\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:[^,]*?\s+and\s+)?(?:marks?|rates?|grades?|scores?)\s+(?:each|every|the|a)\s+([a-z]+)\s+(?:as\s+)?([a-z]+(?:\s+[a-z]+)?(?:\s*,\s*[a-z]+(?:\s+[a-z]+)?)*,?\s+or\s+[a-z]+(?:\s+[a-z]+)?)(?:\s*,?\s+(?:with|and)\s+(.+))?$/i, (_m, record: string, marks: string, rest?: string) => `the ${record}, a result (${marks})${rest ? `, ${rest}` : ''}`);
  // ("an emergency contact with a name and phone number": the contact's name, and the contact's phone.)
  written = written.replace(/\b(?:an?\s+|their\s+)?((?:[a-z]+\s+)?contact|next\s+of\s+kin|(?:[a-z]+\s+)?(?:guardian|parent|referee|doctor|gp))\s+with\s+(?:a\s+|their\s+|his\s+|her\s+)?name\s+and\s+(?:a\s+)?(phone(?:\s+number)?|email(?:\s+address)?|mobile(?:\s+number)?)\b/gi, (_m, who: string, how: string) => `${who} name, ${who} ${how}`);
  // ("on a date and time, and I jot down which flavours they tried and how it went": who writes them down is no item.)
  written = written.replace(/(,\s*(?:and\s+)?|^)(?:i|we|they|you)\s+(?:also\s+|usually\s+|then\s+)?(?:jot|write|note|put|take)\s+down\s+(?=[a-z])/gi, '$1');
  written = written.replace(NAME_PUT_DOWN, (all) => (/\s$/.test(all) ? 'name, ' : 'name'));
  // ("names two members: the challenger and the challenged player": each one named is one of those.)
  const named = /^(?:two|three|four)\s+([a-z]+?)s\s*:\s*(.+)$/i.exec(written.trim());
  if (named) return splitFieldList(named[2]!).map((item) => `${item} (a ${named[1]!.toLowerCase()})`);
  // (An em or en dash sets off an aside as a spaced hyphen does: "the weight — one of lace, DK or aran — and ...".)
  // ("..., or pay-as-you-go for people who just drop in now and then": who a value is for says nothing of it.)
  // ("its width and height in centimetres": both measured in that unit.)
  written = written.replace(/\b((?:its|their|the)\s+)?(width|height|length|depth|weight|diameter|thickness)\s+and\s+(?:(?:its|their|the)\s+)?(width|height|length|depth|weight|diameter|thickness)\s+(in\s+[a-z]+)/gi, '$1$2 $4, $3 $4');
  // ("the route, which for now is just north, south or east": how long it holds says nothing of the values;
  // "which audience it's aimed at, which for us is either ...", "which for us can only be between -30 and 8": nor where
  // the writer says it from.)
  written = written.replace(/,\s*(which|that)\s+(?:for now|currently|at the moment|right now|at present|these days|for (?:us|me|them)|with us|in practice|here|really|basically|usually|normally|generally)\s*,?\s+(?:(is|are)\s+(?:just|only|simply)?\s*|(?=(?:can|will|must|should)\s))/gi, (_m, which: string, verb?: string) => `, ${which} ${verb ? `${verb} ` : ''}`);
  // ("the client's preferred way of being contacted, which is phone, ...": the preferred contact method.)
  written = written.replace(/\bpreferred\s+(?:way|method|means|channel)\s+(?:of\s+(?:being\s+)?contact(?:ed|ing)?|to\s+be\s+contacted|of\s+contact)\b/gi, 'preferred contact method')
    // ("how many people live in the household": the household's size.)
    .replace(/\bhow\s+many\s+(?:people|persons|residents|occupants)\s+(?:live|living|are)\s+(?:in|at)\s+(?:the|their|its)\s+(household|home|house|flat|property)\b/gi, '$1 size (a count)');
  // ("status open -> assigned -> fixed, or closed if it was nothing": the states, in order, and the way out.)
  // (The segmenter writes the arrows as ", then".)
  written = written.replace(/\b(status|state|stage)\s+([a-z]+(?:\s+[a-z]+)?(?:\s*(?:->|→|=>|,\s*then)\s*[a-z]+(?:\s+(?!or\b|if\b)[a-z]+)?)+)(?:\s*,?\s+or\s+([a-z]+(?:\s+[a-z]+)??))?(?:\s+(?:if|when)\b[^,;]*)?(?=\s*(?:[,;]|$))/gi, (_m, field: string, chain: string, last?: string) => {
    const states = [...chain.split(/\s*(?:->|→|=>|,\s*then)\s*/), ...(last ? [last] : [])].map((v) => v.trim());
    return `${field} (${states.slice(0, -1).join(', ')} or ${states.at(-1)})`;
  });
  // ("an access level, chosen by the narrator on the consent form: open, on request or closed": who chooses it says nothing of it.)
  written = written.replace(/,\s*(?:chosen|picked|selected|set|decided|agreed|specified|given)\s+by\s+(?:the|their|a|an|its|each)\s+[a-z]+(?:\s+(?:on|in|at)\s+(?:the|their|a|an|its)\s+[a-z]+(?:\s+[a-z]+)?)?(?=\s*[:;]|\s*$)/gi, '');
  // ("the request details themselves, which can run to paragraphs": how long it may get, long text.)
  written = written.replace(/,\s*which\s+(?:can|may|might|could|will|often|usually|sometimes)\s+(?:run|go|stretch|be|get)\s+(?:to|into|on\s+for|up\s+to)\s+(?:several\s+|many\s+|a\s+few\s+|multiple\s+|a\s+couple\s+of\s+)?(?:paragraphs|pages|lines)\b/gi, ' (long text)');
  // ("the patient's name and the ward – both must be there, we can't find anyone otherwise – plus ...": the rule of
  // the two before, set off by dashes; why it is so says nothing more.)
  written = written.replace(/\s+[—–-]\s+both\s+(?:must\s+be\s+there|must\s+be\s+(?:filled\s+in|given|entered|provided)|have\s+to\s+be\s+there|are\s+(?:required|mandatory|needed|essential|a\s+must))\b[^—–]*?\s+[—–-]\s+/gi, ' - both required - ');
  // ("whether it's booked, attended, cancelled or a no-show", "whether its in service or being repaired": one field of several values,
  // its state ("whether it's paid or not" is whether it is paid); "our notes afterwards": the notes.)
  written = written.replace(/\b(whether\s[^,;()]+?)\s+or\s+not\b/gi, '$1').replace(/\bwhether\s+(?:it|they)(?:'s|'re|\s+is|\s+are|\s+was|\s+were|s)\s+((?:(?:an?\s+)?[a-z-]+(?:\s+[a-z-]+)?\s*,\s*)+(?:an?\s+)?[a-z-]+(?:\s+[a-z-]+)?,?\s+or\s+(?:an?\s+)?[a-z-]+(?:\s+[a-z-]+)?|(?:in|on|out|at|being|under)\s+[a-z-]+\s+or\s+(?:in|on|out|at|being|under)\s+[a-z-]+(?:\s+[a-z-]+)?)(?=\s*(?:[,;.]|$))/gi, (_m, values: string) => `status (${values.replace(/\b(?:an?)\s+/gi, '')})`)
    .replace(/\b(notes|comments|remarks)\s+(?:afterwards|after\s+(?:it|the\s+[a-z]+)|later|at\s+the\s+end)\b/gi, '$1');
  // ("the name at minimum, then phone, email and billing address": the one that must be there, then the rest.)
  written = written.replace(/^((?:the|their|a|an)\s+[a-z]+(?:\s+[a-z]+)?)\s+at\s+(?:a\s+|the\s+(?:very\s+)?)?minimum\s*,\s*(?:then|and then|plus|and)\s+/i, '$1 (required), ');
  // ("a style number which has to be unique across everything": unique, wherever it is unique across.)
  written = written.replace(/\bunique\s+(?:across|over|throughout|in)\s+(?:everything|the\s+board|all\s+(?:of\s+)?(?:them|[a-z]+s)|the\s+(?:whole\s+)?(?:system|site|shop|club|business|database))\b/gi, 'unique');
  // ("full name and date of birth are both required (we check age), plus email, ...": the same rule, said as a clause.)
  written = written.replace(/(?:,?\s+which)?\s+(?:are|'re)\s+both\s+(?:required|needed|essential|mandatory|compulsory|a\s+must)(?:\s*\([^()]*\))?\s*(?:,\s*(?:plus\s+|and\s+)?|$)/gi, (m) => (/,/.test(m) ? ' - both required - ' : ' - both required'));
  // ("whether we'd need to go and collect it": "go and" is how it is said, one act.)
  let list = written.replace(/\b(?:go|come|pop|nip)\s+and\s+(?=(?:collect|pick|fetch|get|see|check|look|deliver|fix|measure|inspect)\b)/gi, '').replace(/\s+[—–]\s+/g, ' - ').replace(/\s+[—–]\s*$/, '').replace(/\s+for\s+(?:people|those|anyone|folk|folks|members|customers|visitors)\s+who\s+[^,;()]*/gi, '');
  // ("which package they want - we've got bronze, silver and gold": the values, said after a dash.)
  list = list.replace(/\s+-\s+(?:we(?:['’]ve|\s+have)\s+got|we\s+(?:have|offer|do|sell|run))\s+([a-z][a-z-]*(?:\s*,\s*[a-z][a-z-]*)*,?\s+(?:and|or)\s+[a-z][a-z-]*)(?=\s*(?:[.;,]|$))/gi, ' ($1)');
  // ("up to 15 MB because phone cameras are huge these days": why the limit is what it is says nothing of the file.)
  list = list.replace(/(\d+(?:\.\d+)?\s*(?:kb|mb|gb))\s+(?:because|since|as|cos)\s+[^,;()]*/gi, '$1')
    // ("a JPEG, kept under 10 MB or the website crawls": what happens otherwise says nothing of the file either.)
    .replace(/(\d+(?:\.\d+)?\s*(?:kb|mb|gb))\s+or\s+(?:else\s+)?(?:the|it|we|they|our|things?)\b[^,;()]*/gi, '$1')
    .replace(/,\s*kept\s+(?=(?:under|below|within|to)\s+\d)/gi, ', ')
    // ("where the booking came from: our own website, a phone call, or one of the partner sites": the source, and its values.)
    .replace(/\bwhere\s+(?:the|each|a)\s+[a-z]+\s+(?:came|comes)\s+from\s*:\s*((?:[^,;()]+,\s*)+or\s+[^,;()]+?)(?=\s*(?:[,;]|$))/i, (_m, values: string) => `source (${values.split(/\s*,\s*(?:or\s+)?|\s+or\s+/).map((v) => v.trim().replace(/^(?:our\s+own|our|a|an|the|one\s+of\s+the|one\s+of\s+our)\s+/i, '')).filter(Boolean).join(', ').replace(/,\s*([^,]+)$/, ' or $1')})`);
  // ("each booking gets one of the vans, obviously": the aside says nothing.)
  list = list.replace(/,\s*(?:obviously|of course|naturally|clearly|really|basically|as you'd expect)\s*(?=[,;.]|$)/gi, '');
  // ("a room number, which has to be unique and can have letters in it, like 3B": text, with an example of it.)
  list = list.replace(/\s+and\s+(?:can|may|could)\s+(?:have|contain|include)\s+letters(?:\s+in\s+it)?(?=\s*(?:[,;(]|$))/gi, ' (text)')
    // ("the model, say "Westerly Centaur"": an example of it.)
    // (Not ", say up to 25 MB": a size said loosely is the limit, no example.)
    .replace(SAY_SIZE, ', ')
    .replace(EXAMPLE_AFTER_COMMA, (_m, word: string, example: string) => ` (${word === 'say' ? 'e.g.' : word} ${example})`);
  // ("their legal name, which insurance needs, so that's required too": why it is kept says nothing; its rule stays.)
  list = list.replace(/,\s*which\s+(?:the\s+|our\s+)?[a-z]+\s+(?:needs|requires|wants|asks for|uses)\s*,\s*so\s+(?:that['’]s|it['’]s|it\s+is|that\s+is)\s+(required|optional|unique|mandatory)(?:\s+too|\s+as well)?/gi, ' ($1)')
    // ("the jam number, which starts at 1": its least value.)
    .replace(/,\s*which\s+(?:starts|begins)\s+at\s+(\d+)(?=\s*(?:[,;.]|$))/gi, ' (at least $1)');
  // ("a litter code, which we use everywhere and which must be unique": what we do with it says nothing; its rule stays.)
  list = list.replace(/,\s*which\s+(?:we|you|they|people|everyone|everybody)\s+[a-z]+(?:\s+[a-z]+){0,4}?\s+and\s+(?=which\s)/gi, ', ');
  // ("status goes booked > in progress > complete": the status, and its states in order.)
  list = list.replace(/\b(status|state|stage)\s+(?:goes|moves|runs|flows)\s+(?:from\s+)?([a-z][a-z -]*?(?:\s*(?:>|->|→)\s*[a-z][a-z -]*?)+)(?=\s*(?:[,;.]|$))/gi, (_m, field: string, states: string) => `${field} (${states.split(/\s*(?:>|->|→)\s*/).join(', ')})`);
  // ("what the booking is for: casual play, a ladder match, coaching or a club session": the kind of booking, and its values.)
  list = list.replace(/\bwhat\s+(?:the|this|a|an|each)\s+([a-z]+)\s+is\s+for\s*:\s*((?:(?:a|an|the)\s+)?[a-z][a-z -]*(?:,\s*(?:(?:a|an|the)\s+)?[a-z][a-z -]*)*,?\s+or\s+(?:(?:a|an|the)\s+)?[a-z][a-z -]*?)\s*(?=[;.]|$)/i, (_m, noun: string, values: string) => `${noun} type (${values.replace(/\b(?:a|an|the)\s+/gi, '')})`);
  // ("..., and how they came to us: a dealer, a tuner or the website": a question's values after a colon, as in parentheses.)
  list = questionValues(list);
  // ("the bike make and model": the two things, each a field.)
  list = list.replace(/\b(?:the\s+|its\s+|their\s+)?(?:[a-z]+\s+)?make\s+and\s+model\b/gi, 'make, model');
  // ("and two yes/no boxes, whether there are children and whether there are pets": the fields, not a field.)
  list = list.replace(/(?:,\s*|\s+)(?:and\s+)?(?:two|three|four|a couple of|some)\s+(?:yes\/no|yes-no|tick|check)\s*(?:boxes|flags|fields|questions)\s*[,:]\s*(?=whether\b)/gi, ', ');
  // ("a job number, which has to be unique because we print it on the invoice and the paperwork": why is no field.)
  list = list.replace(/\b(unique|required|mandatory|optional)\s+(?:because|since|as|cos)\s+[^,;()]*/gi, '$1');
  // ("her condition score, 1 to 5 in half points": a decimal between those bounds.)
  list = list.replace(/(\d)\s+in\s+half[- ]points?\b/gi, '$1 (decimal)');
  // ("the dam, which is another sheep record, and the sire, also a sheep": what the one before is.)
  list = list.replace(/,\s*also\s+(an?\s+[a-z]+)(?=\s*(?:,|;|$|\s+and\b))/gi, ' (also $1)');
  // ("its fleet number, which is painted on the hull and is never shared by two craft": one relative clause, two things said of the field.)
  list = list.replace(/(,\s*(?:which|that)\s+[^,;()]*?)\s+and\s+(?=(?:is|are|must|can't|cannot|never|should|has to)\b)/gi, '$1\u2063and\u2063');
  // ("a status that goes requested, measured, in workshop, ready to fit, fitted, or cancelled if it falls through": its states.)
  list = list.replace(/\b(status|state|stage)\s+(?:that|which)\s+(?:goes|runs|moves)\s+(?!(?:through|from|along|between|to)\b)((?:[a-z][a-z -]*?,\s*){2,}(?:or\s+)?[a-z][a-z -]*?)(?:\s+(?:if|when|once|unless)\b[^,;()]*)?\s*$/i, (_m, field: string, states: string) => `${field} (${states.replace(/,\s*or\s+/i, ' or ')})`);
  // ("a status running from being arranged, to scheduled, to held, to outcome confirmed": the status, its states in order.)
  list = list.replace(/\b(status|state|stage)\s+(?:that\s+|which\s+)?(?:goes|moves|runs|running|going|moving|flows|flowing)\s+from\s+([a-z][a-z -]*?)((?:\s*,?\s+(?:and\s+)?(?:then\s+)?to\s+[a-z][a-z -]*?)+)(?=\s*(?:[,;.]|$))(?!\s*,?\s+(?:or|though|although|but|unless|and\s+(?:it|they))\b)/gi, (_m, field: string, first: string, rest: string) => `${field} (${[first, ...rest.split(/\s*,?\s+(?:and\s+)?(?:then\s+)?to\s+/).filter((v) => v.trim())].map((v) => v.trim()).join(', ')})`);
  // ("a type, which is a hearing test, a fitting, a follow-up or a repair drop-off": values said with their articles.)
  // ("the breed, which is one of labrador, golden retriever, a labrador–golden cross, or German shepherd": some with articles.)
  list = list.replace(WHICH_IS_ARTICLED, (all, values: string) => (/(?:^|,\s*|\bor\s+)an?\s/i.test(values) && !/^(?:required|optional|unique|mandatory|compulsory|needed)\b/i.test(values) ? ` (${values.replace(/\b(?:a|an)\s+/gi, '').replace(/\s*[–-]\s*/g, '-')})` : all));
  // ("..., and finally the outcome, which is one of award, minor corrections, award of a lower degree, or fail": the last field's values, however long each.)
  list = list.replace(/,\s*(?:which|that)\s+(?:is|can be|will be|must be)\s+(?:always\s+)?one\s+of\s+((?:[^,;()]+,\s*){2,}(?:or\s+)?[^,;()]+?)\s*$/i, (all, values: string) => (/\band\b|(?:^|,\s*)(?:or\s+)?(?:the|an?|their|its|whether|how|when)\s/i.test(values) ? all : ` (${values.replace(/,\s*or\s+/i, ' or ')})`));
  // ("condition, one of good / worn / needs repair": its values, with slashes between them, after a comma.)
  list = list.replace(/,\s*(?:(?:which|that)\s+(?:is|can be)\s+)?(?:either\s+)?one\s+of\s+([a-z][a-z -]*(?:\s*\/\s*[a-z][a-z -]*){1,})\s*$/i, (_m, values: string) => ` (${values.split(/\s*\/\s*/).map((v) => v.trim()).join(', ')})`);
  // ("the applicant's name and email address — both required — plus a phone number": the rule of the two before it.)
  // ("full name, address and postcode - all three are a must, or the driver can't find them": the same, said of all of them, with why.)
  list = list.replace(/\s+[-–—]\s+all\s+(three|four|five|of\s+them)?\s*(?:are\s+)?(?:a\s+must|required|mandatory|needed|essential|\(required\))(?:\s*,?\s+(?:or|because|since|as|so)\b[^-–—]*)?\s*(?:[-–—]\s+|$)/gi, (_m, count: string | undefined, offset: number, whole: string) => `, all ${/^(?:three|four|five)$/i.test(count ?? '') ? count!.toLowerCase() : 'of them'} required${offset + _m.length >= whole.length ? '' : ', '}`);
  list = list.replace(/\s+-\s+(both\s+(?:are\s+)?(?:required|mandatory|needed))\s*(?:-\s+|$)/gi, (_m, rule: string, offset: number, whole: string) => (offset + _m.length >= whole.length ? `, ${rule}` : `, ${rule}, `));
  // ("condition - like new, good or well worn - a suggested donation": values set off by dashes are the field's, as in parentheses.)
  // (Also at the end: "and a status - submitted, under review, granted or refused".)
  // ("a colour and the size is S, M, L or XL": a field and its values, said as a sentence.)
  list = list.replace(/\b(the|its|their)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|can be|will be|must be)\s+(?:either\s+|one of\s+)?((?:[A-Za-z0-9][\w-]*(?:\s[\w-]+)?,\s*)*[A-Za-z0-9][\w-]*(?:\s[\w-]+)?\s+or\s+[A-Za-z0-9][\w-]*(?:\s[\w-]+)?)\s*$/, '$1 $2 ($3)');
  // ("moves from pending to confirmed and later to completed (or cancelled at any point)": each state, in order, and the one it may go to instead.)
  list = list.replace(/((?:goes|moves|runs|progresses)\s+)from\s+([^,()]+?)\s+(?:and\s+)?(?:later|then|finally|eventually)\s+to\s+([a-z][a-z -]*?)\s*\(\s*or\s+([a-z][a-z -]*?)(?:\s+(?:at any (?:point|time|stage)|along the way|before that|instead))?\s*\)/gi, (_m, verb: string, states: string, last: string, other: string) => `${verb}through ${states.split(/\s+to\s+/).join(', ')}, ${last} or ${other}`);
  list = list.replace(/((?:goes|moves|runs|progresses)\s+from\s+[^,()]+?)\s+(?:and\s+)?(?:later|then|finally|eventually)\s+to\s+/gi, '$1 to ');
  // ("..., and an outcome: either given, refused or not available": the last field's values, after a colon.)
  list = list.replace(/(\b(?:an?|the|its|their)\s+[a-z]+(?:\s+[a-z]+)?)\s*:\s*(?:either\s+|one of\s+)?([a-z][a-z -]*(?:,\s*[a-z][a-z -]*)*,?\s+or\s+[a-z][a-z -]*)\s*$/i, '$1 ($2)');
  // ("a status that goes from planned to in progress to completed, though it can also end up as missed": one more state.)
  list = list.replace(/((?:goes|moves|runs|progresses)\s+(?:from|through)\s+[^,()]+?)\s*,\s*(?:though|but|and|although)\s+(?:it|they)\s+(?:can|may|might|could)\s+(?:also\s+)?(?:end\s+up|finish|be|become|get)\s+(?:as\s+)?([a-z][a-z -]*?)\s*$/i, '$1 or $2');
  // ("why they're coming in and, afterwards, what was done": when the next one is filled in says nothing of it.)
  list = list.replace(/(\s+and)\s*,\s*(?:afterwards|later|then|after that|at the end)\s*,\s+/gi, '$1 ');
  // ("the position and, when one applies, a scoring code", "and, if there is one, a photo": a condition set off by commas makes the next field optional.)
  // ("and, optionally, the item they think is theirs": the same, said with the word.)
  // ("and, if I like, a message for reception": the same, said as the writer's choice.)
  list = list.replace(/(\s+and)\s*,\s*(?:optionally|if (?:any|wanted|needed)|if (?:i|we|they|you) (?:like|want|wish|prefer|choose)(?: to)?)\s*,\s+/gi, '$1 optionally ');
  list = list.replace(/(\s+and)\s*,\s*(?:when|if|where|wherever)\s+(?:one|it|they|there(?:'s| is| are)?|any|that|relevant|applicable|needed|known)(?:\s+(?:applies|apply|is one|are some|is any|exists?|is relevant|is needed|is known|one))?\s*,\s+/gi, '$1 optionally ');
  // ("the lowest and the highest grade allowed": two fields sharing their noun.)
  list = list.replace(/\b(?:the\s+)?(lowest|highest|minimum|maximum|min|max|earliest|latest|opening|closing|first|last)\s+and\s+(?:the\s+)?(lowest|highest|minimum|maximum|min|max|earliest|latest|opening|closing|first|last)\s+([a-z]+)\b/gi, 'the $1 $3 and the $2 $3');
  // ("when it starts and ends": two moments, when it starts and when it ends.)
  const moments = list.replace(/\bwhen (it|they) (start|begin|open)(s?) and (end|finish|close)(e?s?)\b/gi, 'when $1 $2$3, when $1 $4$5');
  // (A hyphen inside a word, "self-referral", is no dash.)
  const dashed = moments
    .replace(/\s+-\s+((?:[^-()]|(?<=\w)-(?=\w)){1,80}?\bor\b(?:[^-()]|(?<=\w)-(?=\w)){1,40}?)\s+-\s+(?:and\s+)?/g, ' ($1), ')
    .replace(/\s+-\s+((?:[^-()]|(?<=\w)-(?=\w)){1,80}?\bor\b(?:[^-(),]|(?<=\w)-(?=\w)){1,40}?)\s*\.?$/, ' ($1)');
  // ("the status, which moves scheduled, then collected, then delivered": states in order are the field's values.)
  // ("moves from scheduled to on sale to sold out, or to cancelled": the branch is one more state.)
  // ("goes from booked to checked in and then to left, or to no-show if they never turned up": "and then to" is one more step, and why the branch is taken says nothing.)
  const stepped = dashed.replace(/((?:moves|goes|runs|progresses)\s+(?:through|from)\s+[^()]*?\s(?:to|then)\s+[^(),]*?)\s+and\s+then\s+to\s+/gi, '$1 to ')
    .replace(/((?:moves|goes|runs|progresses)\s+(?:through|from)\s+[^()]*?,?\s+or\s+(?:to\s+)?[a-z][a-z-]*)\s+(?:if|when|once|because)\s+(?:they|it|he|she|the\s+[a-z]+)\s+[^,()]+/gi, '$1');
  const branched = stepped.replace(/((?:moves|goes|runs|progresses)\s+(?:through|from)\s+[^()]*?\s(?:to|then)\s+[^(),]*?)\s*,?\s+or\s+(to|then)\s+/i, '$1 $2 ');
  const ordered = branched.replace(/((?:which|that)\s+(?:moves|goes|runs|progresses)(?:\s+through|\s+from)?\s+)([a-z][a-z -]*?(?:,?\s+(?:then|to|through)\s+[a-z][a-z -]*?)+)(?=\s*,(?!\s*(?:then|to|through)\s)|\s*$)/i, (_all, lead: string, body: string) => {
    // ("... to sold out, or to cancelled": the "or" joins a branch, it is no state.)
    // ("... to completed or cancelled": the last may be two.)
    const states = body.split(/,?\s+(?:then|to|through)\s+|\s+or\s+(?=[a-z]+$)/).map((v) => v.trim().replace(/,?\s*(?:or|and)$/i, '').replace(/^(?:or|and)\s+/i, ''));
    return `${lead}${states.slice(0, -1).join(', ')} or ${states[states.length - 1]}`;
  });
  // ("the status, which runs new, assigned, picked up, delivered, failed": states in order, commas only.)
  const runs = ordered.replace(/((?:which|that)\s+(?:moves|goes|runs|progresses|cycles)(?:\s+through|\s+from)?\s+)((?:[a-z][a-z -]*?,\s*){2,}[a-z][a-z -]*?)\s*$/i, (_all, lead: string, body: string) => {
    const states = body.split(/\s*,\s*/).map((v) => v.trim());
    // ("..., completed or cancelled, whether the fee has been paid": the run ends where a field begins.)
    if (!states.every((v) => v.split(/\s+or\s+|\s+and\s+/).every((x) => isValueLike(x)))) return _all;
    return `${lead}${states.slice(0, -1).join(', ')} or ${states[states.length - 1]}`;
  });
  // ("a father and a mother, both of whom are people in the tree": what both are, as a shared parenthesis.)
  const guarded = runs.replace(/,\s*(both|each|all) of (?:whom|which|them) (?:are|is)\s+([a-z]+(?:\s+(?!(?:in|on|at|of|from|with|for|to)\b)[a-z]+)?)\b[^,()]*/gi, ' ($1 are $2)').replace(ONE_THING, (m) => m.replace(/\s+(and|&|\+)\s+/i, '\u2063$1\u2063'));
  // ("a level that's beginner, improver or advanced and nothing else": the list is closed, nothing more.)
  const pieces = topLevelPieces(guarded.trim().replace(/[.]+$/, '').replace(/\s*,?\s*(?:and\s+)?nothing\s+(?:else|more|in between)\b/gi, ''));
  const merged: Piece[] = [];
  for (let i = 0; i < pieces.length; i += 1) {
    const piece = pieces[i]!;
    const run = valueRun(pieces, i);
    // `a status, which can be scheduled, boarding or cancelled`: a relative clause about the field before.
    // (Also "the instructor running it, who'll be a user on the system".)
    if (merged.length > 0 && /^(?:(?:which|that)\s+(?:is|are|can|must|has|have|should|will|moves|goes|runs|progresses|stays|remains|may|might|could|isn't|aren't|can't|won't|doesn't|don't)(?!\w)|who(?:'ll|'s|\s+will|\s+is|\s+must)\s+(?:be|always be)\s+(?:a|an|one)\s)/i.test(piece.text)) {
      merged[merged.length - 1]!.text += `, ${pieces.slice(i, run + 1).map((p, k) => (k === 0 ? p.text : `${p.sep === 'and' ? ' and' : p.sep} ${p.text}`)).join('')}`;
      i = run;
    } else if (run > i && merged.length > 0 && /^(?:one of|either|any of|which is one of)\s/i.test(piece.text)) {
      // ("the style, one of flash, redpoint or repeat": the values of the field before.)
      merged[merged.length - 1]!.text += ` (${pieces.slice(i, run + 1).map((p, k) => (k === 0 ? p.text : `${p.sep === 'and' ? ' and' : p.sep} ${p.text}`)).join('')})`;
      i = run;
    } else if (run > i) {
      merged.push({ text: pieces.slice(i, run + 1).map((p, k) => (k === 0 ? p.text : `${p.sep === 'and' ? ' and' : p.sep} ${p.text}`)).join(''), sep: piece.sep });
      i = run;
    } else if (merged.length > 0 && CONCESSIVE.test(piece.text) && isDescriptorTail(piece.text.replace(CONCESSIVE, '').replace(REASON, ''))) {
      // ("a name too, but that's optional", "the ISBN, though that one's optional since ...": the rule of the field before, without why.)
      merged[merged.length - 1]!.text += `, ${piece.text.replace(CONCESSIVE, '').replace(REASON, '')}`;
    } else if (merged.length > 1 && piece.sep === ',' && pieces[i - 1]?.sep === 'and' && /^(?:each|both)\s+(?!of\b)/i.test(piece.text) && isDescriptorTail(piece.text.replace(/^(?:each|both)\s+/i, '').replace(/\u2063/g, ' '))) {
      // ("the lowest and the highest grade, each between 1 and 7": the rule of both.)
      const rule = piece.text.replace(/^(?:each|both)\s+/i, '');
      merged[merged.length - 1]!.text += `, ${rule}`;
      merged[merged.length - 2]!.text += `, ${rule}`;
    } else if (merged.length > 0 && /^(?:which|that)\s+(?:we|they|you|i)\s+(?:absolutely|really|always|definitely|do|must|simply)?\s*(?:need|must have|have to have|require|can't do without|cannot do without)$/i.test(piece.text)) {
      // ("a first name, which we absolutely need, and a surname": the field before is required.)
      merged[merged.length - 1]!.text += ' (required)';
    } else if (merged.length > 0 && /,\s*(?:which|that)\s+(?:is|are|can be)\s+[^()]*\bor\b/i.test(merged[merged.length - 1]!.text) && /^or\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?(?:\s+(?:if|when|for|where)\b.*)?$/i.test(piece.text)) {
      // ("the glass, which is plain, anti-reflective or museum glass, or acrylic if it's going in a kid's bedroom": one value more.)
      merged[merged.length - 1]!.text += `, ${piece.text.replace(/\s+(?:if|when|for|where)\b.*$/i, '')}`;
    } else if (merged.length > 0 && /^as\s+(?:a|an)\s+(?:whole\s+)?(?:number|integer|decimal|date|time|percentage|yes\/no|yes or no|tick ?box|free text|text)\b/i.test(piece.text)) {
      // ("how many people live in the household, as a whole number between 1 and 20": what the one before is.)
      merged[merged.length - 1]!.text += ` (${piece.text.replace(/^as\s+/i, '')})`;
    } else if (merged.length > 0 && /^(?:thank goodness|thank god|thankfully|sadly|luckily|honestly|of course|mind you|mind|to be fair|obviously|as it happens|touch wood|fingers crossed|funnily enough|alas)$/i.test(piece.text)) {
      // ("..., which is optional and mostly empty, thank goodness, since ...": an aside, no field.)
    } else if (merged.length > 0 && /^(?:which|that)\s+(?:we|they|you|i)\s+(?:use|need|print|send|show|keep|check)\s+(?:to|for|on|in|when)\b/i.test(piece.text) && !/[()]/.test(piece.text)) {
      // ("their date of birth, which we use to work out age groups": what it is for, a note.)
      merged[merged.length - 1]!.text += ` (${piece.text})`;
    } else if (merged.length > 0 && /^(?:can|may|might|could|will|often|usually|sometimes)\s+(?:be|get)\s+(?:big|large|huge|long|quite\s+[a-z]+|a\s+bit\s+[a-z]+)\b/i.test(piece.text) && !/[()]/.test(piece.text)) {
      // ("the tech pack, which is always a PDF and can be big with all the drawings in it, up to 25 MB": how big it gets, said of it.)
      const sized = SIZE_AFTER_COMMA.exec(piece.text);
      merged[merged.length - 1]!.text += sized ? ` (${sized[1]!}), ${sized[2]!}` : ` (${piece.text})`;
    } else if (merged.length > 0 && /^(?:since|because|cause|cos)\s+(?!(?:there|it|they|we|you|that)\b)/i.test(piece.text) && !/[()]/.test(piece.text)) {
      // ("a guardian email, which is required, since most of our players are under 18": why, as a note.)
      merged[merged.length - 1]!.text += ` (${piece.text})`;
    } else if (merged.length > 0 && /^if\s+(?:there\s+(?:is|are)\s+(?:any|one)|any|known|they\s+have\s+(?:one|any)|applicable)\b/i.test(piece.text)) {
      // ("medical information, if there is any (optional, and it can be long)": optional, with its rules.)
      const rules = /\(([^()]*)\)\s*$/.exec(piece.text);
      merged[merged.length - 1]!.text += ` (optional${rules ? `, ${rules[1]}` : ''})`;
    } else if (merged.length > 0 && /^(?:something|anything|things?)\s+like\s+\S/i.test(piece.text) && !/\b(?:or|and)\b/i.test(piece.text.replace(/["“][^"”]*["”]/g, ''))) {
      // ("a title, something like "Saturday Disco Skate", a start date": an example of the one before.)
      merged[merged.length - 1]!.text += ` (e.g. ${piece.text.replace(/^(?:something|anything|things?)\s+like\s+/i, '').replace(/[()"“”]/g, '')})`;
    } else if (merged.length > 0 && /^(?:i\.?\s?e\.?|that is|namely|meaning)[,\s]/i.test(piece.text)) {
      // ("a fixer count, i.e. how many volunteer fixers have said they're coming": what the one before means.)
      merged[merged.length - 1]!.text += ` (${piece.text.replace(/[()]/g, ' ')})`;
    } else if (merged.length > 0 && isDescriptorTail(piece.text) && !((piece.sep === 'and' || piece.andAfterComma || (/^an?\s/i.test(merged[merged.length - 1]!.text.trim()) && !FILE_FORMAT_WORD.test(piece.text.trim()))) && /^an?\s+[a-z]+$/i.test(piece.text.trim())) && !(FILE_OF_ITS_OWN.test(piece.text.trim()) && WORDS_HEAD.test(merged[merged.length - 1]!.text.trim()))) {
      // (Not "a title and a date": a word with its article after "and" is a field of its own, not what the one before is.)
      // (Nor "a name, a date and a venue": one field said with "a", then another; "the start, a date" says what the start is.)
      merged[merged.length - 1]!.text += `, ${piece.text}`;
    } else if (merged.length > 0 && /^so\s+(?:it's|it is|that's|that is|they're|they are)\s+/i.test(piece.text) && isDescriptorTail(piece.text.replace(/^so\s+/i, ''))) {
      // ("the placing, which stays empty for most dogs, so it's optional": the rule that follows.)
      merged[merged.length - 1]!.text += `, ${piece.text.replace(/^so\s+/i, '')}`;
    } else if (merged.length > 0 && /^(?:so|because|since|as)\s+(?:there|it|they|we|you|that)\b/i.test(piece.text)) {
      // ("a photo of the device, so there are no arguments later (an image, 5 MB max)": why, then what it is.)
      const what = /\(([^()]*)\)\s*$/.exec(piece.text);
      if (what) merged[merged.length - 1]!.text += ` (${what[1]})`;
    } else merged.push(piece);
  }
  const out = merged
    // ("..., and holds the user manual as a PDF": the verb that adds one more is no part of it.)
    .map((p) => p.text.replace(/\u2063/g, ' ').replace(/^(?:and|plus|with|also|then)\s+/i, '').replace(/^(?:also\s+)?(?:holds|keeps|stores|records|carries|notes)\s+(?=(?:the|a|an|its|their)\s)/i, '').trim())
    // ("... and each one's either sunny or shady": what each is, one of those, the record's status.)
    .map((text) => text.replace(/^(?:each|every)\s+one(?:'s|’s|\s+is)\s+(?:either\s+)?([a-z][a-z -]*(?:,\s*[a-z][a-z -]*)*\s+or\s+[a-z][a-z -]*)$/i, 'status ($1)'))
    .filter(Boolean);
  return shareLastParenthesis(sharePossessor(bothRequired(mergeAppositives(sharePairedRest(out, pairs))), merged));
}

/** The index of the last piece of a value list starting at `i` (i itself when there is none). */
function valueRun(pieces: readonly Piece[], i: number): number {
  const first = pieces[i]!.text;
  const marked = MARKER.test(first) || /:\s*\S/.test(first);
  // ("length (30, 45 or 60 min), online or in person": what it is was said in its parentheses; the values after are a field of their own.)
  let j = /\([^()]*\)\s*$/.test(first) && !/:/.test(first) ? pieces.length : i + 1;
  // (A relative clause, "sex, which is male, female or unknown", is about the piece before it: no run goes through it.)
  while (j < pieces.length && pieces[j]!.sep !== ';' && !/^(?:which|that)\s/i.test(pieces[j]!.text) && isBareValueItem(pieces[j]!.text)) {
    const p = pieces[j]!;
    // (After a colon the values run to the end of the list, "and" inside one or not: "flying: red and yellow, black and white, red, or none".)
    const next = pieces[j + 1];
    const valuesGoOn = /:\s*\S/.test(first) && next !== undefined && next.sep !== ';' && isBareValueItem(next.text);
    if ((/\s(?:or|and)\s|^(?:or|and)\s/i.test(p.text) || p.sep === 'and') && !valuesGoOn) return marked || /\sor\s|^or\s/i.test(p.text) ? j : i;
    j += 1;
  }
  // `status: scheduled, played, postponed` (no `or`): values run to the end of the list.
  return marked && /:\s*\S/.test(first) && j === pieces.length ? j - 1 : i;
}

/** ("a description, a photo up to 5 MB": a file said after words is a field of its own, not what the words are.) */
const FILE_OF_ITS_OWN = /^(?:an?\s+|the\s+|their\s+|its\s+)?(?:photo|picture|pic|image|scan|video|recording|drawing|sketch)s?\b/i;
const WORDS_HEAD = /\b(?:description|name|title|notes?|comments?|summary|address|email|phone(?:\s+number)?|details|message|reason|date|time)$/i;

/** `a PDF no larger than 15 MB`, `optional`, `open by default`: a piece that only says rules, formats, a size or a default of the one before. */
function isDescriptorTail(written: string): boolean {
  // (Words kept together, "between 0\u2063and\u20632", read as written.)
  // ("one nice photo, JPEG only please as that's what the website likes": the courtesy and the reason say nothing of it.)
  // ("a photo if we've got one, just a JPEG under 4 MB": how little it need be says nothing more.)
  const text = written.replace(/\u2063/g, ' ').replace(/^(?:just|only|ideally|preferably|simply)\s+(?=(?:an?\s+)?(?:jpe?gs?|pngs?|pdfs?|gifs?|heic|mp3s?|mp4s?|csvs?|images?|photos?)\b)/i, '').replace(/\s+please\b/gi, '').replace(/\s+(?:as|because|since|cos|coz)\s+(?:that['’]s|that\s+is|it['’]s|it\s+is|they|we|the|our)\b[^,;()]*$/i, '');
  // ("the minimum age, never below 18 (legal drinking age here)": a rule, then why, in parentheses.)
  // ("from 1 (the treble) to 12": an aside inside the rule, too.)
  const bare = text.replace(/\s*\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  // (A bound ends on its number: "up to 3 photos (...)" is a field of its own.)
  if (bare !== text.trim() && bare && !/[(:]/.test(bare) && /\d\s*(?:%|[a-z]{1,3})?$/i.test(bare) && !/^(?:an?|the|their|its|his|her|some|any|optional(?:ly)?)\s/i.test(bare) && isDescriptorTail(bare)) return true;
  // ("a short caption and a tick box for whether the customer is happy": a yes/no that asks its own question is a field of its own.)
  if (/^(?:an?|the)\s+(?:[a-z]+\s+)?(?:tick ?box|check ?box|yes\/no|flag|toggle)\s+(?:for|to say|saying|showing|about)\b/i.test(text.trim())) return false;
  // ("what's wrong, in free text", "the address, as plain text": how the one before is written.)
  if (/^(?:in|as|just)\s+(?:(?:plain|free|long|a\s+bit\s+of)\s+)?(?:free[- ]?text|text|words|prose)$/i.test(text.trim())) return true;
  // ("the bulk tank temperature at collection, in degrees": the unit of the one before.)
  if (/^(?:measured\s+)?in\s+degrees(?:\s+(?:celsius|centigrade|c))?$/i.test(text.trim())) return true;
  // ("optionally a photo", "an optional photo": a field of its own, said to be optional.)
  if (/^(?:optionally|possibly|maybe|perhaps)\s+(?:a|an|the|their|its|some|any|one)\s/i.test(text.trim())) return false;
  if (/^(?:an?|the|their|its|some|any)\s+(?:optional|required|compulsory|mandatory|unique)\s+[a-z]/i.test(text.trim())) return false;
  // ("any notes, and optional pic": a file said to be optional, without its article, is a field of its own too.)
  if (/^(?:optional|required|compulsory|mandatory)\s+(?:pics?|photos?|pictures?|images?|scans?|videos?|documents?|recordings?|attachments?)$/i.test(text.trim())) return false;
  // ("the training night, any weekday from Monday to Friday": the days it can be.)
  if (/^(?:any\s+(?:day|weekday)(?:\s+of\s+the\s+week)?\s*,?\s*)?(?:from\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:to|through|till|until)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i.test(text.trim())) return true;
  // ("the handicap, a whole number such as 1100": what the field before is, with an example.)
  // ("their grade, a whole number that must be between 1 and 8": with its rule, too.)
  // ("how many technicians are on it, anywhere from 1 to 8": its bounds.)
  // ("a length in minutes, anything from 15 up to 90": the same.)
  if (/^(?:anywhere|somewhere|anything)\s+(?:from|between)\s+\d+\s+(?:up\s+)?(?:to|and)\s+\d+$/i.test(text.trim())) return true;
  // ("breed, typed in (Swaledale, Texel cross, ...)": how it is entered, with examples.)
  if (/^(?:typed in|written in|entered by hand)(?:\s*\([^()]*\))?$/i.test(text.trim())) return true;
  // ("the grams left, just as a whole number": the same, said as what it is kept as.)
  if (/^(?:(?:just|simply|only)\s+)?(?:as|in)\s+an?\s+(?:whole number|number|decimal(?: number)?|integer|date|free text|text|yes\/no|true\/false)$/i.test(text.trim())) return true;
  // ("the number of bait stations placed, a whole number between 0 and 50 (if anyone types more ...)": its bounds, and why.)
  if (/^an?\s+(?:whole number|number|decimal(?: number)?|integer|date|free text|text|yes\/no|true\/false)(?:\s+(?:such as|like|e\.g\.?)\s+[^,;()]+|\s+(?:that|which)\s+[^,;()]+|\s+(?:between|from)\s+-?\d+(?:\.\d+)?\s+(?:and|to)\s+-?\d+(?:\.\d+)?(?:\s*\([^()]*\))?)?$/i.test(text.trim())) return true;
  // ("the little newsletter we put in the box, uploaded as a PDF of no more than 5 MB": how it comes in, a file.)
  if (/^(?:uploaded|stored|kept|attached|sent|scanned)\s+(?:in\s+)?as\s+(?:an?\s+)?(?:pdf|jpe?g|png|image|photo|picture|scan|file|document|csv)s?\b[^,;()]*$/i.test(text.trim())) return true;
  // ("the test certificate, as a PDF (1 MB is plenty)": what the field before is, its limit in parentheses.)
  const asWhat = /^as\s+(?:an?\s+)?([^():]+?)\s*(?:\([^()]*\))?$/i.exec(text.trim());
  if (asWhat) {
    const what = asWhat[1]!.toLowerCase();
    if (TYPE_PHRASES[what] !== undefined || FORMATS[what] !== undefined || FORMATS[what.replace(/s$/, '')] !== undefined) return true;
  }
  // ("the templating photo, images only, up to 15 MB because phone cameras are huge": what the file before may be, and its size, with why.)
  if (/^(?:images?|photos?|pictures?|pdfs?|jpe?gs?|pngs?|videos?|documents?|scans?)\s+only$/i.test(text.trim())) return true;
  // ("a photo, any image format, up to 10 MB": what kinds it may be.)
  if (/^(?:in\s+)?any\s+(?:image|photo|picture|video|document|file)\s+(?:format|type|kind)s?(?:\s+(?:is|are)\s+fine)?$/i.test(text.trim())) return true;
  // ("..., say up to 25 MB": the same, said loosely.)
  if (/^(?:(?:say|so|and|but|roughly|about|around)\s+)?(?:up to|max(?:imum)?|no more than|no bigger than|no larger than|under|at most|nothing over|not over)\s+\d+(?:\.\d+)?\s*(?:kb|mb|gb)$/i.test(text.trim())) return true;
  // ("a copy of the agreement as a PDF, which is only a couple of pages, so 2 MB would do": the size that is enough.)
  if (/^(?:(?:so|and|but)\s+)?(?:about\s+|around\s+|say\s+|probably\s+)?\d+(?:\.\d+)?\s*(?:kb|mb|gb)\s+(?:would do|will do|should do|would be plenty|is plenty|is enough|is fine|is loads|is ample|max|tops|at most)$/i.test(text.trim())) return true;
  // ("a name, optional (only the pet lambs get names)": the rule, then why.)
  if (/^(?:optional|required|unique|mandatory)\s*\([^()]*\)$/i.test(text.trim())) return true;
  if (/[(:]/.test(text)) return false;
  if (/^an?\s+(?:tick box|tickbox|check box|checkbox)\b/i.test(text.trim())) return true;
  // ("allergies, as free text": the type of the field before.)
  const as = /^as\s+(?:an?\s+)?(.+?)\s*$/i.exec(text.trim());
  if (as && TYPE_PHRASES[as[1]!.toLowerCase()] !== undefined) return true;
  const acronym = text.split(/[^A-Za-z0-9]+/).some((w) => FORMATS[w.toLowerCase()] !== undefined || (w.length > 3 && FORMATS[w.toLowerCase().replace(/s$/, '')] !== undefined));
  const probe = emptyTraits();
  readDescriptor(text, probe, []);
  // ("the maximum group size, no more than 16": a bound of the field before, too.)
  const says = acronym || probe.maxBytes !== undefined || probe.required || probe.optional || probe.unique || probe.default !== undefined || probe.min !== undefined || probe.max !== undefined;
  return says && probe.notes.length === 0 && !probe.values && !probe.type && !probe.ref;
}

/** Splits at top-level `,` `;` ` and ` ` + ` ` & ` (outside parentheses and quotes). */
function topLevelPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  let sep = '';
  let andAfterComma = false;
  const push = (end: number, next: string, skip: number, nextAfterAnd = false) => {
    pieces.push({ text: text.slice(start, end).trim(), sep, ...(andAfterComma ? { andAfterComma } : {}) });
    sep = next;
    andAfterComma = nextAfterAnd;
    start = end + skip;
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '"') quote = !quote;
    else if (c === '(' || c === '[') depth += 1;
    else if ((c === ')' || c === ']') && depth > 0) depth -= 1;
    if (depth > 0 || quote) continue;
    if (c === ',' || c === ';') {
      const and = /^,\s+and\s+/i.exec(text.slice(i));
      push(i, c === ';' ? ';' : ',', and ? and[0].length : 1, and !== null);
      if (and) i += and[0].length - 1;
      continue;
    }
    const joiner = /^\s+(?:and|\+|&|plus|as well as|along with)\s+/i.exec(text.slice(i));
    if (joiner && /\s/.test(c)) {
      push(i, 'and', joiner[0].length);
      i += joiner[0].length - 1;
    }
  }
  pieces.push({ text: text.slice(start).trim(), sep, ...(andAfterComma ? { andAfterComma } : {}) });
  return pieces.filter((p) => p.text);
}

/** "the customer's name and phone number, and both must be filled in": the rule of the two before. */
function bothRequired(items: string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    // ("a safety tick box ..., and that one is required too": the rule of the one before.)
    const thatOne = /^(?:and\s+)?(?:that one|that|this one|this|it)\s+(?:is|'s)\s+(required|optional|unique|mandatory)(?:\s+(?:too|as well))?$/i.exec(item.trim());
    if (thatOne && out.length >= 1) {
      out[out.length - 1] = `${out[out.length - 1]} (${thatOne[1]!.toLowerCase()})`;
      continue;
    }
    // ("the day they want it for, always, plus ...": always given, so required.)
    if (out.length >= 1 && /^(?:always|every time|without fail|no matter what|always needed|always required)$/i.test(item.trim())) {
      out[out.length - 1] = `${out[out.length - 1]} (required)`;
      continue;
    }
    const all = /^all\s+(three|four|five|of them)\s+required$/i.exec(item.trim());
    if (all) {
      const count = { three: 3, four: 4, five: 5 }[all[1]!.toLowerCase() as 'three'] ?? out.length;
      for (let k = Math.max(0, out.length - count); k < out.length; k += 1) out[k] = `${out[k]} (required)`;
      continue;
    }
    if (out.length >= 2 && /^both\s+(?:must be (?:filled in|given|entered|provided)|are (?:required|mandatory|needed)|required|mandatory|needed)$/i.test(item)) {
      out[out.length - 1] = `${out[out.length - 1]} (required)`;
      out[out.length - 2] = `${out[out.length - 2]} (required)`;
    } else out.push(item);
  }
  return out;
}

/** `the helm's name and email`: a bare noun joined by "and" to a possessed one is the possessor's too. */
function sharePossessor(items: string[], pieces: readonly Piece[]): string[] {
  return items.map((item, i) => {
    // ("the lead guest's name and email": a possessor of two words, too.)
    // (A rule both share may follow each: "the skipper's name, required" and "mobile, required".)
    // ("my child's name and year group": the child's year group, a noun of two words too.)
    const owner = i > 0 && pieces[i]?.sep === 'and' ? /^(?:the\s+|their\s+|its\s+|my\s+|our\s+|his\s+|her\s+)?((?:[a-z]+\s+)?[a-z]+['’]s)\s+[a-z]+(?:\s*\([^()]*\)|,\s*(?:required|optional|unique))?$/i.exec(items[i - 1]!) : null;
    // (Not "the pet's name and the address": a noun with its own article is no one's.)
    return owner && /^(?!(?:the|a|an|their|its|his|her|my|our|your|some|any)\s)[a-z]+(?:\s+(?:group|name|number|date|address|type))?(?:\s*\([^()]*\)|,\s*(?:required|optional|unique))?$/i.test(item) ? `the ${owner[1]} ${item}` : item;
  });
}

/** `arrival, departure (dates)`: a plural, `both` or `each` parenthesis on the last phrase also covers the one before. */
function shareLastParenthesis(items: string[]): string[] {
  const out = [...items];
  for (let i = 1; i < out.length; i += 1) {
    const m = /\((both\b[^)]*|each\b[^)]*|neither\b[^)]*|[^()]*\b(?:each|both)|dates|datetimes|times|dates (?:with|and) times)\)\s*$/i.exec(out[i]!);
    const prev = out[i - 1]!;
    // ("a description and up to 3 photos (jpg/png, max 5MB each)": a file's limits, each of its files; no file before it.)
    const fileLimits = m && /\b\d+(?:\.\d+)?\s*(?:kb|mb|gb)\b|\b(?:jpe?g|png|pdf|gif|heic|tiff?|docx?)\b/i.test(m[1]!) && !/\b(?:photos?|images?|pictures?|pics?|scans?|files?|documents?|docs?|pdfs?|attachments?|copy|copies|certificates?|forms?|letters?|logos?|videos?|recordings?|receipts?|plans?)\b/i.test(prev);
    if (m && !fileLimits && !/[()]/.test(prev) && !/:/.test(prev)) out[i - 1] = `${prev} (${m[1]})`;
  }
  return out;
}

/**
 * "..., and how they came to us: a dealer, a tuner or the website, and the price": the values
 * after a question's colon run to the one joined by "or", and the list goes on after it.
 */
function questionValues(list: string): string {
  const m = /(?:^|,\s*|\band\s+)((?:how|where|who|which|what)\s+[^,;:()]{2,40}?)\s*:\s*/i.exec(list);
  if (!m) return list;
  const after = list.slice(m.index + m[0].length).split(/\s*,\s*/);
  const values: string[] = [];
  for (const [k, item] of after.entries()) {
    const last = /^(.*?)\s*\bor\s+(.+)$/i.exec(item);
    if (last) {
      values.push(...[last[1]!, last[2]!].filter((v) => v.trim() !== ''));
      if (values.length < 2 || values.some((v) => v.split(/\s+/).length > 5)) return list;
      const plain = values.map((v) => v.trim().replace(/^(?:our\s+own|our|a|an|the|one\s+of\s+the|one\s+of\s+our)\s+/i, ''));
      const rest = after.slice(k + 1);
      const head = list.slice(0, m.index + m[0].length).replace(/\s*:\s*$/, '');
      return `${head} (${plain.slice(0, -1).join(', ')} or ${plain.at(-1)})${rest.length > 0 ? `, ${rest.join(', ')}` : ''}`;
    }
    if (/\band\s/i.test(item) || item.trim() === '') return list;
    values.push(item);
  }
  return list;
}

/** "a main photo, a JPEG": what the file is, said after it. */
const FILE_FORMAT_WORD = /^an?\s+(?:jpe?g|png|pdf|gif|heic|csv|mp3|mp4|file|image|photo|picture|scan|document|spreadsheet|video|recording)$/i;

/**
 * Record types defined in prose, by clause patterns kept as data: "We have dining tables, each
 * with a table number and a number of seats", "A reservation is for a dining table and has the
 * guest's name, ...", "Each film has a title, a runtime and a poster", "For each hive we record
 * its location and queen year", "We keep track of members: name, email". Each pattern
 * (definition-patterns.ts) names the record type's noun phrase, optionally a parent it belongs
 * to, and the field list; this reads a clause against them and keeps what they say.
 */
import { isPluralWord, singular, words } from '../offline-author/text';
import { splitFieldList } from './fields';
import { DEFINITION_PATTERNS } from './definition-patterns';
import { Remembered } from './remembered';

export interface ProseDefinition {
  /** The noun phrase naming the record type ("dining tables"). */
  topic: string;
  /** The record type it belongs to or is for ("a dining table"). */
  parent?: string;
  /** A second one ("Leases, each for one plot and one gardener, with ..."). */
  parent2?: string;
  /** The field list as written. */
  list?: string;
  /** Record types it holds ("Each organization has projects": projects). */
  children?: string[];
  /** The list is the type of the record just described ("I'd tag them as a, b or c"): named by that record. */
  kindOfPrevious?: true;
}

/** The topic of a clause about the record described just before it. */
export const PREVIOUS = '(previous)';

/** Subjects that are never record types. */
// ("The show secretary manages shows, ...": a determiner alone is no name; "show" was the verb's look-alike.)
// ("Parts have a part number": spare parts said bare are records; "two parts", "the parts" of a text are not.)
const NOT_TOPICS = /^(?:(?:heart|core|centre|center|hub|backbone|main part|main thing|crux|bulk)\s+of\b.*|we|you|they|i|it|this|that|these|those|he|she|the|a|an|our|their|my|your|its|his|her|any|some|everyone|anyone|everybody|anybody|someone|nobody|people|users?|each|every|all|there|which|who|what|everything|anything|(?:(?:two|three|a few|some|several|the)\s+)?(?:bits|things|ways|reasons|options|sorts|steps|cases|questions|problems|issues|points|ones|sides)|(?:two|three|a few|some|several|the)\s+parts|(?:can|may|must|should|will|do|does)\b.*|(?:go|goes|went|come|comes|came|get|gets|head|heads)\s+(?:home|back|away|out|off|in)\b.*)$/i;

/** "by a teacher to a student at a lesson time, lasts a number of minutes, and has notes" -> the field list. */
export function complements(text: string): string {
  return text
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+(?=(?:has|have|lasts?|takes?|costs?)\b)|\s+(?=(?:by|to|for|with|at|on|in|from)\s+(?:a|an|the|one)\s)/i)
    .map((item) => item.trim()
      .replace(/^(?:lasts?|lasting|takes?|taking)\s+(?:a\s+)?(?:number of\s+)?(minutes|hours|days)\b/i, 'a duration in $1')
      .replace(/^(?:and\s+)?(?:has|have|by|to|for|with|at|on|in|from|between|costs?|costing)\s+/i, ''))
    .filter(Boolean)
    .join(', ');
}

const READDEFINITION_READINGS = new Remembered<ProseDefinition | undefined>();
/** A prose statement defining a record type, when one of the patterns reads it. */
export function readDefinition(text: string): ProseDefinition | undefined {
  return READDEFINITION_READINGS.of(text, readDefinitionOnce);
}

function readDefinitionOnce(text: string): ProseDefinition | undefined {
  const read = definitionOf(text);
  // ("I'll stop doing the entries with a paper form and a cash tin": an activity, named by its verb, is no record type.)
  return read && read.topic !== PREVIOUS && /^(?:then\s+)?there$|^[a-z]+ing\s+(?:the|a|an|our|their|all|some|my)\s/i.test(read.topic.trim()) ? undefined : read;
}

/** "Some of them are on a retainer", "some clients are in a union": what some of them are, a kind of them, links them to no record. */
export const SOME_ARE_ON_ONE = /^(?:and\s+|but\s+)?(?:some|a few|many|most|several|a couple|one or two|a handful)\s+(?:of\s+(?:them|these|those|our\s+[a-z]+|the\s+[a-z]+)|[a-z]+s)\s+(?:are|is|have|get)\s+(?:on|in)\s+(?:a|an)\s/i;

function definitionOf(text: string): ProseDefinition | undefined {
  if (SOME_ARE_ON_ONE.test(text.trim())) return undefined;
  // ("Customers need an account to buy": who must sign in, no field of theirs.)
  if (/^(?:the\s+|our\s+|all\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:will\s+|would\s+|do\s+|also\s+)?(?:need|needs|have to|has to|must)\s+(?:to\s+(?:have|make|create|set up|open)\s+)?(?:an?\s+)?(?:account|login|log-in|sign-in)s?(?:\s+(?:to|before|for|if|so)\b.*)?\.?$/i.test(text.trim())) return undefined;
  // "What we store: plots, with ...": the lead-in says nothing about the record.
  // ("At harvest time we record ...", "Every day we log ...": when it is done says nothing of the record.)
  // ("On it we need the lead hirer's name, ...": the record just described, said first.)
  // ("for each one we keep a first name, which we absolutely need, and ...": what the record just named has.)
  let clean = text.trim().replace(/\.$/, '').replace(/^(?:for|about|on)\s+(?:each|every)(?:\s+(?:one|of them))?\s*,?\s+(?:we|you|they|i)(?:'d|\s+would)?\s+(?:also\s+)?(?:keep|record|store|need|want|like|take|note down|note|track|log|write down|hold|ask for)\s+(?=(?:a|an|the|their|its|his|her)\s)/i, 'it has ').replace(/^(?:on|for|about|with)\s+(?:it|them|each one|each of them)\s*,?\s+(?=(?:we|you|they|i)\s)/i, '').replace(/^(?:at|in|during|every|each|once a|twice a)\s+(?:[a-z]+\s+){0,2}?(?:time|season|day|week|month|year|morning|evening|night|shift|visit|quarter|term|fortnight|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter)\s*,?\s+(?=(?:we|you|they|i)\s)/i, '').replace(/^(?:what we (?:store|keep|track|need|record)|we (?:store|keep|track|record)|(?:(?:the|our)\s+)?data(?: we keep| model)?|records?)\s*:\s*/i, '')
    // ("A style is basically one garment design: they give it a style number, ...": what it is, then what it is given.)
    .replace(/^((?:an?|each|every)\s+[a-z]+(?:\s+[a-z]+)?)\s+is\s+(?:(?:basically|just|really|simply|essentially)\s+)?(?:one|a|an)\s+[a-z]+(?:\s+[a-z]+)?\s*:\s*(?:(?:they|we|you|clients|customers)\s+(?:give|send|supply|provide)\s+(?:it|us|one)\s+(?:with\s+)?|it\s+(?:has|comes\s+with)\s+)/i, '$1 has ')
    // ("Club kit: every item has a name, ...": a label, then what each item of it has; the label's last word names the items.)
    .replace(/^(?:the\s+|our\s+)?(?:[a-z]+\s+)?([a-z]+)\s*:\s*(?:each|every)\s+(item|piece|entry|unit)\s+(?=(?:has|have|gets|needs|comes with)\s)/i, (_all, label: string, item: string) => `each ${label} ${item} `)
    // ("The record also says whether ...": the record just described, said as "the record".)
    .replace(/^the\s+(?:record|entry|file)\s+(?=(?:also\s+)?(?:says|holds|has|keeps|shows|notes|records|stores|includes|lists|carries)\b)/i, 'it ')
    // ("We've got a list of services like "cut & blow dry", each with ...": the services, each with.)
    // ("We also keep a list of parts we stock: the part name, ...": kept, with its fields after the colon.)
    // ("I keep a list of my regular customers as well, with ...": theirs.)
    // ("We'd also like a simple list of wards, with ...": the wards, with.)
    .replace(/^((?:we|i)(?:'ve|\s+have)?\s+got|(?:we|i)\s+have|(?:we|i)\s+(?:also\s+)?keep|we\s+offer|(?:we|i)(?:'d|\s+would)\s+(?:also\s+)?(?:like|want|need)|(?:we|i)\s+(?:also\s+)?(?:want|need))\s+(?:a|an)\s+(?:(?:small|big|large|long|short|whole|growing|simple|proper|separate|single)\s+)?(?:list|collection|set|range|menu|register|catalogue|catalog|bunch|handful|inventory)\s+of\s+(?:my\s+|our\s+|the\s+|all\s+(?:the\s+|our\s+)?)?/i, (lead: string, _who: string, _at: number, whole: string) => (/^[^:,]{2,40}:\s*\S/.test(whole.slice(lead.length)) ? 'we keep ' : 'we have '))
    .replace(/^(we have\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:as well|too|also)\s*,/i, '$1,')
    .replace(/(?<!\b(?:something|anything|things?))\s+(?:like|such as|e\.g\.)\s+"[^"]*"(?=\s*,)/i, '')
    // ("Each of our physiotherapists has a therapist record with their full name, ...": the record is named as said.)
    .replace(/^(?:each|every)\s+(?:of\s+(?:our|the)\s+)?[a-z]+\s+(?:each\s+)?(?:has|have|gets)\s+(?:a|an|their own|its own)\s+([a-z]+)\s+(?:record|profile|file|card)\s+(?:with|that has|which has|holding|listing|showing)\s+/i, 'each $1 has ')
    // ("Our teachers each have a profile with their name, a bio, ...": the profile says what each has.)
    .replace(/^(.+?)\s+(?:each\s+)?(has|have)\s+(?:a|an|their own|its own)\s+(?:(?:short|small|public|simple)\s+)?(?:profile|record|account|page|entry|card|listing)\s+(?:with|that has|which has|holding|listing|showing)\s+/i, '$1 $2 ')
    // ("Every bookable area of the kitchen is a station, with a name, ...": what each is called is the record.)
    .replace(/^(?:every|each|any)\s+(?:[a-z-]+\s+){1,3}?(?:of\s+(?:the|our)\s+[a-z-]+\s+)?(?:is|counts as)\s+(?:a|an|one)\s+([a-z-]+(?:\s+[a-z-]+)?)\s*,\s*(?:with|having|and\s+has|and\s+each\s+has)\s+/i, 'each $1 has ')
    // ("Each table is in one of three areas: terrace, bar or main room": the table has an area, one of those.)
    .replace(/^(.+?)\s+(?:is|are|sits?|belongs?)\s+(?:in|on|at|to)\s+one\s+of\s+(?:the\s+|our\s+)?(?:(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+)?([a-z]+?)s\s*[:(-]\s*([^()]+?\s(?:or|and)\s[^()]+?)\)?$/i, (_all, subject: string, noun: string, values: string) => `${subject} has ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun} (${values})`);
  // ("traders can create a profile for their food business with its trading name, ...": the trader's own record;
  // "a profile with my name, ..." alone stays a profile.)
  clean = clean.replace(/^((?:the\s+)?[a-z]+?)s\s+can\s+(?:create|set up|make|fill in|add)\s+(?:a|an|their(?:\s+own)?)\s+profile\s+(?:for|of|about)\s+(?:their|its)\s+[a-z]+(?:\s+[a-z]+)?\s+with\s+/i, (_m, people: string) => `every ${people.replace(/^the\s+/i, '')} has `);
  // ("staff can log each week's deliveries: the date it arrived, ...": what each delivery has.)
  clean = clean.replace(/^(?:(?:we|i|they|staff|[a-z]+s)\s+)?(?:can\s+)?(?:also\s+)?(?:log|record|note down|note|keep track of|track|enter)\s+(?:each|every)\s+(?:day|week|month|year|night|shift|session|season|evening|morning)['’]s\s+([a-z]+)\s*:\s*/i, (_m, records: string) => `each ${singular(records)} has `)
    // ("customers can sign up online with their name, email, ...": what each customer's record has.)
    .replace(/^([a-z]+?)s\s+can\s+(?:sign\s+up|register|join)(?:\s+(?:online|on the website|on our website|through the site|here))?\s+(?:by\s+giving|with|giving)\s+(?=(?:their|a|an|the)\s)/i, 'each $1 has ');
  // ("When someone books us we need their name, an email, ...": what each booking has.)
  clean = clean.replace(/^when\s+(?:someone|somebody|a customer|customers|people|a client|clients|anyone)\s+(books?|orders?|hires?|reserves?|enquires?|applies|apply)\b(?:\s+(?:us|with us|in|online|a\s+[a-z]+))?\s*,?\s+(?:we|i)\s+(?:need|want|take|ask for|record|note down|note|get|collect|keep)\s+(?=\S)/i, (_m, verb: string) => `each ${ACT_RECORD[verb.toLowerCase().replace(/(?:ies|s)$/, (e) => (e === 'ies' ? 'y' : ''))] ?? 'booking'} has `);
  // ("When a client sends me an episode I need the raw audio file, ...": what each episode sent has.)
  // (Who sends it, named as one of the people ("a client"), is whose it is: "the client" is one more field.)
  clean = clean.replace(/^when(?:ever)?\s+((?:a|an|the)\s+[a-z]+|someone|somebody|one\s+of\s+(?:my|our|the)\s+[a-z]+s|[a-z]+s)(?:\s+[a-z]+)?\s+(?:sends?|brings?|submits?|uploads?|drops?\s+off|hands?\s+in|hands?\s+over|emails?|posts?|delivers?|gives?)\s+(?:me|us|in)?\s*(?:a|an|their|his|her|its|a\s+new|the)\s+([a-z]+)\s*(?:(?:in|over|off|through|to\s+(?:me|us))\s+)?,?\s*(?:we|i)\s+(?:need|want|take|ask for|record|note down|note|get|collect|keep|log|store)\s+(?=\S)/i, (_m, sender: string, record: string) => {
    const person = /^(?:a|an|the)\s+([a-z]+)$/i.exec(sender)?.[1];
    return `each ${record} has ${person && !/^(?:person|someone|user|people)$/i.test(person) ? `the ${person}, ` : ''}`;
  });
  // ("I make a payout to each maker: the amount, ...": what is made for each of them has them, then the list.)
  clean = clean.replace(/^(?:we|i)\s+(?:also\s+)?(?:make|send|issue|raise|do|pay|write)\s+(?:a|an|one)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:to|for)\s+(?:each|every)\s+([a-z]+)\s*:\s*(?=\S)/i, (_m, record: string, party: string) => `each ${record} has the ${party}, `);
  // ("Makers sign a consignment agreement, which I scan and keep (PDF only, under 5 MB)": the signed paper, kept as a file of theirs.)
  clean = clean.replace(/^(?:the\s+|our\s+|all\s+)?([a-z]+?)s?\s+(?:sign|signs|fill\s+in|fills\s+in|fill\s+out|fills\s+out|complete|completes|return|returns)\s+(?:a|an|the|their|its)\s+([a-z]+(?:\s+[a-z]+){0,2}?)\s*,?\s+(?:which|that)\s+(?:i|we)\s+(?:then\s+)?(?:scan|photograph|photocopy|copy|upload)(?:\s+(?:and|&)\s+(?:keep|store|file|upload|save|attach))?(?:\s+(?:it|on\s+file|here))?\s*(\([^()]*\))?$/i, (_m, people: string, paper: string, formats: string | undefined) => `each ${people} has a ${paper} ${formats ?? '(file)'}`);
  // ("At a fair I record what sold: the zine, how many copies, ...": each sale at one of them, with the list.)
  clean = clean.replace(/^(?:at|after|for|during)\s+(?:a|an|each|every|the)\s+([a-z]+)\s*,?\s+(?:i|we)\s+(?:also\s+)?(?:record|log|note|note down|write down|keep track of|track|keep a note of)\s+(?:what|everything|anything)\s+(?:we\s+)?(?:sold|sells|was\s+sold|got\s+sold|people\s+bought|(?:was|got)\s+bought)\s*:\s*(?=\S)/i, (_m, place: string) => `each ${place} sale has the ${place}, `);
  // ("a patch is basically an area with a name and a rough boundary description": what kind of thing it is says nothing; what it has does.)
  clean = clean.replace(/^((?:a|an|each|every|the)\s+[a-z]+(?:\s+[a-z]+)?)\s+is\s+(?:basically\s+|just\s+|simply\s+|really\s+|essentially\s+)?(?:a|an|one)\s+(?:(?:small|big|large|little|named|physical|geographical)\s+)?(?:area|place|thing|spot|zone|region|space|location|piece|bit|entry|item|unit|chunk|section|slot|period|block|patch|stretch)\s+(?:with|that has|having|which has)\s+(?=\S)/i, '$1 has ');
  // ("Whenever a group goes out, the leader logs a pick afterwards - the date, ...": the record logged, then its fields.)
  clean = clean.replace(/^(?:when|whenever|after|once|each time|every time)\s+[^,]{3,60},\s*(?:the|a|their|our)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:logs|records|fills in|writes up|enters|submits|files|adds)\s+(?:a|an)\s+([a-z]+(?:\s+(?!afterwards\b|after\b|later\b|then\b|straight\b)[a-z]+)?)\s+(?:afterwards|after|later|then|straight after)?\s*[-:–—]\s*(?=\S)/i, (_m, record: string) => `each ${record} has `);
  // ("When someone drops off a bike we write up a repair job - the customer's name, ...": the record written up, then its fields.)
  clean = clean.replace(/^(?:when|whenever|once|each time|every time)\s+(?:someone|somebody|anyone|people|they|a\s+[a-z]+|[a-z]+s)\s+[a-z][^,:;–—]{2,60}?\s*,?\s+(?:we|i)\s+(?:(?:first|then|always|just|usually)\s+)?(?:write up|fill in|fill out|open|create|start|make|log|raise|book in|set up|put together|take down|open up)\s+(?:a|an)\s+(?:new\s+)?([a-z]+(?:\s+(?!(?:for|with|and)\b)[a-z]+)?)\s*(?:[-:–—]|\s+with)\s*(?=\S)/i, (_m, record: string) => `each ${record} has `);
  // ("members can upload their own recordings of practice (mp3 or wav, max 20MB)": records that are files, with their kinds and size;
  // "handouts for a lesson": each for one of those.)
  clean = clean.replace(/^(?:the\s+|our\s+|all\s+)?[a-z]+s\s+(?:can|may|could|should\s+be\s+able\s+to|will)\s+(?:also\s+)?(?:upload|attach|post|send\s+in|submit)\s+(?:their\s+(?:own\s+)?|some\s+|any\s+)?([a-z]+?s)(?:\s+of\s+(?:their\s+)?[a-z]+(?:\s+[a-z]+)?|\s+(?:for|to)\s+(?:a|an|the|each|every|their)\s+([a-z]+))?\s*\(([^()]*\b(?:jpe?g|png|gif|pdf|mp3|mp4|wav|m4a|mov|docx?|word|webp|heic|audio|video|images?|photos?|pictures?)\b[^()]*)\)(?:\s*(?:,|\band\b).*)?$/i, (_m, records: string, of: string | undefined, rules: string) => `each ${singular(records)} has ${of ? `the ${of}, ` : ''}a file (${rules})`);
  // ("For every lesson, the teacher takes a register: which students were present, late or absent": a record of each one's attendance.)
  clean = clean.replace(/^(?:(?:for|at|in)\s+(?:every|each)\s+([a-z]+)\s*,?\s+)?(?:the\s+|our\s+)?[a-z]+\s+(?:takes?|does|marks?|keeps?|fills?\s+in)\s+(?:a|the)\s+register\s*(?:for\s+(?:every|each|the)\s+([a-z]+)\s*)?[:,-]\s*(?:recording\s+|saying\s+|noting\s+)?which\s+([a-z]+?)s\s+(?:were|was|are|is)\s+(.+\s(?:or|and)\s.+)$/i, (_m, occasion: string | undefined, occasionAfter: string | undefined, person: string, states: string) => `each attendance has ${occasion ?? occasionAfter ? `the ${occasion ?? occasionAfter}, ` : ''}the ${person}, a status (${states})`);
  // ("customers book a slot online: 1 hour, 2 hours or half day": what each booking is for, one of those.)
  clean = clean.replace(/^(?:the\s+|our\s+)?[a-z]+s\s+(?:can\s+|will\s+)?(book|reserve|hire|rent)\s+(?:a|an)\s+([a-z]+)(?:\s+(?:online|on\s+the\s+website|in\s+advance|ahead))?\s*:\s*([^:]+?\s(?:or|and)\s[^:]+)$/i, (_m, verb: string, noun: string, values: string) => `each ${ACT_RECORD[verb.toLowerCase()] ?? 'booking'} has a ${noun} (${values})`);
  // ("... - we wanna record the time they actually went out and came back", "Staff record the time each boat went out and came back":
  // the two moments, of the record just described or of the one named.)
  clean = clean.replace(/^(?:.*?\s[-–—]\s+)?(?:(?:we|i|staff|they|the\s+[a-z]+)\s+)?(?:(?:want|need|wanna|would\s+like|['’]d\s+like)\s+(?:to\s+)?)?(?:record|log|note|track|keep|write\s+down)\s+the\s+times?\s+(they|it|each\s+[a-z]+)\s+((?:actually\s+)?[a-z]+(?:\s+(?:out|in|back|off|up))?)\s+and\s+(?:the\s+time\s+(?:they|it)\s+)?((?:actually\s+)?[a-z]+(?:\s+(?:out|in|back|off|up))?)$/i, (_m, who: string, first: string, second: string) => `${/^each\s/i.test(who) ? `${who} has` : 'it has'} the time they ${first}, the time they ${second}`);
  // ("customers can choose the quantity, paper type (matte or gloss) and size for each order": what each order has.)
  clean = clean.replace(/^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?s\s+(?:can|may|could|should\s+be\s+able\s+to|will|get\s+to)\s+(?:also\s+)?(?:choose|pick|select|specify|fill\s+in|enter)\s+((?:the|a|an|their)\s+[^:;]+?(?:,|\band\b)[^:;]+?)\s+for\s+(?:each|every|an?|their|the)\s+([a-z]+)$/i, (_m, list: string, record: string) => `each ${record} has ${list}`);
  // ("designers can see all new orders and upload a proof for each one": a record that is a file, for each of those.)
  clean = clean.replace(/^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?s\s+(?:can|may|could|should\s+be\s+able\s+to|will)\s+(?:also\s+)?(?:see|view|check|look\s+at|read)\s+(?:all\s+)?(?:the\s+)?(?:new\s+|open\s+|incoming\s+)?([a-z]+?)s\s+(?:and|,)\s+(?:then\s+)?(?:upload|attach|add|send)\s+(?:a|an)\s+([a-z]+)\s+(?:for|to|with)\s+(?:each|every)\s+(?:one|of\s+them)$/i, (_m, of: string, made: string) => `each ${made} has the ${of}, a file`);
  // ("The office creates a call-out for each one: the customer, ...", "Engineers fill in a job sheet on their phone when they finish:
  // the time they arrived, ...": the record made, then its fields.)
  clean = clean.replace(/^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:creates?|opens?|raises?|logs?|makes?|writes?\s+up|fills?\s+in|fills?\s+out|completes?|submits?)\s+(?:a|an)\s+(?:new\s+)?([a-z]+(?:[-\s](?!for\b|on\b|when\b|after\b|at\b|in\b)[a-z]+)?)(?:\s+(?:for\s+(?:each|every)\s+(?:one|[a-z]+)|on\s+(?:their|the|a)\s+(?:phone|tablet|laptop|app|computer)|online|(?:when|after|once)\s+[^:,]{3,40}))*\s*:\s*(?=\S)/i, (_m, record: string) => `each ${record} has `);
  // ("Once we've agreed the details I take an order: their name, ...": the record taken, then its fields.)
  clean = clean.replace(/^(?:(?:once|when|after|as\s+soon\s+as)\s+[^,:]{3,60}?\s*,?\s+)?(?:i|we)\s+(?:then\s+|just\s+|always\s+)?(?:take|write\s+up|log|create|make|open|book\s+in|jot\s+down|start)\s+(?:a|an|the)\s+(?:new\s+)?([a-z]+(?:\s+[a-z]+)?)\s*:\s*(?=\S)/i, (_m, record: string) => `each ${record} has `);
  // ("The office raises an invoice from each job sheet, with the labour cost, ...": what it is made from, and its fields.)
  clean = clean.replace(/^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:creates?|raises?|issues?|makes?|writes?\s+up|sends?)\s+(?:a|an)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:from|for|against|off)\s+(?:each|every)\s+([a-z]+(?:[-\s][a-z]+)?)\s*,?\s+(?:with|showing|listing|holding)\s+(?=\S)/i, (_m, record: string, from: string) => `each ${record} has the ${from}, `);
  // ("Every object in the collection has ...": where all of them are kept says nothing of each.)
  clean = clean.replace(/^((?:each|every|any|an?)\s+[a-z]+)\s+(?:in|of|on|from)\s+(?:the|our|my)\s+(?:whole\s+|entire\s+|permanent\s+|main\s+)?(?:collection|catalogue|catalog|inventory|library|stock|system|database|range|archive|shop|store|fleet|register)\s+(?=(?:has|have|gets|comes with|carries|holds|needs)\s)/i, '$1 ');
  // ("Mechanics log which parts they used on each job and how many": a record of each part used on a job.)
  clean = clean.replace(/^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:also\s+)?(?:log|logs|record|records|note|notes|track|tracks|note down|write down|enter|enters)\s+which\s+([a-z]+?)s\s+(?:they|we|were|got|get)\s+(?:used|use|fitted|fit|took|take|sold|sell|needed|need|ordered|order|gave\s+out|handed\s+out)\s+(?:on|for|in|with|to)\s+(?:each|every|a|the)\s+([a-z]+)(\s*,?\s+and\s+how\s+(?:many|much))?$/i, (_m, used: string, on: string, amount: string | undefined) => `each ${on} ${used} has the ${on}, the ${used}${amount ? `, ${amount.replace(/^\s*,?\s*and\s+/i, '')}` : ''}`);
  // ("... and we want to take attendance - just who was there at which rehearsal": a record of who came to what.)
  clean = clean.replace(/^(?:.*?\b(?:and|so)\s+)?(?:we|i)\s+(?:(?:want|need|would like|'d like|have)\s+to\s+)?(?:take|record|keep|track|log|mark|create)\s+attendance\s*[-:–—]\s*(?:just\s+|basically\s+|simply\s+|only\s+)?who\s+(?:was|were)\s+(?:there|present|in)\s+(?:at|for)\s+which\s+([a-z]+)$/i, (_m, occasion: string) => `each attendance has who was there, which ${occasion}`);
  // ("log donations that come in: who donated, ...": which ones, said before the colon, is no part of the record's name.)
  clean = clean.replace(/\b((?:log|record|track|keep|enter|add|note|list|register)s?\s+(?:the\s+|all\s+(?:the\s+)?|any\s+|new\s+)?[a-z]+s)\s+(?:that|which)\s+(?:[a-z']+\s+){0,3}?[a-z']+\s*(?=:\s*\S)/i, '$1');
  // ("pantry managers can maintain that needs list (item name, priority: ...)": each item of the list, with what it holds.)
  clean = clean.replace(/^(?:(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+)?(?:(?:can|will|want to|would like to|need to|should be able to)\s+)?(?:maintain|manage|keep|update|edit|run)\s+(?:the|that|a|an|our|this)\s+([a-z]+?)s?\s+list\s*\((?=[^()]*,[^()]*\)\s*\.?$)/i, (_m, what: string) => `each ${what} item has (`)
    .replace(/^(each [a-z]+ item has )\(([^()]*)\)\s*\.?$/i, '$1$2');
  // ("site reps can record inspections of plots: the date, ...", "raise rent invoices for plots, each with an amount ..., and mark them paid":
  // one of them for one of those, with its list; marking them paid is whether each is.)
  clean = clean.replace(/^(.*?\b(?:record|log|raise|add|create|issue|enter|track|keep|write|file)\s+)(?:the\s+)?([a-z]+(?:\s+[a-z]+)?)s\s+(?:of|for|on|against)\s+(?:the\s+|each\s+|every\s+|their\s+|our\s+)?([a-z]+?)s?\s*(:|,\s*each\s+(?:with|having)\s+)/i, (_m, lead: string, made: string, of: string, sep: string) => `${lead}${/^[aeiou]/i.test(made) ? 'an' : 'a'} ${made} for a ${of}${sep.startsWith(':') ? ':' : ', with '}`)
    .replace(/^(.*\bfor a [a-z]+, with .+?),?\s+and\s+(?:then\s+)?mark\s+(?:them|it|each\s+one)\s+(?:as\s+)?(paid|sent|done|complete|completed|closed|approved|signed)\s*$/i, '$1, whether it is $2');
  // ("each job gets one of the locksmiths assigned to it once I've sorted the rota": a locksmith, the one assigned.)
  clean = clean.replace(/\b(gets|has|is given)\s+one\s+of\s+(?:the|our)\s+([a-z]+?)s\s+(assigned|allocated)\b(?:\s+to\s+(?:it|them))?(?:\s+(?:once|when|after)\s+[^,]+)?/i, '$1 a $2');
  // ("Then there are the beds themselves, each with a short code ...": each bed has.)
  clean = clean.replace(/^(?:and\s+)?(?:then\s+|also\s+|next\s+|finally\s+|lastly\s+)?there(?:'s|\s+is|\s+are|'re)\s+(?:also\s+)?(?:the\s+|our\s+|some\s+)?([a-z]+(?:\s+[a-z]+)?)(?:\s+themselves|\s+itself)?\s*,\s*(?:each|every one|each one|all)\s+(?:with|having|of which has|of them with)\s+/i, (_m, records: string) => `each ${records} has `);
  // ("one of the lads does a clean and water test, and we need a record of that: which tub, the date, ...": a record of what is done.)
  clean = clean.replace(/^.*?\b(?:does|do|carries\s+out|carry\s+out|makes|make|runs|run|completes|complete)\s+(?:a|an)\s+([a-z]+(?:\s+(?!and\b)[a-z]+)?)(?:\s+and\s+[a-z]+(?:\s+[a-z]+)?)?\s*,?\s+and\s+(?:we|i)\s+(?:need|want|keep|have\s+to\s+keep)\s+(?:a\s+)?record\s+of\s+(?:that|it|each\s+one|them)\s*:\s*/i, (_m, act: string) => `each ${act.toLowerCase()} record has `);
  // ("We've got a handful of freelance bartenders, and for each we keep a name, ...": what each bartender's record has.)
  clean = clean.replace(/^(?:we|i)(?:['’]ve|\s+have)?\s+(?:got\s+|have\s+|use\s+|work\s+with\s+)?(?:(?:a\s+handful\s+of|a\s+few|a\s+couple\s+of|some|several|lots\s+of|a\s+lot\s+of|a\s+team\s+of|a\s+pool\s+of|about\s+\d+|\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\s+)?(?:[a-z-]+\s+){0,2}?([a-z-]+?)s\s*,?\s+and\s+(?:for|on|about)\s+(?:each(?:\s+one)?|every\s+one|each\s+of\s+them|them)\s*,?\s+(?:we|i)\s+(?:keep|record|need|store|take|note|hold|track|want)\s+/i, (_m, person: string) => `each ${person} has `);
  // ("Borrowers are the people we lend to, and for them we need the full name, ...": what each borrower's record has.)
  clean = clean.replace(/^((?:the\s+)?[a-z]+(?:\s+[a-z]+)?)\s+are\s+(?:the\s+)?(?:people|folks?|ones|families|households|customers|clients|members|businesses|organisations|organizations)\s+(?:we|who|that|whom)\b[^,]*,\s*and\s+(?:for|about|on)\s+(?:them|each|each one|each of them|every one)\s*,?\s+(?:we|i)\s+(?:need|keep|record|take|store|want|ask for|note down|note|hold|collect)\s+/i, (_m, people: string) => `each ${people.replace(/^the\s+/i, '')} has `);
  // ("... so we want a donation offer form that anyone can fill in without an account, asking for their name, ...": what each offer has.)
  clean = clean.replace(/^(?:.*?\b(?:so|and)\s+)?(?:we\s+(?:also\s+)?(?:want|need|would like|'d like|have)|there(?:'s|\s+is)\s+(?:also\s+)?|i\s+(?:want|need|would like|'d like))\s+(?:a|an)\s+(?:(?:simple|short|little|online|web)\s+)?([a-z]+(?:\s+[a-z]+)?)\s+form\b[^,]*,\s*(?:asking for|which asks for|that asks for|asking|with|collecting|that takes|which takes)\s+/i, (_m, record: string) => `each ${record} has `);
  // ("anyone can submit a donation offer without an account, asking for their name, ...": what each offer has.)
  // ("members of the public can report a swarm without logging in, giving ...": what they make is a swarm report.)
  clean = clean.replace(/^(?:anyone|anybody|everyone|people|the public|members of the public|visitors|customers)\s+(?:can|could|should be able to|may)\s+(submit|send|fill in|make|leave|report)\s+(?:a|an)\s+([a-z]+(?:\s+(?!(?:without|with|from|on|online|through|via|by|for|at|in|to|using)\b)[a-z]+)?)\b[^,]*,\s*(?:asking for|which asks for|giving|with)\s+/i, (_m, verb: string, record: string) => `each ${/^report$/i.test(verb) && !/\breport$/i.test(record) ? `${record} report` : record} has `);
  // ("exams officers can set up exam sessions, each with a paper code ...", "we add rooms, each with ...": what each of those made has.)
  clean = clean.replace(/^(?:(?:we|i|they|[a-z]+(?:\s+[a-z]+)?s)\s+)?(?:(?:can|could|will|want to|would like to|need to|should be able to|also)\s+)*(?:set up|add|create|enter|record|log|register|list|open|put in|upload)\s+(?:new\s+)?([a-z]+(?:\s+[a-z]+)?s)\s*,\s*each\s+(?:with|having|holding|showing|carrying)\s+/i, (_m, records: string) => `each ${singular(records)} has `);
  // ("Members on a 10-day pack have a number of days left": what some of them have is a field of them all.)
  clean = clean.replace(/^((?:the\s+)?[a-z]+s)\s+(?:on|with)\s+(?:a|an|the)\s+[a-z0-9 -]{2,30}?\s+(have|get)\s+(?=(?:a|an|the|their)\s)/i, '$1 $2 ');
  // ("There are three kinds of space you can book: hot desks, fixed desks and meeting rooms": what kind each is.)
  clean = clean.replace(/^there\s+are\s+(?:[a-z0-9]+\s+)?(?:different\s+)?(kinds|types|sorts)\s+of\s+([a-z]+)(?:\s+[a-z ]{1,40}?)?\s*:\s*([a-z][a-z -]*(?:\s*,\s*[a-z][a-z -]*)*,?\s+(?:and|or)\s+[a-z][a-z -]*)$/i, (_m, kinds: string, record: string, values: string) => `each ${record} has a ${kinds.toLowerCase().replace(/s$/, '')} (${values.replace(/,?\s+and\s+(?=[a-z -]+$)/i, ' or ').replace(/([a-z]+)(?=\s*(?:,|\bor\b|$))/gi, (w) => singular(w))})`);
  // ("playlist = list of tracks, each track has artist, title, ...", "a playlist is a list of tracks, each with ...": each of those is the whole's.)
  clean = clean.replace(/^(?:(?:a|an|the|each|every)\s+)?([a-z]+(?:\s+[a-z]+)?)\s*(?:=|is\s+(?:just\s+|basically\s+)?(?:a|the))\s*(?:a\s+)?list\s+of\s+([a-z]+?)s\s*,\s*each(?:\s+([a-z]+))?\s+(?:has|with|having)\s+(?=\S)/i, (all, whole: string, part: string, again?: string) => (again && again.toLowerCase() !== part.toLowerCase() ? all : `${/^[aeiou]/i.test(part) ? 'an' : 'a'} ${part} is for ${/^[aeiou]/i.test(whole) ? 'an' : 'a'} ${whole}, with `));
  // ("A plan is made of treatment items, each with a description, ...", "an order has lines, each with ...": each of those is
  // the whole's, and has what follows.)
  clean = clean.replace(/^(?:a|an|each|every|the)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:has|have|is made (?:up )?of|consists of|contains|includes|is split into|is broken into)\s+(?:many\s+|several\s+|multiple\s+|one or more\s+|some\s+|a few\s+|a number of\s+)?(?:numbered\s+)?([a-z]+(?:\s+[a-z]+)?s)\s*(?:,\s*|\s*\(\s*)each\s+(?:with|having|holding)\s+(?=\S)/i, (_m, whole: string, parts: string) => `${/^[aeiou]/i.test(parts) ? 'an' : 'a'} ${singular(parts)} is for ${/^[aeiou]/i.test(whole) ? 'an' : 'a'} ${whole}, with `);
  // ("... through a form on the school website. I give my name and email (both required), ...": what the record just named has.)
  clean = clean.replace(/^(?:i|we|they|you)\s+(?:just\s+)?(?:give|provide|enter|fill in|type in|put in)\s+(?=(?:my|our|their|your|a|an|the)\s)/i, 'it has ');
  // ("visitors can browse the rooms without logging in and see each room's number, its type (...), how many beds it has, ...":
  // what each room shows is what it has.)
  // (Only a list: "they can check a repair's status on the website without logging in" is a right, no field list.)
  clean = clean.replace(/^.*?\b(?:see|view|check|look at|read)\s+(?:each|every|a|the)\s+([a-z]+)['’]s\s+(?=[a-z][^,]*,)/i, (_m, record: string) => `each ${record} has its `);
  // ("guests can reserve a room by giving their arrival date, ...": what the reservation has.)
  clean = clean.replace(/^(?:[a-z]+(?:\s+[a-z]+)?\s+)?(?:can|could|may|want to|would like to)\s+(reserve|book|order|hire|rent)\s+(?:a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+by\s+(?:giving|entering|filling in|providing|telling us)\s+(?=(?:their|a|an|the|my)\s)/i, (_m, verb: string) => `each ${ACT_RECORD[verb.toLowerCase()] ?? 'booking'} has `);
  // ("passengers can request a lift by giving the pickup address, ...": what each lift asked for has.)
  clean = clean.replace(/^(?:[a-z]+(?:\s+[a-z]+)?\s+)?(?:can|could|may|want to|would like to)\s+(?:request|report|register|submit|log|raise|order)\s+(?:a|an)\s+([a-z]+(?:\s+[a-z]+)?)\s+by\s+(?:giving|entering|filling in|providing|telling us)\s+(?=(?:their|a|an|the|my)\s)/i, (_m, record: string) => `each ${record} has `);
  // ("drivers can keep their car details up to date: registration, make, ...": the record of their car, with its fields.)
  clean = clean.replace(/^(?:the\s+|our\s+)?[a-z]+s\s+(?:can|could|may|need\s+to|must|should)\s+(?:keep|update|maintain|edit|manage)\s+(?:their|his|her|its)\s+(?:own\s+)?([a-z]+)\s+(?:details|record|info|information|profile)(?:\s+up\s+to\s+date)?\s*:\s*(?=\S)/i, (_m, record: string) => `each ${record} has `);
  // ("Judges give each entry points out of 100 and may add a comment": what each entry is given, and what may be added, are its fields.)
  clean = clean.replace(/^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:give|gives|award|awards|assign|assigns|allocate|allocates)\s+(?:each|every)\s+([a-z]+)\s+(?!(?:a|an|the)\s+(?:email|e-mail|text|message|reminder|call|ring|look|go|try)\b)(?=\S)/i, (_m, record: string) => `each ${record} has `)
    .replace(/^(each [a-z]+ has [^,]+?)\s+and\s+(?:(?:may|can|might|will|should|could)\s+)?(?:also\s+)?(?:add|adds|give|gives|leave|leaves|write|writes|include|includes)\s+(?=(?:a|an|some|any)\s)/i, '$1, ');
  // ("Customers themselves are just name, phone, ...": the record, said again to describe it.)
  clean = clean.replace(/^((?:the\s+)?[a-z]+(?:\s+[a-z]+)?)\s+(?:themselves|itself)\s+(?=(?:are|is|have|has|need|needs)\s)/i, '$1 ');
  // ("The main thing is jobs. When a customer rings up we take their name, ...": what the record just named has.)
  clean = clean.replace(/^when(?:ever)?\s+(?:someone|somebody|a\s+[a-z]+|[a-z]+s|people|anyone)\s+(?:rings?(?:\s+up|\s+in)?|calls?(?:\s+(?:up|in|us))?|phones?(?:\s+(?:up|in|us))?|gets?\s+in\s+touch|contacts?\s+us|comes?\s+in|walks?\s+in|emails?\s+us|gets?\s+hold\s+of\s+us)\s*,?\s+(?:we|i)\s+(?:need|take|take down|ask for|ask them for|record|note down|write down|jot down|note|get|collect|keep|log)\s+(?=\S)/i, 'it has ');
  // ("The heart of it all is the framing order: somebody walks in with a print, ..., and we jot down a description of the piece, ...": what the record just named has.)
  // ("Someone messages me with what they want and I write down their name, ...": the same, said of a message.)
  clean = clean.replace(/^(?:somebody|someone|a customer|customers|people|they|a client|clients)\s+(?:walks?|comes?|brings?|drops?|rings?|calls?|turns?|messages?|emails?|texts?|contacts?|gets?\s+in\s+touch|writes?)\b.*?,?\s+and\s+(?:then\s+)?(?:we|i)\s+(?:jot down|note down|write down|take down|write up|record|note|take|log|ask for|get)\s+(?=(?:a|an|the|their|its|his|her)\s)/i, 'it has ');
  // ("Someone gets in touch, tells me the date of the event, how many people it needs to feed, ...": what they tell is what the record just named has.)
  clean = clean.replace(/^(?:somebody|someone|a customer|customers|people|they|a client|clients)\s+(?:gets?\s+in\s+touch|rings?(?:\s+up)?|calls?|emails?|messages?|texts?|contacts?\s+(?:me|us)|enquires?|comes?\s+in|walks?\s+in)(?:\s+with\s+(?:me|us))?\s*,?\s+(?:and\s+)?(?:tells?|gives?|sends?)\s+(?:me|us)\s+(?=(?:a|an|the|their|its|his|her|how|what|when|which|whether|where)\s)/i, 'it has ');
  // ("Separately we keep a log of visits: each one is for a horse, ...": each visit is.)
  clean = clean.replace(/^(?:separately|additionally|besides that|on top of that)\s*,?\s+(?=(?:we|you|they|i)\s)/i, '')
    .replace(/^(?:we|you|they|i)\s+(?:also\s+)?(?:keep|have|maintain|run)\s+(?:a|an)\s+(?:log|record|register|diary|history)\s+of\s+(?:all\s+)?(?:the\s+|our\s+)?([a-z]+s)\s*:\s*(?:each|every)\s+(?:one|of them)\s+(?=(?:is|has|gets|holds)\b)/i, (_m, records: string) => `each ${singular(records)} `)
    // ("each visit is for a horse and is a farrier, vet or physio visit": which kind of visit it is, a field with its values.)
    .replace(/^((?:each|every|a|an)\s+([a-z]+)\s+is\s+for\s+(?:a|an|one)\s+[a-z]+(?:\s+[a-z]+)?)\s+and\s+is\s+(?:either\s+)?(?:a|an)\s+([a-z]+(?:\s*,\s*[a-z]+)*,?\s+or\s+[a-z]+)\s+\2\b\s*,?\s*(?:with\s+)?/i, '$1, with a kind ($3), ');
  // ("it also names the raiser, who is a user of the system, and records the start date, ...": the person is one more field.)
  clean = clean.replace(/^(it|they)\s+(also\s+)?names?\s+((?:the|a|an|their|its)\s+[a-z]+(?:\s+[a-z]+)?)(?:\s*,\s*(?:who|which)\s+(?:is|are)\s+[^,]+)?\s*,?\s+and\s+(records?|has|have|holds?|keeps?|stores?)\s+/i, (_m, subject: string, also: string | undefined, person: string, verb: string) => `${subject} ${also ?? ''}${verb} ${person}, `);
  // ("We keep a gear log of the ropes, harnesses and so on: a serial number, ...": a log's entries are the record, its items.)
  const logged = /^(?:we|you|they|i)\s+(?:also\s+)?(?:keep|have|maintain|run|need)\s+(?:a|an)\s+([a-z]+)\s+(?:log|register|inventory|list|catalogue|catalog)\b(?:\s+of\s+[^:]+?)?(?:\s*:\s*(.+))?$/i.exec(clean);
  // ("a little catalogue of pieces": a size is no name; the pieces are the record, read by the patterns below.)
  if (logged && !/^(?:little|small|big|large|long|short|simple|basic|whole|full|separate|proper|running|master|main|single|shared|central|digital|online|paper|new|old)$/i.test(logged[1]!)) return { topic: UNCOUNTABLE.test(logged[1]!) ? `${logged[1]!} item` : logged[1]!, list: logged[2] ?? '' };
  // ("I run a little plant nursery with my sister": the business the writer runs, no record type.)
  if (/^(?:(?:hi|hiya|hello|hey|so|ok|okay|right|well)\b[,\s]+)*(?:i|we)\s+(?:run|own|manage|operate|started|set up|founded|look after)\s+(?:a|an|the|my|our)\s+(?:[a-z]+\s+){0,3}?[a-z]+[^s\s](?:\s+(?:with|for|in|on|near|and|together)\b.*)?$/i.test(clean)) return undefined;
  // ("If a pass expires with classes left, email the student": a condition and what to do, no record's fields.)
  // ("..., since some venues have their own technicians": a reason, no record's fields.)
  // ("If the requester isn't happy they can ask for an internal review, which is linked to ...": a record made when
  // something happens, read by the patterns that allow a condition before it.)
  if (/^(?:if|unless|since|because|as|so|though|although|whereas)\s/i.test(clean)) return readClean(clean, true);
  // ("Buyers don't have accounts", "members have no login": what they lack, no record type.)
  if (/\b(?:don't|do not|doesn't|does not|won't|will not|never|can't|cannot)\s+(?:\w+\s+)?(?:have|has|need|keep|get)\b|\b(?:have|has)\s+no\b/i.test(clean.replace(/\([^()]*\)/g, '').split(/,\s*(?:but|and|so)\s/i)[0]!)) return undefined;
  // ("We also keep a small parts stock: each part has a name, ...": the records are the parts.)
  // ("We also keep the keys we cut: each key record has ...": each key has.)
  clean = clean.replace(/^(?:we|you|they|i)\s+(?:also\s+)?(?:keep|have|hold|run|maintain|track|log|record|store)\s+(?:a|an|our|the|all the|all our)\s+[^:]{2,40}:\s*(each|every)\s+([a-z]+)(?:\s+(?:record|entry|row|card|one))?\s+(has|have|holds|gets|needs)\s+/i, '$1 $2 $3 ');
  // ("We keep a record for each coach: full name, ...": the coach's record.)
  clean = clean.replace(/^(we|you|they|i)\s+(keep|store|have|hold|make)\s+(?:a|one)\s+(?:record|row|card|file|entry|profile)\s+(?:for|on)\s+(?:each|every)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s*:/i, '$1 $2 every $3:')
    // ("Each of our nets has a name": each net.)
    .replace(/^(each|every)\s+of\s+(?:our|the|their|its)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?=(?:has|have|gets|carries|needs|holds)\b)/i, (_m, det: string, noun: string) => `${det} ${noun.replace(/s$/i, '')} `);
  // ("Weekly boxes are what we pack in a given week for a given size: the week commencing date, ...": its fields, after what it is.)
  // ("A stay is what ties it all together: every stay is for one guest ...": the clause after the colon says it.)
  clean = clean.replace(/^(?:(?:each|every|a|an|the|our)\s+)?[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?\s+(?:is|are)\s+what\s+[^:]{3,80}:\s*(?=(?:each|every|it|they)\s)/i, '')
    .replace(/^((?:(?:each|every|a|an|the|our)\s+)?[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?:is|are)\s+what\s+[^:]{3,80}:\s*(?=\S)/i, '$1 have ')
    // ("A production is a show we stage: it has a title, ...": what it is, then what it has.)
    // ("A project is something like "the Hollow Pines EP": it belongs to one client, has ...": an example of one, too.)
    .replace(/^((?:each|every|a|an|the|our)\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?:is|are)\s+(?:a|an|the|our|one of (?:the|our)|something like|things like|stuff like|e\.g\.)\s+[^:]{2,60}:\s*(?:it|they|each one)\s+(?=(?:has|have|holds?|records?|keeps?|includes?|belongs?|is for)\s)/i, '$1 ')
    // ("A session is a block of studio time: a date, a start time, ...": what it is, then its fields.)
    .replace(/^((?:each|every|a|an|the|our)\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?:is|are)\s+(?:a|an|one|our)\s+[^:,]{2,60}:\s*(?=(?:a|an|the|its|their)\s+[a-z][^:]*,)/i, '$1 has ');
  // ("Apart from the student it belongs to, a placement test stores ...": what it refers to, said elsewhere, is no field here.)
  clean = clean.replace(/^(?:apart from|besides|on top of|as well as|in addition to)\s+[^,]{3,80},\s*(?=(?:a|an|each|every|the|it|they)\s)/i, '');
  // ("people can leave a review that's linked to their booking, with ...": a review for their booking.)
  clean = clean.replace(/\b((?:a|an)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:that(?:'s|\s+is)|which\s+is)\s+(?:linked|tied|attached)\s+to\s+(their|a|an|the|one)\s+([a-z]+(?:\s+[a-z]+)?)\s*,\s*(?=with\s)/i, '$1 for $2 $3, ')
    // ("After the walk people can leave ...": when it is done says nothing of the record.)
    .replace(/^(?:after|before|during|at the end of)\s+(?:the|a|an|each|every|their)\s+[a-z]+(?:\s+[a-z]+)?\s+(?=(?:people|customers|guests|visitors|members|users|they|we|you)\s)/i, '');
  // ("Anyone with leftover skeins pops a yarn entry up with ...": who they are says nothing of the record.)
  const unqualified = clean.replace(/^(anyone|anybody|someone|somebody|people|whoever|members?)\s+with\s+(?:[a-z'-]+\s+){1,3}?(?=(?:pops?|puts?|adds?|posts?|lists?|creates?|submits?|files?|logs?|enters?|uploads?|sticks?|sends?|makes?|fills?)\s)/i, '$1 ');
  return readClean(unqualified) ?? (WHEN_LEAD.test(unqualified) ? readClean(unqualified.replace(WHEN_LEAD, '')) : undefined);
}

/** The record an act makes ("books" -> a booking). */
const ACT_RECORD: Readonly<Record<string, string>> = { book: 'booking', order: 'order', hire: 'hire', rent: 'rental', reserve: 'reservation', enquire: 'enquiry', apply: 'application', appl: 'application' };

/** Nouns of things not counted one by one ("gear", "kit"): one of them is an item. */
export const UNCOUNTABLE = /^(?:gear|kit|equipment|stock|furniture|clothing|luggage|hardware|merchandise|merch|apparatus|machinery|jewellery|jewelry|cutlery|crockery|linen|produce)$/i;

/** "When the crew actually goes out, the member logs an outing against the booking with ...": when it happens says nothing of the record. */
const WHEN_LEAD = /^(?:when|whenever|once|after|each time|every time)\s+[^,]{3,60},\s*(?=(?:the|a|an|our|their|each|every|we|you|i)\s)/i;

/** `conditional`: the text opens with a condition ("If ..."), which only some patterns read past. */
/** Time worked, said as what is recorded ("the hours they worked"): the record is a time entry, named so. */
const TIME_WORDS = /^(?:hours|time|minutes)$/i;
export const TIME_ENTRY = 'time entry';
/** The words a time entry is mentioned by ("log my hours"). */
export const TIME_ENTRY_ALIASES = ['hours', 'time'];
const TIME_LOGGED_FIELD = 'hours (decimal)';

/** A noun and who does it ("trees we plant", "hours they worked"): no modal, no auxiliary after the pronoun. */
const REDUCED_RELATIVE = /^([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?:that\s+|which\s+)?(?:we|they|i|you|he|she)\s+(?!(?:can|could|may|might|must|should|will|would|do|does|did|is|are|was|were|have|has|had|need|needs|want|wants)\b)[a-z]+\b.*$/i;

function readClean(clean: string, conditional = false): ProseDefinition | undefined {
  for (const p of DEFINITION_PATTERNS) {
    if (conditional && !p.afterCondition) continue;
    const m = p.re.exec(clean);
    if (!m) continue;
    // Group 0: the clause is about the record described just before ("It also has ...").
    // ("For each one we keep ...": one of what was just named.)
    // ("log the trees we plant", "record the hours they worked": the record is the noun, without who made it so.)
    const said = p.topic === 0 || /^(?:one|of them|single one)$/i.test(m[p.topic]!.trim()) ? PREVIOUS : m[p.topic]!.trim().replace(REDUCED_RELATIVE, '$1');
    // ("record the hours they worked": each entry of time worked is the record, and how long is its first field.)
    const timeLogged = TIME_WORDS.test(said);
    const topic = timeLogged ? TIME_ENTRY : said;
    if (p.topic !== 0 && (NOT_TOPICS.test(topic) || words(topic).length === 0)) continue;
    // ("that's how they record outcomes": how something is done, no record type.)
    // ("..., whether the parent has given photo consent, ...": a yes/no question is a field, no record type.)
    if (p.topic !== 0 && /\b(?:how|why|where|what|that's|that is|this is)\b|^(?:whether|if)\b/i.test(topic)) continue;
    // ("My daughter helps with the admin", "Dev works on the website": someone and what they do, no record type.)
    if (p.topic !== 0 && /^(?:my|our|his|her|their|the)\s+[a-z]+\s+(?:helps?|works?|deals?|assists?|pitches\s+in|chips?\s+in|mucks?\s+in)\s+(?:out\s+)?(?:with|on|at)\b/i.test(clean)) continue;
    // ("Our astronomy society has a small collection of telescopes": "our" and one thing is the business itself.)
    if (p.topic !== 0 && /^our\s/i.test(clean) && !isPluralWord(words(topic).pop() ?? '')) continue;
    // "Podcasters manage their own shows": a possessive or "manage" inside is a sentence, not a name.
    // ("Runners do need an account": an auxiliary is never part of a name.)
    // ("At a fair I record what sold": where it happens and who records it are no name either.)
    if (p.topic !== 0 && /\s(?:their|own|his|her|my|our|your|manages?|can|may|do|does|did|never|always|would|will)\b|^(?:we|i|you|they)(?:['’][a-z]+)?\b|\s(?:we|i|you|they)$|^(?:at|on|in|during|after|before)\s+(?:a|an|the|each|every)\s/i.test(topic)) continue;
    // ("... name, email and phone, and they place bids on items": the list ends where a new clause starts.)
    // ("whether the narrator has since died, because that changes how we ...": nor is why part of it, up to the next item.)
    // ("..., and customers should be able to see ...": a new subject with a modal starts a clause too.)
    // ("..., while a person can be the father in several families": a new clause ends the list;
    // "..., and both must be filled in, plus ..." is a rule of the list.)
    let written = timeLogged ? `${TIME_LOGGED_FIELD}${p.list !== undefined && m[p.list] ? `, ${m[p.list]!.trim()}` : ''}` : p.list !== undefined ? m[p.list]?.trim().replace(/\s+(?:on|to|with|in)\s+(?:it|them)$/i, '').replace(/,?\s+(?:while|whereas)\s+(?:a|an|the|each|every|one)\s.*$/i, '').replace(/,\s*(?![^(]*\))(?:because|cos|since|so that|as (?:that|this|it|we|they))\s[^,;]*(?=,\s*(?:and|plus)\s|$)/gi, '').replace(/,?\s+(?:and|but)\s+(?![^(]*\))(?:they|we|you|he|she|then)\s+[a-z]+.*$/i, '').replace(/,?\s+and\s+(?![^(]*\))(?:on our side\s*,?\s+|then\s+|after that\s+)?(?:each|every)\s+[a-z]+\s+(?:is|are|goes|moves|starts|sits|can be)\s.*$/i, '').replace(/,\s*(?:and|but)\s+(?![^(]*\))(?!whether\b|if\b|both\b|all\b|each\b|either\b|neither\b|an?\s)(?:[a-z'-]+\s+){1,8}(?:should|can|may|must|will|could|cannot|can't)\s.*$/i, '') : undefined;
    // ("Each darkroom has a coordinator or two, and they're the admins", "one or two admins who ...": people, counted, are no fields.)
    if (written && /^(?:(?:an?|one)\s+[a-z]+\s+or\s+(?:two|three)|(?:one|two)\s+or\s+(?:two|three)\s+[a-z]+)\b/i.test(written)) return undefined;
    // ("The law says we keep ticket records for three years": what is said is a clause, no fields.)
    if (written && /^(?:that\s+)?(?:we|i|you|they|he|she)\s+(?!(?:all|both)\b)[a-z]+/i.test(written)) continue;
    // ("The hall is run by a small charity committee": who runs the business, no record type.)
    if (p.passive && /\b(?:is|are)\s+(?:run|owned|managed|operated|organi[sz]ed|staffed)\s+by\s+(?:a|an|the|our|two|three)\s+[^,]+$/i.test(clean)) return undefined;
    // ("Sellers are the farmers: name (required), their CPH number, ...": who they are, then the list.)
    if (written) written = written.replace(/^(?:just\s+|basically\s+|simply\s+|really\s+)?(?:the|our)\s+[a-z]+s\s*:\s+(?=\S)/i, '');
    // ("A quote request needs at least a name and an email": those it cannot be without.)
    const atLeast = written ? /^(?:at\s+(?:the\s+)?(?:very\s+)?least|as\s+a\s+minimum)\s+(.+)$/i.exec(written) : null;
    if (atLeast) written = splitFieldList(atLeast[1]!).map((item) => `${item} (required)`).join(', ');
    // ("the written reports - initial assessment, progress or discharge": the kinds of the record, its type's values.)
    if (written && p.kinds) written = `${p.topic === 0 ? '' : `${singular(words(topic).pop() ?? '')} `}type (${written})`;
    const kindOfPrevious = p.kinds && p.topic === 0;
    const detailed = written && p.detail !== undefined && m[p.detail] ? `${written} (${m[p.detail]!.trim()})` : written && p.yesNo ? `${written} (yes/no)` : written;
    const list = detailed && p.passive ? complements(detailed) : detailed;
    // "Section leaders can record attendance records": a right to make records, not fields.
    // ("Plot holders can log a problem report with a description, ...": unless the record is what they make, with what it holds,
    // or its list after a colon: "Wardens can log the birds they ring: species, ring number, ...".)
    const madeWithList = p.topic !== 0 && !clean.trim().toLowerCase().replace(/^(?:the|our)\s+/, '').startsWith(topic.toLowerCase()) && /\s(?:with|including|giving)\s+(?:a|an|the|its|their|some)\s|\([^()]+,[^()]+\)\s*$|^[^:]+:\s*[^:,]+,[^:]+$/i.test(clean);
    // ("Volunteers can record the hours they worked on a task, with the date ...": the people are no record; a later pattern reads what they make.)
    if (/\b(?:can|may|should|must|will|are able to|get to)\s+(?:\w+\s+)?(?:record|log|keep|track|list|show|store)s?\b/i.test(clean.split(/\s+/).slice(0, 6).join(' ')) && !madeWithList) {
      if (p.topic !== 0 && /,\s*with\s+(?:a|an|the|its|their|some)\s/i.test(clean)) continue;
      return undefined;
    }
    // ("Members record their catches": what people do with their own records, an act, not fields; "with their names, email,
    // ...", a list, is.)
    if (list && p.topic !== 0 && /^(?:their|his|her)\s+(?:own\s+)?[a-z]+s\b/i.test(list) && !/^(?:their|his|her)\s+[a-z]+s\s*,\s*[a-z]/i.test(list) && !/^[^,]*\b(?:has|have|includes?|contains?|consists of|comes with|carries|carry)\s+(?:their|his|her)\b/i.test(clean)) return undefined;
    // ("The species list and the sites can be ...": a noun, "list", then "and": no verb and its list.)
    if (list && /^(?:and|or|but|&)\s/i.test(list)) continue;
    // ("the registered manager gets an alert": a message someone is sent, no record type with a field.)
    if (list && p.topic !== 0 && /\b(?:gets?|receives?)\s+(?:an?|the)\s+(?:(?:email|e-mail|text|sms|push|quick|short)\s+)?(?:alert|reminder|e-?mail|notification|text|message|call|warning|nudge|ping)(?:\s+(?:if|when|whenever|once|as soon as|after|before|every|each|the day|on)\b.*)?\s*$/i.test(clean)) return undefined;
    // "Each attendance record belongs to ...": "record" was part of the name, not the verb.
    if (list && /^(?:belongs?|is|are|was|were|has|have|can|may|must|should|will|links?|contains?|gets?|goes|moves)\b/i.test(list)) continue;
    // ("every boat gets a result in every race": one record per pair, said of both, not a field of the boat.)
    if (list && /^(?:a|an|one)\s+[a-z]+\s+(?:in|for|per|on|at|from|after)\s+(?:every|each|all|any)\s+[a-z]+$/i.test(list.trim())) return undefined;
    // ("each one is really its own little charity with its own store room, its own volunteers ...": each a world of its own, the tenancy, no fields.)
    if (list && /^(?:(?:really|basically|essentially|effectively|pretty much)\s+)?(?:its|their)\s+own\b/i.test(list.trim()) && splitFieldList(list).every((item) => /^(?:and\s+)?(?:(?:really|basically|essentially)\s+)?(?:its|their)\s+own\b/i.test(item.trim()))) return undefined;
    // ("every operator gets its own walled-off account": the tenancy, no field.)
    if (list && /^(?:its|their)\s+own\s+(?:[a-z-]+\s+)?(?:account|space|workspace|area|instance|silo|world|copy|login)s?$/i.test(list.trim())) return undefined;
    // ("Site attendants record washes and can look up customers": people making records, a right, not a record type holding them.)
    // (Bare plurals after the verb are records they make; "Stock movements record the quantity" is a record's fields.)
    // ("The shop assistants record refills, look at products ...": with its article too.)
    if (list && p.topic !== 0 && /^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:record|log|enter|add|register|file|submit|raise|create)\s+(?!(?:a|an|the|their|its|his|her|our|each|every|any|some|whether|how|what|when|which|who)\b)[a-z]+s\b/i.test(clean) && /(?:er|or|ist|ant|ian|ee|staff|crew|team|people)s?$/i.test(topic)) return undefined;
    // "The coordinator has full access": rights, not fields.
    // ("The estate manager has every right on everything".)
    if (list && /^(?:(?:full|all|every|complete|total|read(?:-only)?|no|limited|admin|write|edit)\s+)?(?:access|rights?|permissions?|control|privileges?)\b/i.test(list)) return undefined;
    // "the student then has up to 5 days to accept it": time given to act (a workflow's wait), not fields.
    if (list && /^(?:up to\s+|at most\s+|only\s+)?(?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(?:minutes?|hours?|days?|weeks?|months?)\s+(?:to|for|in which to)\s+[a-z]/i.test(list)) return undefined;
    // "the spreadsheet has had its day": a perfect tense, not a possession.
    if (list && /^(?:had|been|become|got|gotten|done|gone|seen|made|to)\b/i.test(list)) return undefined;
    // ("Demand has far outstripped supply": an adverb and a participle, a perfect tense too.)
    if (list && /^(?:far|already|just|long|recently|never|always|steadily|greatly|really|since)\s+[a-z]+(?:ed|en|wn)\b/i.test(list)) return undefined;
    // "Each X has many Ys" is a relation: the relation readers take it.
    // (Also "a badge has a list of requirements", "is worked on by many young people", "We track that as badge progress".)
    // (Not "a number of days left", how many of a unit: a count.)
    if (list && !/^an?\s+number\s+of\s+(?:days|hours|weeks|months|years|minutes|credits|points|sessions|visits|lessons|classes|passes)\b/i.test(list) && /^(?:(?:by|to|for|with)\s+)?(?:many|several|multiple|one or more|more than one|zero or more|any number of|a number of|lots of|a lot of|a handful of|a few|a couple of|dozens of|hundreds of|thousands of|tons of|a (?:list|set|series|collection|range|bunch|group) of)\s/i.test(list)) return undefined;
    if (list && /^(?:that|this|those|these|them|it)\s+as\s/i.test(list)) return undefined;
    // ("We keep that as pourings: a pouring links one tour and one wine": a name for what was said, then what it is.)
    if (p.topic !== 0 && /^(?:that|this|those|these|them|it)\s+as\s/i.test(topic)) return undefined;
    // A list of bare plurals ("Each organization has projects", "projects contain tasks") names
    // record types the subject holds, not fields.
    const items = list ? list.split(/\s*,\s*(?:and\s+)?|\s+and\s+/) : [];
    // ("Agencies work with vendors" is no record type: a children-only topic is a plural noun.)
    if (p.childrenOnly && !isPluralWord(words(topic).pop() ?? '')) continue;
    // ("Bev in the office deals with bookings": a person who deals with records, no record type "office deals".)
    if (p.topic !== 0 && words(topic).length > 1 && /\s(?:deals|works|helps|copes)$/i.test(topic) && /^with\b/i.test(clean.slice(clean.toLowerCase().indexOf(topic.toLowerCase()) + topic.length).trim())) continue;
    // ("the list of stations with their hourly rates": what each is shown with, "their", is no record type it holds;
    // "Each group has its fridges" is.)
    if (list && !/[(]/.test(list) && items.every((item) => isPluralWord(words(item).pop() ?? '') && words(item).length <= 3) && !/\ba\b|\ban\b|\bthe\b/i.test(list) && !(p.childrenOnly && /\b(?:their|its)\b/i.test(list))) {
      return p.topic === 0 ? undefined : { topic, children: items.map((item) => item.trim()) };
    }
    if (p.childrenOnly) continue;
    // ("Handlers register with us": who they deal with is no field; what follows ("We keep their full name") is theirs.)
    if (list && p.topic !== 0 && /^(?:us|me|them|you|him|her|it|each other|one another)$/i.test(list.trim())) return { topic, list: '' };
    // ("the officer writes a response for the request: ...": the record made, and the one it is for.)
    const forOne = p.topic !== 0 && !(p.parent !== undefined && m[p.parent]) ? /^([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?:for|against)\s+(?:the|a|an|each|that|their|its)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)$/i.exec(topic) : null;
    if (forOne) return { topic: forOne[1]!, parent: forOne[2]!, ...(list ? { list } : {}) };
    // ("each episode of a show has an air date, ...": one of the record after "of"; not "a list of", "a kind of".)
    const ofOne = p.topic !== 0 && !(p.parent !== undefined && m[p.parent]) ? /^(?!(?:list|set|number|kind|type|sort|piece|bit|lot|amount|group|pair|range|series|collection|part|copy of the)\b)([a-z][a-z'-]*)\s+of\s+(?:a|an|each|every)\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)$/i.exec(topic) : null;
    if (ofOne) return { topic: ofOne[1]!, parent: ofOne[2]!, ...(list ? { list } : {}) };
    // ("A batch is one brew of a recipe on a particular day": one of the record after "of"; a day it is on is its date, no record.)
    const parentSaid = p.parent !== undefined && m[p.parent] ? m[p.parent]!.trim().replace(/^[a-z]+\s+of\s+(?:a|an|the|one)\s+(?=[a-z])/i, '') : undefined;
    // ("Clients can book a shoot for a date, with a location": a time it is for is its field, no record it belongs to.)
    const forATime = parentSaid !== undefined && /^(?:(?:particular|given|specific|set|certain)\s+)?(?:date|day|time|date and time|evening|morning|afternoon|night|weekend)$/i.test(parentSaid);
    const parent = forATime ? undefined : parentSaid;
    const onADay = p.parent2 !== undefined && m[p.parent2] && /^(?:(?:particular|given|specific|set|certain)\s+(?:day|date)|date)$/i.test(m[p.parent2]!.trim());
    const parent2 = p.parent2 !== undefined && m[p.parent2] && !onADay ? m[p.parent2]!.trim() : undefined;
    const dated = onADay ? (list ? `a date, ${list}` : 'a date') : forATime ? (list ? `a ${parentSaid!}, ${list}` : `a ${parentSaid!}`) : list;
    return {
      topic,
      ...(parent ? { parent } : {}),
      ...(parent2 ? { parent2 } : {}),
      ...(dated ? { list: dated } : {}),
      ...(kindOfPrevious ? { kindOfPrevious: true as const } : {}),
    };
  }
  return undefined;
}

/**
 * Long on purpose: the patterns are data, one list tried in order (the first that matches wins), so the order stays visible in one place.
 *
 * The clause patterns that define a record type in prose, kept as data (definitions.ts reads
 * them): each names the record type's noun phrase, optionally a parent it belongs to, and the
 * field list, with an example of the wording it exists for.
 */
import { DET, HAVE, HEDGE, LIST, MAKING_VERBS, NP, type DefinitionPattern } from './definition-pattern-parts';

export type { DefinitionPattern } from './definition-pattern-parts';

export const DEFINITION_PATTERNS: DefinitionPattern[] = [
  {
    example: 'Each one is at a date and time / A slot is on a date (when one record happens, said of the one just described or of a record named)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:always\s+|usually\s+)?((?:at|on)\s+(?:a|an|one)\s+(?:(?:set|given|particular|specific|fixed)\s+)?(?:date and time|date and a time|date|day and time|day|time)(?:\s+and\s+(?:a\s+)?(?:time|date))?)$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'A slot lasts at most 90 minutes / Each one runs for up to 3 hours (how long one record lasts, with a bound: its duration)',
    re: new RegExp(String.raw`^${DET}${NP}\s+((?:lasts?|runs?\s+for|takes?)\s+(?:at most|up to|no more than|not more than|under|less than|at least|no less than|between)\s+\d+(?:\s+and\s+\d+)?\s+(?:minutes|hours|days|weeks|months))$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'the dishes on each dinner - name (required), which course it is, ... (records of another record, named as such, then a dash or colon and their fields)',
    re: new RegExp(String.raw`^(?:and\s+)?(?:then\s+)?(?:the|our)\s+${NP}\s+(?:on|for|in|of|at|under)\s+(?:each|every)\s+${NP}\s*(?:[-–—:]|,\s*(?=[a-z]+\s*\())\s*${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'Then there are the shows themselves: a title, the date, ... (the record type said to be there, then its fields)',
    re: new RegExp(String.raw`^(?:(?:then|next|and|also|now)\s*,?\s+)?there\s+(?:are|is|'s)\s+(?:the|our|all\s+the)\s+${NP}(?:\s+themselves)?\s*:\s*${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'each line is one fish off the board, how many kilos, and how they want it prepped: ... (what one record is: the record it is of, then its fields)',
    re: new RegExp(String.raw`^(?:and\s+)?(?:each|every)\s+${NP}\s+is\s+((?:one|a|an|a\s+single)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?(?:\s+(?:off|from|on|in|out\s+of)\s+(?:the|our|their)\s+[a-z]+)?\s*,\s*.+,.+)$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'The yard team also keep a record of vet and care visits for each donkey, mainly so ...: the date, who came out, ... (records of another record, kept by whoever, with why, then their fields; "vet and care visits" are care visits)',
    re: new RegExp(String.raw`^(?:and\s+)?(?:(?:we|i|the\s+[a-z]+(?:\s+[a-z]+)?|our\s+[a-z]+(?:\s+[a-z]+)?)\s+)?(?:also\s+)?(?:keeps?|needs?\s+to\s+keep|want\s+to\s+keep|logs?)\s+(?:a\s+)?(?:record|log|note|history)\s+of\s+(?:all\s+|the\s+|any\s+)?(?:[a-z]+\s+(?:and|or|&)\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?s)\s+(?:for|of|against|on)\s+(?:each|every)\s+([a-z][a-z-]*)\b[^:]*:\s*${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'We also log every service a van has: the date, the garage, what it cost (records of another record, with their fields)',
    re: new RegExp(String.raw`^(?:and\s+)?(?:we|i)\s+(?:also\s+)?(?:log|record|keep track of|track|note down|note|store|keep)\s+(?:every|each)\s+${NP}\s+(?:a|an|the|each)\s+${NP}\s+(?:has|gets|does|goes through|needs|makes)\s*:\s*${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'Every craft we own (that is what we call the boards) gets a record with its fleet number, ...',
    re: new RegExp(String.raw`^(?:each|every|any)\s+${NP}(?:\s+(?:we|you|they|i)\s+(?:[a-z]+(?:\s+(?:in|out|up|on|after|for))?))?(?:\s*\([^()]*\))?\s+(?:gets|has|needs|should have|will have)\s+(?:a|an|its own)\s+(?:record|entry|row|page|card|file|profile)\s*,?\s+(?:with|that has|which has|holding|showing|listing)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'Every time a part is fitted, the locksmith records a part usage against the job, saying which part and how many (a record made against another, and what it says)',
    re: new RegExp(String.raw`^(?:(?:every time|each time|whenever|when|once|after)\s+[^,]{3,60},\s*)?(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:records?|logs?|enters?|adds?|creates?|fills? in|writes?|raises?)\s+(?:a|an)\s+${NP}\s+(?:against|for|on|to)\s+(?:the|a|an|that|their|its)\s+${NP}\s*,\s*(?:saying|giving|with|showing|recording|noting)\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'Life jackets are tracked separately because the inspector asks about them: each one has a tag code, ...',
    re: new RegExp(String.raw`^(?:the\s+|our\s+)?${NP}\s+(?:are|is)\s+(?:also\s+)?(?:tracked|kept|recorded|logged|stored|listed|handled|managed|held)\s+(?:separately|too|as well|on their own|individually|apart)\b[^:]*:\s*(?:each|every)\s+(?:one|of them|single one)\s+(?:has|have|gets|carries|needs|holds)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'Strains are kept in a list of their own: the common name, the Latin name, ... (a record type kept apart, its fields after the colon)',
    // (Also "Fabrics are our stock list: the fabric name, ...".)
    re: new RegExp(String.raw`^(?:the\s+|our\s+)?${NP}\s+(?:are|is|get|gets)\s+(?:also\s+)?(?:(?:(?:kept|tracked|recorded|logged|stored|listed|held)\s+)?(?:in|on|as)\s+(?:a|an|their own|its own)|our|the)\s+(?:(?:separate|little|simple|short|stock|price|master|main)\s+)?(?:list|table|register|sheet|record|catalogue|catalog|page|range)(?:\s+of\s+(?:their|its)\s+own)?(?:\s+(?:too|as well))?\s*:\s*${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    // ("We run a small ferry company with two boats": a singular is the business itself, no record type.)
    example: 'We have dining tables, each with a table number that is unique',
    re: new RegExp(String.raw`^(?:we|you|they|i|the (?:app|system|service|backend|platform|site|shop))\s+(?:have|has|keep|keeps|store|stores|track|tracks|manage|manages|sell|sells|list|lists|run|runs|offer|offers|rent out|hire out|need)\s+(?:(?:many|several|some|multiple|a few|lots of)\s+)?(?!(?:a|an|one)\s)${NP}\s*,?\s+(?:each\s+)?(?:with|having|that have|which have|each having)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: "We've got a handful of fridges around town, and for each one we note down where it is and who hosts it",
    re: new RegExp(String.raw`^(?:we(?:'ve|\s+have)?\s+got|we\s+have|there\s+are)\s+(?:(?:a handful of|several|some|a few|many|lots of|a number of|about \d+|\d+|two|three|four|five|six|ten)\s+)?${NP}(?:\s+(?:around|in|across|at|on)\s+[a-z ]+?)?\s*,?\s+and\s+for\s+(?:each|every)\s+(?:one|of them)\s*,?\s+(?:we|you|they|i)\s+(?:note down|write down|note|record|keep|track|store|log|save|capture|want to know|need to know)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'For each hive we record its location and queen year',
    // (Also "For books we want the title, ...": the plural, with no determiner; "For every piece that comes in
    // we write down ...", "With each piece we take in we note ...": the record named with a relative clause.)
    re: new RegExp(String.raw`^(?:for|about|with|on)\s+(?:(?:each|every|a|an|the|our|all)\s+)?${NP}(?:\s+(?:that|which|who)\s+(?:comes?|goes|arrives?|gets?|is|are)(?:\s+[a-z]+)?|\s+(?:we|you|they|i)\s+(?:take|get|see|handle|do|sell|make|fix|book|run|hire out|rent out)(?:\s+(?:in|on|out))?)?\s*,?\s+(?:we|you|they|i)(?:'d|'ll|\s+would|\s+will|\s+also|\s+usually|\s+always|\s+just|\s+only|\s+really|\s+mainly|\s+mostly|\s+basically|\s+simply|\s+need to|\s+want to|\s+like to|\s+have to)*\s+(?:record|store|keep|track|need|want|save|log|capture|note down|write down|jot down|take down|note|ask for|collect|hold|know|see|have|get)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'When our setters put a route up they note the grade, the hold colour and the date it was set',
    re: new RegExp(String.raw`^(?:when|whenever|once|each time|every time)\s+[a-z' ]+?\s+(?:a|an|the|each|every|new|a new)\s+${NP}(?:\s+(?:up|in|out|down|on|off))?\s*,?\s+(?:they|we|you|he|she|i)\s+(?:also\s+|just\s+|then\s+)?(?:note|notes|record|records|log|logs|enter|enters|fill in|fills in|write down|writes down|capture|captures|jot down|type in|put down)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'A photo of the route would be great as well, JPEG or PNG and no more than 5 MB (one field, wished for)',
    re: new RegExp(String.raw`^((?:an?|the|some)\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?:of|for|on)\s+(?:the|each|every|a|an|their|its)\s+${NP}\s+(?:would be|is|'d be|will be)\s+(?:really\s+|very\s+|so\s+)?(?:great|nice|good|useful|handy|lovely|helpful|ideal|welcome|a plus|a bonus)(?:\s+(?:too|as well|also))?(?:\s*[,:-]\s*(.+))?$`, 'i'),
    topic: 2,
    list: 1,
    detail: 3,
  },
  {
    example: 'A photo would be lovely so people can see the real colour, JPEG or PNG (one field of the record just described, wished for, and why)',
    re: /^((?:an?|some)\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?:would be|'d be|is)\s+(?:really\s+|very\s+|so\s+)?(?:great|nice|good|useful|handy|lovely|helpful|ideal|welcome|brilliant|a plus|a bonus)(?:\s+(?:too|as well|also))?(?:\s+(?:so|because|since|as)\s+[^,:;-]+)?(?:\s*[,:;-]\s*(.+))?$/i,
    topic: 0,
    list: 1,
    detail: 2,
  },
  {
    example: 'Could there also be a yes/no for "smoke-free home"? (one yes/no field of the record just described, asked for)',
    re: /^(?:could|can|would|may)\s+(?:there|we|you|it)\s+(?:also\s+)?(?:be|have|add|get|include)\s+(?:a|an)\s+(?:yes\/no|yes-no|tick ?box|check ?box|flag|toggle)\s+(?:for|saying|that says|to say)\s+["“']?([^"”']+?)["”']?\??$/i,
    topic: 0,
    list: 1,
    yesNo: true,
  },
  {
    example: "Guests give the lead guest's name, an email (required) and the arrival date (what people give for the record just described)",
    // (Not "A request gives their name, ...": a record with "a" is what is given for, said of itself.)
    re: /^(?!(?:a|an|each|every)\s)(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:give|gives|provide|provides|supply|supplies|tell us|tells us|fill in|fills in)\s+(?:us\s+)?((?:the|their|an?|its)\s+[^,]+(?:,[^,]+){2,})$/i,
    topic: 0,
    list: 1,
  },
  {
    example: 'Enquiries take a name and an email (both required), a phone number and a message (a form-like record, its list after "take")',
    // (Not "The form asks for ...": a form's questions are the record's just described, read below.)
    re: new RegExp(String.raw`^(?!(?:the|this|that|our|a|their)\s+(?:[a-z]+\s+)?(?:form|page|screen|website|site|app|system)\s)${DET}${NP}\s+(?:take|takes|ask for|asks for|collect|collects|capture|captures)\s+((?:a|an|the|their|its)\s+[^,]+(?:,[^,]+)+)$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'Climbers log their ascents: the route, the date of the climb, how many attempts it took',
    // (Also a bare plural: "Volunteers can log donations: who donated, ...".)
    re: new RegExp(String.raw`^(?!(?:the\s+|our\s+)?(?:app|system|service|backend|platform|site|it|workflow)\b)(?:the\s+|our\s+)?[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?\s+(?:(?:can|may|will|should|must|also|then)\s+)*(?:log|logs|record|records|enter|enters|submit|submits|file|files|fill in|fills in|fill out|fills out|add|adds|create|creates|register|registers|book|books|write|writes|post|posts|upload|uploads|make|makes|note|notes|note down|notes down|keep|keeps|track|tracks)\s+(?:(?:their|the|a|an|new|any|each|all)\s+|(?=[a-z]+s\s*:))${NP}\s*:\s*(?![a-z]+ing\b)(?!(?:a|an|each|every|the)\s+[a-z]+\s+(?:has|have|is|are|includes?|contains?)\b)${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'Customers are simple enough: a name, an email and a phone number (a record type said to be simple, then its fields)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:are|is)\s+(?:(?:pretty|quite|fairly|really|very|dead|nice and)\s+)?(?:simple|easy|straightforward|basic|simpler|easier|short)(?:\s+enough)?\s*[:-]\s*${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: "When a tech's been on site they fill in a visit report, which belongs to the call-out (a record people make, and the one it belongs to)",
    re: new RegExp(String.raw`^(?:(?:when|whenever|once|after|each time|every time)\s+[^,]{3,60}?,?\s+)?(?:they|we|you|he|she|staff|the\s+[a-z]+)\s+(?:also\s+|then\s+)?(?:fill in|fills in|fill out|fills out|write up|writes up|raise|raises|open|opens|create|creates|log|logs|file|files|complete|completes|submit|submits)\s+(?:a|an)\s+${NP}\s*,\s*(?:which|that)\s+(?:belongs to|is for|is linked to|goes with|hangs off|is attached to)\s+(?:the|a|an|one|that|their)\s+${NP}$`, 'i'),
    topic: 1,
    parent: 2,
  },
  {
    example: 'Anyone who notices damage should be able to file a damage report: which boat, a description (what people make, then its fields after a colon)',
    // (Also "where anyone can send us an enquiry without signing in: their name ...": how it is sent is no part of its name.)
    // ("When we reply, the officer writes up a response for the request: the date it was sent, ...": after what the
    // writer does, the record made, the one it is for, and its fields.)
    re: new RegExp(String.raw`^(?:(?:when|whenever|once|after)\s+(?:we|they|you|i|someone)\s+[a-z]+(?:\s+[a-z]+)?\s*,\s*)?(?!(?:when|whenever|once|if|after|before)\b).{0,90}?\b(?:log|logs|record|records|file|files|submit|submits|fill in|fills in|fill out|fills out|create|creates|enter|enters|raise|raises|write|writes|write up|writes up|draw up|draws up|put together|puts together|open|opens|lodge|lodges|send us|sends us|send in|sends in|leave us|leaves us|book|books|request|requests)\s+(?:a|an|one|their|new)\s+${NP}(?:\s+(?:for|on|against|about)\s+(?:the|a|an|each|that|their|its)\s+${NP})?(?:\s+(?:without|with no)\s+(?:(?:making|creating|opening|needing|having)\s+)?(?:signing in|logging in|an account|a login|registering)|\s+online)?\s*:\s*(?![a-z]+ing\b)(?!(?:a|an|each|every|the)\s+[a-z]+\s+(?:has|have|is|are|includes?|contains?)\b)${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'Couples send us an enquiry with their names, email, phone and their budget (what people send, its fields after "with")',
    re: new RegExp(String.raw`^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?s\s+(?:(?:can|will|usually|first|normally)\s+)*(?:send us|sends us|send me|send in|sends in|submit|submits|fill in|fills in|fill out|leave us|lodge|make|place|raise)\s+(?:a|an|one)\s+${NP}\s+(?:online\s+|by email\s+)?with\s+(?=(?:their|his|her|its|the|a|an)\s)${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'We keep track of members with their name and email / we record every harvest from a tree: the date picked',
    re: new RegExp(String.raw`^(?:we|you|they|i)\s+(?:keep track of|track|keep|store|record|log|save)\s+(?!(?:the|its|their|his|her)\s)(?:(?:every|each|all)\s+)?${NP}(?:\s+(?:from|for|of|on)\s+(?:a|an|one|each|every)\s+${NP})?\s*(?:,|:|\s+with|\s+including)\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'A reservation is for a dining table and has the guest name, ... / Each visit is for a horse, with the date it happened',
    re: new RegExp(String.raw`^${DET}${NP}\s+${HEDGE}(?:is|are)\s+(?:always\s+)?(?:for|on|in|at|of|about|part of|attached to|linked to|tied to)\s+(?:exactly one|a single|one single|a|an|one|the)\s+${NP}(?:(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+)${HEDGE}${HAVE}|\s*,\s*(?:and\s+)?(?:with|having|holding))\s+${LIST})?$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: "It's for one thesis submission and has the date and time of the viva, ... (the record just named, the one it is for, and its fields)",
    re: new RegExp(String.raw`^(?:it|they)(?:'s|'re|\s+is|\s+are)\s+(?:always\s+)?(?:for|on|of|about|part of|attached to|linked to|tied to)\s+(?:exactly one|a single|one|a|an|the)\s+${NP}(?:\s*,?\s+and\s+${HEDGE}${HAVE}\s+${LIST})?$`, 'i'),
    topic: 0,
    parent: 1,
    list: 2,
  },
  {
    example: 'A report belongs to an examination and to the examiner who wrote it, and holds the report document, ... (a record of two others, and its fields)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:belongs?\s+to|is\s+for|is\s+linked\s+to)\s+(?:exactly one|a single|one|a|an|the)\s+${NP}\s+and\s+(?:(?:to|for)\s+)?(?:exactly one|a single|one|a|an|the)\s+${NP}(?:\s+(?:who|that|which)\s+[a-z]+(?:\s+it)?)?\s*,?\s+and\s+${HEDGE}${HAVE}\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    parent2: 3,
    list: 4,
  },
  {
    example: 'A stay is one dog in one kennel from a check-in date to a check-out date, at a nightly rate',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:one|a|an|a single|exactly one)\s+${NP}\s+(?:in|at|on|for|with|to|and|by)\s+(?:one|a|an|a single|exactly one)\s+${NP}(?:\s*,?\s+((?:from|for|at|on|with|by|to|between|over|during)\s.+))?$`, 'i'),
    topic: 1,
    parent: 2,
    parent2: 3,
    list: 4,
    passive: true,
  },
  {
    example: 'Visits are the actual trips out, each one for a job, with the scheduled date and time, ... (what they are, the one each is for, and their fields)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:are|is)\s+(?:the|our|what)\s+[^,]{3,50},\s*(?:each(?:\s+one)?\s+)?(?:for|on|of|belonging to|linked to)\s+(?:a|an|one|exactly one|a single)\s+${NP}\s*,\s*(?:each\s+)?(?:with|having|holding|recording)\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'Every welder has his coded tickets, and each one has a certificate number, ... (records each of them has, and their fields)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:has|have|holds?|keeps?|gets?|carries|carry)\s+(?:his|her|their|its|some|several|many|a few|one or more)\s+(?:own\s+)?${NP}\s*,?\s+and\s+(?:each|every)\s+(?:one|of them|single one)\s+(?:has|have|holds?|carries|gets|records|shows)\s+${LIST}$`, 'i'),
    topic: 2,
    parent: 1,
    list: 3,
  },
  {
    example: 'Leases, each for one plot and one gardener, with a start date and an end date',
    re: new RegExp(String.raw`^${NP}\s*,\s*(?:each\s+(?:for|from|of|on|in|about|belonging to|linked to)\s+(?:a|an|one|exactly one|a single)\s+${NP}(?:\s+and\s+(?:a|an|one|exactly one|a single)\s+${NP})?\s*,\s*)?(?:each\s+)?(?:with|having|holding)\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    parent2: 3,
    list: 4,
  },
  {
    example: 'A response can have several exemptions under it, each with the section number, a short title, ... (the many, with their fields)',
    re: new RegExp(String.raw`^(?:.{0,80}?,\s*(?:so|and so|which means)\s+)?${DET}${NP}\s+(?:(?:can|may|will|could)\s+)?(?:has|have|hold|holds|contain|contains|carry|carries|get|gets|include|includes)\s+(?:several|many|multiple|lots of|any number of|one or more|a few|some|a number of)\s+${NP}(?:\s+(?:under|on|in|attached to|against|with)\s+(?:it|them))?\s*,\s*(?:(?:each|each one|every one)\s+(?:with|having|holding|has|carrying|recording)|(?:each|each one)\s+(?:belonging|linked|attached)\s+to\s+[^,]{3,40},\s*and\s+for\s+each\s+(?:one\s+)?(?:we|they|you|i)\s+(?:keep|record|store|note|hold|track|need))\s+${LIST}$`, 'i'),
    topic: 2,
    parent: 1,
    list: 3,
    afterCondition: true,
  },
  {
    example: 'They can ask for an internal review, which is linked to the original request and records the date they asked, ... (a record people make, the one it is for, and its fields)',
    re: new RegExp(String.raw`^(?:.{0,60}?\b)?(?:ask for|asks for|request|requests|open|opens|raise|raises|file|files|submit|submits|start|starts|lodge|lodges|make|makes|create|creates|write|writes|log|logs)\s+(?:a|an)\s+${NP}\s*,\s*(?:which|that)\s+(?:is\s+)?(?:linked to|belongs to|is for|tied to|attached to|goes with|hangs off|refers to)\s+(?:the|a|an|one|their|its)\s+(?:original\s+|same\s+|relevant\s+)?${NP}\s*,?\s+and\s+(?:records?|has|have|holds?|notes?|keeps?|stores?|includes?|gives?|says?|captures?)\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
    afterCondition: true,
  },
  {
    example: 'When the driver hands over the goods they add a proof of delivery, which belongs to that consignment, with the name of whoever signed, ... (a record made, the one it is for, and its fields)',
    re: new RegExp(String.raw`^(?:(?:when|whenever|once|after)\s+[^,]{3,80}?,?\s+)?(?:they|we|you|he|she|staff|the\s+[a-z]+)\s+(?:also\s+|then\s+)?(?:add|adds|log|logs|record|records|create|creates|fill in|fills in|write|writes|upload|uploads|raise|raises|open|opens|enter|enters)\s+(?:a|an)\s+${NP}\s*,\s*(?:which|that)\s+(?:belongs to|is for|is linked to|goes with|hangs off|is attached to)\s+(?:the|that|this|a|an|one|their)\s+${NP}\s*,\s*(?:with|holding|having|recording)\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: "so there's a measurement record too, linked to an order, with the measuring date, ... (a record named with its word, the one it is for, and its fields)",
    re: new RegExp(String.raw`^(?:.{0,60}?\b(?:so|and)\s+)?there(?:'s|\s+is)\s+(?:also\s+)?(?:a|an)\s+${NP}\s+(?:record|log|entry|sheet|form)(?:\s+(?:too|as well))?\s*,\s*(?:linked|tied|attached)\s+to\s+(?:a|an|one|the)\s+${NP}\s*,\s*(?:with|holding|having|recording)\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: "Each delivery gets logged, usually by the supplier themselves when they send it out: which supplier and which product it's for, ... (a record people log, its fields after the colon)",
    re: new RegExp(String.raw`^(?:each|every)\s+${NP}\s+(?:gets|is)\s+(?:logged|recorded|entered|written down|noted down|booked in|registered)\b[^:]{0,80}:\s*${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'A job links back to the call-out request it came from and records the locksmith assigned, ... (the one it came from, and its fields)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:links?|points?|refers?|ties?)\s+(?:back\s+)?to\s+(?:the|a|an|one|its)\s+${NP}\s+(?:it|they)\s+(?:came|comes|come|was made|were made|started)\s+from\s*,?\s+and\s+${HEDGE}${HAVE}\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'A note has several long free-text sections: what the patient reports, the objective findings, ... (the parts named after the colon are its fields)',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:has|have|is made up of|is split into|holds)\s+(?:several|a few|(?:two|three|four|five|six)|some|a number of)\s+(?:(?:long|short|separate|free-text|free text|text)\s+)*(?:sections|parts|boxes|fields|headings|bits|questions)\s*:\s*${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: "Once we decide it's worth chasing we set them up as a customer, which is basically name, phone, email ... (people made a record type, and its fields)",
    re: new RegExp(String.raw`^(?:.{0,60}?\b)?(?:we|they|i|you|staff)\s+(?:set|sign|add|put|enter|register|turn)\s+(?:them|it|him|her)\s+(?:up\s+|in\s+|into\s+)?(?:as|on|into)\s+(?:a|an)\s+${NP}\s*,\s*(?:which|that)\s+(?:is|has|holds|needs)\s+(?:basically\s+|just\s+|simply\s+|really\s+|only\s+)?${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'Teams with projects and tasks (a record type and the record types it holds, nothing else)',
    re: new RegExp(String.raw`^${NP}\s+(?:with|having|holding|containing)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
    childrenOnly: true,
  },
  {
    example: 'When the entry is made we store the running order position and the entry fee',
    re: new RegExp(String.raw`^(?:when|whenever|once|each time|every time)\s+(?:a|an|the|each|every|new|a new)\s+${NP}\s+(?:is|are|gets?)\s+(?:first\s+)?[a-z]+(?:\s+(?:up|in|out))?\s*,?\s+(?:we|they|you|i)\s+(?:also\s+|just\s+|then\s+)?(?:store|note|record|log|keep|save|capture|enter|fill in|write down|add|take down)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'After the run, the scorer fills in the course time, the number of faults and the placing (about the record just described)',
    re: /^(?:after|once|then|later)\b[^,]{1,40},\s*(?:the|our|a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:fills in|records|notes|enters|logs|adds|writes down|notes down|types in|puts in)\s+((?:the|their|its|whether|how)\s.+)$/i,
    topic: 0,
    list: 1,
  },
  {
    example: 'We also note the number of raised beds on it, how much sunlight it gets (about the record just described)',
    // (Also "We hold the first name and last name", "we collect ...", "we ask for ...".)
    // (And "We also like to put the high tide and a short forecast note on it".)
    // ("When something arrives damaged, we attach a photo (...)": a file of the record, when it applies.)
    // ("I'd like to attach the PDF too", "we'd track where each one has got to": the same, wished for; "We'd store each
    // guest's name" names its record, read below.)
    // (Not "We keep a little fabric library too": a collection kept is records of their own, no field.)
    re: new RegExp(String.raw`^(?:we|you|they|i)(?:['’]d|\s+would)?\s+(?:also\s+)?(?:keep track of|keep a note of|note|record|track|store|keep|log|save|capture|write down|jot down|want to know|need to know|hold|collect|ask for|take down|attach|upload|put in|fill in|type in|write in|(?:like|love|want|need|have)\s+to\s+(?:(?:be\s+able\s+to|also)\s+)?(?:put|add|note|record|keep|store|attach|upload))\s+(?!(?:each|every)\s+[a-z]+['’]s\s)(?!(?:a|an|the|our)\s+(?:[a-z-]+\s+){0,2}(?:library|list|register|catalogue|catalog|collection|database|inventory|logbook|diary|spreadsheet)(?:\s+(?:too|as well|also))?$)${LIST}$`, 'i'),
    topic: 0,
    list: 1,
  },
  {
    example: 'They take a photo of the damage, JPEG or PNG, no bigger than 8 MB (a file of the record just described, taken by people)',
    re: /^(?:they|we|you|the\s+[a-z]+)\s+(?:also\s+)?(?:take|takes|snap|snaps|grab|grabs)\s+((?:a|an|one)\s+(?:photo|picture|image|video|scan)\b.*)$/i,
    topic: 0,
    list: 1,
  },
  {
    example: "We'd like that signature kept as a PNG image (a file of the record just described, wished for as what it is kept as)",
    re: /^(?:and\s+)?(?:we|i)(?:'d|\s+would)\s+(?:also\s+)?(?:like|love|want)\s+(?:that|the|their|its|a|an)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:kept|stored|saved|recorded|captured)\s+as\s+(.+)$/i,
    topic: 0,
    list: 1,
    detail: 2,
  },
  {
    example: "Oh, and the price charged, but that's optional (one more field of the record just described, an afterthought)",
    re: /^(?:oh|ah|oops)\s*,?\s+(?:and\s+)?(?:also\s+)?((?:the|a|an|their|its)\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,3}(?:\s*,\s*(?:but|though)\s+.+)?)$/i,
    topic: 0,
    list: 1,
  },
  {
    example: "It'd be nice to attach the instruction manual too, PDFs up to 20 MB (one field of the record just described, wished for)",
    re: /^(?:it'?d|it would|it will|it's|it is)\s+be\s+(?:really\s+)?(?:nice|good|great|useful|handy|helpful|lovely)\s+to\s+(?:also\s+)?(?:attach|add|have|store|keep|upload|include|record|note)\s+(.+?)(?:\s+too|\s+as well)?(?:\s*[,:-]\s*(.+))?$/i,
    topic: 0,
    list: 1,
    detail: 2,
  },
  {
    example: "And we'd love a photo of each one: JPEGs only, and nothing over 8 MB (one field of the record just described, wished for)",
    re: /^(?:and\s+)?(?:we|i)(?:'d|\s+would)\s+(?:also\s+)?(?:love|like|want)\s+((?:a|an|the)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:of|for|on)\s+(?:each|every)\s+(?:one|of them)(?:\s+(?:too|as well))?(?:\s*[,:-]\s*(.+))?$/i,
    topic: 0,
    list: 1,
    detail: 2,
  },
  {
    example: 'We grade the condition as fine, very good, good, fair or poor (a field of the record just described, with its values)',
    re: /^(?:we|you|they|i)\s+(?:also\s+)?(?:grade|rate|mark|classify|class|label|tag|flag|categori[sz]e)\s+((?:the|its|their|each)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:as|from)\s+((?:(?:either|one of)\s+)?[a-z][a-z -]*(?:,\s*[a-z][a-z -]*)*,?\s+(?:or|and|to)\s+[a-z][a-z -]*)$/i,
    topic: 0,
    list: 1,
    detail: 2,
  },
  {
    example: "Then there's the kit people book, which we call stations (a record type by the name the text gives it)",
    // (Also "Then the viva itself, which we call an examination".)
    re: new RegExp(String.raw`^(?:and\s+)?(?:(?:then\s+)?there(?:'s|\s+is|\s+are|'re)\s+(?:also\s+)?|(?:then|next|finally|after that)\s*,?\s+)(?:the|our)\s+[a-z]+(?:\s+[a-z]+){0,3}?(?:\s+(?:itself|themselves))?\s*,\s*which\s+(?:we|people|everyone|they|you)\s+(?:call|refer to as)\s+(?:the\s+|an?\s+)?${NP}$`, 'i'),
    topic: 1,
  },
  {
    example: 'Then there are the stables themselves (a record type of its own, its fields said next)',
    re: new RegExp(String.raw`^(?:and\s+)?(?:then\s+)?there(?:'s|\s+is|\s+are|'re)\s+(?:also\s+)?(?:the|our)\s+${NP}\s+(?:themselves|itself)$`, 'i'),
    topic: 1,
  },
  {
    example: 'Then the breed, the colour, its date of birth, and its height in hands (more fields of the record just described, a list with no verb)',
    re: /^(?:and\s+)?then\s+(?![^()]*\b(?:is|are|was|were|can|may|must|should|will|would|gets?|goes|go|sends?|has|have|had|does|do)\b)((?:the|its|their|a|an)\s[^,()]+(?:,|\s+and\s)[\s\S]+)$/i,
    topic: 0,
    list: 1,
  },
  {
    example: "I'd also tag them as restaurant, retailer or caterer (the kind of the record just described, its values)",
    re: /^(?:and\s+)?(?:we|i)(?:'d|\s+would|\s+will|'ll)?\s+(?:also\s+)?(?:like\s+to\s+|want\s+to\s+)?(?:tag|class|classify|label|categori[sz]e|mark|group|sort)\s+(?:them|each one|each|it)\s+(?:down\s+)?(?:as|into)\s+((?:either\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?(?:\s*,\s*[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)*,?\s+or\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(?:\s*,\s*(?:mainly|mostly|just|only|partly)\b.*)?$/i,
    topic: 0,
    list: 1,
    kinds: true,
  },
  {
    example: "and it's marked as a first submission, a minor corrections version or a major resubmission (the kind of the record just described)",
    re: /^(?:and\s+)?(?:it|each\s+one|each)(?:['’]s|\s+is|\s+gets)\s+(?:marked|labelled|labeled|flagged|classed|tagged)\s+as\s+((?:(?:an?\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}\s*,\s*)+(?:or\s+)?(?:an?\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}(?:,?\s+or\s+(?:an?\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2})?)$/i,
    topic: 0,
    list: 1,
    kinds: true,
  },
  {
    example: 'Then there are the written reports - initial assessment, progress or discharge (a record type announced with its kinds after a dash)',
    re: new RegExp(String.raw`^(?:and\s+)?(?:then\s+)?there(?:'s|\s+is|\s+are|'re)\s+(?:also\s+)?(?:the|our)\s+${NP}\s*[-–—:]\s*((?:[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?\s*,\s*)+(?:or\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?(?:,?\s+or\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)?)$`, 'i'),
    topic: 1,
    list: 2,
    kinds: true,
  },
  {
    example: "Then there's the price, whether it's a first edition and the shelf code (more fields of the record just described)",
    // (Not "Then there's the menu.": the one noun alone introduces something else.)
    // (Nor "Then there are the refills themselves, which is what happens at the till: ...": the record type, said again.)
    re: /^(?:and\s+)?(?:then\s+)?there(?:'s|\s+is|\s+are|'re)\s+(?:also\s+)?(?!the\s+[a-z]+(?:\s+[a-z]+)?\s+(?:themselves|itself)\b)((?:the\s(?=.*(?:,|\sand\s|\())|(?:a|an|its|their|whether)\s).+)$/i,
    topic: 0,
    list: 1,
  },
  {
    example: "For the nicer books I'd like a photo as well, optional, any image format, under 4 MB (one field, wished for)",
    re: /^(?:for\s+[a-z ]{3,40}?,?\s+)?(?:and\s+)?(?:we|i)(?:'d|\s+would)\s+(?:also\s+)?(?:love|like|want)\s+((?:a|an)\s+[a-z]+(?:\s+[a-z]+)?)(?:\s+(?:too|as well))?\s*[,:-]\s*(.+)$/i,
    topic: 0,
    list: 1,
    detail: 2,
  },
  {
    example: 'The form asks for the category, the weight and the use-by date (the form for the record just described)',
    re: /^(?:the|this|that|our|a|their)\s+(?:quick\s+|short\s+|online\s+|web\s+|sign-?up\s+|booking\s+|little\s+)?(?:form|page|screen)\s+(?:just\s+|also\s+|then\s+)?(?:asks?\s+(?:for|about)|collects?|captures?|takes?|has|wants?|needs?|records?|includes?)\s+(.+)$/i,
    topic: 0,
    list: 1,
  },
  {
    example: 'The description is mandatory; the rest is the repair cost estimate and the severity (about the record just described)',
    re: /^(?:the rest|everything else|all the rest|the others|the other fields)\s+(?:is|are)\s+(?:just\s+|simply\s+)?(.+)$/i,
    topic: 0,
    list: 1,
  },
  {
    example: 'The description is mandatory (one field of the record just described, with its rule)',
    re: /^((?:the|its|their)\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})\s+(?:is|are)\s+((?:always\s+)?(?:mandatory|required|compulsory|optional|unique|a must))$/i,
    topic: 0,
    list: 1,
    detail: 2,
  },
  {
    example: 'We need when it starts, how long it takes, the placement and the quote (three or more items: about the record just described)',
    re: new RegExp(String.raw`^(?:we|you|they|i)\s+(?:also\s+)?(?:need|want|'d want|would want|'d need|would need)\s+([^,]+,[^,]+,.+)$`, 'i'),
    topic: 0,
    list: 1,
  },
  {
    example: 'It also has a colour and a size / They have a name (the record just described)',
    // ("It's got a start ...", "they've got a name": the spoken possessive.)
    // (Also "It just says whether the member is bringing a friend and which language ...".)
    // ("That has the title, the abstract, ...", "The record also holds their work email, ...": the record just named.)
    re: new RegExp(String.raw`^(?:it|they|each one|every one|each(?=\s+(?:has|holds|records|includes|carries|gets)\s)|which|and(?=\s+(?:has|have|holds?|records?|includes?|keeps?|stores?|carries)\b)|(?:that|this)(?=\s+(?:has|holds|records|includes|carries|keeps|stores)\s+(?!to\b))|(?:the|this|that|their|its)\s+record(?=\s+(?:also\s+)?(?:has|holds|records|includes|carries|keeps|stores)\s))(?:'s got|'ve got|\s+(?:has|have) got|\s+${HEDGE}(?:has|have|includes?|comes with|records?|stores?|carries|says|asks|notes|gives|holds?|keeps?|contains?|tracks?|lists?|needs?|gets))\s+${LIST}$`, 'i'),
    topic: 0,
    list: 1,
  },
  {
    example: 'A lesson is given by a teacher to a student at a lesson time (date and time), lasts a number of minutes, and has homework notes',
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:given|taught|held|run|led|made|placed|booked|written|created|done|performed|hosted|organi[sz]ed|scheduled|sent|issued|signed|played|assigned|raised|filed|submitted|owned|managed|carried out|conducted|prepared|taken|delivered)\s+((?:by|to|for|with|at|on|in|from)\s+.+)$`, 'i'),
    topic: 1,
    list: 2,
    passive: true,
  },
  {
    example: "A stop is where it'll be parked, when it opens and when it closes (fields asked as questions)",
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+((?:where|when|who|what|how)\s+[^,]+,\s*(?:and\s+)?(?:where|when|who|what|how|which|the|a|an|its|their)\s.+)$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'A bid is just the amount and the time it was placed',
    // (Not "A referral is really just a nurse (or a doctor) telling us that ...": what it is, in a person's doing, no fields.)
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+(?:just|simply|basically|only|really|made up of)\s+(?!(?:just\s+|simply\s+|basically\s+)?(?:a|an|the|our|someone|somebody|one\s+of\s+[a-z]+)\s+(?:[a-z]+\s+)?(?:\([^()]*\)\s+)?[a-z]+ing\b)${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: "Each member's got a membership number that must be unique and a join date",
    re: new RegExp(String.raw`^${DET}${NP}(?:'s|\s+has|'ve|\s+have)\s+got\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'A shift is a date, a start time, an end time and the number of volunteers needed (three or more items)',
    // (Not "The service is a bath, a full groom or a nail clip": things joined by "or" are what it may be.)
    re: new RegExp(String.raw`^${DET}${NP}\s+(?:is|are)\s+((?:a|an|the|its|their)\s+[^,(]+(?:\([^()]*\)[^,(]*)?,\s*(?:a|an|the|its|their|how|when|where|whether)\s[^,(]+(?:\([^()]*\)[^,(]*)?(?:,|\s+and\s)(?![^()]*\bor\s+(?:an?\s+)?[\w-]+(?:\s+[\w-]+)?$).+)$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: "We'd store each guest's name, their email and how many nights they stay (the record, as the first item's owner)",
    re: new RegExp(String.raw`^(?:we|i|you)(?:'d|'ll|\s+would|\s+will|\s+should|\s+need to|\s+want to)?\s+(?:store|record|keep|track|note|log|need|want|capture|save|hold|collect)\s+(?:each|every|the|a|an)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)['’]s\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'Each film has a title, a runtime and a poster',
    re: new RegExp(String.raw`^${DET}${NP}\s+${HEDGE}${HAVE}\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'Climbers can sign up with their name, email and a signed waiver (the people are records too)',
    re: new RegExp(String.raw`^(?:the\s+)?${NP}\s+(?:(?:can|may|will|must|should|first)\s+)*(?:sign up|signs up|register|registers|join|joins|enrol|enroll|enrols|enrolls)\s+(?:with|by giving|giving|by entering|entering|by filling in)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'When an aid breaks we open a repair for it with a description of the fault / When an order is shipped we create a shipment for it with the carrier (a record made for the one the clause before names)',
    re: new RegExp(String.raw`^(?:when|whenever|if|once|each time|every time)\s+(?:a|an|the|one|one of the|one of our)\s+${NP}\s+(?:breaks|fails|breaks down|goes wrong|is damaged|gets damaged|needs (?:fixing|repair|a repair)|comes in|arrives|is returned|is lost|goes missing|(?:is|gets|has been)\s+[a-z]+(?:ed|en|t))\s*,?\s+(?:we|you|they|staff|someone)\s+(?:open|raise|create|log|file|start|set up|write up|record|make|add)\s+(?:a|an|a new)\s+${NP}\s+(?:for|on|against|about)\s+(?:it|them)\s*,?\s+(?:with|containing|including)\s+${LIST}$`, 'i'),
    topic: 2,
    parent: 1,
    list: 3,
  },
  {
    example: 'We open a repair for the aid with a description of the fault, the cost and a status',
    re: new RegExp(String.raw`^(?:(?:when|whenever|if|once|each time|every time)\s+[^,]{3,60}?,\s*)?(?:we|you|they|staff|someone)\s+(?:open|raise|create|log|file|start|set up|write up)\s+(?:a|an|a new)\s+${NP}\s+(?:for|on|against|about)\s+(?:a|an|the|that|this|each|every)\s+${NP}\s*,?\s+(?:with|containing|including)\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'When the audiologist does a hearing test it gets recorded against the patient with the test date (the act, recorded against the record it is for)',
    re: new RegExp(String.raw`^(?:when|whenever|each time|every time|once|after)\s+(?:the|a|an|our|one of our)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:does|carries out|runs|gives|takes|completes|performs|makes|holds|conducts)\s+(?:a|an)\s+${NP}\s*,?\s+(?:it|that|this|the\s+[a-z]+)\s+(?:gets|is)\s+(?:recorded|logged|stored|saved|kept|filed|noted|entered)\s+(?:against|under|on|for|with)\s+(?:the|that|their|his|her)\s+${NP}\s*,?\s+(?:with|along with|including)\s+${LIST}$`, 'i'),
    topic: 1,
    parent: 2,
    list: 3,
  },
  {
    example: 'Employees submit expense reports with an amount / People who want to adopt fill in an adoption application for one animal with their name / Members can write a review of a book, with a rating',
    // (Not an order to act: "Send an email with the key-safe code ...".)
    // (Nor how it is done: "A new customer can sign up without having an account first" names no record.)
    // (Nor an aim: "The aim is to replace all three with one system": a subject has no "is" in it.)
    re: new RegExp(String.raw`^(?!(?:the\s+|our\s+)?(?:app|system|service|backend|platform|site|it|we|they|workflow)\b)(?!(?:send|email|e-mail|text|notify|remind|tell|ask|charge|mark|flag|alert|ping|message|publish)\s)(?:the\s+|our\s+|an?\s+(?=[a-z]+\s+[a-z]+s\s))?([a-z][a-z'-]*(?:\s+(?!(?:is|are|was|were|to|can|could|may|might|will|would|should|must)\b)[a-z][a-z'-]*){0,2}?(?:\s+or\s+(?:the\s+|a\s+)?[a-z][a-z'-]*)?|[a-z]+\s+who\s+[a-z ]+?)\s+(?:(?:can|may|will|should|must|also)\s+)*(?!(?:has|have|is|are|be|see|sees|view|views|browse|browses)\b)([a-z]+(?:\s+(?:in|out|up))?)\s+(?:(?:a|an|new|their|the|some|its)\s+)?(?!(?:can|may|will|should|must|also|without|with|by|via|through)\s)${NP}(?:\s+(?:up|in|on|online))?(?:\s+(?:for|of|on|about|against|to|in)\s+(?:a|an|one|each|exactly one|the|their|its|that|this)\s+${NP})?\s*,?\s+(?:with|containing|including|having|that (?:has|have)|which (?:has|have))\s+${LIST}$`, 'i'),
    topic: 3,
    parent: 4,
    list: 5,
    // ("book appointments for a patient with a dentist at a start time for a treatment type": each complement a field.)
    passive: true,
  },
  {
    example: 'Members can log a problem report (a description, a photo, how urgent it is) (what people make, its fields in parentheses)',
    // ("The secretary can manage apiaries (name, postcode, landowner name) and do everything else too": what they keep, too.)
    re: new RegExp(String.raw`^(?:the\s+|our\s+)?([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)\s+(?:(?:can|may|will|should|must|also)\s+)+(?:${MAKING_VERBS}|add|manage|maintain|keep|set up|enter|record|track|look after)\s+(?:(?:a|an|new|their|the|some|our)\s+)?${NP}(?:\s+(?:for|of|on|about|against)\s+(?:a|an|one|each|the|their|its|my|our)\s+${NP})?\s*\(([^()]+,[^()]+)\)(?:\s*,?\s+and\s+(?:can\s+)?(?:do|manage|see|read|edit|change)\s+[^()]*)?$`, 'i'),
    topic: 2,
    parent: 3,
    list: 4,
  },
  {
    example: 'Managers can do everything, including adding dentists with a name and a room number',
    re: new RegExp(String.raw`^.*?,\s*(?:including|and also|and|also|like)\s+(?:adding|creating|registering|recording|entering|listing|setting up)\s+(?:new\s+)?${NP}\s*,?\s+(?:with|having|including)\s+${LIST}$`, 'i'),
    topic: 1,
    list: 2,
  },
  {
    example: 'Travellers book tickets for a sailing / Members place orders for one event (what people make, and the record it is for)',
    // A statement of what happens, not of rights: no modal ("students can book lessons for a tutor").
    re: new RegExp(String.raw`^(?!.*\b(?:can|cannot|may|might|want|wants|should|must|will|would|could|need|needs|able)\b)(?!(?:the\s+|our\s+)?(?:app|system|service|backend|platform|site|it|we|they|workflow|i|you)\b)(?:the\s+|our\s+)?[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?\s+(?:${MAKING_VERBS})\s+(?:(?:a|an|new|their|the|some)\s+)?${NP}\s+for\s+(?:a|an|one|each|every|exactly one|a single|a specific)\s+${NP}$`, 'i'),
    topic: 1,
    parent: 2,
  },
];

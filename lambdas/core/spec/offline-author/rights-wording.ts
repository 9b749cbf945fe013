/**
 * Everyday ways of giving people rights, said the way the rights reader reads them: "the
 * receptionist takes care of bookings", "coaches are in charge of sessions", "the treasurer deals
 * with payments" -> manage; "our accountant needs read-only access to invoices" -> has read-only
 * access; "volunteers help out by updating bookings" -> can update; "parents just need to see" ->
 * need to see; "my two assistants" -> my assistants; "I (the owner) need full access" -> the owner
 * has full access. Only the wording changes: what it names stays for the reader to resolve.
 */
import { rightVerb } from './lexicon';
import { Remembered } from '../author/remembered';

/** The base form of a gerund that is a rights verb ("updating" -> update, "logging" -> log), else undefined. */
function gerundBase(gerund: string): string | undefined {
  const stem = gerund.toLowerCase().replace(/ing$/, '');
  const candidates = [stem, `${stem}e`, stem.replace(/([b-df-hj-np-tv-z])\1$/, '$1')];
  return candidates.map((c) => (rightVerb(c) === c ? c : undefined)).find(Boolean);
}

/** Each phrase and whether its first word says the third person singular ("takes", "is"). */
const MANAGE_PHRASES: RegExp[] = [
  // ("takes care of bookings", "is in charge of the sessions", "is responsible for payments", "deals with payments").
  /\b(take|takes|taking)\s+care\s+of\b/gi,
  /\b(is|are)\s+(?:(?:also|fully|solely)\s+)?(?:in charge of|responsible for)\b/gi,
  /\b(deal|deals)\s+with\b/gi,
  /\b(oversee|oversees)\b/gi,
];
const thirdPerson = (word: string) => /^(?:takes|is|deals|oversees)$/i.test(word);

const ACCESS_KIND = String.raw`(?:read-only|read only|read|view-only|view only|view|viewing|full|complete|admin|edit|editing|write|unrestricted|total)`;

/** Verbs of making a record ("booked", "posted", "submitted"): what someone made is theirs. */
const MADE = String.raw`(?:booked|made|created|posted|added|logged|wrote|written|submitted|uploaded|entered|recorded|raised|filed|opened|put\s+up|set\s+up|took|taken|brought|sent|placed|requested|started)`;

const PLAINRIGHTSWORDING_READINGS = new Remembered<string>();
export function plainRightsWording(clause: string): string {
  return PLAINRIGHTSWORDING_READINGS.of(clause, plainRightsWordingOnce);
}

function plainRightsWordingOnce(clause: string): string {
  let text = clause
    // ("Members of the public, without logging in, may listen to clips": how, said after the right.)
    .replace(/^(\s*(?:the\s+)?[a-z]+(?:\s+of\s+the\s+public|\s+[a-z]+)?)\s*,\s*(without\s+(?:logging|signing)\s+in|without\s+an\s+account|with\s+no\s+account)\s*,\s*((?:can|may|could|should|will)\s+[^,;]+)/i, '$1 $3 $2')
    // ("The committee (four of us) can do anything": how many they are says nothing of their rights; "The garden
    // committee (admins)" names their role, kept.)
    .replace(/^(\s*(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?)\s*\((?:\s*(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple|about|around|roughly|usually|mostly|currently)\b[^()]*)\)(?=\s+(?:can|may|should|must|will|are|is|get|have|need|do)\b)/i, '$1')
    // ("...; only the director approves": who alone may do it to the records just named.)
    .replace(/^(\s*)only\s+((?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?)\s+(approves|signs\s+off|rejects|publishes|closes|cancels|confirms|deletes|decides)\s*\.?$/i, (_m, lead: string, who: string, verb: string) => `${lead}${who} can ${verb.toLowerCase().replace(/s(\s+off)?$/, '$1').replace(/^decide$/, 'approve')} them`)
    // ("referral partners (like the council) can add households": an example of them says nothing of their rights.)
    .replace(/^(\s*(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?)\s*\((?:like|e\.g\.|eg|such as|for example|for instance|say)\b[^()]*\)(?=\s+(?:can|may|should|must|will|are|is|get|have|need|do)\b)/i, '$1')
    // ("It would honestly be lovely if people looking for a space could see the list of boxes": a wish that they can.)
    .replace(/^(\s*)it(?:['’]d|\s+would)\s+(?:\w+\s+)?be\s+(?:really\s+|so\s+)?(?:lovely|great|nice|good|handy|brilliant|ideal|useful|helpful|amazing)\s+if\s+((?:the\s+)?(?:people|anyone|anybody|everyone|visitors|customers|members|the public|[a-z]+s))(?:\s+(?:looking|wanting|hoping|searching|waiting)\s+(?:for|to)\s+[a-z]+(?:\s+[a-z]+)?)?\s+could\s+/i, '$1$2 can ')
    // ("anyone can join the waiting list": joining a list is adding oneself to it, an entry of it.)
    .replace(/\b(join|joins|joining)\s+(?=(?:the|a|our)\s+(?:[a-z]+\s+)?(?:list|queue|waitlist|waiting\s+list|mailing\s+list|register)\b)/gi, (_m, verb: string) => `${/ing$/i.test(verb) ? 'adding themselves' : /s$/i.test(verb) ? 'adds themselves' : 'add themselves'} to `)
    // ("customers can check the status of their job online with their tag number": how they find it is no part of what they see;
    // the status of a job is the job's.)
    .replace(/\b(check|see|view|look up|track|follow)\s+(?:the\s+)?(status|progress|state)\s+of\s+((?:their|a|an|the|its|his|her|any)\s+[a-z]+)\b/gi, '$1 $3 $2')
    .replace(/\b((?:status|progress|state)(?:\s+(?:online|on\s+(?:the|our)\s+(?:website|site|app)))?)\s*,?\s+(?:with|using|by\s+(?:entering|giving|typing\s+in|quoting))\s+(?:their|its|the|a|an|his|her)\s+(?:[a-z]+\s+)?(?:number|code|reference|ref|id|pin)\b/gi, '$1')
    // ("..., but only the manager can delete one", "only the manager can refund or cancel": the records the clause before named, as "them".)
    .replace(/\b(can|may|could)\s+(delete|remove|edit|change|cancel|update|approve|close|archive)\s+one\s*\.?$/i, '$1 $2 them')
    .replace(/^(\s*only\s+(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:can|may|could)\s+(?:delete|remove|edit|change|cancel|update|approve|close|archive|refund|reject)(?:\s*(?:,|or|and)\s*(?:delete|remove|edit|change|cancel|update|approve|close|archive|refund|reject))*)\s*\.?$/i, (_m, said: string) => `${said.replace(/\brefund\b/gi, 'update')} them`)
    // ("Section leaders can take attendance for their own section": taking it is making attendance records.)
    .replace(/\b(take|takes|taking|mark|marks|marking|do|does|doing)\s+(?:the\s+)?(?:attendance|registers?|roll\s+calls?)\b/gi, (_m, verb: string) => `${/ing$/i.test(verb) ? 'creating' : /s$/i.test(verb) ? 'creates' : 'create'} attendance`)
    // ("Volunteers just want to see when picks are happening": a wish to see them is the right to.)
    .replace(/^(\s*(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?)\s+(?:just\s+|only\s+|mostly\s+|mainly\s+|really\s+)?(?:want|wants|need|needs|would like|'d like)\s+to\s+(see|view|check|look at|read|browse)\b/i, '$1 can $2')
    // ("the council's waste team would love read-only access to the pick logs": they have it.)
    .replace(/^(\s*(?:the\s+|our\s+)?(?:[a-z]+['’]s\s+)?[a-z]+(?:\s+[a-z]+)?)\s+(?:would|'d)\s+(?:love|like|appreciate|need|want)\s+((?:read-only|read only|full|view-only|viewing)\s+access)\b/i, '$1 have $2')
    // ("see when picks are happening": the picks.)
    .replace(/\b(see|view|check|look at|know)\s+when\s+(?:the\s+)?([a-z]+s)\s+(?:are|is)\s+(?:happening|on|running|scheduled|taking place|planned)\b/gi, '$1 $2')
    // ("the pick logs": the picks logged.)
    // (Only as what is reached or seen: in "the skipper logs a trip", "logs" is the verb.)
    .replace(/\b(to|of|see|read|view|check|into|at)\s+(the|their|our|all\s+the)\s+((?!gear\b|kit\b|call\b|visitor\b)[a-z]+)\s+logs\b(?!\s+(?:of|a|an|the)\b)/gi, '$1 $2 $3s')
    // ("see all the episodes and move them along": moving them on through their stages is updating them.)
    .replace(/\b(move|moves|moving|push|pushes|pushing)\s+(them|it)\s+(?:along|on|forward|through(?:\s+(?:the\s+)?(?:stages|steps|process))?)(?=\s*(?:[,;.]|$|\s+and\b|\s+or\b|\s+but\b))/gi, (_m, verb: string, what: string) => `${/ing$/i.test(verb) ? 'updating' : /s$/i.test(verb) ? 'updates' : 'update'} ${what}`)
    // ("see the stations and mark them as out of order": marking them as something is updating them.)
    // (Not in what happens when something does: "When a session is held, if ..., mark it as available" is the workflow's state.)
    .replace(/\b(mark|marks|marking)\s+(them|it)\s+as\s+(?:out of order|out of use|out of service|[a-z]+(?:[ -][a-z]+)?)(?=\s*(?:[,;.]|$|\s+and\b|\s+or\b))/gi, (all, verb: string, what: string) => (/^\s*(?:when|whenever|if|once|after|as soon as|before|unless)\b/i.test(clause) ? all : `${/ing$/i.test(verb) ? 'updating' : /s$/i.test(verb) ? 'updates' : 'update'} ${what}`))
    // ("they work through the referrals, reading them and updating them to accepted or declined": each act, on those records.)
    .replace(/\b(?:work|works|go|goes|get|gets|deal|deals|wade|wades)\s+(?:through|with)\s+((?:the\s+|their\s+)?[a-z]+(?:\s+[a-z]+)?)\s*,\s*([a-z]+ing)\s+them\b(?:[^,;]*?\s+and\s+([a-z]+ing)\s+them\b)?[^,;]*/gi, (all, records: string, first: string, second?: string) => {
      const acts = [first, second].filter((g): g is string => !!g).map((g) => gerundBase(g));
      return acts.length > 0 && acts.every(Boolean) ? acts.map((a) => `${a} ${records}`).join(' and ') : all;
    })
    // ("we want a donation offer form that anyone can fill in without an account": anyone can create donation offers.)
    .replace(/^.*?\b(?:a|an|the|our)\s+([a-z]+(?:\s+[a-z]+)?)\s+form\s+(?:that|which|where)\s+(anyone|anybody|everyone|people|the public|members of the public|visitors|customers|guests)\s+(can|could|should be able to|may)\s+(?:fill in|fill out|use|complete|submit|send)\b/i, (_m, record: string, who: string, modal: string) => `${who} ${modal} submit a ${record}`)
    // ("can look at the coaches and at the ladders": the preposition said again joins nothing new.)
    .replace(/\b((?:look|looks|looking)\s+(?:at|through)\s+[^,;]+?)\s+(and|or)\s+(?:at|through)\s+/gi, '$1 $2 ')
    // ("Customers who do make an account can book ...": the customers; that they have accounts is what a role is.)
    .replace(/^(\s*(?:the\s+)?[a-z]+(?:\s+[a-z]+)?)\s+who\s+(?:do\s+|does\s+)?(?:make|have|create|open|set up|register|sign up(?:\s+for)?|log in|sign in)(?:\s+(?:an|a|their)\s+account)?\s+(?=(?:can|may|will|should|must|also)\b)/i, '$1 ')
    // ("edit my own bookings if my pickup address changes": when they may says nothing of what.)
    .replace(/\s+(?:if|when|whenever|in case)\s+(?:their|my|his|her|its|the)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:changes?|moves?|is wrong|are wrong|gets? changed)\b[^,;]*/gi, '')
    // ("add debts to cases": the debts are what they make; the cases are where they go.)
    .replace(/\b(add|adds|adding|attach|attaches|attaching|upload|uploads|uploading|log|logs|logging|record|records|recording)\s+((?:new\s+)?[a-z]+s)\s+(?:to|against|on)\s+(?:the\s+|their\s+|its\s+|a\s+|an\s+)?[a-z]+s?(?=\s*(?:,|;|$)|\s+(?:and|but|or)\b)/gi, '$1 $2')
    // ("add debts to cases and update them as balances change": when they do says nothing of what.)
    .replace(/\b(them|it)\s+(?:as|when|whenever)\s+(?:the\s+|their\s+|its\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:change|changes|move|moves|grow|grows|go up|goes up|go down|goes down|come in|comes in)\b[^,;]*/gi, '$1')
    // ("see only the journeys they're down to drive", "the sessions they're assigned to": theirs.)
    .replace(/\b(?:the|any)\s+([a-z]+)\s+(?:that\s+)?(?:they|he|she)(?:['’]re|\s+are|['’]s|\s+is)\s+(?:down\s+to\s+[a-z]+|assigned\s+to|rostered\s+(?:on|for)|booked\s+(?:on|onto|for)|down\s+for)\b/gi, 'their own $1')
    // ("... and then see only their own bookings": when says nothing of the right.)
    .replace(/\band\s+then\s+(?=(?:see|view|read|look|edit|update|change|cancel|delete|manage|track|check)\b)/gi, 'and ')
    // ("anyone can fill in the Gift Aid form on our website, which creates a donor record": they create a donor.)
    .replace(/\bfill(?:s)?\s+(?:in|out)\s+(?:the|a|an|our)\s+(?:[a-z-]+\s+){0,3}?form\b[^,;]*,\s*which\s+(?:creates|makes|adds|opens|starts|sets up)\s+(?:a|an|a new)\s+([a-z]+(?:\s+[a-z]+)?)\s+record\b/gi, 'create a $1')
    // ("I (the owner) need full access".)
    .replace(/^(\s*(?:and\s+)?)i\s*\(\s*(?:the|an?|as (?:the|an?))\s+([a-z][a-z -]{1,30}?)\s*\)\s*/i, '$1The $2 ')
    // ("My two assistants handle ...": how many says nothing of who they are.)
    .replace(/^(\s*(?:my|our|the|their)\s+)(?:two|three|four|five|six|few|couple of|\d+)\s+(?=[a-z])/i, '$1')
    // ("A couple of part-time baristas ...", "Some full-time staff ...": nor does how many, or for how long they work;
    // "some clients are on a retainer" keeps it: some of them are of a kind, no link.)
    .replace(/^(\s*(?:and\s+)?)(?:a couple of|a few|a handful of|some|several|two|three|four|five|six|\d+)\s+(?!(?:seconds|secs|minutes|mins|hours|hrs|days|weeks|months|years|nights|mornings|evenings)\b)(?![a-z]+s\s+(?:are|is)\s+(?:on|in)\s+(?:a|an)\s)(?=[a-z]+s\b|part-time|full-time|staff|people)/i, '$1')
    .replace(/^(\s*(?:and\s+)?(?:my|our|the|their)?\s*)(?:part-time|full-time|part time|full time)\s+(?=[a-z])/i, '$1')
    // ("see collections and update their status": changing the status of what was named is updating it.)
    // ("register their own sites and can see and change only those": their own, the records just named.)
    .replace(/\bonly\s+(?:those|these|them)\b(?!\s+(?:who|which|that|of)\b)/gi, 'only own them')
    // ("can be the only one (apart from the volunteers) who can edit ...": can edit (whose, below).)
    .replace(/\bcan\s+be\s+the\s+only\s+(?:one|ones|people|person)\s*(?:\([^)]*\)\s*)?(?:who|that)\s+(?:can|may)\s+/gi, 'can ')
    // ("take down a listing": remove it.)
    .replace(/\btake(s)?\s+down\b/gi, 'remove')
    // ("they're the only ones who can change a piece": they can change it (whose it is, below).)
    .replace(/\b(they|he|she)(?:'re|\s+are|'s|\s+is)\s+the\s+only\s+(?:ones?|people|person)\s+who\s+(can|may)\b/gi, '$1 $2')
    // ("edit only the ones they booked themselves", "remove a piece they posted", "correct the performances they submitted":
    // what they made themselves is their own.)
    .replace(new RegExp(String.raw`\b(?:the\s+ones|ones|those)\s+(?:that\s+|which\s+)?(?:they|he|she)(?:\s+(?:themselves|himself|herself))?(?:'ve|\s+have)?\s+${MADE}\b(?:\s+(?:themselves|himself|herself))?`, 'gi'), 'own them')
    .replace(new RegExp(String.raw`\b(edit|change|update|remove|delete|correct|modify|cancel|withdraw|amend|fix)\s+(only\s+)?(?:the|a|an|any)\s+((?:[a-z]+\s+){0,4}?[a-z]+)\s+(?:that\s+|which\s+)?(?:they|he|she)(?:'ve|\s+have)?\s+${MADE}\b(?:\s+(?:themselves|himself|herself))?`, 'gi'), '$1 $2their own $3')
    // (Not "set its status to closed": a workflow's action names its value.)
    .replace(/\b(update|change|edit)\s+(?:their|its)\s+(?:status|state|stage|progress)\b(?!\s+to\b)/gi, '$1 them')
    // ("Members of staff can ...": staff. "Anyone on the committee can ...": its members.)
    .replace(/\bmembers?\s+of\s+staff\b/gi, 'staff')
    .replace(/\b(?:anyone|anybody|everyone|everybody|whoever is|people|those)\s+(?:on|in|from)\s+the\s+(committee|board|council|panel|jury|crew)\b/gi, '$1 members')
    // ("The people in the office", "the finance folks", "the kitchen guys": the staff of that place or work.)
    .replace(/\b(the|our|my|their)\s+(?:people|folks?|guys|lads|lasses|lot|team)\s+(?:in|at|on|from|behind)\s+(?:the\s+)?([a-z]+(?:\s+desk)?)\b/gi, '$1 $2 staff')
    // (Not "After the walk people can ...": a time, then who.)
    .replace(/(?<!\b(?:after|before|during|following|since|until|end\s+of)\s+)\b(the|our|my|their)\s+([a-z]+(?:\s+desk)?)\s+(?:folks?|guys|lot|people)\b/gi, '$1 $2 staff')
    // ("Baristas take orders": they make them; "take a look at": read.)
    .replace(/\b(take|takes)\s+a\s+look\s+at\b/gi, (_all, take: string) => (/s$/i.test(take) ? 'looks at' : 'look at'))
    // (Not "a take has a date": after an article "take" is a noun, and "has" no plural.)
    .replace(/(?<!\b(?:a|an|the|each|every|one|per|this|that)\s)\b(take|takes)\s+(?=(?:the\s+|new\s+|all\s+|their\s+)?(?!(?:minutes|hours|days|weeks|months|years|turns|steps|pains|notes|has|is|was|does|gets|goes|needs|says|lets)\b)[a-z]+s\b)/gi, (_all, take: string) => (/s$/i.test(take) ? 'creates ' : 'create '))
    // ("Parents just need to see ...": an adverb of degree between the subject and the verb.)
    // (Before a modal or a rights verb only: "a suggestion is just a title" keeps its word.)
    .replace(/\s+\b(?:just|mostly|usually|generally|basically|typically|really|simply|normally)\s+([a-z]+)\b/gi, (all, next: string) =>
      /^(?:can|may|could|should|will|must|need|needs|want|wants|get|gets)$/i.test(next) || rightVerb(next) ? ` ${next}` : all)
    // ("needs read-only access to invoices": has it.)
    .replace(new RegExp(String.raw`\b(?:needs?|wants?|requires?|should (?:have|get)|will (?:have|get)|must have)\s+(${ACCESS_KIND}\s+(?:access|rights|permissions))`, 'gi'), 'have $1')
    // ("Coordinators can have full control over everything", as a story says it: they have it.)
    .replace(/\b(?:can|could|should|will|would|must)\s+have\s+((?:full|complete|total|unrestricted|admin)\s+(?:control|access|rights))\b/gi, 'have $1');
  for (const phrase of MANAGE_PHRASES) text = text.replace(phrase, (_all, first: string) => (thirdPerson(first) ? 'manages' : 'manage'));
  // ("Students book a spot in a class", "a place on a course": booking the class, one place of it.)
  text = text.replace(/\b(?:a|an|their|one)\s+(?:spot|place|seat|slot|space|ticket)\s+(?:in|on|at|for)\s+(?:a|an|the|one)\s+(?=[a-z])/gi, 'a ');
  // ("everything apart from deleting bookings": but delete them.)
  text = text.replace(/\b(except|excluding|besides|apart from|other than)\s+(?:for\s+)?([a-z]+ing)\b/gi, (all, word: string, gerund: string) => {
    const base = gerundBase(gerund);
    return base ? `${word} ${base}` : all;
  });
  // ("update assignments for shifts they run": who runs them says which ones, it is no right of its own.)
  text = text.replace(/\b((?:for|of|on|in|at)\s+(?:the\s+)?[a-z]+s)\s+(?:that\s+|which\s+)?(?:they|he|she|we)\s+(?:run|runs|teach|teaches|lead|leads|manage|manages|coach|coaches|supervise|supervises|look after|looks after|handle|handles|are on|is on|work|works|cover|covers)\b/gi, '$1');
  // ("Volunteers help out by updating bookings": they can update bookings.)
  text = text.replace(/\bhelps?(?:\s+out)?\s+(?:by|with)\s+([a-z]+ing)\b/gi, (all, gerund: string) => {
    const base = gerundBase(gerund);
    return base ? `can ${base}` : all;
  });
  return text;
}

/**
 * "Teachers can update their own profile": with no record type called a profile, the record
 * about each of them, the teachers' own (when the people are a record type themselves).
 */
export function ownRecordOfSubject(text: string, isRecordType: (phrase: string) => boolean): string {
  const subject = /^\s*(?:(?:and|but|so)\s+)?(?:the\s+|our\s+|all\s+)?([a-z]+s)\s+(?:can|may|could|should|will|must|are allowed to|are able to)\b/i.exec(text)?.[1];
  // ("Volunteers can add new tools and edit their details": the details of what was just named.)
  if (!subject || !isRecordType(subject)) return text.replace(/\b((?:edit|update|change|correct|amend|modify)\s+)their\s+(?:details|info|information)\b/gi, '$1them');
  return text.replace(/\b(their\s+own|their)\s+(profiles?|accounts?|details|pages?|info|information)\b/gi, (all, _their: string, word: string) => (isRecordType(word) ? all : `their own ${subject}`));
}

/** "once it's been accepted", "after they're submitted", "unless they've been inducted": from a state on, or until one. */
const FROM_A_STATE = /\b(?:once|after|unless|until|till)\s+(?:it|they|he|she)(?:['’]s|['’]re|['’]ve|\s+has|\s+have|\s+is|\s+are|\s+was|\s+were|\s+gets?|\s+get)\s+(?:been\s+)?[a-z]+(?:ed|en)\b/i;
const NEGATED = /\b(?:can['’]?t|cannot|can not|shouldn['’]t|should not|mustn['’]t|must not|may not)\b/i;

/**
 * "..., and they can't change an application once it's been accepted", "Members can't borrow a tool
 * unless they've been inducted": a refusal from a state on (or until one) is a rule of the
 * workflow, not of the rights table. The clause without it, the rights said before
 * it standing; undefined when the refusal is all the clause says (alone it takes no right away).
 */
export function withoutRefusalFromAState(clause: string): string | undefined {
  const kept = clause.replace(/\s*,?\s+(?:and|but)\s+(?:they|he|she|you|[a-z]+s)\s+(?:can['’]?t|cannot|can not|shouldn['’]t|should not|mustn['’]t|must not|may not)\s+[^,;]*$/i, (tail) => (FROM_A_STATE.test(tail) ? '' : tail));
  return NEGATED.test(kept) && FROM_A_STATE.test(kept) && !/\b(?:can|may|could|should be able to)\s+(?!not\b)/i.test(kept.replace(NEGATED, '')) ? undefined : kept;
}

/** ("we send every company an invoice", "Couples send us an enquiry": who it is sent to is no record made; what is sent is.) */
export const withoutRecipient = (clause: string): string =>
  clause.replace(/\b(send|sends|email|emails|mail|mails|give|gives)\s+(?:us|me|them|him|her|(?:every|each|all|all\s+the|the|our|their)\s+[a-z]+)\s+(?=(?:a|an|the|their|its|our|his|her)\s)/gi, '$1 ');

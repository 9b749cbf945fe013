/**
 * What a statement says, said plainly before it is read: the record type a bullet or heading
 * names (topicOf), and each sentence with its role introduced, its asides and emphasis gone, a
 * state held too long said as its workflow (plainStatement).
 */
import { plainRightsWording } from '../offline-author/rights-wording';
import { isPluralWord, singular } from '../offline-author/text';
import { introducedRole, namedRole, selfIntroduced } from './role-sentences';
import { tagTerms } from './tag';
import { plainWorkflowWording } from './workflow-wording';

export const GROUP_WORDS = /^(?:(?:the\s+)?(?:who does what|who's who|what we keep(?: track of)?|what we (?:store|record|track)|relationships?|relations|(?:user\s+)?stor(?:y|ies)|acceptance\s+(?:criteria|tests)|definition\s+of\s+done|permissions?|access(?: rules| rights| control)?|roles?(?: and (?:rights|permissions))?|rights|users?(?: and roles)?|who can do what|rules|business rules|constraints|workflows?|automations?|automation|automatic (?:behaviou?rs?|stuff|things|bits|processes|actions|jobs)|auto stuff|processes|notifications?|reminders?|tenancy|tenants?|data|data model|entities|records|overview|notes?|background|requirements|security|auth|authentication|(?:the )?(?:app|system|backend|service|api))\b)/i;

/** A bullet or heading that names a record type: a short noun phrase, no verb of a sentence. */
export function topicOf(text: string): string | undefined {
  const bare = text.replace(/\s*\([^)]*\)\s*$/, '').replace(/:\s*$/, '');
  // ("Tenancy fields", "Data table": a suffix that says the words name a record type, whatever they are.)
  const named = /\s(?:fields|table|entity|model)\s*$/i.test(bare);
  const cleaned = bare
    .replace(/\s(?:fields|table|entity|model)\s*$/i, '')
    // ("Then the carers themselves: name, ...": the record type, said next.)
    // ("Then appointments: which client, ...": a plural said alone, with no article, too.)
    // ("Just the fleet: registration, ...": how little there is to say says nothing of which record.)
    .replace(/^(?:(?:and\s+)?(?:then|next|now|also|finally|lastly|just|only)\s*,?\s+)(?=(?:the|our|my|your)\s+[a-z]|(?:[a-z-]+\s+)?[a-z-]+[^s\W]s$)/i, '')
    .replace(/\s+(?:themselves|itself|too|as well)$/i, '')
    .replace(/^(?:\d+[.)]\s*)?(?:(?:the|our|my|your)\s+)?/i, '')
    // ("For each defect: a description, ...": the record type each field list is about.)
    .replace(/^(?:for|about|per)\s+(?:each|every|a|an|the|all)\s+/i, '')
    // ("we keep a log of visits: ...": the record type is what the log holds.)
    .replace(/^(?:an?\s+)?(?:log|record|register|list|book|diary|history)\s+of\s+(?:all\s+(?:the\s+)?|the\s+|our\s+)?(?=[a-z]+s\b)/i, '')
    .trim();
  // ("For each one: ...", "For those: ...": a pronoun names no record type; the record said before does.)
  if (/^(?:one|ones|them|those|these|it|that|this|of them)$/i.test(cleaned)) return undefined;
  if (!cleaned || (GROUP_WORDS.test(cleaned) && !named && !/^(?:users?)$/i.test(cleaned))) return undefined;
  const ws = cleaned.split(/\s+/);
  if (ws.length > 4 || /[,.;!?]/.test(cleaned)) return undefined;
  // "Add a Review entity: ..." is a request (a chat edit), not a record type's name.
  if (/^(?:add|create|make|rename|remove|delete|drop|change|set|give|put|include|allow|let|please|also|then|now)$/i.test(ws[0]!)) return undefined;
  // ("**Chasing invoices.**", "Getting notes signed", "Reminding owners": an automation's title, something done to records.)
  if (ws.length > 1 && /^(?:chasing|sending|reminding|getting|notifying|emailing|texting|archiving|escalating|expiring|renewing|confirming|cancelling|canceling|following|nudging|alerting|warning|closing|releasing|handling)$/i.test(ws[0]!)) return undefined;
  if (ws.some((w) => /^(?:is|are|can|may|must|should|will|has|have|gets?|belongs?|who|what|how|when|if|we|i|you)$/i.test(w))) return undefined;
  // "Students hand in submissions" is a sentence: a verb after its first word.
  if (ws.length > 2 && tagTerms(cleaned).slice(1).some((t) => t.tags.has('Verb') && !t.tags.has('Noun') && !t.tags.has('Gerund'))) return undefined;
  return cleaned;
}

/**
 * "Requests: each one is for a listing", "Job parts record the parts used on a job: each one is
 * for one repair job": "each one" is each of what the label or the subject names.
 */
function eachOneOfLabel(text: string): string {
  const said = /^([A-Za-z]+(?:\s+[A-Za-z]+)?)\s+(?:record|records|are|hold|holds|list|lists|store|stores|keep|keeps|link|links|tie|ties|have)\b[^:]{0,60}:\s*(each|every)\s+one\b/i.exec(text);
  if (said && isPluralWord(said[1]!.split(/\s+/).pop()!.toLowerCase())) {
    const ws = said[1]!.toLowerCase().split(/\s+/);
    ws[ws.length - 1] = singular(ws[ws.length - 1]!);
    return `${text.slice(0, said.index + said[0].length - said[2]!.length - 4)}${said[2]} ${ws.join(' ')}${text.slice(said.index + said[0].length)}`;
  }
  const m = /^([^:]{1,40}):\s*(each|every)\s+one\b/i.exec(text);
  const topic = m ? topicOf(m[1]!) : undefined;
  if (!m || !topic) return text;
  const ws = topic.split(/\s+/);
  ws[ws.length - 1] = singular(ws[ws.length - 1]!.toLowerCase());
  return `${m[1]}: ${m[2]} ${ws.join(' ').toLowerCase()}${text.slice(m[0].length)}`;
}

/** "Each group obviously has its fridges", "each appt is for 1 client obvs": the writer's aside, no part of what is said ("Kilns, obviously" says the record is next). */
const ASIDE_ADVERBS = /\s\b(?:obviously|clearly|naturally|of course|basically)\b,?(?=\s)|(?<![,\s])\s+(?:obviously|clearly|naturally|of course|basically)$/gi;
/** "anybody at all", "literally anyone": everyone, emphasised. */
const EMPHASISED_EVERYONE = /\b(?:absolutely|literally|just about|pretty much)\s+(anyone|anybody|everyone|everybody)\b|\b(anyone|anybody|everyone|everybody)\s+(?:at all|whatsoever|on the internet|out there|in the world)\b/gi;

/** A sentence said plainly: the role it introduces, its asides and emphasis gone. */
/** "Then the menu items: every item needs a name": the item is the menu item the sentence announced. */
// (Also "... goes in order lines: a line belongs to one order".)
function announcedName(text: string): string {
  return text.replace(/(^(?:(?:then|now|next|also|finally|and)\s*,?\s+)?(?:(?:the|our)\s+)?|\b(?:in|into|as|called)\s+)([a-z]+)\s+([a-z]+)\s*:\s*((?:each|every|an?|the)\s+)([a-z]+)\b/gi, (all, lead: string, modifier: string, head: string, det: string, noun: string) =>
    singular(head.toLowerCase()) === noun.toLowerCase() && !/^(?:the|our|their|its|a|an|and|then|now|next|also)$/i.test(modifier) ? `${lead}${modifier} ${head}: ${det}${modifier.toLowerCase()} ${noun}` : all);
}

/** "The result is pending until the lab gets back to us, then pass or fail": the values it is, in order, without when. */
function valuesUntilThen(text: string): string {
  return text.replace(/^((?:the|its|their)\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:is|starts\s+(?:off\s+)?(?:as|at))\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+until\s+[^,;]+,\s*(?:and\s+)?then\s+(?:either\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+or\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(\.?)$/i, '$1 is $2, $3 or $4$5');
}

/** "tanks: belongs to a customer obviously": a record type's label, then what each belongs to, said as a sentence. */
function labelledRelation(text: string): string {
  const m = /^([a-z][a-z-]*?)(s|es)?\s*:\s*(belongs?\s+to|is\s+for|is\s+linked\s+to|hangs?\s+off|is\s+part\s+of)\s+((?:a|an|one|the|exactly\s+one)\s+[a-z][a-z-]*(?:\s+(?!obviously\b|naturally\b|always\b|of\s+course\b)[a-z][a-z-]*)?)(?:\s*,?\s+(?:obviously|of course|naturally|always))?\.?$/i.exec(text.trim());
  return m ? `Each ${m[1]!.toLowerCase()} ${m[3]!.replace(/^belong\b/i, 'belongs')} ${m[4]}` : text;
}

/**
 * "The show, the venue and the date all have to be filled in": the rule of each, said once for all;
 * said as one sentence per field ("The show is required; the venue is required; ...").
 */
const ALL_RULED = new RegExp(String.raw`^((?:the|its|their)\s+[a-z][a-z-]*(?:\s+(?!(?:all|both|are|must|have|need|should)\b)[a-z][a-z-]*)?(?:\s*,\s*(?:the|its|their)\s+[a-z][a-z-]*(?:\s+(?!(?:all|both|are|must|have|need|should)\b)[a-z][a-z-]*)?)*\s*,?\s+and\s+(?:the|its|their)\s+[a-z][a-z-]*(?:\s+(?!(?:all|both|are|must|have|need|should)\b)[a-z][a-z-]*)?)\s+(?:(?:all|both)\s+)?(?:(?:must|have\s+to|need\s+to|should)\s+(?:all\s+|both\s+|always\s+)*be\s+(?:filled\s+in|given|entered|provided|there|set|required|mandatory)|are\s+(?:all\s+|both\s+|always\s+)*(?:required|mandatory|compulsory|a\s+must|musts|needed))\s*[.!]?$`, 'i');

function eachRuled(text: string): string {
  const m = ALL_RULED.exec(text.trim());
  if (!m) return text;
  return m[1]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((item) => `${item.trim()} is required`).join('; ');
}

/** What a report of a thing in a bad state is called ("report a broken tool": a fault report). */
const STATE_REPORTS: Readonly<Record<string, string>> = {
  broken: 'fault', faulty: 'fault', defective: 'fault', unsafe: 'fault', dangerous: 'fault', damaged: 'damage', missing: 'loss', lost: 'loss', stolen: 'theft', leaking: 'leak',
};

export function plainStatement(s: string): string {
  return namedRole(introducedRole(selfIntroduced(eachOneOfLabel(announcedName(stuckAsWorkflow(plainWorkflowWording(plainRightsWording(valuesUntilThen(labelledRelation(eachRuled(s)))))))))))
    // ("..., and they have to tick a box saying they can swim": one more field of the list, a yes/no they must give.)
    .replace(/,\s*(?:and\s+)?(they|he|she|you|customers|people)\s+(?:have|has|need|needs|must)\s*(?:to\s+)?(?:tick|check)\s+(?:a|the)\s+(?:box|tick ?box|check ?box)\s+(?:saying|to\s+say|that\s+says|confirming)\s+(?:that\s+)?(?:they|he|she|you)\s+([^,;.]+)/gi, (_m, _who: string, said: string) => `, and whether they ${said} (required)`)
    // ("which I'll call venues", "what we'd call a job": what the writer calls it.)
    .replace(/\b(i|we)(?:['’]ll|\s+will|['’]d|\s+would|\s+usually|\s+always|\s+just)\s+call\b/gi, '$1 call')
    // ("venues, even though most of them are school halls: ...": what they are despite is no part of it.)
    .replace(/,?\s+even\s+(?:though|if)\s+[^,:;()]+(?=\s*:)/gi, '')
    // ("Then the places we perform at, which I call venues: we need ...": the record, by the name the writer gives it.)
    .replace(/^((?:(?:then|next|now|also|and|first)\s*,?\s+)?)(?:the|our)\s+[a-z][^,:;]{1,60},\s*(?:which|what)\s+(?:i|we)\s+call\s+(?:the\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s*:/i, '$1the $2:')
    // ("I want to report a broken tool with a description ...": what is made is a fault report, for the tool.)
    .replace(/\b(can|may|to|will|should)\s+report\s+(?:a|an|the)\s+(broken|faulty|defective|unsafe|dangerous|damaged|missing|lost|stolen|leaking)\s+([a-z]+)\b/gi, (_m, modal: string, state: string, thing: string) => `${modal} log a ${STATE_REPORTS[state.toLowerCase()]} report for a ${thing}`)
    // ("I can report a problem with my plot (a description, ...)": what is made is a problem report.)
    .replace(/\b(can|may|to|will|should)\s+report\s+(a|an)\s+([a-z]+)(?:\s+with(?=\s+(?:my|our|their|the|a|an)\s+[a-z]+\s*\())?(?=\s+(?:with|about|on|for|against|my|our|their|the|a|an)\s|\s*\()/gi, (all: string, modal: string, det: string, noun: string) => (/^report$/i.test(noun) ? all : `${modal} log ${det} ${noun} report${/\swith$/i.test(all) ? ' for' : ''}`))
    // ("pics of finished nails w/ each appt, jpg only": a file kept for each record.)
    .replace(/\b((?:pictures?|photos?|pics?|images?|scans?|videos?|recordings?)\s+of\s+[^,;()]{1,40}?)\s+(?:with|on|attached\s+to|against)\s+(each|every)\s+/gi, '$1 for $2 ')
    // ("Subs are 40 a term and we record whether they've paid": a new clause, with its own subject, as after a comma.)
    .replace(/(?<!,)\s+and\s+(?=(?:we|i)\s+(?:also\s+)?(?:record|note|keep|track|log|store|mark|tick)\s+(?:whether|if|how|when|what|which|the|their|its)\b)/gi, ', and ')
    // ("An order has one or more lines, each for one zine with a quantity": each line of the order is for one zine, and has the rest.)
    .replace(/^(?:a|an|each|every)\s+([a-z]+)\s+(?:has|have|holds?|contains?)\s+(?:one or more|several|many|multiple|lots of|a few|some)\s+([a-z]+?)s\s*,\s*each\s+(?:one\s+)?(?:is\s+)?(?:for|of)\s+(?:one|a|an|exactly one|a single)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:with|and has|having)\s+(?=\S)/i, (_m, whole: string, part: string, item: string) => `Each ${whole} ${part} is for one ${whole} and one ${item} and has `)
    // ("Crew assignments link a member to a running day and a role (driver, ...)": each one links one of each, with the rest.)
    .replace(/^((?:[a-z]+\s+)?[a-z]+s)\s+(?:link|connect|tie|join|pair)\s+(?:a|an|one)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:to|with)\s+(?:a|an|one)\s+([a-z]+(?:\s+(?!and\b)[a-z]+)?)(?:\s+and\s+((?:a|an|the)\s+.+?))?\s*\.?$/i, (_m, links: string, a: string, b: string, rest: string | undefined) => `A ${singular(links)} links one ${a} and one ${b}${rest ? `, with ${rest}` : ''}`)
    // ("Parts bought for a session are listed with a cost": each part is for one session, and has what it is listed with.)
    .replace(/^([a-z]+s)\s+(?:bought|used|ordered|fitted|sold|taken|spent|needed)\s+(?:for|on|in|during)\s+(?:a|an|each|every|the)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:are|get)\s+(?:also\s+)?(?:listed|recorded|logged|kept|noted|entered|written down)\s+(?:with|along with)\s+(.+?)\s*\.?$/i, (_m, items: string, of: string, list: string) => `Each ${singular(items)} is for one ${of} and has ${list}`)
    // ("Drivers must hold a PCV licence, so we record the licence expiry date on the member": why says nothing; what is recorded, on whom, does.)
    .replace(/^[^,]{3,80},\s*so\s+(?:we|i)\s+(?:also\s+)?(?:record|note|keep|store|track|hold|log)\s+(?:the|their|its|a|an)\s+([a-z][a-z -]{2,40}?)\s+(?:on|against|in|for)\s+(?:the|their|each|every)\s+([a-z]+)(?:['’]s\s+record)?\s*\.?$/i, (_m, what: string, whose: string) => `Each ${whose} has the ${what}`)
    // ("each bit of kit belongs to a group": each kit item.)
    .replace(/\b(each|every|a|any|one)\s+(?:bit|piece|item)\s+of\s+(kit|gear|equipment|stock|furniture|clothing)\b/gi, '$1 $2 item')
    // ("It starts life as an enquiry": starts as one.)
    .replace(/\b(starts?|begins?)\s+(?:(?:its|their)\s+)?life\s+(?=as\s)/gi, '$1 ')
    // ("read only theirs": their own.)
    .replace(/\btheirs\b/gi, 'their own')
    .replace(EMPHASISED_EVERYONE, (_m, a?: string, b?: string) => a ?? b ?? '')
    // ("an issue number, which is unique of course, the cover date": the comma after the aside still ends the item.)
    .replace(ASIDE_ADVERBS, (aside: string, at: number, whole: string) => (aside.endsWith(',') && whole[at - 1] !== ',' ? ',' : ''))
    // ("has every right there is, on everything": every right.)
    .replace(/\b(every|each|all)\s+(rights?|permissions?)\s+there\s+(?:is|are)\b,?/gi, '$1 $2')
    // ("Every player must have a main guardian on file": kept, not a file.)
    .replace(/\s+on (?:file|record)\b/gi, '')
    .replace(/\b(themselves|himself|herself)\s+(?=(?:can|may|should|will|must|are able|is able|are allowed|is allowed|get to)\b)/gi, '')
    // ("Candidates can apply, which creates an application, and ...": creating the record is the right.)
    .replace(/\b[a-z]+,\s*which (?:creates|makes|opens|adds|files|submits|starts) ((?:a|an|the) [a-z]+(?: [a-z]+)?)(?=,|$)/gi, 'create $1');
}

/**
 * "a collection that has been ready for 48 hours without being delivered gets flagged to the
 * operations manager": a state held too long, said as the workflow it is ("When a collection is
 * ready, wait up to 48 hours for it to be delivered; if it isn't, flag it to the operations manager").
 */
const STUCK = /^([^:]{1,40}:\s*)?(?:(?:any|a|an|each|every)\s+)([a-z]+(?:\s+[a-z]+)?)\s+(?:that|which)\s+(?:has been|have been|is|are|stays|sits|remains)\s+(?:still\s+)?([a-z]+(?:\s+[a-z]+)?)\s+for\s+(?:more than\s+|over\s+|at least\s+)?((?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|fourteen|thirty|forty-eight)\s+(?:minutes?|hours?|days?|weeks?|months?))\s+without\s+(?:being|getting)\s+([a-z]+(?:\s+(?:up|in|out|back|off))?)\s+(?:gets|is|should be|will be|must be)\s+([a-z]+ed)\b(.*)$/i;

function stuckAsWorkflow(sentence: string): string {
  const m = STUCK.exec(sentence.trim().replace(/\.$/, ''));
  if (!m) return sentence;
  const act = m[6]!.replace(/(?:ied)$/i, 'y').replace(/([^aeiou])\1ed$/i, '$1').replace(/(?<=[^aeiou][aeiou][^aeiouwxy])ed$|(?<=e)d$|ed$/i, '');
  return `${m[1] ?? ''}When a ${m[2]} is ${m[3]}, wait up to ${m[4]} for it to be ${m[5]}; if it isn't, ${act} it${m[7]}`;
}

/** A label that names people, so its list is their rights ("front desk", "counter staff", "ppl"). */
export const PEOPLE_LABEL = /\b(?:admins?|administrators?|staff|managers?|owners?|users?|roles?|people|ppl|everyone|everybody|anyone|public|visitors?|guests? can|team|desk)$/i;

/** An item under a people label that says what someone may do ("drivers: only see their own jobs", "me - admin, everything"). */
export const RIGHTS_ITEM = /\b(?:admin|everything|can|only see|log in|full access|read-only)\b/i;

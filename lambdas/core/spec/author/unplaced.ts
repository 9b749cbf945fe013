/**
 * What the author could not place: statements no reader used. They go back to the user (the
 * assistant's message and the spec's "Open questions"), so nothing is dropped silently. The
 * first statement is the title or the overview and is never asked about. A sentence that reads
 * like a workflow ("when ...", "send ...") but gave none is asked about too: saying it was
 * understood would drop it silently.
 */
import type { RightsContext } from '../offline-author/rights';
import { splitClauses } from '../offline-author/clauses';
import { parseRightsClause } from '../offline-author/rights';
import type { Reading } from './assemble';
import { inferAccess } from '../offline-author/access';
import { saysSingleTenant } from '../offline-author/tenancy';
import { withoutRecipient } from '../offline-author/rights-wording';
import { singular, words } from '../offline-author/text';
import { announcedRecord, introducedTopic } from './topics';
import { GROUP_WORDS } from './statement-wording';

// (Also how the writer says it is one organisation: "We're a single allotment society", "it's just us".)
const TENANCY = /\btenan(?:t|ts|cy)\b|\bseparate\b|\bnobody else's business\b|\b(?:its|their) own (?:little |small |separate )?(?:organi[sz]ation|business|company|club|outfit)s?\b|\bisolat|\bits own workspace\b|\bown (?:data|workspace|account)\b|^(?:we(?:'re|\s+are)|this is|it's|it is)\s+(?:just\s+)?(?:a\s+single|one|only one|just one|just us|just the one)\b|^there(?:'s|\s+is)\s+(?:only|just)\s+(?:one|a single|the one)\b/i;
// (Also who has no account: "Customers don't log in at all".)
const PUBLIC = /\b(?:anyone|everyone|everybody|public|publicly|visitors?|guests?|without (?:an account|logging in|login|signing in)|(?:published|shown|listed|visible) on (?:the|our) (?:website|site|web|app)|(?:what|which) (?:the|our) (?:website|site|app) shows)\b|\b(?:don't|do not|never|won't|will not|doesn't|does not)\s+(?:need to\s+|have to\s+)?(?:log|sign)\s+in\b|\b(?:don't|do not|won't|never|doesn't|does not)\s+(?:have|need|get)\s+(?:an?\s+)?(?:accounts?|logins?)\b/i;
/** What people may not do or how they use it, said without a right: "Invoices are none of their business", "Clients log in too". */
const NO_RIGHTS = /\bnone of (?:their|his|her|your|our) business\b|\b(?:log|logs|sign|signs)\s+in\s+(?:too|as well|also)\b|\b(?:have|get|has|gets)\s+(?:their own\s+)?(?:logins?|accounts?)\s*(?:too|as well)?$/i;
// (The values right after the verb: "A booking is pending, confirmed or cancelled"; not "Issues are straightforward: an issue number, ...".)
/** ("When a concert is nearly sold out, email ...": a condition, no states, whatever follows its verb.) */
const WHEN = /^(?:and\s+|so\s+)?(?:when|whenever|once|if|as soon as|after|before|until)\b/i;
const STATES = /\b(?:is|are|can be|goes from|moves through|either)\s+(?:(?:either|one of|always|usually|then|now|first)\s+)*[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}\s*(?:,|\bor\b|\/|\bthen\b|\bto\b)/i;
/** Small talk around the description ("Here's what I need", "Thanks!", "Hope that makes sense"): nothing to ask about. */
const SMALL_TALK = new RegExp(String.raw`^(?:(?:so|ok|okay|right|anyway)\s*,?\s+)?(?:here(?:'s|\s+is|\s+are)\s+(?:(?:roughly|basically|briefly|quickly|more or less)\s+)?(?:what|how|the\s+(?:details|gist|basics|idea|plan))|(?:i|we)\s+(?:own|run|manage|operate)\s+(?:a|an|the|my|our)\s[^,]*?(?:\band\s+(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:tired|sick|fed up)\b.*)?$|(?:hi|hello|hey|thanks|thank you|cheers|many thanks)\b|that's\s+(?:it|all|about it|everything)\b|hope\s+(?:this|that)\s+(?:helps|makes sense)|let me know\b|any questions\b|(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:drowning|tired|sick|fed up)\b|(?:i|we)(?:['’]d|\s+would)\s+(?:love|like)\s+(?:something|an?\s+(?:app|system|tool))\s+(?:really\s+|pretty\s+|very\s+|quite\s+)?(?:simple|basic|easy|straightforward)$` +
  // ("Then the safety side", "Two automatic things": a lead-in to what follows.)
  String.raw`|(?:then|now|next|and|finally|also)\s+(?:the|a|some)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:side|part|bit|bits|stuff|section|things)$|(?:then|now|next|finally)\s*,?\s+(?:the|our)\s+[a-z]+(?:\s+[a-z]+)?$|(?:two|three|four|a few|some|one|a couple of)\s+(?:automatic|automated|scheduled|background|timed)\s+(?:things|bits|jobs|rules|tasks|automations|workflows)$` +
  // ("We're a community choir, about 60 singers", "Basically my clients are podcasters": who the writer and their people are.)
  String.raw`|(?:we're|we\s+are|i'm|i\s+am)\s+(?:just\s+)?(?:a|an)\s+[a-z -]{3,40}(?:,\s*(?:about|around|roughly|nearly|over|some)\s+\d+\s+[a-z]+)?$|(?:basically\s+|mostly\s+)?(?:my|our)\s+[a-z]+s\s+are\s+(?:mostly\s+|all\s+|mainly\s+|usually\s+)?[a-z-]+s$` +
  // ("right now its all on a whiteboard and it's chaos", "so we have the boards and boats": how it is done today, and a first
  // mention of the records described next.)
  String.raw`|(?:right\s+now|at\s+the\s+moment|currently|today|at\s+present)\s*,?\s+(?:it['’]?s|it\s+is|everything['’]?s|everything\s+is|we\s+(?:use|do\s+it\s+(?:on|in|with)))\s+(?:all\s+)?(?:(?:on|in|done\s+on|done\s+in|kept\s+on|kept\s+in)\s+)?(?:a\s+|an\s+|the\s+)?(?:whiteboard|paper|spreadsheets?|excel|notebooks?|diary|diaries|post-its?|emails?|phone|clipboard|google\s+sheets?|word\s+documents?)\b.*$` +
  String.raw`|(?:so\s+|and\s+)?(?:we|i)\s+(?:have|['’]ve\s+got|got)\s+(?:the\s+|our\s+|some\s+)?[a-z]+s(?:\s+(?:and|&)\s+[a-z]+s)?$` +
  // ("What I want is pretty simple really", "What we need isn't complicated": how much is wanted, said before it.)
  String.raw`|what\s+(?:i|we)\s+(?:want|need|have\s+in\s+mind|am\s+after|'m\s+after|are\s+after|'re\s+after)\s+(?:is|isn't|is\s+not)\s+(?:pretty\s+|really\s+|quite\s+|fairly\s+|very\s+)?(?:simple|straightforward|basic|easy|complicated|complex|fancy)(?:\s+really|\s+enough|\s+honestly)?$` +
  // ("Then there's the music": a lead-in to what follows.)
  String.raw`|(?:then|and|also|next)\s+there(?:'s|\s+is)\s+(?:the|our)\s+[a-z]+$` +
  // ("For each player we keep:": the lead-in of a list of fields.)
  String.raw`|for\s+(?:each|every)\s+[a-z]+(?:\s+[a-z]+)?\s*,?\s+(?:we|you|i)\s+(?:keep|store|record|track|need|want|note|hold)(?:\s+(?:track of|down))?\s*:$` +
  // ("First, the relationships:", "Now what we keep on each:": a lead-in to what follows.)
  String.raw`|(?:(?:first|firstly|now|then|next|finally|and)\s*,?\s+)?(?:the\s+)?(?:relationships?|relations|data|fields|roles|permissions|access|automations?|workflows?|details|what we (?:keep|store|track|record)(?:\s+(?:on|for|about)\s+(?:each|them|each one))?)\b[^.]{0,60}:$)`, 'i');

const NOUNS_ONLY = /^[a-z ,'-]{1,80}$/i;
const VERB_WORD = /\b(?:is|are|was|were|has|have|can|may|must|should|will|need|needs|gets?)\b/i;

/** Does the clause set an endpoint level ("only the author of a comment may edit it")? */
function accessIn(clause: string, ctx: RightsContext): boolean {
  const found = inferAccess([{ index: 0, text: clause, clauses: [clause] }], ctx);
  return found.rules.length + found.everyone.length + found.ownerOps.length > 0;
}

export function unplacedStatements(reading: Reading, ctx: RightsContext, workflowSentences: ReadonlySet<number>): string[] {
  const used = new Set<number>([...workflowSentences, ...reading.consumed]);
  for (const c of reading.discovery.containments) used.add(c.sentence);
  for (const s of reading.statusLists) used.add(s.sentence);
  const out: string[] = [];
  // ("Each café holds repair sessions", the cafés being tenants: what every tenant has.)
  const tenantHolds = (clause: string) => {
    const m = /^(?:each|every|our)\s+([a-zà-ÿ]+)\s+(?:holds?|runs?|has|have|keeps?|organi[sz]es?|hosts?|manages?)\b/i.exec(clause.trim());
    return !!m && reading.tenantUnits.has(singular(m[1]!.toLowerCase()));
  };
  // ("We sell plants, obviously": what the business does with records the text describes.)
  const trade = (clause: string) => /^(?:we|i)\s+(?:sell|make|grow|rent out|hire out|lend|offer|repair|fix|host|teach|run|breed|stock)\s/i.test(clause.trim()) && ctx.index.mentions(words(clause)).length > 0;
  const rightsOfSomeone = (clause: string) => {
    // ("When we reply, the officer writes up a response ...", "If we withhold anything ...": what happens then, no right.)
    if (/^(?:and\s+|so\s+|but\s+)?(?:when|whenever|if|once|after|before|as soon as)\b/i.test(clause.trim())) return false;
    // ("we send every company an invoice", no invoices kept: an act on nothing the spec has is not understood.)
    const rights = parseRightsClause(clause, ctx);
    return rights !== undefined && !(withoutRecipient(clause) !== clause && rights.groups.every((g) => g.entities.length === 0));
  };
  // ("Then there are the hires", "First up, the costumes": a record brought up, which the spec has, was understood.)
  const announces = (clause: string) => {
    if (clause.trim().split(/\s+/).length > 8) return false;
    const topic = announcedRecord(clause) ?? introducedTopic(clause, true);
    return topic !== undefined && ctx.index.resolve(words(topic)) !== undefined;
  };
  const read = (clause: string) => announces(clause) || tenantHolds(clause) || trade(clause) || /^(?:that's|that is|this is|which is)\s+how\b/i.test(clause.trim()) || rightsOfSomeone(clause) || accessIn(clause, ctx) || TENANCY.test(clause) || saysSingleTenant(clause) || NO_RIGHTS.test(clause) || PUBLIC.test(clause) || (STATES.test(clause) && !WHEN.test(clause.trim()) && !/\bup\s+to\s+(?:\d|an?\s|one\s)/i.test(clause));
  reading.sentences.forEach((s, i) => {
    // ("Acceptance criteria:", "Rules:": a section's label alone says only what follows.)
    if (i === 0 || used.has(i) || SMALL_TALK.test(s.text.trim()) || (/^[^:]{1,40}:$/.test(s.text.trim()) && GROUP_WORDS.test(s.text.trim().replace(/:$/, '')))) return;
    // ("The regatta list, the race schedule and the results are public": the first items of a list the next clause ends.)
    const listHead = (clause: string, at: number) => NOUNS_ONLY.test(clause.trim()) && !VERB_WORD.test(clause) && at + 1 < s.clauses.length && read(s.clauses[at + 1]!);
    const understood = s.clauses.every((clause, at) => read(clause) || listHead(clause, at));
    if (!understood && /[a-z]{3}/i.test(s.text)) out.push(reading.statements[i]!.source);
  });
  // (A reader took a part of a sentence, the outcome's values of "..., the outcome (provided in full, ...), ...";
  // a long part no reader took is asked about. A short one is the lead-in of what was read: "This is our price
  // list", "A production is a show we stage".)
  for (const [i, parts] of reading.leftovers ?? []) {
    if (workflowSentences.has(i)) continue;
    // (Asked about only when no clause of it was read: "Officers handle the requests, meaning they can read and update them, ..." was.)
    for (const part of parts) if (part.trim().split(/\s+/).length >= 10 && !SMALL_TALK.test(part.trim()) && !read(part) && !splitClauses(part).some(read)) out.push(part.trim());
  }
  out.push(...(reading.unreadItems ?? []));
  return out;
}

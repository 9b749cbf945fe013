/**
 * Sentences that name a role and then its rights, said the way the rights reader reads them:
 * "I (admin) can do everything", "Me - I'm the studio manager - full access", "There's also a
 * receptionist who can add clients" -> "admin can do everything", "The studio manager has full
 * access", "The receptionist can add clients" (statements.ts applies them to every sentence).
 */
import type { Block } from './segment';
import { asRoleName } from './role-names';

/**
 * "I (admin) can do everything", "my friends (guests) can only read wines": the word in
 * parentheses names the role.
 */
export function namedRole(text: string): string {
  return text
    // ("The farm office is the admin and manages all of the above": the admin, whoever holds it.)
    // ("Film officers are the admins and can do everything", "Each club's organiser is the admin there and can do anything",
    // "Nursery managers are the admins of their nursery": the same; said alone, the admin can do everything.)
    // ("Group leaders are the admins of their group, with full control over everything in it", "each society's committee
    // members are its admins and can do everything": the same.)
    .replace(/^(?:(?:the|our|each|every)\s+)?(?:[a-z]+['’]s\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:is|are)\s+(?:the|its|their)\s+(?:admin|administrator)s?(?:\s+(?:of|for)\s+(?:the|their|its|his|her|that|this|each|my|our)\s+[a-z]+|\s+(?:there|here))?(?:\s+and\s+|\s*,?\s+with\s+(?:full|complete|total)\s+(?:control|access)\s+(?:over|to)\s+(?:everything|anything)(?:\s+(?:in|within)\s+(?:it|them|the\s+[a-z]+))?\s*[.!]?\s*$|\s*[.!]?\s*$)/i, (all: string) => (/\band\s+$/i.test(all) ? 'The admin ' : 'The admin can do everything')).replace(/(^|[;,:]\s*|\band\s+)((?:(?:i|we|my|our|the|a|an)\s+)?(?:[a-z]+\s+){0,2}?)\(([a-z][a-z -]{1,30}?)\)\s+(?=(?:can|may|must|should|will|have|has|manage|manages|read|reads|see|sees|do|does|get|gets)\b)/gi, (_m, lead: string, outer: string, role: string) =>
    // "Admin (the owner) can ...": the role is already named; the parenthesis says who holds it.
    // ("cyclists (public who sign up) can ...": a parenthesis saying who they are is no role's name.)
    /\badmin(?:istrator)?s?\b/i.test(outer) || (outer.trim() !== '' && /\b(?:who|which|that|with|without|if|when|whoever|myself|me|us|i|we|one|two|three|other|others|present|currently|now|only|just|both|all)\b/i.test(role)) ? `${lead}${outer}` : `${lead}${role} `);
}

/** "committee = admins, we can do everything" (or "committee: admins", as the segmenter writes it at a line's start): the administrators, whoever they are. */
export const NAMED_ADMINS = /^(?:the\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s*[=:]\s*(?:the\s+)?(?:admins?|administrators?)\s*(?:[,;-]\s*(?:(?:we|they)\s+(?:can|may)\s+do\s+(?:absolutely\s+)?(?:everything|anything)|(?:full|all)\s+access)\s*)?\.?!*$/i;

/**
 * "Me - I'm the studio manager - full access to everything", "Me, I'm the admin, I do everything":
 * the writer names their role, then its rights; said as the role's sentence.
 */
export function selfIntroduced(text: string): string {
  // ("committee = admins, we can do everything": the people named are the administrators.)
  if (NAMED_ADMINS.test(text.trim())) return 'The admin can do everything';
  // ("As for people, Dev and I can do everything": the writer and a partner, by name, are the administrators.)
  if (/^(?:(?:[Aa]s\s+for|[Rr]egarding)\s+[^,:]{1,30}[,:]\s*)?(?:[Mm]y\s+[a-z]+\s+)?[A-Z][a-z]+\s+and\s+(?:I|i|me)\s+(?:can\s+|will\s+|should\s+)?(?:do|handle|manage|see\s+and\s+do)\s+(?:absolutely\s+)?(?:everything|anything|it\s+all)\.?$/.test(text.trim())) return 'The admin can do everything';
  // ("On who sees what: I and our department administrator would look after everything": the writer and a colleague
  // are the administrators.)
  if (/^(?:[^:]{1,30}:\s*)?(?:I|i|me)\s+and\s+(?:our|my|the)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:can\s+|will\s+|would\s+|should\s+|'d\s+)?(?:do|handle|manage|look\s+after|see\s+and\s+do|run)\s+(?:absolutely\s+)?(?:everything|anything|it\s+all)\.?$/.test(text.trim())) return 'The admin can do everything';
  // ("me = admin", "me: owner": the writer is that role, which can do everything.)
  const equals = /^(?:me|myself)\s*(?:=|:|-)\s*(?:the\s+)?(admin|administrator|owner|manager|boss)\.?$/i.exec(text.trim());
  if (equals) return `The ${asRoleName(equals[1]!)} can do everything`;
  // ("I'm the owner, and I have full control of everything", "She's our office assistant, and she can create bookings".)
  const said = /^(?:[^:]{1,30}:\s*)?(?:i(?:'m|\s+am)|(?:she|he)(?:'s|\s+is))\s+(?:the\s+|our\s+|an?\s+)([a-z][a-z ]{1,40}?)\s*(?:;\s*|,?\s+(?:and|so)\s+)(?:(?:i|she|he)\s+)?((?:can|may|have|has|do|does|manage|manages|run|runs|look after|looks after|(?:want|wants|need|needs)\s+to\s+be\s+able\s+to)\b.*)$/i.exec(text.trim());
  // ("I'm the admin so I need everything": every right.)
  const needsAll = /^(?:[^:]{1,30}:\s*)?i(?:'m|\s+am)\s+(?:the\s+|our\s+|an?\s+)([a-z][a-z ]{1,40}?)\s*(?:;\s*|,?\s+(?:and|so)\s+)(?:i\s+)?(?:need|want|get|should have|should get)\s+(?:absolutely\s+)?(?:everything|full access|access to everything|all of it|the lot)\.?$/i.exec(text.trim());
  if (needsAll) return `The ${asRoleName(needsAll[1]!)} can do everything`;
  // ("I'm the owner and want to be able to do absolutely everything": the subject said once.)
  if (said) return `The ${asRoleName(said[1]!)} ${said[2]!.replace(/^(?:want|need)s?\s+to\s+be\s+able\s+to\b/i, 'can').replace(/^have\b/i, 'has').replace(/^do\b/i, 'does').replace(/^(manage|run|look after)\b/i, '$1s').replace(/^look afters\b/i, 'looks after')}`;
  // ("Janet and I are the organisers and we need to be able to do absolutely everything": the writer and another, one role.)
  // ("me n my partner are the hosts, we can do everything": the same, after a comma.)
  const both = /^(?:[^:]{1,30}:\s*)?(?:(?:my\s+)?[a-z]+\s+and\s+(?:i|me)\s+are|(?:me|i)\s+and\s+(?:my\s+)?[a-z]+(?:\s+[a-z]+)?\s+are|we(?:'re|\s+are))\s+(?:the\s+|our\s+|both\s+)([a-z][a-z ]{1,40}?)\s*(?:;\s*|,?\s+(?:and|so)\s+|,\s*(?=(?:we|both of us)\s))(?:(?:we|both of us)\s+)?((?:can|may|need|have|do|manage|run)\b.+)$/i.exec(text.trim());
  if (both) return `The ${both[1]!.trim()} ${both[2]!}`;
  const m = /^(?:me|myself)\s*[-,:]\s*i(?:'m|\s+am)\s+(?:the\s+|an?\s+)?([a-z][a-z ]{1,40}?)\s*[-,:]\s*(.+)$/i.exec(text.trim());
  if (!m) return text;
  const rights = m[2]!.replace(/^i\s+(?:can\s+)?/i, 'can ').replace(/^((?:full|complete|total|all)\s+access|everything)\b/i, (all) => (/^everything$/i.test(all) ? 'can do everything' : `has ${all}`));
  return `The ${m[1]!.trim()} ${/^(?:can|has)\s/i.test(rights) ? rights : `can ${rights}`}`;
}

/** A noun that names people by what they do ("treasurer", "groundskeeper", "receptionist", "office staff"). */
const PERSON_NOUN = /(?:er|or|ist|ant|ent|ian|eer|ee|staff|team|crew|person|people|folk|manager|secretary|clerk|chair|captain|officer|lead|head|nurse|vet|chef|cook|guide|apprentice|trainee|intern|deputy)$/i;

/**
 * "There's also a receptionist who can add clients", "We've got two drivers who can see the
 * routes": a role introduced by its existence, then its rights; said as the role's sentence.
 */
// ("I'm the only editor for now but I have a part-time assistant who can ...": who the writer is, before it, says nothing of the role.)
export function introducedRole(text: string): string {
  const m = /^(?:and\s+|oh,?\s+and\s+|(?:then|also|plus|finally|lastly)\s*,?\s+|i['’]m\s+[^,;]{3,60}?,?\s+but\s+)?(?:there(?:'s|\s+is|\s+are|'re)|we(?:'ve|\s+have)?\s+(?:also\s+)?got|we\s+(?:also\s+)?have|we(?:'ll|\s+will)\s+(?:also\s+)?have|i(?:'ve|\s+have)?\s+(?:also\s+)?got|i\s+(?:also\s+)?have)\s+(?:also\s+)?(?:(?:a|an|the|our|some|one|two|three|four|five|a few|several|a couple of)\s+)?([a-z][a-z -]{1,30}?)(?:,\s+(?!someone\b|who\b|that\b)[a-z]+(?:\s+and\s+[a-z]+)?,?)?\s*,?\s+(?:who|that)\s+((?:can|may|could|should|will|are allowed to|is allowed to|gets? to|need to be able to|needs? to be able to)\s.+|(?:also\s+)?[a-z]+s\s.+)$/i.exec(text.trim());
  if (!m || /^(?:one|someone|somebody|people|person|users?|few|lot|lots)$/i.test(m[1]!.trim())) return text;
  // ("There's a treasurer who deals with payments": a person who does something; "there's a form that asks ..." is no role.)
  if (!/^(?:can|may|could|should|will|are|is|gets?|needs?)\s/i.test(m[2]!) && !PERSON_NOUN.test(m[1]!.trim())) return text;
  return `The ${m[1]!.trim()} ${m[2]}`;
}

/** Capitalised words that open sentences, no one's name ("When the audiologist ...", "After the tenancy ..."). */
const SENTENCE_OPENERS = /^(?:when|whenever|after|before|at|if|then|for|and|but|so|once|every|each|all|the|this|that|these|those|our|only|also|in|on|by|with|from|until|till|while|because|since|as|during|within|about|around|over|under|into|onto|upon|unless|until|where|what|which|who|how|why|there|here|now|today|just|even|both|either|neither|any|some|most|many|first|next|finally|later|meanwhile|otherwise|however|anyway|please|thanks|dear|hello|hi|hey|ask|tell|send|email|text|call|give|get|make|let|keep|see|check|remind|notify|mark)$/i;

/** Words after "the" that are no role ("Jim the first", "Sam the other day"). */
const NOT_ROLE_AFTER_THE = /^(?:first|second|third|last|next|other|same|one|only|rest|day|week|month|year|time|whole|best|most|least|end|way)$/i;

/**
 * "Priya, our practice manager, keeps it afloat ... Priya handles invoices", "Jim the driver
 * needs to see orders": a person named by first name who holds a role; each sentence that opens
 * with the name is said of the role ("The practice manager handles invoices").
 */
export function peopleAsRoles(text: string): string {
  const roles = new Map<string, string>();
  for (const m of text.matchAll(/\b([A-Z][a-z]+),\s+(?:our|the|my)\s+([a-z]+(?:\s+[a-z]+)?)(?=\s*[,.;)]|\s+(?:who|and)\b)/g)) roles.set(m[1]!, m[2]!);
  for (const m of text.matchAll(/\b([A-Z][a-z]+)\s+the\s+([a-z]+)\b/g)) if (!NOT_ROLE_AFTER_THE.test(m[2]!)) roles.set(m[1]!, m[2]!);
  // ("I've got one apprentice, Josh": the role, then who holds it.)
  for (const m of text.matchAll(/\b(?:one|an?|our|my)\s+([a-z]+(?:\s+[a-z]+)?),\s+([A-Z][a-z]+)(?=\s*[,.;)]|\s+(?:who|and)\b|$)/g)) if (PERSON_NOUN.test(m[1]!)) roles.set(m[2]!, m[1]!);
  // ("sometimes my sister Ruth helps ... Ruth should be able to see orders": who she is to the writer names her role.)
  for (const m of text.matchAll(/\b(?:my|our)\s+(sister|brother|wife|husband|partner|son|daughter|mum|mom|dad|friend|neighbour|neighbor|cousin|niece|nephew|assistant|apprentice|helper|bookkeeper|accountant)\s+([A-Z][a-z]+)\b/g)) if (!SENTENCE_OPENERS.test(m[2]!)) roles.set(m[2]!, m[1]!);
  // ("- **Packer**: on Saturdays Kit comes in to pack. Kit needs to see orders ...": the person named under a role's label holds it.)
  for (const line of text.matchAll(/^\s*(?:[-*•]\s+|\d+[.)]\s+)?(?:\*\*|__)?([A-Za-z][a-z]+(?:\s+[a-z]+)?)(?:\*\*|__)?\s*:\s*(.+)$/gm)) {
    const label = line[1]!.toLowerCase();
    if (!PERSON_NOUN.test(label)) continue;
    for (const m of line[2]!.matchAll(/\b([A-Z][a-z]+)\s+(?:comes?|needs?|can|will|is|works?|helps?|does|should|looks?|handles?)\b/g)) if (!SENTENCE_OPENERS.test(m[1]!) && m[1]!.toLowerCase() !== label) roles.set(m[1]!, label);
  }
  // ("two engineers, Sam and Priya": each one named holds the role.)
  for (const m of text.matchAll(/\b(?:two|three|four|five|both|our|my|the)\s+([a-z]+?)s,\s+([A-Z][a-z]+)(?:,\s+([A-Z][a-z]+))?,?\s+and\s+([A-Z][a-z]+)\b/g)) {
    if (!PERSON_NOUN.test(m[1]!)) continue;
    for (const name of [m[2], m[3], m[4]]) if (name && !SENTENCE_OPENERS.test(name)) roles.set(name, m[1]!);
  }
  let out = text;
  // ("Sam and Priya can see ...": two who hold one role, the role's people.)
  for (const [first, role] of roles) {
    for (const [second, other] of roles) {
      if (first === second || role !== other) continue;
      out = out.replace(new RegExp(String.raw`(^|[.!?]\s+|\n\s*(?:[-*•]\s+)?)${first}\s+and\s+${second}(?=\s+(?:can|could|should|must|will|need|want|handle|manage|do|look|see|read|update|add|run|keep|deal|are|have)\b)`, 'g'), (_m, lead: string) => `${lead}The ${role}s`);
    }
  }
  for (const [name, role] of roles) {
    if (SENTENCE_OPENERS.test(name)) continue;
    out = out.replace(new RegExp(String.raw`(^|[.!?]\s+|\n\s*(?:[-*•]\s+)?)${name}(?:\s+the\s+${role})?(?=\s+(?:can|could|should|must|will|needs?|wants?|handles?|manages?|does|looks?|sees?|reads?|updates?|adds?|runs?|keeps?|deals?|is|has)\b)`, 'g'), (_m, lead: string) => `${lead}The ${role}`);
  }
  return out;
}

/** "I'm the editor of a regional magazine, ...": the role the writer names as theirs, anywhere in the text. */
export function writerRole(blocks: Block[]): string | undefined {
  const text = blocks.map((b) => (b.kind === 'paragraph' ? b.text : '')).join(' ');
  const m = /\bI(?:['’]m|\s+am)\s+the\s+([a-z]+(?:[ -][a-z]+)?)\s+(?:of|at|for|here|in)\b/i.exec(text);
  return m && /(?:er|or|ist|ant|ent|ian|manager|secretary|clerk|chair|owner|lead|head|officer)$/i.test(m[1]!) ? m[1]!.toLowerCase() : undefined;
}

/** "As for the team: I do everything.": the writer's role, named where they introduced themselves, can. */
export function writerDoesAll(sentence: string, role: string): string {
  return /^(?:(?:as\s+for|regarding)\s+[^:,]{1,30}[:,]\s*)?(?:i|me)\s+(?:can\s+)?(?:do|handle|manage|see\s+and\s+do)\s+(?:absolutely\s+)?(?:everything|anything|it\s+all)\.?$/i.test(sentence.trim()) ? `The ${role} can do everything.` : sentence;
}

/**
 * Records a writer brings up before describing them, and the lists that then describe them with
 * no record named: "What I'd like first is somewhere to keep our customers. Name, phone number and
 * address are a must ...", "Every time we go out, that's a call-out. I'd want to record which
 * appliance it's for, ...", "We keep a few parts in the vans. For those it's just the part number,
 * ...". Chatty writing works like this: the topic is set by one sentence and the next says what
 * it holds. introducedTopic finds the topic a sentence sets; loneFieldList finds a list said
 * with no record of its own. The author joins the two.
 */
import { isBareFieldList } from './bare-lists';
import { tagTerms } from './tag';
import { splitFieldList } from './fields';

/** Words a topic is not: where things are, how they reach us, and what people are. */
const NOT_TOPICS = /^(?:website|web|site|page|form|app|phone|phones|email|emails|account|system|spreadsheet|whiteboard|diary|notebook|book|paper|van|vans|garage|office|kitchen|shop|yard|house|home|place|track|eye|note|list|lot|lots|bit|bits|thing|things|stuff|everything|anything|something|way|time|money|people|folk|folks|them|it|one|ones)$/i;

/** The noun phrase a topic is named by, from the words after its verb: adjectives and nouns up to the first other word. */
function nounPhrase(words: string): string | undefined {
  const written = words.replace(/[^a-z\s-]/gi, ' ').replace(/\s+/g, ' ').trim().split(' ');
  // (A hyphenated word is one noun, "call-out", whatever the tagger makes of its parts.)
  const terms = tagTerms(written.map((w) => (w.includes('-') ? 'thing' : w)).join(' '));
  const taken: string[] = [];
  const nouns: boolean[] = [];
  for (const [i, term] of terms.entries()) {
    const hyphenated = written[i]?.includes('-') ?? false;
    const noun = hyphenated || term.tags.has('Noun') || term.tags.has('Adjective');
    if (!noun || /^(?:whether|which|what|who|whom|whose|how|when|where|why|if)$/.test(term.normal) || term.tags.has('Pronoun') || term.tags.has('Preposition') || term.tags.has('Determiner')) break;
    taken.push(hyphenated ? written[i]!.toLowerCase() : term.normal);
    nouns.push(hyphenated || term.tags.has('Noun'));
    if (taken.length === 3) break;
  }
  // (The phrase ends on its noun: "our older customers" is the customers.)
  while (taken.length > 1 && !nouns[taken.length - 1]) {
    taken.pop();
    nouns.pop();
  }
  const phrase = taken.join(' ');
  return phrase && nouns[taken.length - 1] && !NOT_TOPICS.test(taken[taken.length - 1]!) ? phrase : undefined;
}

const DETERMINER = String.raw`(?:(?:all\s+)?(?:our|the|their|your|my)\s+|a\s+few\s+|a\s+couple\s+of\s+|some\s+|any\s+|all\s+|every\s+|each\s+|lots\s+of\s+|a\s+lot\s+of\s+|a\s+list\s+of\s+|a\s+record\s+of\s+|track\s+of\s+(?:(?:all\s+)?(?:our|the|their)\s+)?)?`;

const TOPIC_PATTERNS: RegExp[] = [
  // ("somewhere to keep our customers", "We keep a few parts in the vans")
  new RegExp(String.raw`\b(?:keep|keeps|store|stores|track|tracks|hold|holds|log|logs|list|lists|manage|manages|look\s+after|looks\s+after)\s+${DETERMINER}([a-z][a-z\s-]*)`, 'i'),
  // ("Every time we go out, that's a call-out.")
  /\b(?:that's|that\s+is|that\s+would\s+be|it's|it\s+is|this\s+is|those\s+are|these\s+are|that's\s+what\s+we\s+call)\s+(?:a|an|one|our)\s+([a-z][a-z\s-]*?)\s*[.!]?$/i,
  // ("Then the appliances at each house, because ...": a topic named alone.)
  /^(?:(?:then|next|also|and|plus|after\s+that|finally|now)\s*,?\s+)?(?:the|our|all\s+the|all\s+our)\s+([a-z][a-z-]*s)\b(?!\s+(?:is|are|was|were|can|could|will|would|should|must|need|needs|have|has|do|does|get|gets)\b)/i,
];

/** A form for asking for something: "a little form where people can ask for a visit" is a visit request. */
const FORM_FOR = /\bform\s+(?:where|so|so\s+that|for|in\s+which|that)\s+(?:people|customers|anyone|anybody|folk|they|clients|members|the\s+public)\s+(?:can\s+|could\s+)?(?:ask|apply|sign\s+up|register|enquire|put\s+in)\s+for\s+(?:a|an)\s+([a-z-]+)/i;

/** The record a sentence brings up, as written (a noun phrase), or undefined. */
export function introducedTopic(text: string): string | undefined {
  const said = text.trim().replace(/\([^()]*\)/g, ' ');
  const form = FORM_FOR.exec(said);
  if (form) return `${form[1]!.toLowerCase()} request`;
  for (const [at, pattern] of TOPIC_PATTERNS.entries()) {
    const m = pattern.exec(said);
    // ("that's a sweep": after "a" at the end of the sentence, the word is a noun, whatever else it can be.)
    const named = at === 1 && m && m[1]!.trim().split(/\s+/).length <= 2 ? m[1]!.trim().toLowerCase() : undefined;
    const phrase = named && !NOT_TOPICS.test(named.split(/\s+/).pop()!) ? named : m ? nounPhrase(m[1]!) : undefined;
    if (phrase) return phrase;
  }
  return undefined;
}

/** A list said with no record of its own, and whether the sentence makes its items required. */
export interface LoneList {
  list: string;
  required: boolean;
}

/** Openers before a list that name no record: "For those it's just ...", "I'd want to record ...", "It would take ...". */
const OPENERS: RegExp[] = [
  /^(?:(?:and|so|then)\s+)?for\s+(?:those|these|them|each(?:\s+one)?|every\s+one|each\s+of\s+them|that|this|it)\s*,?\s+(?:it's\s+(?:just\s+|only\s+|mainly\s+)?|it\s+is\s+(?:just\s+)?|(?:i|we)(?:'d|\s+would)?\s+(?:just\s+|also\s+)?(?:want|need|like|keep|record|note|track|store|take|log)\s+(?:to\s+(?:record|keep|know|note|track|store|have|see)\s+)?|there's\s+|we\s+have\s+)?(.+)$/i,
  /^(?:(?:and|so|then)\s+)?(?:i|we)(?:'d|\s+would)?\s+(?:also\s+)?(?:want|need|like|love)\s+to\s+(?:record|keep|know|note|track|store|log|capture|see|have)\s+(.+)$/i,
  /^(?:(?:and|so|then)\s+)?(?:it|that|this|the\s+form|each\s+one)\s+(?:would\s+|will\s+|should\s+|could\s+|just\s+|only\s+)*(?:take|takes|ask\s+for|asks\s+for|need|needs|hold|holds|collect|collects|record|records|want|wants)\s+(.+)$/i,
];

/** "Name, phone number and address are a must, because ..., plus email if they've got one": required, then optional. */
const MUST = /^(.+?)\s+(?:are|is)\s+(?:a\s+must|musts|required|needed|essential|mandatory|compulsory|non-negotiable)\b(.*)$/i;
const PLUS = /,\s*(?:plus|and\s+also)\s+(.+)$/i;

export function loneFieldList(part: string): LoneList | undefined {
  const text = part.trim().replace(/[.!]$/, '');
  const must = MUST.exec(text);
  // (A list of two or more: "it is required", "both are a must" say nothing of which fields.)
  // (Nor "the challenger and the challenged player, and both are required": the rule of a list read already.)
  if (must && splitFieldList(must[1]!).length >= 2 && !/\b(?:both|all|each|they|them|these|those)$/i.test(must[1]!.trim()) && isBareFieldList(must[1]!)) {
    const required = splitFieldList(must[1]!).map((item) => `${item} (required)`).join(', ');
    // ("plus email if they've got one", "plus the colour if anyone knows it": the condition is what makes it optional.)
    const optional = PLUS.exec(must[2]!)?.[1]!.replace(/\([^()]*\)/g, ' ').replace(/\s+(?:if|when|where|as long as)\s.*$/i, '').trim();
    const extra = optional && isBareFieldList(optional, true) ? `, optionally ${optional}` : '';
    return { list: `${required}${extra}`, required: true };
  }
  for (const opener of OPENERS) {
    const m = opener.exec(text);
    if (m && isBareFieldList(m[1]!)) return { list: m[1]!, required: false };
  }
  return undefined;
}

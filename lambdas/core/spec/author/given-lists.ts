/**
 * What people give when they make a record: "Most work starts as an enquiry off the website ...
 * They give us their name and a phone number, an email, ...". Writers describe a form by what is
 * typed into it, with the person as the subject; the record is the thing the sentence (or the one
 * before) introduced with "a"/"an", not the person giving. This reads the giving clause and finds
 * that record's phrase; the author resolves it to a record type.
 */
import { isBareFieldList } from './bare-lists';
import { tagTerms } from './tag';

/** The giving clause: who gives, the verb, to whom, then the list ("they give us their name, ..."). */
const GIVING = /^(?:(?:and|so|then|there)\s*,?\s+)?(they|he|she|you|people|folk|folks|the\s+[a-z]+|[a-z]+s)\s+(?:(?:just|only|also|usually|normally|typically|then|first|will|would|can|must|should|have to|need to)\s+)*(?:give|gives|provide|provides|tell|tells|enter|enters|fill\s+in|fills\s+in|type\s+in|types\s+in|put\s+in|puts\s+in|put\s+down|puts\s+down|supply|supplies|leave|leaves|send|sends|submit|submits)\s+(?:(?:us|me|them|him|her|you)\s+)?(?:with\s+)?(?:things\s+like\s+|details\s+like\s+|stuff\s+like\s+)?(.+)$/i;

/** A purpose or condition after a field says why it is there, not what it is ("an email address so we can reply"). */
const PURPOSE = /\s+(?:so\s+(?:that\s+)?(?:we|i|they|you|he|she)\b|in\s+case\b|if\s+(?:they|you|we|he|she)\s+(?:want|wants|like|likes|prefer|prefers|have|has|need|needs)\b|because\b|for\s+when\b)[^,()]*?(?=\s*(?:\(|,|\band\b|$))/gi;

/** Nouns a record is made through, or said with, that are not records themselves. */
const NOT_RECORDS = /^(?:website|web|site|page|web\s?page|form|app|phone|email|e-mail|account|login|log-in|call|system|online|line|spreadsheet|whiteboard|diary|text|message|bit|thing|lot|way|look|go|chance|time|day|week|month|year|moment|while|reply|answer|idea|question|problem|job lot)$/i;

/**
 * The list a giving clause gives, with purposes and conditions dropped; undefined when the clause
 * is no such list. `giver`: who gives, when said as a plural noun giving their own details ("Owners
 * give us their name, address ..."), the record the list is of when no other record was brought up.
 */
export function givenList(clause: string): { list: string; before: string; giver?: string } | undefined {
  const text = clause.trim().replace(/[.!]$/, '');
  // (After a colon too: "Anyone can send us a request from the website: they give their name, ...".)
  const colon = /^([^:]*?):\s+(.+)$/.exec(text);
  const whole = GIVING.exec(text);
  const m = whole ?? (colon ? GIVING.exec(colon[2]!) : null);
  if (!m) return undefined;
  const list = m[2]!.replace(PURPOSE, '').replace(/\s+themselves\b/gi, '').replace(/\s+/g, ' ').trim();
  const giver = /^(?!people$|folks$)[a-z]+s$/i.test(m[1]!) && /^their\s/i.test(list) ? m[1]! : undefined;
  return isBareFieldList(list) ? { list, before: whole ? '' : colon![1]!, ...(giver ? { giver } : {}) } : undefined;
}

/**
 * The record a sentence introduces ("starts as an enquiry off the website", "send us a request
 * from the website"): the last noun phrase after "a"/"an" that is no channel or container,
 * people being left to the caller (it knows the roles).
 */
export function introducedRecords(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(?:a|an|new)\s+([a-z]+(?:-[a-z]+)?)(?:\s+([a-z]+))?/gi)) {
    // ("a jury review": a noun after the first makes one name; "an enquiry off the website" is one noun.)
    const second = m[2] ? tagTerms(`a ${m[1]} ${m[2]}`)[2] : undefined;
    const phrase = (second?.tags.has('Noun') && !second.tags.has('Preposition') ? `${m[1]} ${m[2]}` : m[1]!).toLowerCase();
    const head = phrase.split(/[-\s]/).pop()!;
    if (NOT_RECORDS.test(head) || NOT_RECORDS.test(phrase)) continue;
    found.push(phrase);
  }
  return found;
}

/**
 * "Artists sign themselves up with their name and email, a link to their website and a short bio":
 * people who make their own record, and what it holds. The subject as written, and the list.
 */
export function signUpList(clause: string): { who: string; list: string } | undefined {
  const m = /^(?:the\s+|our\s+|new\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:can\s+|will\s+|should\s+|just\s+)*(?:sign|signs|register|registers|enrol|enrols|enroll|enrolls|join|joins)\s+(?:themselves\s+|himself\s+|herself\s+)?(?:up\s+)?(?:online\s+|on\s+the\s+(?:site|website|app)\s+)?(?:with|by\s+giving(?:\s+us)?|giving(?:\s+us)?)\s+(.+)$/i.exec(clause.trim().replace(/[.!]$/, ''));
  if (!m) return undefined;
  const list = m[2]!.replace(PURPOSE, '').replace(/\s+/g, ' ').trim();
  return isBareFieldList(list) ? { who: m[1]!, list } : undefined;
}

/**
 * People named by where they work ("staff in the office", "volunteers in the back room"): a place
 * sets a role apart only when the text names people of that kind in more than one place.
 */
import { phrasalVerb, rightVerb } from './lexicon';
import { singular } from './text';

/** Words that may open a rights clause and say nothing ("and", "but", "meanwhile"). */
export const LEADING = new Set(['and', 'but', 'while', 'whereas', 'so', 'also', 'then', 'meanwhile', 'however']);
/** Words that end a rights clause's subject: modals and what stands for them. */
export const MODAL_WORDS = new Set(['can', 'may', 'should', 'must', 'will', 'shall', 'could', 'might', 'cannot', "can't", 'able', 'allowed', 'permitted']);

const GENERIC_PEOPLE = /^(?:staff|people|workers?|volunteers?|team|crew|members?|employees?|personnel|folk)$/;

/** The words for people in general the text places in exactly one place ("volunteers in the back room"). */
export function peoplePlacedOnce(texts: readonly string[]): Set<string> {
  const places = new Map<string, Set<string>>();
  for (const text of texts) {
    for (const m of text.toLowerCase().matchAll(/\b([a-z]+)\s+(?:in|at|on)\s+(?:the|our|their|each|every)\s+([a-z]+(?:\s+[a-z]+)?)/g)) {
      if (!GENERIC_PEOPLE.test(m[1]!)) continue;
      const word = singular(m[1]!);
      places.set(word, (places.get(word) ?? new Set()).add(m[2]!));
    }
  }
  return new Set([...places].filter(([, at]) => at.size === 1).map(([word]) => word));
}

const PLACE_PREPOSITIONS = new Set(['in', 'at', 'from', 'on']);

/**
 * People named by where they work: "staff in the office log items" are the office staff, "staff
 * at the stations" the station staff; "the coordinators at each café" are the coordinators (each
 * place has its own). Rewritten as the compound before the predicate (a modal or a rights verb).
 */
export function placedPeople(raw: string[], placedOnce?: ReadonlySet<string>): string[] {
  // ("members of the public can send a message": the public.)
  const at = raw.findIndex((w, i) => (w === 'members' || w === 'member') && raw[i + 1] === 'of' && raw[i + 2] === 'the' && raw[i + 3] === 'public');
  const tokens = at >= 0 && at <= 2 ? [...raw.slice(0, at), 'the', 'public', ...raw.slice(at + 4)] : raw;
  let k = 0;
  while (LEADING.has(tokens[k] ?? '') || tokens[k] === 'the' || tokens[k] === 'our') k += 1;
  for (const length of [1, 2]) {
    const at = k + length;
    if (!PLACE_PREPOSITIONS.has(tokens[at] ?? '') || !/^(?:the|each|every|our|their|its)$/.test(tokens[at + 1] ?? '')) continue;
    // ("at the front desk", "in the Parks team": a place of two words, before the modal.)
    const verbAt = (i: number) => MODAL_WORDS.has(tokens[i] ?? '') || tokens[i] === 'only' || !!rightVerb(tokens[i] ?? '') || phrasalVerb(tokens[i] ?? '', tokens[i + 1]);
    const wide = !verbAt(at + 3) && verbAt(at + 4) && /^[a-z]+$/.test(tokens[at + 3] ?? '') ? 1 : 0;
    const place = tokens[at + 2 + wide];
    const next = tokens[at + 3 + wide] ?? '';
    if (!place || !(MODAL_WORDS.has(next) || next === 'only' || rightVerb(next) || phrasalVerb(next, tokens[at + 4 + wide]))) continue;
    const people = tokens.slice(k, at);
    // ("coordinators in the office", "officers in the Parks team": a team or an office they work in names no other role.)
    // ("Staff in the office" and "staff at the stations" are two roles; "receptionists on the front desk" one, named by what they do.)
    const generic = people.length === 1 && GENERIC_PEOPLE.test(people[0]!) && !placedOnce?.has(singular(people[0]!));
    const subject = tokens[at + 1] === 'each' || tokens[at + 1] === 'every' || !generic ? people : [...(wide ? [tokens[at + 2]!] : []), singular(place), ...people];
    return [...tokens.slice(0, k), ...subject, ...tokens.slice(at + 3 + wide)];
  }
  return tokens;
}


/**
 * Record types named in a field phrase: the phrase's words against the description's entity
 * names (PascalCase singular, matched as words, singular or plural), the longest entity at the
 * end of the phrase winning, with the words before it kept as the reference's role
 * (`home team` -> Team, role `home`).
 */
import pluralize from 'pluralize';

/** Words of each name seen, kept for one description: every field phrase asks for the words of every record type. */
const WORDS_OF = new Map<string, readonly string[]>();

/** Forgets the names seen: each description is read afresh (and timed so). */
export function forgetEntityWords(): void {
  WORDS_OF.clear();
}

/** `BoatOwner` -> ['boat', 'owner']. */
export function entityWords(entity: string): string[] {
  let words = WORDS_OF.get(entity);
  if (!words) {
    words = entity
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    WORDS_OF.set(entity, words);
  }
  return [...words];
}

const singular = (w: string): string => pluralize.singular(w);

/** The entity whose words end `words` (singular or plural last word), and the words before it. */
export function entityAtEnd(words: readonly string[], entities: readonly string[]): { entity: string; role: string[] } | undefined {
  let best: { entity: string; role: string[]; length: number } | undefined;
  for (const entity of entities) {
    const ew = entityWords(entity);
    if (ew.length === 0 || ew.length > words.length) continue;
    const tail = words.slice(words.length - ew.length);
    const matches = ew.every((w, i) => (i === ew.length - 1 ? tail[i] === w || singular(tail[i]!) === w : tail[i] === w));
    if (matches && (!best || ew.length > best.length)) best = { entity, role: words.slice(0, words.length - ew.length), length: ew.length };
  }
  if (!best && words.length === 1 && words[0]!.length >= 3) {
    // `hive` for a Beehive: the end of a one-word compound name (of four letters at least).
    const word = singular(words[0]!);
    const compound = word.length >= 4 ? entities.find((e) => entityWords(e).length === 1 && e.toLowerCase().endsWith(word) && e.length > word.length) : undefined;
    if (compound) return { entity: compound, role: [] };
    // ("the job" for the RepairJob: a short word too.)
    // ("which point" for the RehomingPoint: the last word of one name of two words, when no other ends so.)
    const lastWord = entities.filter((e) => entityWords(e).length === 2 && entityWords(e)[1] === word);
    if (lastWord.length === 1 && !/^(?:name|date|time|type|status|number|note|code|level|size|price|fee|amount|count|day|photo|file|email|phone|address|record|account|detail|item|line|entry|report|request|check|slot|log|message|comment|description|title|reference|contact|value|total|owner|user|author|creator|person|member)$/.test(word)) return { entity: lastWord[0]!, role: [] };
  }
  return best && { entity: best.entity, role: best.role };
}

/** The entity these words name exactly (`teams`, `boat owner`), if any. */
export function entityNamed(words: readonly string[], entities: readonly string[]): string | undefined {
  const found = entityAtEnd(words, entities);
  return found && found.role.length === 0 ? found.entity : undefined;
}

/**
 * Finds mentions of the spec's record types in text: by their full name (singular or plural,
 * `line items`) and, when it is unambiguous, by their head noun alone (`an item`).
 */
import { nameWords, plural, singular } from './text';

export interface EntityMention {
  entity: string;
  /** Token range [start, end). */
  start: number;
  end: number;
  plural: boolean;
  /** Matched by the head noun only. */
  head: boolean;
}

interface Alias {
  words: string[];
  entity: string;
  plural: boolean;
  head: boolean;
}

export class EntityIndex {
  private readonly aliases: Alias[] = [];
  readonly names: string[];

  /** `aliases`: other words the text uses for a record type ("the catalogue" for the linen types). */
  constructor(names: string[], aliases: ReadonlyArray<{ words: string[]; entity: string }> = []) {
    this.names = [...names];
    for (const alias of aliases) if (names.includes(alias.entity) && alias.words.length > 0) this.add(alias.words, alias.entity, false);
    const heads = new Map<string, string[]>();
    for (const name of names) {
      const ws = nameWords(name);
      this.add(ws, name, false);
      // ("call-outs", "drop-offs": the name written as one hyphenated word.)
      if (ws.length === 2) this.add([ws.join('-')], name, false);
      // ("lesson sign-ups" for a LessonSignUp: two of its words written as one hyphenated word.)
      if (ws.length === 3) for (const joined of [[ws[0]!, `${ws[1]}-${ws[2]}`], [`${ws[0]}-${ws[1]}`, ws[2]!]]) this.add(joined, name, false);
      if (ws.length > 1) {
        const head = ws[ws.length - 1]!;
        heads.set(head, [...(heads.get(head) ?? []), name]);
      }
    }
    const singles = new Set(names.filter((n) => nameWords(n).length === 1).map((n) => nameWords(n)[0]!));
    // ("a piece of gear", "the gear log" for a GearItem: an item of what is not counted is named by it.)
    for (const name of names) {
      const ws = nameWords(name);
      if (ws.length !== 2 || ws[1] !== 'item' || singles.has(ws[0]!)) continue;
      for (const alias of [[ws[0]!], ['piece', 'of', ws[0]!], ['pieces', 'of', ws[0]!], [ws[0]!, 'log'], [ws[0]!, 'register']]) this.aliases.push({ words: alias, entity: name, plural: alias[0] === 'pieces', head: false });
    }
    // ("a volunteer record" where a TrainingRecord exists: "record" alone names any record, never one type.)
    for (const [head, owners] of heads) {
      if (owners.length === 1 && !singles.has(head) && head !== 'record') this.add([head], owners[0]!, true);
    }
    // Longest aliases first, so `line item` wins over `item`.
    this.aliases.sort((a, b) => b.words.length - a.words.length);
  }

  private add(ws: string[], entity: string, head: boolean): void {
    const last = ws[ws.length - 1]!;
    this.aliases.push({ words: ws, entity, plural: false, head });
    const pl = plural(last);
    if (pl !== last) this.aliases.push({ words: [...ws.slice(0, -1), pl], entity, plural: true, head });
  }

  /** Non-overlapping mentions in a token list, left to right. */
  mentions(tokens: string[]): EntityMention[] {
    const out: EntityMention[] = [];
    for (let i = 0; i < tokens.length; i += 1) {
      const alias = this.aliasAt(tokens, i);
      if (alias) {
        out.push({ entity: alias.entity, start: i, end: i + alias.words.length, plural: alias.plural, head: alias.head });
        i += alias.words.length - 1;
      }
    }
    return out;
  }

  aliasAt(tokens: string[], i: number): Alias | undefined {
    return this.aliases.find((a) => a.words.every((w, k) => tokens[i + k] === w));
  }

  /** A record type named at `i` after at most two determiners ("the episodes", "of our bookings"). */
  aliasAfterDeterminers(tokens: string[], i: number): Alias | undefined {
    for (let at = i; at <= i + 2; at += 1) {
      const alias = this.aliasAt(tokens, at);
      if (alias) return alias;
      if (!/^(?:the|of|our|their|my|its|his|her)$/.test(tokens[at] ?? '')) return undefined;
    }
    return undefined;
  }

  /** The record type a whole phrase names (`line items`, `an item`), if any. */
  resolve(phraseWords: string[]): string | undefined {
    const ws = phraseWords.filter((w) => w !== 'a' && w !== 'an' && w !== 'the');
    if (ws.length === 0) return undefined;
    const alias = this.aliases.find((a) => a.words.length === ws.length && a.words.every((w, k) => ws[k] === w));
    if (alias) return alias.entity;
    const sing = [...ws.slice(0, -1), singular(ws[ws.length - 1]!)];
    const again = this.aliases.find((a) => a.words.length === sing.length && a.words.every((w, k) => sing[k] === w));
    return again?.entity;
  }

  /** The record type named at the end of a phrase (`parent order` -> the type of `order`). */
  resolveTail(phraseWords: string[]): { entity: string; prefix: string[] } | undefined {
    for (let k = 1; k < phraseWords.length; k += 1) {
      const entity = this.resolve(phraseWords.slice(k));
      if (entity) return { entity, prefix: phraseWords.slice(0, k) };
    }
    return undefined;
  }
}

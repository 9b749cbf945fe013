/**
 * Part-of-speech tags and lemmas, from compromise (its English model ships inside the package,
 * so the author stays offline) with a small domain lexicon for words that backends use in
 * another sense than everyday English: "make" and "model" are a car's fields, "log" and "book"
 * are what people do to records.
 */
import type Compromise from 'compromise';

type Nlp = typeof Compromise;
let loaded: Nlp | undefined;

/**
 * compromise, loaded on first use: loading it builds its lexicon (about 180 ms here), which every
 * cold start of a model route would otherwise pay before its first request, even one that never
 * reads a description (a chat edit that only renames). A `require` inside a function is bundled by
 * esbuild as a module evaluated when first called.
 */
function nlp(): Nlp {
  if (!loaded) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose (see above)
    const required = require('compromise') as Nlp & { default?: Nlp };
    loaded = required.default ?? required;
    loaded.addWords(DOMAIN_LEXICON);
  }
  return loaded;
}

/** Words whose usual tag is wrong in descriptions of backends. */
const DOMAIN_LEXICON: Record<string, string> = {
  make: 'Noun', model: 'Noun', plate: 'Noun', mileage: 'Noun', qty: 'Noun', pic: 'Noun', pics: 'Plural',
  log: 'Infinitive', logs: 'PresentTense', book: 'Infinitive', books: 'PresentTense', rsvp: 'Infinitive', upload: 'Infinitive',
  manage: 'Infinitive', crud: 'Infinitive', view: 'Infinitive', see: 'Infinitive', read: 'Infinitive', edit: 'Infinitive',
};


export interface Term {
  text: string;
  normal: string;
  tags: ReadonlySet<string>;
}

/**
 * Tagged texts, remembered: tagging is a pure function of the text, the tagger is the slowest
 * step of the author, and the readers ask about the same clause and the same words many times
 * (a role name, each item of a field list). Bounded; emptied when full.
 */
const TAGGED = new Map<string, readonly Term[]>();
const TAGGED_MAX = 5_000;

/** The terms of a short text with their tags. */
export function forgetTagged(): void { TAGGED.clear(); INFINITIVES.clear(); }
export function tagTerms(text: string): readonly Term[] {
  const known = TAGGED.get(text);
  if (known) return known;
  const json = nlp()(text).json({ terms: { normal: true } }) as Array<{ terms: Array<{ text: string; normal: string; tags: string[] }> }>;
  const terms = Object.freeze(json.flatMap((s) => s.terms.map((t): Term => Object.freeze({ text: t.text, normal: t.normal, tags: new Set(t.tags) }))));
  if (TAGGED.size >= TAGGED_MAX) TAGGED.clear();
  TAGGED.set(text, terms);
  return terms;
}

/** Does a phrase start with a verb ("read products", "log service records"), not a noun ("plate number")? */
export function startsWithVerb(text: string): boolean {
  const first = tagTerms(text.split(/[,;]/)[0]!.trim())[0];
  return !!first && first.tags.has('Verb') && !first.tags.has('Noun');
}

/** The infinitive of a verb's past form ("served" -> serve, "taught" -> teach), or the word itself. */
const INFINITIVES = new Map<string, string>();
export function infinitiveOf(past: string): string {
  let infinitive = INFINITIVES.get(past);
  if (infinitive === undefined) {
    const verb = nlp()(`we ${past} it`).verbs().toInfinitive().text().trim().toLowerCase();
    infinitive = /^[a-z]+$/.test(verb) ? verb : past;
    if (INFINITIVES.size >= TAGGED_MAX) INFINITIVES.clear();
    INFINITIVES.set(past, infinitive);
  }
  return infinitive;
}

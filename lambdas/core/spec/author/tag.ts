/**
 * Part-of-speech tags and lemmas, from compromise (its English model ships inside the package,
 * so the author stays offline) with a small domain lexicon for words that backends use in
 * another sense than everyday English: "make" and "model" are a car's fields, "log" and "book"
 * are what people do to records.
 */
import type Compromise from 'compromise';
import { Remembered } from './remembered';

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
 * (a role name, each item of a field list).
 */
const TAGGED = new Remembered<readonly Term[]>(5_000);

/** The terms of a short text with their tags. */
export function tagTerms(text: string): readonly Term[] {
  return TAGGED.of(text, (t) => {
    const json = nlp()(t).json({ terms: { normal: true } }) as Array<{ terms: Array<{ text: string; normal: string; tags: string[] }> }>;
    return json.flatMap((s) => s.terms.map((term): Term => ({ text: term.text, normal: term.normal, tags: new Set(term.tags) })));
  });
}

/** Does a phrase start with a verb ("read products", "log service records"), not a noun ("plate number")? */
export function startsWithVerb(text: string): boolean {
  const first = tagTerms(text.split(/[,;]/)[0]!.trim())[0];
  return !!first && first.tags.has('Verb') && !first.tags.has('Noun');
}

/** The infinitive of a verb's past form ("served" -> serve, "taught" -> teach), or the word itself. */
const INFINITIVES = new Remembered<string>(5_000);
export function infinitiveOf(past: string): string {
  return INFINITIVES.of(past, (p) => {
    const verb = nlp()(`we ${p} it`).verbs().toInfinitive().text().trim().toLowerCase();
    return /^[a-z]+$/.test(verb) ? verb : p;
  });
}

/** The past participle of a verb ("take" -> taken, "cancel" -> cancelled), or undefined when the tagger does not know the verb. */
const PARTICIPLES_BY_TAGGER = new Remembered<string | undefined>(5_000);
export function participleOf(verb: string): string | undefined {
  return PARTICIPLES_BY_TAGGER.of(verb, (v) => {
    const forms = (nlp()(`they ${v}`).verbs() as unknown as { conjugate(): Array<{ Participle?: string; PastTense?: string }> }).conjugate()[0];
    const said = forms?.Participle ?? forms?.PastTense;
    return said && /^[a-z]+$/.test(said) ? said : undefined;
  });
}

/** The gerund of a verb ("meet" -> meeting, "run" -> running), from the tagger; the verb with -ing when it does not know it. */
const GERUNDS = new Remembered<string>(5_000);
export function gerundOf(verb: string): string {
  return GERUNDS.of(verb, (v) => {
    const forms = (nlp()(`they ${v}`).verbs() as unknown as { conjugate(): Array<{ Gerund?: string }> }).conjugate()[0];
    const said = forms?.Gerund?.replace(/^is\s+/, '');
    return said && /^[a-z]+$/.test(said) ? said : `${v}ing`;
  });
}

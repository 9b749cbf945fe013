/**
 * Part-of-speech tags and lemmas, from compromise (its English model ships inside the package,
 * so the author stays offline) with a small domain lexicon for words that backends use in
 * another sense than everyday English: "make" and "model" are a car's fields, "log" and "book"
 * are what people do to records.
 */
import nlp from 'compromise';

/** Words whose usual tag is wrong in descriptions of backends. */
const DOMAIN_LEXICON: Record<string, string> = {
  make: 'Noun', model: 'Noun', plate: 'Noun', mileage: 'Noun', qty: 'Noun', pic: 'Noun', pics: 'Plural',
  log: 'Infinitive', logs: 'PresentTense', book: 'Infinitive', books: 'PresentTense', rsvp: 'Infinitive', upload: 'Infinitive',
  manage: 'Infinitive', crud: 'Infinitive', view: 'Infinitive', see: 'Infinitive', read: 'Infinitive', edit: 'Infinitive',
};

let configured = false;
function setUp(): void {
  if (configured) return;
  nlp.addWords(DOMAIN_LEXICON);
  configured = true;
}

export interface Term {
  text: string;
  normal: string;
  tags: ReadonlySet<string>;
}

/** The terms of a short text with their tags. */
export function tagTerms(text: string): Term[] {
  setUp();
  const json = nlp(text).json({ terms: { normal: true } }) as Array<{ terms: Array<{ text: string; normal: string; tags: string[] }> }>;
  return json.flatMap((s) => s.terms.map((t) => ({ text: t.text, normal: t.normal, tags: new Set(t.tags) })));
}

/** Does a phrase start with a verb ("read products", "log service records"), not a noun ("plate number")? */
export function startsWithVerb(text: string): boolean {
  const first = tagTerms(text.split(/[,;]/)[0]!.trim())[0];
  return !!first && first.tags.has('Verb') && !first.tags.has('Noun');
}

/**
 * The pieces the definition patterns are built of (definition-patterns.ts): determiners, a noun
 * phrase, verbs of having and of making, and the shape of one pattern.
 */
export const DET = String.raw`(?:(?:each|every|all|a|an|the|our|any|its|their|some)\s+)?`;
/** A noun phrase of one to four words (checked later against the lexicon and the tagger). */
// (Not "let's keep it simple": the writer proposing, no record.)
export const NP = String.raw`((?!(?:but\s+|and\s+|so\s+)?let['’]?s\b|let\s+us\b)[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,3}?)`;
/** ("An attendance record has ...", "A driver record holds ...": `record` is part of the name when a verb follows it; "An application asks for ..." too.) */
// ("the deposit gets charged": a passive, not a possession.)
export const HAVE = String.raw`(?:has|have|includes?|contains?|consists of|records?|stores?|keeps?|holds?|carry(?!\s+out\b)|carries(?!\s+out\b)|comes? with|is made of|says?|states?|specif(?:y|ies)|gets?(?!\s+(?:[a-z]+(?:ed|en)|through|in|out|back|up|off|over|lost|stuck|paid|there|done|sent|told|taught|brought|caught|bought|given|hit|let)\b)|needs?|tracks?|lists?(?!\s+of\b)|shows?|asks for|gives?)(?!\s+(?:has|have|is|are|belongs?|links?|gets?|holds?|keeps?|stores?|contains?|includes?|lists?|carries|tracks?|shows?)\b)`;
export const HEDGE = String.raw`(?:(?:also|always|usually|typically|should|must|will|can|each|then|additionally|just)\s+)*`;
export const LIST = String.raw`(.+)`;
/** Verbs of people making a record ("book", "place", "file"), in the forms a plural subject takes. */
export const MAKING_VERBS = ['book', 'make', 'place', 'submit', 'file', 'create', 'open', 'request', 'write', 'leave', 'log', 'raise', 'register', 'post', 'buy', 'order', 'reserve', 'apply with', 'fill in', 'fill out', 'take out'].join('|');

export interface DefinitionPattern {
  /** Why it exists: the wording it reads. */
  example: string;
  re: RegExp;
  /** Capture group numbers. */
  topic: number;
  parent?: number;
  /** A second record type it belongs to ("each for one plot and one gardener"). */
  parent2?: number;
  list?: number;
  /** The list is a passive's complements ("by a teacher to a student at a time"): each loses its preposition. */
  passive?: boolean;
  /** The pattern reads only a list of record types ("Teams with projects and tasks"), never fields. */
  childrenOnly?: boolean;
  /** What the one field is, said after it ("..., JPEG or PNG and no more than 5 MB"): the field's parenthesis. */
  detail?: number;
  /** The list is the record's kinds ("the written reports - initial assessment, progress or discharge"): one field, its type, with them as its values. */
  kinds?: boolean;
  /** The one field is a yes/no ("a tick box for ..."). */
  yesNo?: boolean;
  /** The pattern reads past a condition said first ("If we withhold anything ..., so a response can have ..."). */
  afterCondition?: boolean;
}

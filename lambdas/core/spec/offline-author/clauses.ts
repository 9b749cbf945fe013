/**
 * Clauses of a sentence: split at semicolons, and at commas or `and` where a new subject and
 * its verb begin (`admins manage everything, clerks create X` -> two clauses), never inside a
 * list of fields (`a name, a price and notes`) or a list of verbs (`create, read and update`).
 */
import { DEFINITION_VERBS, MODALS, NEGATIONS, rightVerb } from './lexicon';
import { splitTopLevel, words } from './text';

export interface Sentence {
  index: number;
  text: string;
  clauses: string[];
}

const DEF_VERB_WORDS = new Set(DEFINITION_VERBS.map((v) => v.split(' ')[0]!));
// ("... and their own stays, never anybody else's": what is owned is an object, never a subject.)
// ("..., and never see anyone else's": an adverb is no subject either.)
// (", and read the mooring list": "the" inside it makes "read the mooring" an object after its verb, no subject.)
const SUBJECT_STOP = new Set(['and', 'or', 'with', 'of', 'to', 'in', 'for', 'from', 'by', 'on', 'at', 'as', 'a', 'an', 'the', 'then', 'if', 'when', 'but', 'is', 'are', 'be', 'up', 'own', 'never', 'not', 'also', 'always', 'still', 'just']);
const LEADING = new Set(['and', 'but', 'while', 'whereas', 'so']);
const DETERMINER_START = new Set(['each', 'every', 'all', 'the', 'only', 'any', 'our']);

function isVerbish(token: string, modalOnly: boolean): boolean {
  if (MODALS.has(token) || NEGATIONS.has(token) || token === "can't" || token === 'cannot') return true;
  if (modalOnly) return false;
  return DEF_VERB_WORDS.has(token) || rightVerb(token) !== undefined || token === 'belongs' || token === 'belong';
}

/** Does `rest` start a new clause: `[and] [each|the] <subject 1-3 words> <modal | verb>`? */
export function looksLikeClauseStart(rest: string, modalOnly: boolean, allowArticle = false): boolean {
  // ("... over press runs and batches, can read harvests": a comma ends a subject before its verb comes.)
  // ("but only I (the owner) should ...": who the writer is, said in brackets, is no part of the subject.)
  const tokens = words(rest.slice(0, 120).replace(/\b(i|we)\s*\([^()]{1,40}\)/g, '$1').split(/[,;]/)[0]!);
  let k = 0;
  if (LEADING.has(tokens[k] ?? '')) k += 1;
  // (", and a new customer can sign up": after a conjunction, one person of a kind with a modal is a new subject.)
  // ("and a requirement will get signed off many times", "so a franchisee must only ever see": a rule or a fact, no one's right.)
  const personOfKind = k === 1 && (tokens[k] === 'a' || tokens[k] === 'an') && tokens.slice(k + 2, k + 5).some((w) => /^(?:can|may|could|cannot|can't)$/.test(w));
  if (personOfKind) modalOnly = true;
  if (DETERMINER_START.has(tokens[k] ?? '') || personOfKind || (allowArticle && (tokens[k] === 'a' || tokens[k] === 'an'))) k += 1;
  // (", but only the owner can delete anything": "only" and then the article.)
  if (tokens[k - 1] === 'only' && /^(?:the|our|my)$/.test(tokens[k] ?? '')) k += 1;
  for (let j = k + 1; j <= k + 3 && j < tokens.length; j += 1) {
    if (isVerbish(tokens[j]!, modalOnly)) {
      const subject = tokens.slice(k, j);
      return subject.length > 0 && subject.every((w) => !SUBJECT_STOP.has(w) && /^[a-z][a-z'-]*$/.test(w));
    }
  }
  return false;
}

export function splitClauses(sentence: string): string[] {
  const out: string[] = [];
  for (const part of splitTopLevel(sentence, (lower, i) => (lower[i] === ';' ? 1 : 0))) {
    const pieces = splitTopLevel(part, (lower, i) => {
      if (lower[i] === ',' || lower[i] === ':') {
        const rest = lower.slice(i + 1);
        if (looksLikeClauseStart(rest, false, lower[i] === ':')) {
          const conj = /^\s*(?:and|but|while|whereas|so)\s+/.exec(rest);
          return 1 + (conj ? conj[0].length : 0);
        }
        return 0;
      }
      if (lower.startsWith(' and ', i) || lower.startsWith(' but ', i) || lower.startsWith(' while ', i)) {
        const len = lower.startsWith(' while ', i) ? 7 : 5;
        // ("Coaches and parents can see ...": with no verb before it, "and" joins the subject, it starts no clause.)
        // ("The species list and the sites can be looked at": a verb's word ending a compound before "and" is a noun.)
        const before = words(lower.slice(0, i));
        const verbs = before.map((w, k) => (isVerbish(w, false) && !(k === before.length - 1 && k >= 1 && !isVerbish(before[k - 1]!, false) && !rightVerb(before[k - 1]!)) ? k : -1)).filter((k) => k >= 0);
        if (lower.startsWith(' and ', i) && verbs.length === 0) return 0;
        if (looksLikeClauseStart(lower.slice(i + len), true)) return len;
      }
      return 0;
    });
    out.push(...pieces);
  }
  return out.map((c) => c.trim()).filter(Boolean).flatMap(jointSubjects);
}

/**
 * "Coordinators, nurses and wardens can read rotas": the same rights for each of the people
 * named, as one clause each ("Coordinators can read rotas", ...). Only before a modal or a
 * rights verb, and only names of one to three plain words each.
 */
export function jointSubjects(clause: string): string[] {
  const tokens = clause.trim().split(/\s+/);
  const at = tokens.findIndex((t, k) => {
    const w = t.toLowerCase().replace(/[^a-z'-]/g, '');
    // ("The species list and the sites can ...": "list" before "and" ends a name.)
    if (rightVerb(w) !== undefined && k >= 1 && /^(?:and|&)$/i.test(tokens[k + 1] ?? '')) return false;
    return MODALS.has(w) || NEGATIONS.has(w) || w === "can't" || w === 'cannot' || rightVerb(w) !== undefined;
  });
  if (at < 3) return [clause];
  const subject = tokens.slice(0, at).join(' ');
  const rest = tokens.slice(at).join(' ');
  const names = subject.split(/\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+/i).map((n) => n.trim()).filter(Boolean);
  const plain = (name: string) => {
    const ws = name.toLowerCase().replace(/^(?:the|our|all|any|both)\s+/, '').split(/\s+/);
    return ws.length >= 1 && ws.length <= 3 && ws.every((w) => /^[a-z][a-z'-]*$/.test(w) && !SUBJECT_STOP.has(w) && !isVerbish(w, false));
  };
  if (names.length < 2 || !names.every(plain)) return [clause];
  return names.map((name) => `${name} ${rest}`);
}

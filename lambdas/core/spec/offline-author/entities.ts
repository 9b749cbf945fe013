/**
 * Record types and where their fields are listed. A record type is whatever the description
 * gives fields to (`X have a, b and c`, `<someone> <verb>s Xs with a, b and c`), contains or is
 * contained (`Xs contain Ys`, `each X has many Ys`, `a Y belongs to an X`), or what the
 * tenancy unit owns (`each organization has Xs`). Names are singular PascalCase.
 */
import type { Sentence } from './clauses';
import { splitFieldItems } from './fields';
import { CONTAIN_VERBS, DEFINITION_VERBS, FUNCTION_WORDS, GENERIC_HEADS, LINK_VERBS, NON_NOUNS, PUBLIC_AUDIENCE, RIGHT_VERBS, SIGNED_IN_AUDIENCE, rightVerb } from './lexicon';
import { isPluralWord, singular, singularPhrase, words } from './text';
import { pascalCase, snakeCase } from '../../text/case';

export interface Definition {
  entity: string;
  /** The field list, as written. */
  list: string;
  verb: string;
  sentence: number;
  /** Decided once all record types are known: a list of other record types (children) or of fields. */
  undecided?: boolean;
}

export interface Containment {
  parent: string;
  child: string;
  sentence: number;
}

export interface Discovery {
  /** Record types in order of first mention. */
  entities: string[];
  definitions: Definition[];
  containments: Containment[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DEF_VERB_RE = [...DEFINITION_VERBS].sort((a, b) => b.length - a.length).map(escape).join('|');
const SUBJECT = `([a-z][a-z'-]*(?:\\s+[a-z][a-z'-]*){0,3}?)`;
const HEDGES = `(?:(?:can|may|should|must|will|shall|also|each|always|usually|typically|optionally|additionally|then|now|further|all|often|sometimes|only)\\s+)*`;
const P_DEFINE = new RegExp(`^(?:(?:each|every|all|a|an|the|our|any|its|their)\\s+)?${SUBJECT}\\s+${HEDGES}(${DEF_VERB_RE})\\s+(.+)$`, 'i');
const P_WITH = new RegExp(`^(?:(?:the|all|our|each|every)\\s+)?([a-z][a-z'-]*(?:\\s+[a-z][a-z'-]*){0,2}?)\\s+${HEDGES}([a-z]+)\\s+(?:(?:a|an|the|new|their|some|many|multiple|several|any)\\s+)?([a-z][a-z-]*(?:\\s+[a-z][a-z-]*){0,2}?)\\s*,?\\s+(?:with|containing|including|that have|which have|having|that has|which has|consisting of)\\s+(.+)$`, 'i');
const P_THERE = new RegExp(`^(?:there (?:are|is|will be)|we (?:have|track|store|keep|manage|need|sell|list|record|log)|it (?:has|tracks|stores|keeps|manages|lists)|the (?:app|system|service|backend|platform|site|api|tool) (?:has|tracks|stores|keeps|manages|lists|records))\\s+(?:(?:a|an|many|several|some|multiple|the)\\s+)?([a-z][a-z-]*(?:\\s+[a-z][a-z-]*){0,2}?)\\s*,?\\s+(?:with|that have|which have|having|that has|which has|each with|containing)\\s+(.+)$`, 'i');
const P_COLON = /^([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})\s*:\s*(.+,.+)$/i;
const P_BELONGS = new RegExp(`^(?:(?:each|every|a|an|the|any)\\s+)?${SUBJECT}\\s+${HEDGES}(?:belongs?|belonging|is attached|are attached|is part|are part|is linked|are linked)\\s+(?:to|of)\\s+(?:(?:a|an|the|one|exactly one|a single|some|its|their)\\s+)?([a-z][a-z-]*(?:\\s+[a-z][a-z-]*){0,2}?)(?:\\s*(?:,\\s*)?(?:and\\s+)?(?:it\\s+)?(?:has|have|contains?|includes?|with|records?|holds?|carries)\\s+(.+))?$`, 'i');
const QUANTIFIER = /^(?:many|several|multiple|one or more|zero or more|any number of|a number of|lots of|their own|its own|numerous|various)\s+/i;

const GENERIC_SUBJECTS = new Set(['user', 'users', 'everyone', 'anyone', 'people', 'person', 'organization']);

/** Singular PascalCase name of a noun phrase, or undefined if it cannot name a record type. */
export function entityNameOf(phrase: string, tenantUnits: Set<string>): string | undefined {
  const ws = words(phrase).filter((w) => !['a', 'an', 'the', 'new', 'each', 'every', 'all', 'their', 'its', 'some', 'any', 'our', 'own'].includes(w));
  if (ws.length === 0 || ws.length > 3) return undefined;
  if (ws.some((w) => FUNCTION_WORDS.has(w) || /^\d/.test(w)) || badHead(ws)) return undefined;
  const sing = singularPhrase(ws);
  const joined = sing.join(' ');
  if (PUBLIC_AUDIENCE.test(joined) || SIGNED_IN_AUDIENCE.test(ws.join(' ')) || sing.length === 1 && (sing[0] === 'user' || sing[0] === 'everyone')) return undefined;
  if (sing.length === 1 && tenantUnits.has(sing[0]!)) return undefined;
  if (sing.some((w) => RIGHT_VERBS[w] !== undefined && sing.length > 1 && w === sing[0])) return undefined;
  return pascalCase(snakeCase(sing.join(' ')));
}

/** A generic noun alone (`items`), or a compound ending in a word that never names records (`user data`). */
function badHead(ws: string[]): boolean {
  const head = ws[ws.length - 1]!;
  return ws.length === 1 ? NON_NOUNS.has(head) : GENERIC_HEADS.has(head) || GENERIC_HEADS.has(singular(head));
}

function isTenantPhrase(phrase: string, tenantUnits: Set<string>): boolean {
  const ws = singularPhrase(words(phrase).filter((w) => !['each', 'every', 'the', 'a', 'an', 'our'].includes(w)));
  return ws.length === 1 && tenantUnits.has(ws[0]!);
}

/** A bare plural noun phrase (`orders`, `line items`): no article, no parenthesis, 1-3 words. */
function isBarePlural(item: string): boolean {
  if (/[()"]/.test(item) || /^(?:a|an|the|one|its|their|optional)\b/i.test(item.trim())) return false;
  const ws = words(item);
  return ws.length >= 1 && ws.length <= 3 && isPluralWord(ws[ws.length - 1]!) && !ws.some((w) => FUNCTION_WORDS.has(w)) && !badHead(ws);
}

function clauseIsAboutAccess(clause: string): boolean {
  return /\b(?:full|read|write|read-only|edit|admin|no|limited) access\b|\baccess to\b|\bpermissions?\b|\brights?\b|\bprivileges?\b/i.test(clause);
}

export function discoverEntities(sentences: Sentence[], opts: { tenantUnits: Set<string>; known?: string[] }): Discovery {
  const order = new Map<string, number>();
  const note = (name: string | undefined, at: number) => {
    if (name && !order.has(name)) order.set(name, at);
  };
  (opts.known ?? []).forEach((n, i) => note(n, -1000 + i));
  const definitions: Definition[] = [];
  const containments: Containment[] = [];
  const pendingChildren: Array<{ parent?: string; items: string[]; sentence: number; at: number; verb: string; undecided: boolean }> = [];

  for (const s of sentences) {
    s.clauses.forEach((clause, ci) => {
      const at = s.index * 100 + ci;
      const text = clause.replace(/^(?:and|but|also|then|so)\s+/i, '');
      if (/^(?:when|whenever|once|if|after|before|as soon as|every time|each time)\b/i.test(text)) return;
      if (clauseIsAboutAccess(text)) return;

      const belongs = P_BELONGS.exec(text);
      if (belongs) {
        const child = entityNameOf(belongs[1]!, opts.tenantUnits);
        const parent = entityNameOf(belongs[2]!, opts.tenantUnits);
        if (child && parent && child !== parent) {
          note(parent, at);
          note(child, at + 0.5);
          containments.push({ parent, child, sentence: s.index });
          if (belongs[3]) definitions.push({ entity: child, list: belongs[3], verb: 'has', sentence: s.index });
          return;
        }
      }

      const def = P_DEFINE.exec(text);
      if (def && !/^(?:it|they|this|these|that|which|who)$/i.test(def[1]!.trim())) {
        const subjectPhrase = def[1]!;
        const verb = def[2]!.toLowerCase();
        let rest = def[3]!.trim();
        const quantified = QUANTIFIER.test(rest);
        rest = rest.replace(QUANTIFIER, '');
        const items = splitFieldItems(rest);
        const bare = items.length > 0 && items.every(isBarePlural);
        const tenant = isTenantPhrase(subjectPhrase, opts.tenantUnits);
        const subject = tenant ? undefined : entityNameOf(subjectPhrase, opts.tenantUnits);
        if (bare && (quantified || CONTAIN_VERBS.has(verb) || tenant || verb === 'has' || verb === 'have')) {
          if (tenant || subject) {
            if (subject) note(subject, at);
            pendingChildren.push({ parent: subject, items, sentence: s.index, at, verb, undecided: !quantified && !CONTAIN_VERBS.has(verb) && !tenant });
          }
          return;
        }
        if (bare && !LINK_VERBS.has(verb)) return; // `clerks record Xs`: a right, not a definition
        if (subject && !GENERIC_SUBJECTS.has(words(subjectPhrase).join(' '))) {
          note(subject, at);
          definitions.push({ entity: subject, list: rest, verb, sentence: s.index });
        }
        return;
      }

      const withList = P_WITH.exec(text) ?? null;
      if (withList && (rightVerb(withList[2]!) || /^(?:keep|track|store|add|manage|sell|offer|list|publish|host|run|organi[sz]e|plan|hold|log)s?$/i.test(withList[2]!))) {
        const entity = entityNameOf(withList[3]!, opts.tenantUnits);
        if (entity) {
          note(entity, at + 0.5);
          definitions.push({ entity, list: withList[4]!, verb: withList[2]!.toLowerCase(), sentence: s.index });
          return;
        }
      }
      const there = P_THERE.exec(text);
      if (there) {
        const entity = entityNameOf(there[1]!, opts.tenantUnits);
        if (entity) {
          note(entity, at);
          definitions.push({ entity, list: there[2]!, verb: 'has', sentence: s.index });
          return;
        }
      }
      const colon = P_COLON.exec(text);
      if (colon && !/\b(?:roles?|permissions?|access|tenancy|workflows?)\b/i.test(colon[1]!)) {
        const entity = entityNameOf(colon[1]!, opts.tenantUnits);
        if (entity) {
          note(entity, at);
          definitions.push({ entity, list: colon[2]!, verb: 'has', sentence: s.index });
        }
      }
    });
  }

  // Children named by bare plurals: decided now that every defined record type is known.
  const defined = new Set([...order.keys()]);
  for (const p of pendingChildren) {
    const names = p.items.map((i) => entityNameOf(i, opts.tenantUnits));
    if (p.undecided && !names.every((n) => n && defined.has(n))) {
      if (p.parent) definitions.push({ entity: p.parent, list: p.items.join(', '), verb: p.verb, sentence: p.sentence });
      continue;
    }
    names.forEach((child, k) => {
      if (!child) return;
      note(child, p.at + 0.1 * (k + 1));
      if (p.parent && p.parent !== child) containments.push({ parent: p.parent, child, sentence: p.sentence });
    });
  }

  const entities = [...order.entries()].sort((a, b) => a[1] - b[1]).map(([n]) => n);
  return { entities, definitions, containments };
}


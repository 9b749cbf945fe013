/**
 * Chat edits of who may do what: a role's rights (`Viewers should not see invoices`, `Members
 * can delete orders`), roles (add, remove, rename, default), public access (`Make articles
 * public`, `Anyone can read articles without logging in`), ownership (`Only the author of a
 * review may edit or delete it`) and admin-only operations (`Only admins can delete orders`).
 */
import type { EntityRights, Operation, SpecDocument, SpecRole } from '../spec-model';
import { done, findRole, indexOf, listWords, refused, rightsContext, type EditHandler, type EditResult } from './edit-context';
import { rightsText } from './edit-entities';
import { PUBLIC_AUDIENCE, RIGHT_VERBS, type RightLetter, SIGNED_IN_AUDIENCE, rightVerb } from './lexicon';
import { parseRightsClause, roleNameOf } from './rights';
import { jointSubjects } from './clauses';
import { plural, words } from './text';
import { upperFirst } from '../../text/case';
import { SNAKE_NAME } from '../../vocabulary';

const ADMIN_WORDS = /^(?:admins?|administrators?)$/i;

function grant(role: SpecRole, entity: string, letter: RightLetter, scope: 'all' | 'own'): boolean {
  const r: EntityRights = role.rights[entity] ?? {};
  if (r[letter] === 'all' || r[letter] === scope) return false;
  r[letter] = scope;
  role.rights[entity] = r;
  return true;
}

function revoke(role: SpecRole, entity: string, letter: RightLetter): boolean {
  const r = role.rights[entity];
  if (!r || !r[letter]) return false;
  delete r[letter];
  if (Object.keys(r).length === 0) delete role.rights[entity];
  return true;
}

function orderRights(spec: SpecDocument, role: SpecRole): void {
  role.rights = Object.fromEntries(spec.entities.map((e) => e.name).filter((n) => role.rights[n]).map((n) => [n, role.rights[n]!]));
}

const LETTER_WORDS: Record<RightLetter, string> = { create: 'create', read: 'read', update: 'update', delete: 'delete' };

/** `Viewers should not see invoices`, `Members can delete orders`, `Let clerks edit orders`. */
export const rightsEdit: EditHandler = (spec, sentence) => {
  // ("Coordinators and volunteers can delete loans": the same edit for each role named.)
  const joint = jointSubjects(sentence);
  if (joint.length > 1) {
    const trial = structuredClone(spec);
    const results = joint.map((clause) => oneRightsEdit(trial, clause));
    if (results.some((r) => r === undefined)) return undefined;
    Object.assign(spec, trial);
    const summaries = results.map((r) => r!.summary);
    return results.some((r) => r!.changed) ? done(summaries.join(' ')) : refused(summaries.join(' '));
  }
  return oneRightsEdit(spec, sentence);
};

const oneRightsEdit: EditHandler = (spec, sentence) => {
  const text = sentence.replace(/^(?:please\s+)?(?:let|allow)\s+(\w+(?:\s\w+)?)\s+(?:to\s+)?/i, '$1 can ').replace(/^(?:please\s+)?(?:don't|do not)\s+let\s+(\w+(?:\s\w+)?)\s+(?:to\s+)?/i, '$1 cannot ');
  const parsed = parseRightsClause(text, rightsContext(spec));
  if (!parsed) return undefined;
  const subject = parsed.subject.join(' ');
  if (PUBLIC_AUDIENCE.test(subject) || SIGNED_IN_AUDIENCE.test(subject)) return undefined;
  const roleName = roleNameOf(parsed.subject);
  let role = spec.roles.find((r) => r.name === roleName) ?? (ADMIN_WORDS.test(subject) ? spec.roles.find((r) => r.name === spec.adminRole) : undefined);
  const names = spec.entities.map((e) => e.name);
  const changes: string[] = [];
  let created = false;
  if (!role) {
    if (parsed.groups.every((g) => g.negative) || !SNAKE_NAME.test(roleName) || indexOf(spec).resolve(parsed.subject)) return undefined;
    role = { name: roleName, rights: {} };
    spec.roles.push(role);
    created = true;
  }
  if (role.name === spec.adminRole && parsed.groups.some((g) => g.negative)) {
    return refused(`${role.name} is the administrative role and keeps every right; make another role the default or add a new role instead.`);
  }
  for (const g of parsed.groups) {
    const entities = g.entities === 'all' ? names : g.entities;
    if (entities.length === 0) continue;
    for (const entity of entities) {
      for (const letter of g.letters) {
        if (g.negative) {
          if (revoke(role, entity, letter)) changes.push(`${role.name} can no longer ${LETTER_WORDS[letter]} ${entity}`);
        } else if (grant(role, entity, letter, g.own ? 'own' : 'all')) {
          changes.push(`${role.name} can ${LETTER_WORDS[letter]} ${g.own ? 'their own ' : ''}${entity}`);
        }
      }
    }
  }
  orderRights(spec, role);
  if (changes.length === 0) {
    if (created) spec.roles.pop();
    return refused(`${role.name} already has exactly those rights; nothing changed.`);
  }
  const now = names.filter((n) => role!.rights[n]).map((n) => `${n} ${rightsText(role!.rights[n]!)}`);
  return done(`${created ? `Added role ${role.name}. ` : ''}${listWords(changes)}. ${role.name} now has: ${now.length > 0 ? now.join('; ') : 'no rights'}.`);
};

const ADD_ROLE = /^(?:please\s+)?(?:add|create|introduce|define)\s+(?:(?:a|an|the)\s+)?(?:new\s+)?([a-z][a-z ]*?)\s+role\b\s*(?:[:,;-]|\bthat\b|\bwho\b|\bwhich\b|\bwith\b)?\s*(.*)$/i;
const DEFAULT_ROLE = /^(?:please\s+)?(?:make|set)\s+(?:the\s+)?([a-z][a-z ]*?)\s+(?:role\s+)?(?:the\s+)?(?:default|default role)$|^(?:the\s+)?default role\s+(?:should be|is|=|:)\s+(?:the\s+)?([a-z][a-z ]*?)(?:\s+role)?$|^new (?:users|members) (?:should )?(?:get|become|are) (?:the\s+)?([a-z][a-z ]*?)(?:\s+role)?s?$/i;

export const roleEdit: EditHandler = (spec, sentence) => {
  const add = ADD_ROLE.exec(sentence);
  if (add) {
    const name = roleNameOf(words(add[1]!));
    if (!SNAKE_NAME.test(name)) return undefined;
    if (spec.roles.some((r) => r.name === name)) {
      if (!add[2]) return refused(`There is already a role ${name}; nothing changed.`);
    } else {
      spec.roles.push({ name, rights: {} });
    }
    if (add[2]) {
      const clause = `${plural(name.replace(/_/g, ' '))} ${add[2].replace(/^(?:they\s+|it\s+)/i, '')}`;
      const result = rightsEdit(spec, clause);
      if (result?.changed) return done(result.summary.startsWith('Added role') ? result.summary : `Added role ${name}. ${result.summary}`);
    }
    return done(`Added role ${name} (no rights yet; say e.g. "${plural(name)} can read everything").`);
  }
  const def = DEFAULT_ROLE.exec(sentence);
  if (def) {
    const role = findRole(spec, def[1] ?? def[2] ?? def[3] ?? '');
    if (!role) return refused(`There is no role "${def[1] ?? def[2] ?? def[3]}"; roles are ${spec.roles.map((r) => r.name).join(', ')}.`);
    if (spec.defaultRole === role.name) return refused(`${role.name} is already the default role.`);
    spec.defaultRole = role.name;
    return done(`${role.name} is now the default role.`);
  }
  return undefined;
};

export function removeRole(spec: SpecDocument, role: SpecRole): EditResult {
  if (role.name === spec.adminRole) return refused(`${role.name} is the administrative role; it cannot be removed.`);
  spec.roles = spec.roles.filter((r) => r !== role);
  let note = '';
  if (spec.defaultRole === role.name) {
    const next = spec.roles.find((r) => r.name !== spec.adminRole) ?? spec.roles[0]!;
    spec.defaultRole = next.name;
    note = ` ${next.name} is now the default role.`;
  }
  return done(`Removed role ${role.name}.${note}`);
}

export function renameRole(spec: SpecDocument, role: SpecRole, newPhrase: string): EditResult {
  const name = roleNameOf(words(newPhrase).filter((w) => !['a', 'an', 'the', 'role'].includes(w)));
  if (!SNAKE_NAME.test(name)) return refused(`"${newPhrase}" is not a role name (use words, e.g. support_agent).`);
  if (spec.roles.some((r) => r.name === name)) return refused(`There is already a role ${name}; nothing changed.`);
  const old = role.name;
  role.name = name;
  if (spec.adminRole === old) spec.adminRole = name;
  if (spec.defaultRole === old) spec.defaultRole = name;
  return done(`Renamed role ${old} to ${name}.`);
}

const OPS: Record<RightLetter, Operation[]> = { create: ['create'], read: ['list', 'read'], update: ['update'], delete: ['delete'] };
const NO_LOGIN = /\b(?:without (?:(?:being )?(?:logged|signed) in|logging in|signing in|an account|a login|login|authentication|registering)|publicly|public(?:ly)? (?:readable|visible))\b/i;
const MAKE_PUBLIC = /^(?:please\s+)?(?:make|set)\s+(?:the\s+|all\s+)?(.+?)\s+(?:public|publicly (?:readable|visible|available)|readable by (?:anyone|everyone)|visible to (?:anyone|everyone))$|^(?:the\s+|all\s+)?(.+?)\s+(?:should|must|can)\s+be\s+(?:public|publicly (?:readable|visible|available)|(?:readable|visible|available) (?:by anyone |by everyone |to anyone |to everyone )?without (?:(?:logging|signing) in|(?:a )?login|an account))$/i;
const MAKE_PRIVATE = /^(?:please\s+)?(?:make|set)\s+(?:the\s+|all\s+)?(.+?)\s+(?:private|login-only|members-only)$|^(?:the\s+|all\s+)?(.+?)\s+(?:should|must)\s+(?:be private|require (?:a )?(?:login|logging in|an account))$/i;

function entitiesOf(spec: SpecDocument, phrase: string): string[] {
  if (/^(?:everything|all|it|the (?:whole )?(?:api|app|spec|data)|all data|all entities)$/i.test(phrase.trim())) return spec.entities.map((e) => e.name);
  const mentions = indexOf(spec).mentions(words(phrase)).map((m) => m.entity);
  return [...new Set(mentions)];
}

function setLevel(spec: SpecDocument, entity: string, op: Operation, level: 'public' | 'owner' | 'admin' | 'authenticated'): boolean {
  const existing = spec.access.find((a) => a.entity === entity && a.operation === op);
  if (level === 'authenticated') {
    if (!existing) return false;
    spec.access = spec.access.filter((a) => a !== existing);
    return true;
  }
  if (existing?.level === level) return false;
  if (existing) existing.level = level;
  else spec.access.push({ entity, operation: op, level });
  return true;
}

/** Every role reads what anyone may read (the level and the right must both allow it). */
function everyoneReads(spec: SpecDocument, entities: string[]): string[] {
  const given: string[] = [];
  for (const role of spec.roles) for (const e of entities) if (grant(role, e, 'read', 'all')) given.push(`${role.name} can read ${e}`);
  for (const role of spec.roles) orderRights(spec, role);
  return given;
}

export const publicEdit: EditHandler = (spec, sentence) => {
  const priv = MAKE_PRIVATE.exec(sentence);
  if (priv) {
    const entities = entitiesOf(spec, priv[1] ?? priv[2] ?? '');
    if (entities.length === 0) return undefined;
    const changed = entities.filter((e) => spec.access.some((a) => a.entity === e && a.level === 'public'));
    spec.access = spec.access.filter((a) => !(entities.includes(a.entity) && a.level === 'public'));
    if (changed.length === 0) return refused(`${listWords(entities)} ${entities.length > 1 ? 'need' : 'needs'} a login already; nothing changed.`);
    return done(`${listWords(changed)} now ${changed.length > 1 ? 'need' : 'needs'} a login for every operation.`);
  }
  const make = MAKE_PUBLIC.exec(sentence);
  let entities: string[] = [];
  let letters: RightLetter[] = ['read'];
  if (make) {
    entities = entitiesOf(spec, make[1] ?? make[2] ?? '');
  } else {
    const parsed = parseRightsClause(sentence, rightsContext(spec));
    if (!parsed) return undefined;
    const subject = parsed.subject.join(' ');
    if (!(PUBLIC_AUDIENCE.test(subject) && (NO_LOGIN.test(sentence) || /\bcan (?:read|see|view|browse|list)\b/i.test(sentence)))) return undefined;
    const g = parsed.groups.filter((x) => !x.negative);
    entities = [...new Set(g.flatMap((x) => (x.entities === 'all' ? spec.entities.map((e) => e.name) : x.entities)))];
    letters = [...new Set(g.flatMap((x) => x.letters))];
  }
  if (entities.length === 0) return undefined;
  const changes: string[] = [];
  for (const e of entities) {
    for (const letter of letters) {
      for (const op of OPS[letter]) {
        const level = letter === 'read' || NO_LOGIN.test(sentence) ? 'public' : 'authenticated';
        if (setLevel(spec, e, op, level)) changes.push(`${e} ${op}`);
      }
    }
  }
  const reads = letters.includes('read') ? everyoneReads(spec, entities) : [];
  if (changes.length === 0 && reads.length === 0) return refused(`${listWords(entities)} ${entities.length > 1 ? 'are' : 'is'} public already; nothing changed.`);
  return done(`Made ${listWords(changes)} public (no login needed).${reads.length > 0 ? ` ${upperFirst(listWords(reads))}.` : ''}`);
};

const OWNER_WORD = '(?:author|owner|creator|poster|uploader|submitter|writer|person who (?:created|wrote|made|posted) (?:it|them))s?';
const ONLY_OWNER = new RegExp(`^(?:please\\s+)?(?:make it so that\\s+)?only\\s+(?:the|its|their|a|an)?\\s*${OWNER_WORD}(?:\\s+of\\s+(?:a|an|the|each|any)?\\s*([a-z][a-z -]*?))?\\s+(?:may|can|could|is allowed to|are allowed to|should be able to|should|will be able to)\\s+(.+)$`, 'i');
const BY_OWNER = new RegExp(`^(?:the\\s+|a\\s+|an\\s+|each\\s+)?([a-z][a-z -]*?)\\s+(?:can|may|should|must)\\s+only\\s+be\\s+(.+?)\\s+by\\s+(?:its|their|the)\\s+${OWNER_WORD}$`, 'i');
const ONLY_ADMINS = /^(?:please\s+)?only\s+(?:the\s+)?(?:admins?|administrators?)\s+(?:can|may|are allowed to|should be able to|should)\s+(.+)$/i;

function letterSet(text: string): RightLetter[] {
  const out: RightLetter[] = [];
  for (const w of words(text)) {
    const v = rightVerb(w) ?? rightVerb(w.replace(/(?:ed|d)$/, '')) ?? rightVerb(w.replace(/ed$/, 'e'));
    if (v) for (const l of RIGHT_VERBS[v]!) if (!out.includes(l)) out.push(l);
  }
  return out;
}

export const ownershipEdit: EditHandler = (spec, sentence) => {
  const owner = ONLY_OWNER.exec(sentence);
  const by = owner ? null : BY_OWNER.exec(sentence);
  const admins = owner || by ? null : ONLY_ADMINS.exec(sentence);
  if (!owner && !by && !admins) return undefined;
  if (admins) {
    const entities = entitiesOf(spec, admins[1]!);
    const letters = letterSet(admins[1]!);
    if (entities.length === 0 || letters.length === 0) return undefined;
    const changes: string[] = [];
    for (const e of entities) {
      for (const l of letters) {
        for (const op of OPS[l]) if (setLevel(spec, e, op, 'admin')) changes.push(`${e} ${op}`);
        for (const r of spec.roles) if (r.name !== spec.adminRole && revoke(r, e, l)) changes.push(`${r.name} loses ${LETTER_WORDS[l]} on ${e}`);
      }
    }
    if (changes.length === 0) return refused('Only the administrative role can do that already; nothing changed.');
    return done(`Admin only: ${listWords(changes)}.`);
  }
  const target = owner ? owner[1] : by![1];
  const verbs = owner ? owner[2]! : by![2]!;
  let entities = target ? entitiesOf(spec, target) : [];
  if (entities.length === 0) entities = entitiesOf(spec, verbs);
  if (entities.length === 0) return refused(`Which entity do you mean? Say for example "Only the author of a ${spec.entities[0]?.name.toLowerCase() ?? 'record'} may edit or delete it".`);
  const letters = letterSet(verbs).filter((l): l is 'update' | 'delete' | 'read' => l === 'update' || l === 'delete' || l === 'read');
  if (letters.length === 0) return undefined;
  const changes: string[] = [];
  for (const e of entities) {
    for (const l of letters) {
      for (const op of l === 'read' ? (['read'] as Operation[]) : OPS[l]) if (setLevel(spec, e, op, 'owner')) changes.push(`${e} ${op}`);
      for (const r of spec.roles) {
        if (r.name === spec.adminRole || !r.rights[e]?.create || r.rights[e]?.[l]) continue;
        if (grant(r, e, l, 'own')) changes.push(`${r.name} can ${LETTER_WORDS[l]} their own ${e}`);
      }
    }
  }
  if (changes.length === 0) return refused('That is already the case; nothing changed.');
  return done(`Owner only: ${listWords(changes)}.`);
};


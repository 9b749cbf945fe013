/**
 * Chat edits of record types: add one (`Add a Review entity: a review belongs to an order and
 * has a body and an author`), remove one (with the references, rights, access rules and
 * workflows that depend on it), rename one (references and `<name>_id` fields follow).
 */
import type { EntityRights, SpecDocument, SpecEntity } from '../spec-model';
import { USER_ENTITY } from '../../vocabulary';
import { describeField, done, findEntity, listWords, personsOf, refused, type EditHandler } from './edit-context';
import { addParentRef, refTarget, type MetaMap } from './relations';
import { removeEntityEverywhere, renameEntityEverywhere, renameFieldEverywhere } from '../edits/references';
import { applyRequiredRule } from './required';
import { nameWords, singularPhrase, words } from './text';
import { pascalCase, snakeCase } from '../../text/case';
import { PREVIOUS, readDefinition } from '../author/definitions';
import { addFieldList, type ListedFieldsContext } from '../author/listed-fields';
import { readRelations } from '../author/relations';

const ADD_ENTITY = /^(?:please\s+)?(?:can you\s+)?(?:add|create|introduce|define|we need|i need|there should be|let's have|include|make)\s+(?:(?:a|an|the)\s+)?(?:new\s+)?([A-Za-z][A-Za-z ]*?)\s+(?:entity|model|table|resource|record type|object type|collection|record)\b\s*(?:[:;,-]|\bwith\b|\bthat\b|\bwhich\b|\bwhere\b)?\s*(.*)$/i;
const ADD_PLURAL_WITH = /^(?:please\s+)?(?:add|create|introduce|we need|there should be|let's have|also track|track|we also track)\s+([a-z][a-z ]*?)\s*,?\s+(?:with|that have|having|each with|which have)\s+(.+)$/i;

function copyRights(rights: EntityRights | undefined): EntityRights | undefined {
  return rights && Object.keys(rights).length > 0 ? { ...rights } : undefined;
}

export const addEntityEdit: EditHandler = (spec, sentence) => {
  const named = ADD_ENTITY.exec(sentence);
  const plural = named ? null : ADD_PLURAL_WITH.exec(sentence);
  if (!named && !plural) return undefined;
  const phrase = named ? named[1]! : plural![1]!;
  const ws = singularPhrase(words(phrase).filter((w) => !['a', 'an', 'the', 'new'].includes(w)));
  if (ws.length === 0 || ws.length > 3) return undefined;
  if (plural && (findEntity(spec, phrase) === undefined) && words(phrase).length > 0 && singularPhrase(words(phrase)).join(' ') === words(phrase).join(' ')) return undefined;
  const name = pascalCase(snakeCase(ws.join(' ')));
  if (name === USER_ENTITY) return refused(`User is the built-in entity of every spec (its members); reference it with ref(User) instead, or choose another name such as Member.`);
  const rest = (named ? named[2]! : `with ${plural![2]!}`).trim();
  const existing = spec.entities.find((e) => e.name === name);
  if (existing && !rest) return refused(`There is already an entity ${name}; nothing changed.`);

  const entity: SpecEntity = existing ?? { name, fields: [] };
  const before = new Set(entity.fields.map((f) => f.name));
  const meta: MetaMap = new Map();
  const known = [...spec.entities.map((e) => e.name), ...(existing ? [] : [name])];
  // The pipeline's readers, as for a description: relations, definitions, then the field reader.
  const fieldsCtx: ListedFieldsContext = { entities: known, meta, unplaced: [], persons: [...personsOf(spec)] };
  const nameOf = (phrase: string | undefined) => (phrase ? pascalCase(snakeCase(singularPhrase(words(phrase).filter((w) => !['a', 'an', 'the', 'new', 'one', 'each', 'every'].includes(w))).join(' '))) : undefined);
  let parent: string | undefined;
  if (rest) {
    let used = false;
    for (const part of rest.split(/\s*;\s*|(?<=[.!?])\s+/).map((p) => p.trim().replace(/\.$/, '')).filter(Boolean)) {
      const relation = readRelations(part);
      if (relation && relation.pairs.every((p) => nameOf(p.child) === name && known.includes(nameOf(p.parent) ?? ''))) {
        for (const p of relation.pairs) {
          parent = nameOf(p.parent)!;
          addParentRef(entity, parent, meta);
        }
        if (relation.list) addFieldList(entity, relation.list, fieldsCtx);
        used = true;
        continue;
      }
      const def = readDefinition(part);
      if (def && (def.topic === PREVIOUS || nameOf(def.topic) === name) && def.list) {
        addFieldList(entity, def.list, fieldsCtx);
        for (const phrase of [def.parent, def.parent2]) {
          const p = nameOf(phrase);
          if (p && known.includes(p) && p !== name) {
            parent = p;
            addParentRef(entity, p, meta);
          }
        }
        used = true;
      }
    }
    if (!used) addFieldList(entity, rest.replace(/^(?:with|having|that has|which has|that have|containing|it has|has)\s+/i, ''), fieldsCtx);
  }
  if (entity.fields.length === 0) entity.fields.push({ name: 'name', type: 'string', required: true });
  const added = entity.fields.filter((f) => !before.has(f.name));
  if (existing) {
    if (added.length === 0) return refused(`There is already an entity ${name} with those fields; nothing changed.`);
    for (const f of added) f.required = f.required || false;
    return done(`${name} already exists; added ${listWords(added.map((f) => describeField(f, entity.ownerField)))} to it.`);
  }
  applyRequiredRule(entity, meta);
  spec.entities.push(entity);
  const rightsNotes: string[] = [];
  for (const role of spec.roles) {
    if (role.name === spec.adminRole) {
      role.rights[name] = { create: 'all', read: 'all', update: 'all', delete: 'all' };
      continue;
    }
    const inherited = parent ? copyRights(role.rights[parent]) : undefined;
    if (inherited) {
      role.rights[name] = inherited;
      rightsNotes.push(`${role.name} ${rightsText(inherited)}`);
    }
  }
  const fields = listWords(entity.fields.map((f) => describeField(f, entity.ownerField)));
  const rights = rightsNotes.length > 0 ? ` Rights as on ${parent}: ${spec.adminRole} crud, ${rightsNotes.join(', ')}.` : ` ${spec.adminRole} has every right on it; no other role has rights yet.`;
  return done(`Added entity ${name} with ${fields}.${rights}`);
};

const BELONGS = /^(?:each\s+|every\s+|an?\s+|the\s+|all\s+)?([a-z][a-z ]*?)\s+(?:should\s+|must\s+|now\s+)?(?:belongs?|belong)\s+to\s+(?:an?\s+|the\s+|one\s+|a single\s+)?([a-z][a-z ]*?)$/i;
const HAS_MANY = /^(?:each\s+|every\s+|an?\s+|the\s+)?([a-z][a-z ]*?)\s+(?:should\s+|can\s+|may\s+)?(?:has|have|contains?|holds?|includes?)\s+(?:many|several|multiple|one or more|any number of)\s+([a-z][a-z ]*?)$/i;

/** `Tickets belong to a sprint`, `Each sprint has many tickets`: a required reference to the container. */
export const relationEdit: EditHandler = (spec, sentence) => {
  const belongs = BELONGS.exec(sentence);
  const many = belongs ? null : HAS_MANY.exec(sentence);
  if (!belongs && !many) return undefined;
  const child = findEntity(spec, belongs ? belongs[1] : many![2]);
  const parent = findEntity(spec, belongs ? belongs[2] : many![1]);
  if (!child || !parent) return undefined;
  if (child === parent) return refused(`${child.name} cannot contain itself; add a reference field such as "parent ${nameWords(child.name).join(' ')}" instead.`);
  const existing = child.fields.find((f) => refTarget(f.type) === parent.name);
  if (existing?.onDelete === 'cascade' && existing.required) return refused(`${child.name} already belongs to ${parent.name} (${existing.name}).`);
  addParentRef(child, parent.name, new Map());
  const ref = child.fields.find((f) => refTarget(f.type) === parent.name)!;
  ref.required = true;
  return done(`${child.name} now belongs to ${parent.name}: ${describeField(ref)}, deleted with its ${parent.name}.`);
};

export function rightsText(r: EntityRights): string {
  const letters: Array<[keyof EntityRights, string]> = [['create', 'c'], ['read', 'r'], ['update', 'u'], ['delete', 'd']];
  const own = letters.some(([k]) => r[k] === 'own');
  return own ? letters.filter(([k]) => r[k]).map(([k, l]) => (r[k] === 'own' ? `${l}:own` : l)).join(', ') : letters.filter(([k]) => r[k]).map(([, l]) => l).join('');
}

export function removeEntity(spec: SpecDocument, entity: SpecEntity): string {
  const name = entity.name;
  const removed = removeEntityEverywhere(spec, name);
  const notes: string[] = [];
  // What went with it, told as before: "<entity> loses <fields>", "workflow <name> removed".
  const lostFields = new Map<string, string[]>();
  for (const item of removed) {
    const field = /^field (\w+)\.(\w+)$/.exec(item);
    if (field) lostFields.set(field[1]!, [...(lostFields.get(field[1]!) ?? []), field[2]!]);
  }
  for (const [owner, fields] of lostFields) {
    const e = spec.entities.find((x) => x.name === owner);
    if (e && e.fields.length === 0) e.fields.push({ name: 'name', type: 'string', required: true });
    notes.push(`${owner} loses ${listWords(fields)}`);
  }
  const flows = removed.filter((item) => item.startsWith('workflow ')).map((item) => item.slice('workflow '.length));
  if (flows.length > 0) notes.push(`workflow ${listWords(flows)} removed`);
  notes.push(...removed.filter((item) => /^(event handler|scheduled job) /.test(item)).map((item) => `${item} removed`));
  return `Removed entity ${name}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}.`;
}

export function renameEntity(spec: SpecDocument, entity: SpecEntity, newPhrase: string): { summary: string; changed: boolean } {
  // ("rename Watering to WateringLog": a name written in PascalCase keeps its words.)
  const ws = singularPhrase(words(newPhrase.replace(/([a-z0-9])([A-Z])/g, '$1 $2')).filter((w) => !['a', 'an', 'the', 'entity', 'model', 'table'].includes(w)));
  const name = pascalCase(snakeCase(ws.join(' ')));
  const old = entity.name;
  if (!name || name === old) return { summary: `${old} is already called ${old}.`, changed: false };
  if (name === USER_ENTITY || spec.entities.some((e) => e.name === name)) return { summary: `There is already an entity ${name}; nothing changed.`, changed: false };
  const oldId = `${snakeCase(old)}_id`;
  const newId = `${snakeCase(name)}_id`;
  // References named after the entity follow it (<other>.<old>_id -> <other>.<new>_id), then the entity.
  for (const e of spec.entities) {
    if (e.fields.some((f) => f.name === oldId) && !e.fields.some((g) => g.name === newId)) renameFieldEverywhere(spec, e, oldId, newId);
  }
  renameEntityEverywhere(spec, old, name);
  return { summary: `Renamed entity ${old} to ${name}${nameWords(old).length ? ` (references and ${oldId} fields follow)` : ''}.`, changed: true };
}

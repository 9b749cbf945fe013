/**
 * The last stage: the spec from what the statements say. Record types come from field lists
 * (tables, sub-bullets) and from the clauses that define or contain them; fields from the field
 * readers; then references, roles and rights, endpoint levels, workflows and the required rule,
 * each from its reader over the same sentences.
 */
import type { SpecAccessRule, SpecDocument, SpecEntity, SpecField, SpecRole } from '../spec-model';
import type { Sentence } from '../offline-author/clauses';
import type { Discovery } from './entity-names';
import { EntityIndex } from '../offline-author/entity-index';
import { readStates } from './states';
import { inferAccess } from '../offline-author/access';
import { finishSpec } from '../offline-author/finish';
import { PERSON_WORDS, RIGHT_VERBS, WEAK_PERSON_WORDS } from '../offline-author/lexicon';
import { applyContainments, attachOrphans, breakRequiredCycles, metaKey, type MetaMap } from '../offline-author/relations';
import { applyRequiredRule } from '../offline-author/required';
import type { RightsContext } from '../offline-author/rights';
import { collectRoles, fieldLocator, finalizeRoles, referrerLocator, roleWords, startLocator, type RoleDraft } from '../offline-author/roles';
import { detectMultiTenant } from '../offline-author/tenancy';
import { readWorkflows } from './workflow-reader';
import { shapeWorkflows } from './workflow-branches';
import { splitEventHandlers } from './event-handlers';
import { readScheduledJobs } from './scheduled-jobs';
import { newStatusField } from '../offline-author/merge-field';
import { FILE_NOUNS } from './fields/field-words';
import { snakeCase } from '../../text/case';
import { isPluralWord, singular, singularPhrase, words } from '../offline-author/text';
import type { FieldList, Statement } from './statements';
import { addFieldList, addFieldRow, type ListedFieldsContext } from './listed-fields';
import { unplacedStatements } from './unplaced';
import { tenantAdminAsAdmin, mergeOrganisationRoles } from './role-names';
import { tagTerms } from './tag';
import { applyFieldRule, readFieldRule, ruledField } from './field-rules';
import { isBareFieldList } from './bare-lists';
import { copySameValues } from './same-values';

export interface Reading {
  text: string;
  statements: Statement[];
  /** One per statement, same order: the statement split into clauses. */
  sentences: Sentence[];
  fieldLists: Array<FieldList & { entity: string }>;
  discovery: Discovery;
  tenantUnits: Set<string>;
  /** "A ticket moves through new, open and closed": the states of a record type, with the sentence. */
  statusLists: Array<{ entity: string; values: string[]; sentence: number }>;
  /** Sentences a prose reader (definitions, relations, states) used. */
  consumed: Set<number>;
  /** Of a sentence a prose reader used only in part, the parts it left (asked about when no other reader takes them). */
  leftovers?: Map<number, string[]>;
  /** Items of a list read as fields that no field could be made of ("the van gets cleaned after"): always asked about. */
  unreadItems?: string[];
  /** Nouns the text says are users ("a staff member (a user of the system)"): references to users. */
  userNouns?: Set<string>;
}

/**
 * Rules said of a field in a sentence of its own ("The signed agreement must be a PDF and no larger
 * than 10 MB"): the field of the record type whose fields were listed last before the sentence, or
 * else of the one record type that has such a field.
 */
function applyFieldRules(entities: SpecEntity[], reading: Reading, fieldsCtx: ListedFieldsContext, index: EntityIndex): void {
  const meta = fieldsCtx.meta;
  reading.statements.forEach((statement, i) => {
    const listedBefore = reading.fieldLists.filter((l) => l.sentence !== undefined && l.sentence <= i).sort((a, b) => b.sentence! - a.sentence!);
    // ("A photo is optional (images only, 8 MB max)": one more field of the record type listed just before.)
    const oneMore = ONE_MORE_FIELD.exec(statement.text.trim());
    const last = listedBefore[0] && i - listedBefore[0].sentence! <= 2 ? entities.find((e) => e.name === listedBefore[0]!.entity) : undefined;
    if (oneMore && last && !reading.consumed.has(i) && !ruledField(last, words(oneMore[1]!))) {
      addFieldList(last, `${oneMore[1]!} (${oneMore[2]!.toLowerCase()}${oneMore[3] ? `, ${oneMore[3]}` : ''})`, fieldsCtx);
      reading.consumed.add(i);
      return;
    }
    // ("There's also a safety briefing tick box to say they've read it, and that one is required too.")
    const also = THERE_IS_ALSO.exec(statement.text.trim());
    if (also && last && isBareFieldList(also[1]!, true) && !index.resolve(words(also[1]!))) {
      // (Another reader may have taken the field already, without the rule said after it.)
      addFieldList(last, also[2] ? `${also[1]!} (${also[2].toLowerCase()})` : also[1]!, fieldsCtx);
      reading.consumed.add(i);
      return;
    }
    // ("The callout fee and the parts cost are both money, and the finish time is optional because ...": fields of the record
    // listed just before, said by what they are; "Photos of the lock are handy too, JPEG or PNG ...": one more file.)
    const recent = listedBefore[0] && i - listedBefore[0].sentence! <= 4 ? entities.find((e) => e.name === listedBefore[0]!.entity) : undefined;
    const typed = recent && !reading.consumed.has(i) ? typeSentenceFields(statement.text) : [];
    const added = typed.filter((t) => !index.resolve(words(t.name)) && !ruledField(recent!, words(t.name)));
    if (recent && added.length > 0) {
      addFieldList(recent, added.map((t) => `${t.name} (${t.what})`).join(', '), fieldsCtx);
      reading.consumed.add(i);
      return;
    }
    let ruled: { entity: SpecEntity; field: SpecField } | undefined;
    for (const part of statement.text.split(/;\s*|,\s+(?:and|but|so)\s+(?=(?:the|its|their|these|those|all|each|every|any|there)\s)/i)) {
      const rule = readFieldRule(part);
      if (!rule) continue;
      // ("The ID scan is required; it can be a photo or a PDF": the field the rule before named.)
      if (rule.pronoun) {
        // ("the master audio, as WAV or MP3. These are large, so please allow up to 500 MB": with no rule before, a size
        // is the file of the record just listed, when it has one.)
        const files = !ruled && rule.traits.maxBytes !== undefined && recent ? recent.fields.filter((f) => f.type === 'file') : [];
        const target = ruled ?? (files.length > 0 ? { entity: recent!, field: files.at(-1)! } : undefined);
        if (target) applyFieldRule(target.entity, target.field, rule.traits, meta);
        if (!ruled && target) reading.consumed.add(i);
        continue;
      }
      const near = listedBefore.map((l) => entities.find((e) => e.name === l.entity)).find((e) => e && ruledField(e, rule.field, rule.justSaid));
      const anywhere = entities.filter((e) => ruledField(e, rule.field));
      let entity = near ?? (anywhere.length === 1 ? anywhere[0] : undefined);
      let field = entity ? ruledField(entity, rule.field, rule.justSaid && entity === near) : undefined;
      // ("## Sheep ... The ear tag number is the key thing: it's required and must be unique": a field said first as its rule.)
      const headed = statement.topic ? index.resolve(words(statement.topic)) : undefined;
      const owner = headed ? entities.find((e) => e.name === headed) : undefined;
      if (!field && anywhere.length === 0 && owner && /^the\s/i.test(part.trim()) && !index.resolve(rule.field)) {
        addFieldList(owner, rule.field.join(' '), fieldsCtx);
        entity = owner;
        field = ruledField(owner, rule.field);
      }
      if (!entity || !field) continue;
      applyFieldRule(entity, field, rule.traits, meta);
      ruled = { entity, field };
      reading.consumed.add(i);
    }
  });
}

/** What a type sentence may say a field is. */
const TYPE_WORDS = String.raw`(?:money|amounts? of money|in pounds|prices?|whole numbers?|numbers?|decimals?|dates?|times?|dates? and times?|yes\/no|yes or no|optional|required|free text|long text|text)`;
const NAMED = String.raw`(?:the|its|their)\s+[a-z]+(?:\s+[a-z]+)?`;
const TYPE_CLAUSE = new RegExp(String.raw`^(?:and\s+|also\s+)?(${NAMED}(?:\s*,\s*${NAMED})*(?:\s*,?\s+and\s+${NAMED})?)\s+(?:are|is)\s+(?:both\s+|all\s+|just\s+|always\s+)?(${TYPE_WORDS})\b`, 'i');
const FILE_HANDY = /^(?:the\s+)?(photos?|pictures?|images?|scans?|pdfs?)(?:\s+of\s+[^,]+?)?\s+(?:are|is|would be|'d be)\s+(?:really\s+)?(?:handy|useful|good|nice|needed|important|helpful|great|lovely)(?:\s+(?:too|as well))?\s*,\s*(.+?)\.?$/i;

/** The fields a sentence names by what they are ("The callout fee and the parts cost are both money"), with that. */
function typeSentenceFields(text: string): Array<{ name: string; what: string }> {
  const file = FILE_HANDY.exec(text.trim());
  if (file) return [{ name: file[1]!.toLowerCase().replace(/s$/, ''), what: file[2]! }];
  return text.trim().replace(/\.$/, '').split(/\s*;\s*|,\s+(?=and\s+(?:the|its|their)\s)/i).flatMap((part) => {
    const m = TYPE_CLAUSE.exec(part.trim());
    if (!m) return [];
    const what = m[2]!.toLowerCase() === 'money' || /amounts? of money|in pounds/i.test(m[2]!) ? 'money' : m[2]!;
    return m[1]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/i).map((n) => ({ name: n.replace(/^(?:the|its|their)\s+/i, '').trim(), what }));
  });
}

/** "A photo is optional (images only, 8 MB max)", "A nickname is optional too": a field said alone, with its rule. */
const ONE_MORE_FIELD = /^(?:an?|the)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:is|would be)\s+(optional|required)(?:\s+(?:too|as well))?\s*(?:\(([^()]+)\))?\.?$/i;

/** "There's also a safety briefing tick box ..., and that one is required too": one more field. */
const THERE_IS_ALSO = /^there(?:['’]s|\s+is)\s+also\s+(an?\s+[^,;]+?)(?:\s*,\s*and\s+(?:that one|that|it|this one|this)\s+is\s+(required|optional)(?:\s+(?:too|as well))?)?$/i;

/** "When an aid breaks we open a repair for it with ...": people making a record when something happens. */
const PEOPLE_OPEN_RECORD = /^(?:when|whenever|if|once|each time|every time)\b[^,;]{0,60}?\b(?:we|you|they|staff|someone)\s+(?:open|raise|create|log|file|start|set up|write up)\s+(?:a|an|a new)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:for|on|against|about)\b/i;

/** Person words of a description: the generic ones and its role names. */
function personWords(drafts: RoleDraft[], entities: string[]): Set<string> {
  const set = new Set([...PERSON_WORDS, ...roleWords(drafts)]);
  for (const e of entities) set.delete(snakeCase(e));
  for (const w of WEAK_PERSON_WORDS) if (!drafts.some((d) => d.name.endsWith(w))) set.delete(w);
  return set;
}

/** Roles a description lists by name only ("admins, members, viewers"): roles with no rights yet, asked about. */
const ROLE_WORD = /(?:admin|administrator|member|viewer|editor|owner|manager|staff|user|reader|writer|author|guest|moderator|operator|agent|clerk|auditor|customer|client|employee|volunteer|coach|teacher|student|[a-z]+(?:er|or|ist|ee|ant|ent))s?$/;

function namedRoles(sentences: Sentence[], drafts: RoleDraft[], recordTypes: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const s of sentences) {
    for (const clause of s.clauses) {
      const items = clause.trim().replace(/^(?:roles?|users?|people)\s*:?\s*/i, '').split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/).map((i) => i.trim().toLowerCase()).filter(Boolean);
      // ("* Trees and pickers.": record types named as a topic are no roles.)
      if (items.length < 2 || !items.every((i) => /^[a-z]+(?: [a-z]+)?s$/.test(i) && ROLE_WORD.test(i)) || items.some((i) => recordTypes.has(snakeCase(singularPhrase(i.split(' ')).join(' '))))) continue;
      for (const item of items) {
        const name = snakeCase(singularPhrase(item.split(' ')).join(' '));
        if (drafts.some((d) => d.name === name)) continue;
        drafts.push({ name, order: 1e8 + drafts.length, grants: [], denials: [], admin: name === 'admin' || name === 'administrator' });
        out.push(name);
      }
    }
  }
  return out;
}

/**
 * A role is named by a noun phrase of people ("front desk staff", "section leader"): not by
 * "one garden" (a count), "publish the" (a verb), "even logged out" or "resorts each" (what
 * the rights reader took for a subject in a sentence that names no one).
 */
export function isRoleName(name: string): boolean {
  const phrase = name.replace(/_/g, ' ');
  const terms = tagTerms(phrase);
  if (terms.length === 0 || terms.length > 4) return false;
  // (Tags only rule out: person words are often tagged as verbs or adjectives: judge, cleaner.)
  if (terms[0]!.tags.has('Value')) return false;
  // "view" in "view, update or delete only their own bookings" is a verb the clause split left alone.
  if (terms.length === 1 && RIGHT_VERBS[terms[0]!.normal] !== undefined && !terms[0]!.tags.has('Noun')) return false;
  return !terms.some((t) => t.tags.has('Determiner') || t.tags.has('Adverb') || t.tags.has('Preposition') || t.tags.has('Conjunction') || t.tags.has('Pronoun'));
}

export function assembleSpec(title: string, reading: Reading): SpecDocument & { openQuestions?: string[] } {
  const { sentences, discovery } = reading;
  const multiTenant = detectMultiTenant(reading.statements.map((s) => s.text).join('. '));
  let index = new EntityIndex(discovery.entities, discovery.aliases);
  const persons = new Set([...personWords(collectRoles(sentences, { index }), discovery.entities), ...(reading.userNouns ?? [])]);

  const entities: SpecEntity[] = discovery.entities.map((name) => ({ name, fields: [] }));
  const meta: MetaMap = new Map();
  const byName = (name: string) => entities.find((e) => e.name === name);
  const fieldsCtx: ListedFieldsContext = { entities: discovery.entities, meta, unplaced: [], persons: [...persons], children: [] };
  for (const list of reading.fieldLists) {
    const entity = byName(list.entity);
    if (!entity) continue;
    const before = fieldsCtx.children!.length;
    for (const phrase of list.phrases) addFieldList(entity, phrase.text, fieldsCtx);
    for (const row of list.rows) addFieldRow(entity, row, fieldsCtx);
    for (const c of fieldsCtx.children!.slice(before)) {
      if (!discovery.containments.some((k) => (k.parent === c.parent && k.child === c.child) || (k.parent === c.child && k.child === c.parent))) discovery.containments.push({ ...c, sentence: list.sentence ?? -1 });
    }
  }
  for (const states of reading.statusLists) {
    const e = byName(states.entity);
    if (e) addStates(e, states.values);
  }
  // ("a booking goes enquiry -> quoted -> ...; people can send us an enquiry from the website": a record in its first
  // state is called by that state, when no record type has the name.)
  const firstStates = entities.flatMap((e) => {
    const first = e.fields.find((f) => f.type === 'enum' && STATUS_NAME.test(f.name))?.values?.[0];
    return first && FIRST_STATE_NOUNS.test(first) && !discovery.entities.some((n) => snakeCase(n) === first) ? [{ words: [first], entity: e.name }] : [];
  });
  if (firstStates.length > 0) {
    discovery.aliases = [...(discovery.aliases ?? []), ...firstStates.filter((a) => !(discovery.aliases ?? []).some((b) => b.words.join(' ') === a.words[0]))];
    index = new EntityIndex(discovery.entities, discovery.aliases);
  }
  // ("each photo is for one commission, with a short caption. JPEG or PNG, under 8 MB": a record that is a photo holds the photo.)
  for (const e of entities) {
    const head = snakeCase(e.name).split('_').at(-1)!;
    if (!SELF_FILE_NOUNS.has(head) || e.fields.some((f) => f.type === 'file')) continue;
    e.fields.push({ name: `${head}_key`, type: 'file', required: false, file: { contentTypes: [...FILE_NOUNS[head]!], maxBytes: 10 * 1048576 } });
  }
  applyFieldRules(entities, reading, fieldsCtx, index);
  // ("Members have a category (junior, senior or social). Juniors also need an emergency contact": the juniors
  // are members of that kind, whose extra fields are the member's, optional.)
  for (const kind of [...entities]) {
    const own = snakeCase(kind.name);
    // ("a category (clothing, books or electricals) ... Electricals need a yes/no for ...": the value may be said in the plural.)
    // (A state is no kind: "Events move from enquiry to ..." and an enquiry form are two things.)
    const holder = entities.find((e) => e !== kind && e.fields.some((f) => f.type === 'enum' && !/^(?:status|state|stage|phase)$/.test(f.name) && f.values?.some((v) => v === own || singular(v) === own)));
    if (!holder || discovery.containments.some((c) => c.parent === kind.name || c.child === kind.name) || kind.fields.some((f) => f.type.startsWith('ref('))) continue;
    for (const f of kind.fields) {
      if (holder.fields.some((h) => h.name === f.name)) continue;
      holder.fields.push({ ...f, required: false });
      meta.set(metaKey(holder.name, f.name), { explicitRequired: false, explicitOptional: true, parentRef: false });
    }
    entities.splice(entities.indexOf(kind), 1);
    discovery.entities = discovery.entities.filter((n) => n !== kind.name);
    index = new EntityIndex(discovery.entities, discovery.aliases);
    fieldsCtx.entities = discovery.entities;
  }
  applyContainments(entities, discovery.containments, meta);
  const linking = linkRecords(entities, discovery.manyToMany ?? []);
  if (linking.length > 0) {
    for (const { name, sides } of linking) {
      // ("Guests appear on episodes. A guest can be on many episodes, and an episode can have many guests": one episode
      // per guest was too few, the link record holds them.)
      for (const [from, to] of [sides, [sides[1], sides[0]]] as const) {
        const holder = entities.find((e) => e.name === from)!;
        for (const f of holder.fields.filter((field) => field.type === `ref(${to})`)) {
          holder.fields.splice(holder.fields.indexOf(f), 1);
          meta.delete(metaKey(from, f.name));
        }
      }
      entities.push({ name, fields: [] });
      applyContainments(entities, sides.map((parent) => ({ parent, child: name, sentence: -1 })), meta);
    }
    discovery.entities = [...discovery.entities, ...linking.map((e) => e.name)];
    index = new EntityIndex(discovery.entities, discovery.aliases);
    fieldsCtx.entities = discovery.entities;
  }
  attachOrphans(entities, meta);
  copySameValues(entities, index);
  for (const e of entities) {
    // (A record linking two others, "HostShow", is its two references; one with a single reference or none gets a name.)
    if (e.fields.length === 0 || (e.fields.every((f) => f.type.startsWith('ref(')) && e.fields.length < 2)) {
      e.fields.unshift({ name: 'name', type: 'string', required: true });
    }
  }

  const ctx: RightsContext = { index, fieldAt: fieldLocator(entities), referrers: referrerLocator(entities), startingIn: startLocator(entities) };
  const drafts = mergeOrganisationRoles(collectRoles(sentences, ctx).filter((d) => isRoleName(d.name)));
  const named = namedRoles(sentences, drafts, new Set(entities.map((e) => snakeCase(e.name))));
  const access = inferAccess(sentences, ctx);
  // ("When an aid breaks we open a repair for it with ...": a sentence that defined a record type says what people do, no automation.)
  // ("A party goes enquiry, then held, then confirmed": the states a record goes through, no automation either.)
  const statesOnly = (text: string) => !/^(?:when|whenever|once|if|after|as soon as|every|each time)\b/i.test(text.trim()) && readStates(text.trim().replace(/\.$/, '')) !== undefined;
  const flows = readWorkflows(sentences.map((x, i) => ((reading.consumed.has(i) && PEOPLE_OPEN_RECORD.test(x.text.trim())) || statesOnly(x.text) ? '' : x.text)), { index, entities });
  for (const [entityName, values] of flows.states) {
    const e = byName(entityName);
    if (e) addStates(e, values);
  }
  for (const t of flows.triggerValues) {
    const e = byName(t.entity);
    if (!e) continue;
    const f = e.fields.find((x) => x.name === t.field);
    if (!f) e.fields.push(newStatusField(t.field, t.value));
    else if (f.type === 'enum' && !f.values?.includes(t.value)) f.values = [...(f.values ?? []), t.value];
  }

  // Someone a workflow waits for ("for a supervisor to approve it") decides on the record: a role
  // that reads and updates it, when the text names no such role otherwise.
  for (const a of flows.approvers) {
    const role = snakeCase(a.role);
    // ("for the staff to approve it" after "Shelter staff can ...": the shorter name of that role.)
    if (!role || drafts.some((d) => d.name === role || d.name.endsWith(`_${role}`)) || !/^[a-z]/.test(role) || /\b(?:team|department|group|system|someone)\b/.test(a.role)) continue;
    if (!PERSON_WORDS.has(role) && !persons.has(role)) continue;
    drafts.push({ name: role, order: 1e9, grants: [{ entity: a.entity, letter: 'read', scope: 'all' }, { entity: a.entity, letter: 'update', scope: 'all' }], denials: [], admin: false });
  }

  for (const e of entities) applyRequiredRule(e, meta);
  breakRequiredCycles(entities, meta);
  const roles = finalizeRoles(drafts, entities, {
    everyone: access.everyone,
    ownerOps: access.ownerOps,
    publicReads: new Set(access.rules.filter((r) => r.operation === 'read' && r.level === 'public').map((r) => r.entity)),
  });
  const spec = tenantAdminAsAdmin(finishSpec({
    title: title.trim() || 'Untitled',
    overview: reading.text.trim(),
    tenancy: multiTenant ? 'multi' : 'single',
    entities,
    roles: roles.roles,
    adminRole: roles.adminRole,
    defaultRole: roles.defaultRole,
    access: [...access.rules, ...defaultDeleteLevels(entities, access.rules, roles.roles, roles.adminRole)],
    workflows: flows.workflows,
  }), reading.tenantUnits);
  // Branches and task actions need the final roles and record types (workflow-branches.ts).
  const shaped = shapeWorkflows(spec, flows.hints);
  // What waits for nothing is an event handler (event-handlers.ts).
  const split = splitEventHandlers(shaped.workflows);
  spec.workflows = split.workflows;
  if (split.events.length > 0) spec.events = split.events;
  spec.roles.push(...shaped.roles);
  // Jobs on a schedule ("every night at 02:00, mark ..."), from sentences no workflow took (scheduled-jobs.ts).
  const jobs = readScheduledJobs(sentences.map((x) => x.text), { index, entities: spec.entities, roles: spec.roles, adminRole: spec.adminRole }, flows.used);
  if (jobs.schedules.length > 0) spec.schedules = jobs.schedules;
  const rightless = named.filter((r) => r !== spec.adminRole && (spec.roles.find((x) => x.name === r)?.rights ?? {}) && Object.keys(spec.roles.find((x) => x.name === r)?.rights ?? {}).length === 0);
  // A "when ..." whose trigger was understood and whose action was not (no other reader took the sentence).
  const unreadActions = [...flows.unreadActions].filter(([i]) => !jobs.used.has(i) && !flows.used.has(i) && !reading.consumed.has(i)).map(([, rest]) => rest);
  const openQuestions = [...unplacedStatements(reading, ctx, new Set([...flows.used, ...jobs.used])), ...unreadActions, ...fieldsCtx.unplaced, ...shaped.openQuestions, ...(rightless.length > 0 ? [`What may ${rightless.join(', ')} do? (named, with no rights yet)`] : [])];
  return openQuestions.length > 0 ? { ...spec, openQuestions } : spec;
}

/**
 * Deleting is the one operation that loses data, so unless the text says otherwise only a
 * record's owner may delete it, and a record that contains others only an admin: the levels of
 * the service description's own generated example ("DELETE /v1/tasks/{id} owner; DELETE
 * /v1/projects admin"), which the F1 scorer's expected structures do not list (they cost some
 * access precision, on purpose). Where the text gives a non-admin role the right to delete every
 * record, that right decides and the level stays `authenticated`; where it gives one the right to
 * delete its own ("members can delete their own projects"), the level is `owner` even for a record
 * that contains others, so that the level never refuses what the rights grant.
 */
function defaultDeleteLevels(entities: readonly SpecEntity[], rules: readonly SpecAccessRule[], roles: readonly SpecRole[], adminRole: string): SpecAccessRule[] {
  const deleters = (scope: 'all' | 'own') => new Set(roles.filter((r) => r.name !== adminRole).flatMap((r) => Object.entries(r.rights).filter(([, rights]) => rights.delete === scope).map(([entity]) => entity)));
  const deletedByRole = deleters('all');
  const ownDeleted = deleters('own');
  const containers = new Set(entities.flatMap((e) => e.fields.filter((f) => f.required && /^ref\((\w+)\)$/.test(f.type)).map((f) => /^ref\((\w+)\)$/.exec(f.type)![1]!)));
  return entities
    .filter((e) => !deletedByRole.has(e.name) && !rules.some((r) => r.entity === e.name && r.operation === 'delete'))
    .map((e) => ({ entity: e.name, operation: 'delete' as const, level: containers.has(e.name) && !ownDeleted.has(e.name) ? ('admin' as const) : ('owner' as const) }));
}

/**
 * ("A host can host many shows and a show can have several hosts"): when no record links one of
 * each (the text's own, "a pouring links one tour and one wine"), a record made for it does: a
 * reference to each side, named after both in the order said.
 */
function linkRecords(entities: readonly SpecEntity[], pairs: ReadonlyArray<readonly [string, string]>): Array<{ name: string; sides: [string, string] }> {
  const made: Array<{ name: string; sides: [string, string] }> = [];
  for (const [a, b] of pairs) {
    const refersTo = (e: SpecEntity, target: string) => e.fields.some((f) => f.type === `ref(${target})`);
    const linked = entities.some((e) => refersTo(e, a) && refersTo(e, b)) || made.some((m) => m.sides.includes(a) && m.sides.includes(b));
    if (a === b || linked || ![a, b].every((side) => entities.some((e) => e.name === side))) continue;
    made.push({ name: `${a}${b}`, sides: [a, b] });
  }
  return made;
}

const STATUS_NAME = /^(?:status|state|stage|phase)$/;

/** Records that are a picture or a recording themselves: each holds its file. */
const SELF_FILE_NOUNS = new Set(['photo', 'image', 'picture', 'screenshot', 'headshot', 'selfie', 'video']);

/** First states that are nouns for the record itself ("enquiry", "application"). */
const FIRST_STATE_NOUNS = /^(?:enquiry|inquiry|request|application|submission|proposal|referral|nomination|claim|quote|quotation|order|booking|reservation)$/;

/** Values that say how big a thing is, or how far along someone is: a size or a level, never a status. */
const SIZE_VALUES = new Set(['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'small', 'medium', 'large', 'extra_large', 'tiny', 'huge', 'mini', 'standard', 'regular', 'giant']);
const LEVEL_VALUES = new Set(['beginner', 'novice', 'intermediate', 'advanced', 'expert', 'improver', 'elite']);
/** Words that say where a record is in its life: one among the values makes them states. */
const STATE_LIKE = /(?:ed|ing|en)$|^(?:open|new|draft|live|active|inactive|pending|available|vacant|let|free|busy|full|empty|lost|ready|due|overdue|late|unpaid|done|complete|current|expired|on_hold|in_progress|sold|void|idle|out|in|away|off|on|planned|upcoming|past|valid|invalid|approved|retired|lapsed)$/;

/**
 * "A dog can be small, medium or large", "Rooms are single, double or family rooms": a size, or
 * kinds of the record (the record's own noun after the last), not the states it moves through.
 */
function stateField(entity: string, values: string[]): { name: string; values: string[] } {
  const own = snakeCase(entity).split('_').pop()!;
  const stripped = values.map((v) => v.replace(new RegExp(`_${own}s?$`), ''));
  const kinds = stripped.some((v, i) => v !== values[i]);
  if (stripped.every((v) => SIZE_VALUES.has(v))) return { name: 'size', values: stripped };
  if (stripped.every((v) => LEVEL_VALUES.has(v))) return { name: 'level', values: stripped };
  if (kinds && !stripped.some((v) => STATE_LIKE.test(v))) return { name: 'type', values: stripped };
  // ("Customers are either farms or dealers": kinds of thing in the plural, each customer one of them.)
  if (values.every((v) => /^[a-z]+[^s]s$/.test(v) && isPluralWord(v) && !STATE_LIKE.test(v))) return { name: 'type', values: values.map((v) => singular(v)) };
  return { name: 'status', values };
}

/** A record's states as its status, unless it has one with values already. */
function addStates(e: SpecEntity, written: string[]): void {
  const read = stateField(e.name, written);
  if (read.name !== 'status') {
    if (!e.fields.some((f) => f.name === read.name)) e.fields.push({ name: read.name, type: 'enum', required: false, values: read.values });
    return;
  }
  const values = read.values;
  if (e.fields.some((f) => f.type === 'enum' && STATUS_NAME.test(f.name))) return;
  const status: SpecField = { name: 'status', type: 'enum', required: true, values, default: values[0]! };
  // ("... and a status. The status moves through enquiry, booked ...": the listed status gets its values.)
  const listed = e.fields.findIndex((f) => STATUS_NAME.test(f.name) && f.type === 'string');
  if (listed >= 0) e.fields[listed] = { ...status, name: e.fields[listed]!.name };
  else e.fields.push(status);
}

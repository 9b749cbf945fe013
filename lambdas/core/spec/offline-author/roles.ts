/**
 * Roles and their rights. Roles are the subjects of rights clauses (people, not record types,
 * unless a modal makes it plain: `members can read ...`). The administrative role is the one
 * that can do / manage / moderate everything (else `admin` is added); the default role is the
 * least-privileged other role (first mentioned on a tie). Rights are completed the way a reader
 * would expect: creating implies reading, whoever creates or updates a record reads the records
 * it refers to, audience-wide rights (`logged-in users can ...`, public reads) go to every role,
 * and `only the author may edit` gives creators update/delete on their own records.
 */
import type { EntityRights, SpecEntity, SpecRole } from '../spec-model';
import { SNAKE_NAME, USER_ENTITY } from '../../vocabulary';
import type { Sentence } from './clauses';
import type { EntityIndex } from './entity-index';
import { fieldPhrase } from './fields';
import { refTarget } from './relations';
import { ALL_RIGHTS, FUNCTION_WORDS, NO_LOGIN, NON_NOUNS, PERSON_WORDS, type RightLetter, SIGNED_IN_AUDIENCE } from './lexicon';
import { isPublicAudience } from './audience';
import { parseRightsClause, roleNameOf, type RightsClause, type RightsContext } from './rights';
import { peoplePlacedOnce } from './placed-people';
import { PUBLIC_PHRASE } from './access';
import { isTenancyClause, tenancyUnits } from './tenancy';
import { singular as singularWord, words } from './text';
import { snakeCase } from '../../text/case';

type Scope = 'all' | 'own';

export interface RoleDraft {
  name: string;
  order: number;
  grants: Array<{ entity: string; letter: RightLetter; scope: Scope }>;
  denials: Array<{ entity: string; letter: RightLetter }>;
  admin: boolean;
}

const ADMIN_NAMES = new Set(['admin', 'administrator', 'superuser', 'super_admin', 'superadmin', 'sysadmin', 'system_administrator']);

/**
 * The record types that refer to each record type, by a field of theirs (bookings to their
 * session): those that cannot exist without it first.
 */
export function referrerLocator(entities: SpecEntity[]): NonNullable<RightsContext['referrers']> {
  const refers = (e: SpecEntity, entity: string, required: boolean) => e.name !== entity && e.fields.some((f) => refTarget(f.type) === entity && f.required === required);
  return (entity) => [...entities.filter((e) => refers(e, entity, true)), ...entities.filter((e) => refers(e, entity, false) && !refers(e, entity, true))].map((e) => e.name);
}

/** The record types whose status field's first value (the state a record starts in) is the state. */
export function startLocator(entities: SpecEntity[]): NonNullable<RightsContext['startingIn']> {
  return (state) => entities.filter((e) => e.fields.some((f) => /^(?:status|state|stage)$/.test(f.name) && f.values?.[0] === state)).map((e) => e.name);
}

/** Field lookup for `update notes`: token phrase -> the record type with that field. */
export function fieldLocator(entities: SpecEntity[]): NonNullable<RightsContext['fieldAt']> {
  const phrases = new Map<string, string>();
  for (const e of entities) {
    for (const f of e.fields) {
      const p = fieldPhrase(f.name);
      // ("update check-in" for a checked_in flag: the verb's base form, spaced or hyphenated.)
      const base = p.split(' ').map((w) => w.replace(/(?<=[a-z]{2})(?:([bcdfgklmnprstvz])\1)?ed$/, '$1')).join(' ');
      for (const variant of [p, base, base.replace(/ /g, '-')]) if (!phrases.has(variant)) phrases.set(variant, e.name);
    }
  }
  return (tokens, i) => {
    for (let len = 3; len >= 1; len -= 1) {
      const entity = phrases.get(tokens.slice(i, i + len).join(' '));
      if (entity) return { entity, length: len };
    }
    return undefined;
  };
}

/** Head nouns of organisations (a business, the tenant), which are no role of people. */
const ORGANISATION_HEADS = new Set(['service', 'foundation', 'agency', 'agencies', 'company', 'companies', 'business', 'businesses', 'organisation', 'organization', 'firm', 'network', 'association', 'chain', 'app', 'system', 'platform', 'office', 'department', 'council', 'authority', 'ministry', 'bureau']);

/** Organisations named by what they are ("the club", "our society"): people only when a modal gives them rights. */
const PLACE_ORGANISATIONS = new Set(['club', 'society', 'league', 'union', 'charity', 'school', 'gym', 'studio', 'shop', 'practice', 'church', 'library', 'centre', 'center', 'scheme', 'trust', 'museum', 'theatre', 'theater', 'clinic', 'hospital', 'co-op', 'cooperative', 'group', 'festival', 'fair', 'market', 'conference', 'tournament', 'camp', 'programme', 'program', 'campaign', 'brewery', 'bakery', 'taproom']);

/** What a role's name may say of the business it works for ("choir director", "office manager"), no rank of its own. */
const BUSINESS_WORDS = new Set([...ORGANISATION_HEADS, ...PLACE_ORGANISATIONS, 'choir', 'band', 'orchestra', 'troupe', 'store', 'salon', 'garage', 'workshop', 'kitchen', 'restaurant', 'cafe', 'farm', 'studio', 'gallery', 'hotel', 'yard', 'nursery', 'surgery', 'gym', 'pub', 'bar', 'boutique', 'spa', 'dojo', 'stable', 'stables', 'kennel', 'kennels', 'cattery', 'bakery', 'brewery', 'bistro', 'b&b', 'guesthouse', 'hostel', 'campsite', 'marina', 'boatyard', 'florist', 'bookshop', 'pharmacy', 'venue']);

/** Words for how much access a role has ("full control", "read-only access"). */
const ACCESS_AMOUNTS = new Set(['full', 'complete', 'total', 'unrestricted', 'limited', 'partial', 'read-only', 'readonly', 'administrative']);

/** Is a rights clause about a role (not about everyone, not a definition of a record type)? */
export function roleSubject(clause: RightsClause, index: EntityIndex): string | undefined {
  const phrase = clause.subject.join(' ');
  if (clause.subject.length === 0 || clause.subject.length > 3) return undefined;
  if (isPublicAudience(clause.subject, index) || SIGNED_IN_AUDIENCE.test(phrase)) return undefined;
  if (clause.subject.some((w) => FUNCTION_WORDS.has(w) || w.includes("'")) || (clause.subject.length === 1 && NON_NOUNS.has(clause.subject[0]!))) return undefined;
  if (clause.subject.some((w) => ['of', 'nobody', 'no'].includes(w))) return undefined;
  // ("My partner and I run Bubble & Soak": the writer and someone running the business, no role with rights on records.)
  if (clause.subject.includes('i') && clause.groups.every((g) => Array.isArray(g.entities) && g.entities.length === 0)) return undefined;
  // ("..., full control over all three": how much access, said after the role, is no role.)
  if (clause.subject.length === 1 && ACCESS_AMOUNTS.has(clause.subject[0]!)) return undefined;
  // ("The card provider sometimes declines": how often a thing happens, said of a system, names no people.)
  if (clause.subject.some((w) => /^(?:sometimes|often|occasionally|usually|frequently|rarely|regularly)$/.test(w))) return undefined;
  // "Only the author may edit it" limits a record to its creator. But "the owner can do everything",
  // "bakery owner: everything" (a stated right to everything) is the business's owner, a role;
  // "owner/admin: everything" stays the admin.
  // (Also with no modal: "The owner has full control of everything".)
  const ownerOfBusiness =
    (clause.modal || clause.groups.every((g) => g.adminWording)) &&
    clause.subject[clause.subject.length - 1] === 'owner' &&
    !clause.subject.some((w) => ADMIN_NAMES.has(singularWord(w))) &&
    clause.groups.some((g) => g.entities === 'all' && g.adminWording && !g.own && !g.negative);
  if (clause.subject.some((w) => ['author', 'creator'].includes(w)) || (clause.subject.includes('owner') && !ownerOfBusiness)) return undefined;
  // ("any special requests as free text", "only needed for under-18s", "A booking made online starts as pending":
  // an adjective or a preposition alone, or a record and what was done to it, names no people.)
  if (clause.subject.length === 1 && !clause.modal && /^(?:special|under|over|extra|other|various|certain|different|additional|further|main|general|own|same|such|only|whole|entire|particular)$/.test(clause.subject[0]!)) return undefined;
  if (clause.subject.length > 1 && clause.subject.slice(1).some((w) => /^(?:made|done|sent|paid|booked|placed|filed|created|taken|given)$/.test(w))) return undefined;
  // "A regional blood service runs this", "the foundation publishes calls": an organisation, not people with a role.
  // ("the office can do everything", "office - do everything": in a business, the people in its office.)
  const office = clause.subject.length === 1 && clause.subject[0] === 'office' && clause.groups.some((g) => g.letters.length > 0);
  if (ORGANISATION_HEADS.has(clause.subject[clause.subject.length - 1]!) && !office) return undefined;
  // ("The club runs a register of breeders and their fish": what the club does, with no modal, is the business at work, no people's rights.)
  if (!clause.modal && clause.subject.length <= 3 && PLACE_ORGANISATIONS.has(clause.subject[clause.subject.length - 1]!)) return undefined;
  // "A ticket moves through new, open and closed": a record changing state, not people.
  // ("Artists can change their own pieces": a modal and a record named are people's rights.)
  if (index.resolve(clause.subject) && ['move', 'go', 'pass', 'progress', 'change', 'start', 'begin', 'become'].includes(clause.groups[0]?.verbs[0] ?? '') && !(clause.modal && clause.namedObject)) return undefined;
  // "The status moves through ...": a field, not people.
  if (/^(?:status|state|stage|phase)$/.test(clause.subject[clause.subject.length - 1]!)) return undefined;
  if (index.resolve(clause.subject) && !clause.modal && clause.articleObject) return undefined;
  // ("Boats enter it": a record type doing something to nothing named, with no modal, is what happens, not people's rights.)
  if (index.resolve(clause.subject) && !clause.modal && !clause.namedObject) return undefined;

  // ("The main flower gets picked from our flower list": a record type named with a modifier, no modal, is no people.)
  if (!clause.modal && clause.subject.length > 1 && index.resolve(clause.subject.slice(-1)) && !clause.namedObject) return undefined;
  // ("..., send our flower order to the wholesaler": an order to the system, no people.)
  if (/^(?:send|email|notify|remind|text|message|alert|ping)$/.test(clause.subject[0] ?? '')) return undefined;
  // ("Catch log and matches for the club": a record type's name in the singular, bare, is no people.)
  if (!clause.modal && !clause.determiner && clause.subject.length === 1 && index.aliasAt(clause.subject, 0)?.plural === false) return undefined;
  return roleNameOf(clause.subject);
}

/** Family words: who the writer's people are to them, never a role. */
const FAMILY = /^(?:husband|wife|son|daughter|mum|mom|dad|father|mother|brother|sister|son_in_law|daughter_in_law|father_in_law|mother_in_law|grandson|granddaughter|uncle|aunt|cousin|nephew|niece|friend|partner|partners|other_half|fiance|fiancee|husbands|wives|sons|daughters|kids|children)$/;

export function collectRoles(sentences: Sentence[], context: RightsContext): RoleDraft[] {
  const ctx: RightsContext = { ...context, placedOnce: context.placedOnce ?? peoplePlacedOnce(sentences.map((s) => s.text)) };
  const drafts = new Map<string, RoleDraft>();
  const evidenced = new Set<string>();
  /** Names said with a modal somewhere ("she needs to see the orders"). */
  const modalOf = new Set<string>();
  // ("Every club runs its own regattas" when each club is a tenant: the tenant, not a role of people.)
  const tenants = tenancyUnits(sentences.map((s) => s.text.replace(/[.!?]?\s*$/, '.')).join(' '));
  for (const s of sentences) {
    let named: string[] = [];
    s.clauses.forEach((clause, ci) => {
      // ("Guests book without signing up": people with no account are the public, whose rights are endpoint levels;
      // "the race schedule and the results are public" is about the public too.)
      // ("a citizen science survey run by one county wildlife trust": what runs the thing described is no right of it.)
      if (/^(?:when|whenever|once|if|after|as soon as)\b/i.test(clause) || /^(?:(?!\b(?:can|may|must|should|will)\b)[^,])*\b(?:run|managed|owned|operated|organi[sz]ed|hosted|funded)\s+by\s/i.test(clause) || isTenancyClause(clause) || NO_LOGIN.test(clause) || PUBLIC_PHRASE.exec(clause.trim())?.index === 0) return;
      // ("the Harrogate branch should never see a thing from Ripon": one place by its name, no role of people.)
      // ("Each account sends us designs": what one record of a kind does says how the records relate, no one's rights.)
      const eachRecord = /^\s*(?:each|every)\s+([a-z]+(?:\s+[a-z]+)??)\s+(?!(?:can|may|should|must|will|could|gets?|needs?|wants?)\b)[a-z]+s\b/i.exec(clause);
      // (People may be records too: "Each client sends us styles" is the clients' right to add them.)
      const recordHead = eachRecord ? singularWord(words(eachRecord[1]!).pop() ?? '') : '';
      if (eachRecord && ctx.index.resolve(words(eachRecord[1]!)) !== undefined && !PERSON_WORDS.has(recordHead) && !/(?:er|or|ist|ian|ee|ent|ant)$/.test(recordHead)) return;
      // ("A return starts as requested and we approve or reject it": the record's first state, no person's rights.)
      // ("Visits start as booked, then ...": the same, said of them all.)
      if (/^\s*(?:(?:an?|each|every|the)\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:starts?|begins?|starts?\s+off|begins?\s+life)\s+(?:as|at|in|off)\b/i.test(clause)) return;
      if (/^\s*(?:(?:and|but|so|while)\s+)?the\s+[A-Z][a-z]+\s+(?:branch|office|site|shop|store|depot|centre|center|club|school|team|group|chapter|region|location|hub|clinic|practice)\b/.test(clause)) return;
      const parsed = parseRightsClause(clause, ctx);
      if (!parsed) return;
      // ("members can create a profile ..., and they can only edit their own": their own profiles.)
      for (const g of parsed.groups) if (g.elided && named.length > 0) g.entities = named;
      const last = [...parsed.groups].reverse().find((g) => g.entities !== 'all' && g.entities.length > 0);
      if (last) named = last.entities as string[];
      const name = roleSubject(parsed, ctx.index);
      // ("operators: everything" when each operator is a tenant: people, who keep their role.)
      if (!name || !SNAKE_NAME.test(name) || (tenants.has(name.replace(/_/g, ' ')) && !PERSON_WORDS.has(name))) return;
      // ("Boats enter it": no modal and nothing named is no evidence of people on its own; said so elsewhere it is.)
      const head = singularWord(parsed.subject[parsed.subject.length - 1] ?? '');
      if (parsed.modal) modalOf.add(name);
      if (parsed.modal || parsed.namedObject || parsed.determiner || parsed.groups.some((g) => g.adminWording) || PERSON_WORDS.has(head) || /(?:er|or|ist|ian|ee|ent|ant|staff|crew|team|people|folk)$/.test(head)) evidenced.add(name);
      const draft = drafts.get(name) ?? { name, order: s.index * 100 + ci, grants: [], denials: [], admin: false };
      drafts.set(name, draft);
      applyGroups(draft, parsed, ctx.index.names);
    });
  }
  // ("The committee must schedule a hearing" after "the protest committee reads protests": the
  // shorter name of a role, with no right of its own, is that role.)
  // ("My husband Keith and I run the business": family, not a role of the system, unless given rights: "My sister needs to see the orders".)
  const all = [...drafts.values()].filter((d) => evidenced.has(d.name) && (!FAMILY.test(d.name) || modalOf.has(d.name)));
  // ("As a choir director, I can ... As a director, I can ...", "Office manager: everything ... only the manager can delete
  // one": the shorter name of one role, said later, is that role, its rights added to it.)
  // (Only when what the longer name adds is the business itself: a "head setter" is no "setter".)
  const longer = (d: RoleDraft) => {
    const named = all.filter((o) => o !== d && o.name.endsWith(`_${d.name}`) && BUSINESS_WORDS.has(o.name.slice(0, -d.name.length - 1)));
    return named.length === 1 && d.order > named[0]!.order ? named[0] : undefined;
  };
  // The role keeps the name said more often ("director" three times, "choir director" once), the shorter when as often.
  const text = sentences.map((s) => s.text.toLowerCase()).join(' ');
  const saidAlone = (name: string, within?: string) => (text.match(new RegExp(String.raw`${within ? '' : String.raw`(?<!\b(?:${[...BUSINESS_WORDS].join('|')})\s)`}\b${name.replace(/_/g, String.raw`\s+`)}s?\b`, 'g')) ?? []).length;
  const merged = new Set<RoleDraft>();
  for (const d of all) {
    const other = longer(d);
    if (!other) continue;
    const [into, from] = saidAlone(other.name, 'long') > saidAlone(d.name) ? [other, d] : [d, other];
    into.grants.push(...from.grants);
    into.denials.push(...from.denials);
    into.admin ||= from.admin;
    into.order = Math.min(into.order, from.order);
    merged.add(from);
  }
  return all.filter((d) => !merged.has(d) && (d.grants.length > 0 || d.admin || !all.some((o) => o.name.endsWith(`_${d.name}`)))).sort((a, b) => a.order - b.order);
}

export function applyGroups(draft: RoleDraft, parsed: RightsClause, allEntities: string[]): void {
  for (const g of parsed.groups) {
    const targets = g.entities === 'all' ? allEntities : g.entities;
    if (g.adminWording && g.entities === 'all' && !g.negative && g.letters.length === 4) draft.admin = true;
    for (const entity of targets) {
      for (const letter of g.letters) {
        if (g.negative) draft.denials.push({ entity, letter });
        else draft.grants.push({ entity, letter, scope: g.own ? 'own' : 'all' });
      }
    }
  }
}

export interface RoleExtras {
  /** Rights every role gets (`logged-in users can review`, public reads). */
  everyone: Array<{ entity: string; letter: RightLetter }>;
  /** Operations limited to the record's owner (`only the author may edit it`). */
  ownerOps: Array<{ entity: string; letter: RightLetter }>;
  /** Record types anyone reads without signing in: a role needs no right to read them. */
  publicReads?: ReadonlySet<string>;
}

export interface FinalRoles {
  roles: SpecRole[];
  adminRole: string;
  defaultRole: string;
}

export function finalizeRoles(drafts: RoleDraft[], entities: SpecEntity[], extras: RoleExtras): FinalRoles {
  const list = [...drafts];
  // A role the text gives every right on every record type ("Librarians manage books and loans"
  // when those are all) is the administrative role; no separate `admin` is made up.
  const everything = (d: RoleDraft) => entities.length > 0 && d.denials.length === 0 && entities.every((e) => ALL_RIGHTS.every((l) => d.grants.some((g) => g.entity === e.name && g.letter === l && g.scope === 'all')));
  // ("Stewards can do everything apart from deleting bookings": a right held back makes no administrator.)
  // ("As a gym owner I want to manage classes ...": the business's owner, with no one else in charge, runs it all.)
  const businessOwner = (d: RoleDraft) => d.denials.length === 0 && /^[a-z]+_owner$/.test(d.name) && BUSINESS_WORDS.has(d.name.replace(/_owner$/, ''));
  let admin = list.find((d) => d.admin && d.denials.length === 0) ?? list.find((d) => ADMIN_NAMES.has(d.name)) ?? list.find(everything) ?? list.find(businessOwner);
  if (!admin) {
    admin = { name: 'admin', order: -1, grants: [], denials: [], admin: true };
    list.unshift(admin);
  }
  // ("Users can post reviews", no other people named: the signed-in people are a role of their own, or their rights go nowhere.)
  if (extras.everyone.length > 0 && list.every((d) => d === admin)) list.push({ name: 'user', order: list.length, grants: [], denials: [], admin: false });
  const names = entities.map((e) => e.name);
  const rights = new Map<string, Map<string, Map<RightLetter, Scope>>>();
  for (const d of list) {
    const m = new Map<string, Map<RightLetter, Scope>>();
    rights.set(d.name, m);
    const grant = (entity: string, letter: RightLetter, scope: Scope) => {
      if (!names.includes(entity)) return;
      if (d.denials.some((x) => x.entity === entity && x.letter === letter)) return;
      const e = m.get(entity) ?? new Map<RightLetter, Scope>();
      m.set(entity, e);
      if (e.get(letter) !== 'all') e.set(letter, scope);
    };
    if (d === admin) {
      for (const n of names) for (const l of ALL_RIGHTS) grant(n, l, 'all');
      continue;
    }
    for (const g of d.grants) grant(g.entity, g.letter, g.scope);
    for (const x of extras.everyone) grant(x.entity, x.letter, 'all');
    // A part of a record the role is told nothing about: as on the whole (order lines as orders).
    // (Only parts named so, "order line", "invoice item": an incident note about a child is a
    // record of its own, with rights of its own.)
    // (When the text gives the part to some role by name, "plant staff record collection lines", it says who has it: no one else inherits it.)
    for (const child of entities) {
      if (m.has(child.name) || list.some((other) => other !== admin && other.grants.some((g) => g.entity === child.name))) continue;
      const parentRef = child.fields.find((f) => f.onDelete === 'cascade' && refTarget(f.type) && m.has(refTarget(f.type)!) && isPartOf(child.name, refTarget(f.type)!));
      const parentRights = parentRef ? m.get(refTarget(parentRef.type)!) : undefined;
      if (parentRights) for (const [l, scope] of parentRights) grant(child.name, l, scope);
    }
    // Creating implies reading what one created; updating, reading what one updates (a record is read before it is changed).
    for (const [entity, e] of m) if ((e.has('create') || e.has('update')) && !e.has('read')) grant(entity, 'read', e.get('update') ?? 'all');
    // ("can add and edit their own pieces": what one creates is one's own anyway; creating has no scope.)
    for (const e of m.values()) if (e.get('create') === 'own') e.set('create', 'all');
    // ("they can update their dogs, but they only see their own dogs": what one sees only of one's own, one changes only of one's own.)
    for (const e of m.values()) for (const l of ['update', 'delete'] as const) if (e.get('read') === 'own' && e.get(l) === 'all') e.set(l, 'own');
    // ("anyone can browse the patterns", and members edit their own: a record anyone reads, a signed-in role reads too, all of them.)
    for (const [entity, e] of m) if (extras.publicReads?.has(entity) && e.get('read') === 'own') e.set('read', 'all');
    // `only the author may edit it`: creators edit their own.
    for (const op of extras.ownerOps) if (m.get(op.entity)?.has('create')) grant(op.entity, op.letter, 'own');
    // Whoever creates or updates a record reads the records it refers to (to choose them).
    for (const [entity, e] of [...m]) {
      if (!e.has('create') && !e.has('update')) continue;
      const def = entities.find((x) => x.name === entity);
      for (const f of def?.fields ?? []) {
        const target = /^ref\(([A-Za-z0-9]+)\)$/.exec(f.type)?.[1];
        // (A reference to the role's own record type, "a booking's member" for members, is the caller: nothing to choose.)
        // (Nor a public record type: anyone reads it already.)
        if (!target || target === USER_ENTITY || target === entity || snakeCase(target) === d.name || m.get(target)?.has('read') || extras.publicReads?.has(target)) continue;
        grant(target, 'read', 'all');
      }
    }
  }
  const roles: SpecRole[] = list.map((d) => ({ name: d.name, rights: toEntityRights(rights.get(d.name)!, names) }));
  const others = roles.filter((r) => r.name !== admin.name);
  let defaultRole = admin.name;
  let best = Infinity;
  for (const r of others) {
    const w = weight(r);
    if (w < best) {
      best = w;
      defaultRole = r.name;
    }
  }
  return { roles, adminRole: admin.name, defaultRole };
}

function toEntityRights(m: Map<string, Map<RightLetter, Scope>>, order: string[]): Record<string, EntityRights> {
  const out: Record<string, EntityRights> = {};
  for (const entity of order) {
    const e = m.get(entity);
    if (!e || e.size === 0) continue;
    const r: EntityRights = {};
    for (const l of ALL_RIGHTS) {
      const scope = e.get(l);
      if (scope) r[l] = scope;
    }
    out[entity] = r;
  }
  return out;
}

export function weight(role: SpecRole): number {
  let w = 0;
  for (const r of Object.values(role.rights)) for (const l of ALL_RIGHTS) w += r[l] === 'all' ? 1 : r[l] === 'own' ? 0.5 : 0;
  return w;
}

/** Role names mentioned by a description (for person references such as `a manager`). */
export function roleWords(drafts: RoleDraft[]): string[] {
  return drafts.map((d) => words(d.name.replace(/_/g, ' ')).pop()!).filter(Boolean);
}

/** `OrderLine` of `Order`, `InvoiceItem`, `ChecklistEntry`: a record that is a part of another. */
function isPartOf(child: string, parent: string): boolean {
  return child.startsWith(parent) || /(?:Line|Item|Entry|Part|Row|Position)$/.test(child);
}

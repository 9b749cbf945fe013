/**
 * Endpoint levels that differ from `authenticated`, and the audience-wide rights that go with
 * them: `anyone can read Xs without logging in` -> X list/read public; `logged-in users can
 * review`-style wording -> create at the authenticated level for every role; `only the author of
 * an X may edit or delete it` -> X update/delete at the owner level; `only admins can delete
 * Xs` -> X delete at the admin level.
 */
import type { Operation, SpecAccessRule } from '../spec-model';
import type { Sentence } from './clauses';
import type { EntityIndex } from './entity-index';
import { NO_LOGIN, type RightLetter, SIGNED_IN_AUDIENCE, rightVerb, RIGHT_VERBS } from './lexicon';
import { isPublicAudience } from './audience';
import { nominalEntity } from './made-records';
import { parseRightsClause, type RightsContext, type RightsGroup } from './rights';
import { words } from './text';

export interface AccessResult {
  rules: SpecAccessRule[];
  everyone: Array<{ entity: string; letter: RightLetter }>;
  ownerOps: Array<{ entity: string; letter: RightLetter }>;
}

const OPS: Record<RightLetter, Operation[]> = { create: ['create'], read: ['list', 'read'], update: ['update'], delete: ['delete'] };
const OWNER_WORD = '(?:author|owner|creator|poster|uploader|submitter|writer|person who (?:created|wrote|made|posted|submitted|uploaded) (?:it|them|(?:a|an|the) [a-z]+)|user who (?:created|wrote|made|posted|submitted|uploaded) (?:it|them))s?';
const ONLY_OWNER = new RegExp(`\\bonly\\s+(?:the|its|their|a|an)?\\s*${OWNER_WORD}(?:\\s+of\\s+(?:a|an|the|each|any)?\\s*([a-z][a-z -]*?))?\\s+(?:may|can|could|is allowed to|are allowed to|should be able to|will be able to|are able to|is able to|should)\\s+(.+)$`, 'i');
const ONLY_BY_OWNER = new RegExp(`^(?:(?:a|an|the|each|any)\\s+)?([a-z][a-z -]*?)\\s+(?:can|may|should|must)\\s+only\\s+be\\s+(.+?)\\s+by\\s+(?:its|their|the)\\s+${OWNER_WORD}\\b`, 'i');
const OWN_ONLY = /\b(?:can|may|should)\s+only\s+((?:edit|update|change|modify|delete|remove)(?:\s*(?:,|or|and)\s*(?:edit|update|change|modify|delete|remove))*)\s+(?:their|his|her|its)\s+own\s+(.+)$/i;
// (Also "they need an account to enrol", "you must have an account to book".)
const SIGN_IN_TO = /\b(?:(?:need|needs|have|has|must|should|got)\s+to\s+(?:be\s+)?(?:sign(?:ed)?|log(?:ged)?)\s+in|(?:need|needs|must have|have to have|has to have|require|requires|should have)\s+(?:an?\s+)?(?:account|login|log-in|user account))\s+(?:first\s+)?(?:to|before they can|before you can|in order to)\s+([a-z]+)\b(.*)$/i;
const ONLY_ADMINS = /\bonly\s+(?:the\s+)?(?:admins?|administrators?)\s+(?:can|may|are allowed to|should be able to)\s+(.+)$/i;

/**
 * "X are public", "they need to be readable by anyone", "the people and families are also open to
 * the public", "we'd love them to be public", "that's open to everyone": what is readable without
 * an account (group 1: the records, or a pronoun for them).
 */
export const PUBLIC_PHRASE = new RegExp(
  // ("Listeners don't log in: shows and published episodes are public": after a colon, too.)
  String.raw`(?:^|:\s*|,\s*(?:so|and|but|which means)?\s*|\bso\s+|\b(?:want|like|love|need)\s+(?=(?:them|it|these|those|(?:the|that|this|our|all the)\s+[a-z][a-z ]{1,40}?)\s+to\s+be\s))(?:all\s+)?([a-z][a-z ()-]*?)(?:'s|'re)?\s+(?:(?:are|is|should be|must be|will be|can be|need to be|needs to be|have to be|has to be|would be|'d be|to be)\s+)?(?:also\s+|always\s+|all\s+)?` +
    // (Not "through the public website": a public thing is no record made public.)
    String.raw`(?:public(?:ly (?:readable|visible|available|accessible))?(?!\s+(?:website|web\s*site|site|web\s*page|webpage|page|app|form|holidays?|liability|footpaths?|roads?|areas?|spaces?|toilets?|transport|sector|body|bodies|event|events|interest)\b)|(?:visible|available|shown)\s+(?:on\s+(?:our|the)\s+(?:public\s+)?(?:website|site|web|webpage|app)\s+)?to (?:everyone|anyone|anybody|everybody|the public|all)|(?:readable|read|seen|viewed|browsed|visible|accessible|looked at|looked through|searched) by (?:everyone|anyone|anybody|the public|all|visitors)|open to (?:everyone|anyone|the public)` +
    // ("The list of squads is shown on our public website", "Reviews need to be on the public site".)
    String.raw`|(?:(?:shown|listed|published|displayed|visible|up|available|posted|advertised)\s+)?on\s+(?:our|the)\s+public\s+(?:website|web\s*site|site|web\s*page|page)` +
    // ("The walls and the routes should be up on our website for anybody to look at.")
    String.raw`|(?:(?:up|available|online|published|listed|shown|visible)\s+)?(?:on\s+(?:our|the|their)\s+(?:public\s+)?(?:website|site|web|webpage|web page|app)\s+)?for\s+(?:anyone|anybody|everyone|everybody|the public|all|visitors|the world)\s+to\s+(?:see|look at|browse|read|view|check))\b`,
  'i',
);

/** "The website shows these to everyone": what the public website shows (group 1), read without an account. */
const WEBSITE_SHOWS = /^(?:and\s+)?(?:the|our)\s+(?:public\s+)?(?:website|site|web\s*page|web\s*site)\s+(?:shows|lists|displays|will\s+show|should\s+show|can\s+show|needs\s+to\s+show|has\s+to\s+show)\s+(.+?)(?:\s+to\s+(?:everyone|anyone|anybody|everybody|the\s+public|all|visitors))?\s*[.!]?$/i;

function lettersOf(verbText: string): RightLetter[] {
  const out: RightLetter[] = [];
  for (const w of words(verbText)) {
    const v = rightVerb(w);
    if (v) for (const l of RIGHT_VERBS[v]!) if (!out.includes(l)) out.push(l);
  }
  return out;
}

function entitiesIn(text: string, index: EntityIndex): string[] {
  return [...new Set(index.mentions(words(text)).map((m) => m.entity))];
}

/** "nobody should need an account to X or to Y" (1: who, 2: their negation, 3: the acts). */
// ("Listeners don't need an account to see shows": whoever they are, said in the plural.)
const NO_ACCOUNT_TO = /\b(nobody|no one|no-one|people|customers|visitors|guests|you|they|anyone|members of the public|the public|[a-z]+s)\s+(shouldn't|should not|won't|will not|don't|do not|doesn't|does not|needn't|must not|mustn't|shan't)?\s*(?:should\s+|will\s+|has\s+to\s+|have\s+to\s+)?(?:need|have|be required to have|be asked for)\s+(?:an?\s+)?(?:account|login|log-in|sign-in)\s+(?:to|in order to|before they can|for)\s+(.+)$/i;

export function inferAccess(sentences: Sentence[], ctx: RightsContext): AccessResult {
  const rules = new Map<string, SpecAccessRule>();
  const everyone: AccessResult['everyone'] = [];
  const ownerOps: AccessResult['ownerOps'] = [];
  const all = ctx.index.names;
  const set = (entity: string, letter: RightLetter, level: SpecAccessRule['level']) => {
    for (const operation of OPS[letter]) {
      const key = `${entity}.${operation}`;
      const prev = rules.get(key);
      if (prev && prev.level === 'public' && level === 'authenticated') continue;
      rules.set(key, { entity, operation, level });
    }
  };

  /** The records the sentence before named ("Packages ... Each has a name. The website shows these to everyone"). */
  let namedBefore: string[] = [];
  for (const s of sentences) {
    const before = namedBefore;
    // (A sentence read as a field list is left empty here: the one before it names the records.)
    const named = entitiesIn(s.text, ctx.index);
    if (named.length > 0) namedBefore = named;
    let lastEntities: string[] = [];
    let previousGroups: RightsGroup[] = [];
    // ("any member can write a review, and only the person who wrote a review can edit it": two rules.)
    // ("This week's weekly boxes ... are public": which ones now is no part of what they are.)
    for (const clause of s.clauses.flatMap((c) => c.replace(/^(?:this|next|last|today['’]s|the current)\s+(?:(?:week|month|year|season)['’]s\s+)?/i, '').split(/,\s*(?:and|but)\s+(?=only\s+(?:the|its|their|a|an)\s)/i))) {
      const mentioned = entitiesIn(clause, ctx.index);
      const owner = ONLY_OWNER.exec(clause);
      const byOwner = owner ? null : ONLY_BY_OWNER.exec(clause);
      const ownOnly = owner || byOwner ? null : OWN_ONLY.exec(clause);
      if (owner || byOwner || ownOnly) {
        // ("only the person who wrote a review can ...": the owner's words name the record type.)
        const target = owner ? owner[1] ?? (entitiesIn(owner[0].slice(0, owner[0].length - owner[2]!.length), ctx.index).length > 0 ? owner[0].slice(0, owner[0].length - owner[2]!.length) : undefined) : byOwner ? byOwner[1] : ownOnly![2];
        const verbs = owner ? owner[2]! : byOwner ? byOwner[2]! : ownOnly![1]!;
        let entities = target ? entitiesIn(target, ctx.index) : [];
        if (entities.length === 0) entities = entitiesIn(verbs, ctx.index);
        if (entities.length === 0) entities = mentioned.length > 0 ? mentioned : lastEntities;
        const letters = lettersOf(byOwner ? verbs.replace(/\b(\w+?)(?:ed|d)\b/g, '$1') + ' ' + verbs : verbs).filter((l) => l === 'update' || l === 'delete');
        for (const entity of entities) {
          for (const letter of letters) {
            set(entity, letter, 'owner');
            ownerOps.push({ entity, letter });
          }
        }
        lastEntities = entities.length > 0 ? entities : lastEntities;
        continue;
      }
      const adminsOnly = ONLY_ADMINS.exec(clause);
      if (adminsOnly) {
        const entities = entitiesIn(adminsOnly[1]!, ctx.index);
        for (const entity of entities) for (const letter of lettersOf(adminsOnly[1]!)) set(entity, letter, 'admin');
        continue;
      }
      // ("The website shows these to everyone", "Our site lists the open days": what the public website shows.)
      const shown = WEBSITE_SHOWS.exec(clause.trim());
      if (shown) {
        const said = shown[1]!.trim();
        const entities = /^(?:they|them|it|that|these|those|this|all of them|all of these)$/i.test(said) ? (lastEntities.length > 0 ? lastEntities : before) : entitiesIn(said, ctx.index);
        for (const entity of entities) set(entity, 'read', 'public');
        if (entities.length > 0) continue;
      }
      const publicPhrase = PUBLIC_PHRASE.exec(clause);
      if (publicPhrase) {
        const said = publicPhrase[1]!.trim();
        // ("Sessions go on our website, so they need to be readable by anyone": a pronoun is what the sentence named before it.)
        const before = s.text.slice(0, Math.max(0, s.text.indexOf(clause)) + (publicPhrase.index ?? 0));
        const pronoun = /^(?:they|them|it|that|these|those|this)$/i.test(said);
        // ("The walls and the routes should be up ...": the clause reader split the subject at "and"; the records before it are public too.)
        // ("The regatta list, the race schedule and the results are public": the records listed before the comma too.)
        const listed = (/^,/.test(publicPhrase[0]) || /,\s*$/.test(before)) && /^[a-z ,'-]{1,80}$/i.test(before.trim()) && !/\b(?:is|are|was|were|has|have|can|may|must|should|will|need|needs|gets?)\b/i.test(before);
        const joined = !pronoun && ((/^[a-z ,'-]{1,60}\b(?:and|or)\s*$/i.test(before) && !/[.;:]/.test(before)) || listed) ? entitiesIn(before, ctx.index) : [];
        const named = [...new Set([...joined, ...entitiesIn(pronoun ? before || clause.slice(0, publicPhrase.index) : said, ctx.index)])];
        const entities = /^(?:everything|all|the data|all data)$/i.test(said) ? all : pronoun && named.length === 0 ? lastEntities : pronoun ? named.slice(-1) : named;
        // (A public read is the endpoint's level alone: the level lets every caller read, so no role is given the right.)
        for (const entity of entities) set(entity, 'read', 'public');
        if (entities.length > 0) continue;
      }
      // ("nobody should need an account to make a booking or to look at the sessions", "people shouldn't
      // need an account to book a session": each act, open to anyone.)
      const noAccount = NO_ACCOUNT_TO.exec(clause);
      if (noAccount && (/^(?:nobody|no one|no-one)$/i.test(noAccount[1]!) || noAccount[2])) {
        let opened = 0;
        let lastLetters: RightLetter[] = [];
        for (const act of noAccount[3]!.replace(/[.!]$/, '').split(/\s*,\s*(?:or\s+|and\s+)?(?:to\s+)?|\s+(?:or|and)\s+(?:to\s+)?/i)) {
          // ("to see shows and episodes": what follows "and" without a verb of its own is seen too.)
          const own = lettersOf(act.split(/\s+/)[0] ?? '');
          const letters = own.length > 0 ? own : lastLetters;
          lastLetters = letters;
          const named = entitiesIn(act, ctx.index);
          // ("book a session": the act makes a Booking, when the text has one.)
          const made = letters.includes('create') ? nominalEntity([rightVerb(act.split(/\s+/)[0]!.toLowerCase()) ?? ''], ctx.index, []) : undefined;
          for (const entity of made ? [made] : named) {
            for (const letter of letters.filter((l) => l === 'read' || l === 'create')) {
              set(entity, letter, 'public');
              opened += 1;
            }
          }
        }
        if (opened > 0) continue;
      }
      // "you need to sign in to post", "users must log in to book a room": any signed-in user.
      // ("People shouldn't need an account to book": no account needed, the opposite.)
      const signIn = /(?:\bnot|n['’]t|\bnever|\bno)\s+(?:\w+\s+)?(?:need|needs|have|has|require|requires)\b/i.test(clause) ? null : SIGN_IN_TO.exec(clause);
      const signInVerb = signIn ? rightVerb(signIn[1]!.toLowerCase()) : undefined;
      // ("to review": a verb that names a record type makes one.)
      const verbNamed = signIn ? entitiesIn(signIn[1]!, ctx.index) : [];
      if (signIn && (signInVerb || verbNamed.length > 0)) {
        let entities = entitiesIn(signIn[2] ?? '', ctx.index);
        if (entities.length === 0) entities = verbNamed;
        // ("they need an account to enrol": what enrolling makes, an Enrolment, not what was named before.)
        const made = entities.length === 0 && signInVerb && RIGHT_VERBS[signInVerb]!.includes('create') ? nominalEntity([signInVerb], ctx.index, []) : undefined;
        if (made) entities = [made];
        if (entities.length === 0 && !(signInVerb && RIGHT_VERBS[signInVerb]!.includes('create'))) entities = lastEntities;
        // ("You need to log in to review" is everyone's right; "Customers do need an account to order" is the customers', their rights say.)
        const anybody = /^(?:(?:and|but|so)\s+)?(?:you|people|everyone|everybody|anyone|anybody|users|visitors|one)\b/i.test(clause.trim());
        for (const entity of entities) {
          for (const letter of signInVerb ? RIGHT_VERBS[signInVerb]! : (['create'] as RightLetter[])) {
            set(entity, letter, 'authenticated');
            if (anybody) everyone.push({ entity, letter });
          }
        }
        if (entities.length > 0) continue;
      }
      // ("People who've lost something fill in a claim on the website, no need to register": the
      // no-login aside is about the clause before it, whoever its subject is.)
      const bareNoLogin = NO_LOGIN.exec(clause);
      if (bareNoLogin && clause.replace(bareNoLogin[0], '').replace(/[^a-z]+/gi, ' ').trim().split(/\s+/).filter(Boolean).length <= 1) {
        for (const g of previousGroups) for (const entity of g.entities === 'all' ? [] : g.entities) for (const letter of g.letters) set(entity, letter, letter === 'read' || letter === 'create' ? 'public' : 'authenticated');
        continue;
      }
      const parsed = parseRightsClause(clause, ctx);
      previousGroups = parsed?.groups.filter((g) => !g.negative) ?? [];
      if (!parsed) {
        if (mentioned.length > 0) lastEntities = mentioned;
        continue;
      }
      const subject = parsed.subject.join(' ');
      const isPublic = isPublicAudience(parsed.subject, ctx.index) || NO_LOGIN.test(clause);
      const isSignedIn = !isPublic && SIGNED_IN_AUDIENCE.test(subject);
      // ("People book onto a session, and every booking is for one session": how things go, said of people in general, gives no one a right.)
      const howThingsGo = /^people$/i.test(subject) && !parsed.modal && !NO_LOGIN.test(clause) && !NO_LOGIN.test(s.text);
      if ((!isPublic && !isSignedIn) || howThingsGo) {
        if (mentioned.length > 0) lastEntities = mentioned;
        continue;
      }
      // ("Race information is public, anyone can look at it": a pronoun is what was named before, not everything.)
      const pronounObject = /\b(?:it|them|these|those)\s*(?:without\b.*|\beven\b.*)?$/i.test(clause.trim());
      for (const g of parsed.groups) {
        if (g.negative) continue;
        // (Open to the public only what is named: "anyone can see which plots are vacant" is the plots, never every record type
        // unless the text says so, "anyone can read everything".)
        const unnamed = isPublic && !/\b(?:everything|anything|all of (?:it|them)|all (?:the )?(?:records|data))\b/i.test(clause) ? mentioned : all;
        const entities = g.entities === 'all' ? (pronounObject && lastEntities.length > 0 ? lastEntities : pronounObject ? [] : unnamed) : g.entities;
        for (const entity of entities) {
          for (const letter of g.letters) {
            // ("a new customer can sign up without an account": their own record is theirs to make, never everyone's to read.)
            if (g.own && letter !== 'create') continue;
            // ("They don't have an account at that point, so anyone can create a volunteer record": the sentence says no account.)
            if (isPublic && !NO_LOGIN.test(clause) && !NO_LOGIN.test(s.text) && letter !== 'read') {
              // `anyone can post` without `without logging in`: any signed-in user.
              set(entity, letter, 'authenticated');
            } else {
              set(entity, letter, isPublic ? 'public' : 'authenticated');
            }
            // (What anyone may do without an account is the level's alone; what any signed-in user may do is every role's right.)
            if (!(isPublic && (letter === 'read' || NO_LOGIN.test(clause) || NO_LOGIN.test(s.text)))) everyone.push({ entity, letter });
          }
        }
        if (entities.length > 0) lastEntities = entities;
      }
    }
  }
  return { rules: [...rules.values()], everyone, ownerOps };
}

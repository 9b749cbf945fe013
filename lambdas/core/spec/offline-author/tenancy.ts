/**
 * Tenancy from wording: `multi-tenant`, `each company is a separate tenant`, `every
 * organization's data must be isolated`, `each organization has ...` -> multi; `single-tenant`
 * (or nothing said) -> single.
 */
import { FUNCTION_WORDS } from './lexicon';
import { singular } from './text';
import { splitSentences } from '../author/sentences';

/**
 * Nouns for the organisations a service is sold to ("30 clubs", "each practice"): where many of
 * them use it, or each keeps to its own, the text is about tenants, not about people or records.
 */
const ORG = String.raw`(?:organi[sz]ations?|orgs?|compan(?:y|ies)|business(?:es)?|firms?|agenc(?:y|ies)|clubs?|schools?|gyms?|practices?|clinics?|surger(?:y|ies)|hospitals?|shops?|stores?|studios?|salons?|restaurants?|caf[eé]s?|bars?|centres?|centers?|branch(?:es)?|franchises?|chapters?|societ(?:y|ies)|charit(?:y|ies)|churches|church|farms?|garages?|academ(?:y|ies)|nurser(?:y|ies)|hotels?|offices?|teams?|leagues?|councils?|trusts?|universit(?:y|ies)|colleges?|labs?|laborator(?:y|ies)|kitchens?|bakeries|bakery|breweries|brewery|venues?|sites?|locations?|groups?)`;
/** How many organisations ("lots of", "30", "other"). */
const MANY = String.raw`(?:lots of|loads of|many|multiple|several|various|different|dozens of|hundreds of|a (?:bunch|number|handful) of|(?:about |around |over |up to |some )?\d+|other|more|all the)`;

const SINGLE = new RegExp(String.raw`\bsingle[- ]?tenan(?:t|cy)\b|\bnot multi[- ]?tenant\b|\bone (?:shared )?tenant\b(?!\s+(?:per|for each|for every|for each of))|\bno tenancy\b|\bno (?:separate |other |multiple |extra )?tenants?\b|\bno (?:separate|other|multiple|extra) (?:organi[sz]ations|companies|clubs|groups|businesses|customers)\b|\bone (?:single )?database\b|\bno need for tenants\b|\bwithout tenants\b|\b(?:no|not|nothing|without|never|(?:don't|doesn't|do not|does not) need)\s+(?:any\s+)?multi[- ]?(?:tenan(?:t|cy|ted)|location|site|organi[sz]ation)s?\b` +
  // ("It's for our club only; no other clubs will use it".)
  // ("There's just the one hall, so no other halls or organisations will be on this".)
  String.raw`|\bno other [a-z]+(?:\s+(?:or|and)\s+[a-z]+)?\s+(?:will|would|are going to|is going to)\s+(?:ever\s+)?(?:use|be on|be using|sign up|join)\b|\b(?:not|never) (?:be )?(?:used|shared) by (?:other|any other|more than one)\b` +
  // ("This would only ever be used by us, one company, nobody else".)
  String.raw`|\b(?:only|just)\s+(?:ever\s+)?(?:be\s+)?used\s+by\s+(?:us|ourselves|our\s+(?:own\s+)?(?:staff|team|people|company|club|business))\b|\bone\s+${ORG},?\s+(?:nobody|no one|no-one)\s+else\b|\b(?:the|our)\s+(?:only|one|single)\s+${ORG}\s+(?:using|on|that uses|that will use|to use|using it|using this)\b` +
  // ("This is for our hospital trust only", "the app is only for us", "it's just for us".)
  String.raw`|\b(?:it's|it is|it'll be|it will be)\s+(?:only|just)\s+us\b|\b(?:nobody|no one|no-one)\s+else\s+(?:uses|will use|is using)\s+(?:it|this)\b|\b(?:nobody|no one|no-one)\s+else(?:'s|\s+whose)\s+data\b|\bfor\s+(?:our|my)\s+(?:[a-z]+\s+){0,3}(?:only|alone)\b|\b(?:only|just)\s+for\s+us\b|\bfor\s+us\s+only\b` +
  // ("we are not planning to offer it to neighbouring authorities, so no separation between organisations is needed".)
  String.raw`|\b(?:not|never|no plans? to|not planning to|don't plan to|do not plan to|won't|will not)\s+(?:\w+\s+){0,2}(?:sell|offer|licen[cs]e|rent)\s+(?:this|it|the (?:app|system|service|platform))\s+to\b|\bno (?:separation|isolation|partitioning|split)\s+(?:between|of|by)\s+(?:[a-z]+\s+){0,2}(?:organi[sz]ations|companies|clubs|councils|customers|tenants)\b|\b(?:one|a single) set of (?:records|data)\b|\bnot (?:separate|multiple|different|distinct) tenants\b|\bonly\s+for\s+(?:our|my)\s+(?:own\s+)?[a-z]+\b|\bno\s+need\s+to\s+keep\s+(?:other|different|separate)\s+[a-z]+\s+(?:apart|separate)\b|\b(?:it's|it is)\s+just\s+us\b` +
  // ("It's only our one shop, so nothing clever with branches or separate businesses or anything like that".)
  String.raw`|\b(?:it's|it is|we're|we are|we've|we have)\s+(?:only|just)\s+(?:got\s+)?(?:our|the)\s+(?:one|single|own)\s+${ORG}\b|\b(?:nothing|no need for anything)\s+(?:clever|fancy|complicated|special)\s+(?:with|for|about)\s+(?:\w+\s+){0,2}(?:branch(?:es)?|tenants?|separate|multiple|different)\b`, 'i');

const MULTI = [
  // "a SaaS for dental practices", "we sell it to gyms".
  /\bsaas\b|\bsoftware as a service\b|\b(?:sell|offer|licen[cs]e|rent)\s+(?:this|it|the (?:app|system|service|platform))\s+to\b/i,
  // "Tenants are the individual farms".
  /\btenants?\s+(?:are|is|will be|would be)\s+(?:the|our|each|every|individual)\b/i,
  // "Lots of different leisure centres will sign up", "used by about 30 clubs", "other clubs in the league will use it too".
  new RegExp(String.raw`\b${MANY}\s+(?:(?:different|separate|independent|individual|local|small|[a-z]+)\s+){0,2}${ORG}\b[^.;]{0,60}?\b(?:use|uses|using|used|sign(?:s|ing)? up|subscribe|join|onboard|be on)\b|\b(?:used|shared|run) by\s+${MANY}\s+(?:[a-z]+\s+){0,2}${ORG}\b`, 'i'),
  // "each practice only sees its own records", "each branch keeps its data to itself", "every gym runs its own classes".
  new RegExp(String.raw`\b(?:each|every|any)\s+(?:[a-z]+\s+)?${ORG}\s+(?:only\s+)?(?:sees?|gets? to see|can see|can access|has access to|keeps?|runs?|manages?|has|gets?)\s+(?:only\s+)?(?:its|their)\s+own\b|\b(?:its|their)\s+(?:data|stuff|records|information|info)\s+to\s+(?:itself|themselves)\b`, 'i'),
  // "businesses can't see each other", "each running its own classes" after "30 clubs".
  new RegExp(String.raw`\b${ORG}\s+(?:can't|cannot|can not|shouldn't|should not|mustn't|must not|won't|will not|don't|do not|never)\s+(?:be able to\s+)?(?:see|access|view|read)\s+(?:each other|one another)\b|\b${MANY}\s+(?:[a-z]+\s+){0,2}${ORG}\b[^.;]{0,80}?,\s*each\s+(?:running|with|keeping|managing|having)\s+(?:its|their)\s+own\b`, 'i'),
  /\bmulti[- ]?tenan(?:t|cy|ted)\b/i,
  /\b(?:separate|own|isolated|distinct|individual) tenants?\b/i,
  // ("each operator's data has to be completely separate from the others".)
  /\btenants? (?:per|for each|for every)\b|\b(?:has|have|must|needs? to) (?:to )?be (?:kept )?(?:completely |entirely |strictly |fully |totally )?separated?\b/i,
  /\b(?:is|are|as)\s+(?:a\s+)?(?:separate\s+|its own\s+)?tenants?\b|\btenant (?:isolation|separation|boundaries|data)\b/i,
  /\b(?:isolat(?:ed|e|ion)|segregat(?:ed|e|ion)|partition(?:ed)?|walled off|kept (?:completely |entirely |strictly |fully |totally )?(?:apart|separate)|stays? (?:completely |entirely |strictly |fully |totally )?(?:apart|separate)|remains? (?:completely |entirely |strictly |fully |totally )?(?:apart|separate))\b/i,
  // (Not a message to each: "we send every company an invoice".)
  /(?<!\b(?:send|sends|email|emails|bill|bills|invoice|invoices|charge|charges|notify|notifies|remind|reminds|message|text|give|gives|tell|tells)\s+)\b(?:each|every|per)\s+(?:organi[sz]ation|company|workspace|tenant|firm|enterprise)\b/i,
  // ("Each practice in our group is separate - staff only see their own practice's clients".)
  new RegExp(String.raw`\b(?:each|every)\s+${ORG}\s+(?:in\s+(?:our|the)\s+(?:group|chain|network)\s+)?(?:is|are)\s+(?:completely\s+|entirely\s+|totally\s+|fully\s+)?separate\b`, 'i'),
  /\b(?:by|per)\s+(?:organi[sz]ation|company|workspace)\b/i,
  /\b(?:organi[sz]ation|company|workspace)(?:'s|s')?\s+(?:own\s+)?data\b/i,
  /\bcannot see (?:each other's|other (?:organi[sz]ations|companies)')\b/i,
  /\b(?:never|not|cannot|can't|mustn't) (?:be able to )?see (?:another|any other|each other's|other)\b/i,
  // (Not what a record is: "every book on the shelves is its own copy".)
  /(?<!\b(?:is|are)\s)\b(?:its|their) own (?:separate |isolated |private )?(?:space|workspace|area|account|instance|data|patch|corner|silo|partition|copy)\b/i,
  // "one society's research must never leak into another's", "their data never mixes".
  /\b(?:never|not|mustn't|must not|cannot|can't)\s+(?:ever\s+)?(?:leaks?|bleeds?|spills?|mix(?:es)?)\b/i,
  // "a garage's customers ... are invisible to every other garage", "keep every café's data completely separate".
  /\b(?:invisible|hidden) (?:to|from) (?:every|any|all|each) other\b/i,
  /\bdata (?:\w+ )?(?:completely |entirely |strictly |fully )?separate\b/i,
  // "they're really separate little businesses", "see their own beach's sessions ... never the other two".
  /\bseparate (?:little |small )?(?:businesses|companies|organi[sz]ations|shops|clubs)\b/i,
  // "Every town's scheme is its own world", "Each workshop is its own separate little world", "neither of us should ever
  // see the other's", "we host the software for several towns' schemes".
  /\b(?:each|every)\s+[a-z]+(?:['’]s)?\s+(?:[a-z]+\s+)?(?:is|has|gets)\s+its\s+own\s+(?:(?:separate|little|private|tiny|self-contained)\s+){0,2}(?:world|universe|island|bubble)\b|\bneither\s+of\s+(?:us|them)\s+(?:should|can|will|must)\s+(?:ever\s+)?see\s+the\s+other(?:['’]s|s['’])|\bhost\s+(?:the\s+|this\s+)?(?:software|app|system|platform|service)\s+for\s+(?:several|many|multiple|lots of|a number of|dozens of)\b/i,
  // "every truck's stuff has to stay private to that truck", "no truck gets to peek at another truck's orders".
  /\b(?:stays?|kept|keep|remains?)\s+private\s+to\s+(?:that|each|its|their|the)\b|\b(?:peek|look|see)\s+(?:at|into)\s+another\s+[a-z]+'s\b/i,
  // "a club's regattas ... are never shown to another club".
  /\b(?:never|not)\s+(?:be\s+)?(?:shown|visible|available|exposed|shared)\s+(?:to|with)\s+(?:another|any other|other)\b/i,
  // "each city chapter is run on its own", "every branch is run independently".
  /\b(?:each|every)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|are|gets?)\s+run\s+(?:on (?:its|their) own|independently|separately)\b/i,
  /\b(?:their|its) own [a-z]+'s (?:[a-z]+, )*[a-z]+\b[^.]*\bnever\b/i,
  // "no scheme should ever see another scheme's data", "no club can look at another club's members".
  /\bno\s+([a-z]+)\s+(?:should|can|may|must|will|is allowed to|gets to)\s+(?:ever\s+)?(?:be able to\s+)?(?:see|access|read|view|look at)\s+(?:another|any other)\s+\1['’]s\s+(?:data|records|information|info|stuff|details|files|anything)\b/i,
];

/**
 * "each group should get its own space in the app", "every shop is a separate tenant", "resorts
 * never see each other's data": a clause
 * about how tenants are kept apart, whose subject is the tenant, not a role of people.
 */
const TENANCY_CLAUSE = /\b(?:its|their) own (?:separate |isolated |private |little )?(?:space|workspace|area|instance|silo|partition|copy|tenant|corner|world)\b|\b(?:separate|own|isolated|distinct) tenants?\b|\bmulti[- ]?tenan|\b(?:never|not|cannot|can't|mustn't|shouldn't)\s+(?:be able to\s+)?(?:see|access|read|view)\s+each other'?s\b/i;

/** ("Kendal must never see Whitby's riders": one organisation, by its name, kept from another; case matters.) */
const NAMED_APART = /\b[A-Z][a-z]+\s+(?:must|should|can|will|may)\s*(?:never|not|n't)\s+(?:ever\s+)?(?:be able to\s+)?(?:see|access|view|read)\s+[A-Z][a-z]+['’]s\b/;

export function isTenancyClause(clause: string): boolean {
  return TENANCY_CLAUSE.test(clause) || NAMED_APART.test(clause);
}

/** Does the text say the service is one organisation's ("single-tenant", "only ever used by us")? */
export function saysSingleTenant(text: string): boolean {
  return SINGLE.test(text);
}

export function detectMultiTenant(description: string): boolean {
  if (SINGLE.test(description)) return false;
  return MULTI.some((re) => re.test(description));
}

/**
 * The words naming the tenancy unit (`each company is a separate tenant` -> company): never a
 * record type of a multi-tenant spec. Other organization-like words (a CRM's companies) stay
 * record types. Empty for a single-tenant spec.
 */
export function tenancyUnits(description: string): Set<string> {
  if (!detectMultiTenant(description)) return new Set();
  const units = new Set<string>(['tenant']);
  for (const sentence of splitSentences(description)) {
    if (!MULTI.some((re) => re.test(sentence))) continue;
    // ("Each restaurant group is its own tenant", "each city chapter is run on its own": the group, not the restaurants in it.)
    // ("Every town's scheme is its own world": the scheme too, whose admins are the tenant's.)
    for (const m of sentence.matchAll(/\b(?:each|every)\s+[a-z]+['’]s\s+([a-z]+)\s+(?:is|has|gets)\s+its\s+own\b/gi)) units.add(singular(m[1]!.toLowerCase()));
    for (const m of sentence.matchAll(/\b(?:each|every|per|by)\s+([a-z]+)(?:\s+(group|chain|company|organi[sz]ation|network|brand|franchise|chapter|branch)s?\b)?/gi)) {
      units.add(singular(m[2] ? m[2].toLowerCase() : m[1]!));
      if (m[2]) units.add(`${singular(m[1]!)} ${m[2].toLowerCase()}`);
    }
    for (const m of sentence.matchAll(/\b([a-z]+)(?:'s|s')\s+(?:own\s+)?data\b/gi)) units.add(singular(m[1]!));
    // ("see their own beach's sessions": the beach holds the records.)
    for (const m of sentence.matchAll(/\b(?:their|its) own ([a-z]+)'s\s/gi)) units.add(singular(m[1]!));
    // ("30 clubs use it": the organisations named.)
    for (const m of sentence.matchAll(new RegExp(String.raw`\b(?:${MANY}\s+(?:(?:different|separate|independent|individual|local|small)\s+)?|each\s+|every\s+)(${ORG})\b`, 'gi'))) units.add(singular(m[1]!.toLowerCase()));
  }
  for (const w of [...units]) if (FUNCTION_WORDS.has(w)) units.delete(w);
  if (units.size === 1) ['organization', 'organisation', 'org'].forEach((w) => units.add(w));
  return units;
}

/**
 * A trigger clause that names no record type but an act that makes one: "when somebody books"
 * makes a Booking, "when a member enrols" an Enrolment. The act's noun is found among the
 * description's record types by the usual ways English makes a noun of a verb.
 */
import type { WorkflowContext } from './workflow-reader';
import { statusFieldOf } from './workflow-record-fields';

/** Acts of a verb and a particle, by the verb whose noun names the record they make ("sign up": register, registration). */
const PHRASAL_ACTS: Record<string, string> = { 'sign up': 'register', 'sign on': 'register', 'book in': 'book', 'put in': 'request' };

/** "someone books", "a member enrols": the one record type named by the act's noun (booking, enrolment, registration). */
export function madeByAct(tokens: string[], ctx: WorkflowContext): string | undefined {
  // ("as soon as they book": the people the story is about.)
  if (!/^(?:someone|somebody|anyone|anybody|a|an|the|people|they|customers?|clients?|members?|users?|visitors?|guests?)$/.test(tokens[0] ?? '')) return undefined;
  const verb = tokens.slice(1).find((w) => !/^(?:a|an|the|new|member|customer|client|user|visitor|guest)$/.test(w));
  if (!verb) return undefined;
  const phrasal = PHRASAL_ACTS[`${verb.replace(/(?:e?s)$/, '')} ${tokens[tokens.indexOf(verb) + 1] ?? ''}`];
  if (tokens.indexOf(verb) !== tokens.length - (phrasal ? 2 : 1)) return undefined;
  return nounOfAct(tokens.slice(tokens.indexOf(verb)), ctx);
}

/**
 * The one record type an act's words (a verb, then what follows) name: the act itself with its
 * particle ("signs up for a shift": a SignUp), else its noun ("books": a Booking).
 */
export function nounOfAct(act: string[], ctx: WorkflowContext): string | undefined {
  const [verb, particle] = act;
  if (!verb) return undefined;
  const base = verb.replace(/(?:e?s)$/, '');
  // ("when a volunteer signs up for a shift": the record of signing up, when there is one.)
  const itself = particle ? ctx.index.resolve([base, particle]) ?? ctx.index.resolve([`${base}${particle}`]) : undefined;
  if (itself) return itself;
  // ("when someone signs up": they register.)
  const lemma = PHRASAL_ACTS[`${base} ${particle ?? ''}`] ?? base;
  const nouns = [`${lemma}ing`, `${lemma}ation`, `${lemma.replace(/e$/, '')}ation`, `${lemma.replace(/er$/, 'r')}ation`, `${lemma}ment`, `${lemma}al`];
  const found = [...new Set(nouns.map((n) => ctx.index.resolve([n])).filter((e): e is string => !!e))];
  // ("when someone books" where the record of a booking is a Reservation, or the other way round.)
  if (found.length === 0 && /^(?:book|reserve)$/.test(lemma)) return ctx.entities.find((e) => e.name === 'Booking' || e.name === 'Reservation')?.name;
  return found.length === 1 ? found[0] : undefined;
}

/**
 * "When someone applies": no record of the act, but the one record type whose first status is
 * the one who does it (applicant, applied) begins with it.
 */
export function startedByAct(tokens: string[], ctx: WorkflowContext): string | undefined {
  if (tokens.length !== 2 || !/^(?:someone|somebody|anyone|anybody|people)$/.test(tokens[0]!)) return undefined;
  const stem = tokens[1]!.replace(/(?:ies|y)$/, 'i').replace(/(?:e?s)$/, '').replace(/i$/, '');
  if (stem.length < 4) return undefined;
  const holders = ctx.entities.filter((e) => {
    const first = statusFieldOf(e)?.values?.[0] ?? '';
    return first.startsWith(stem) && /(?:ant|ent|ed|er)$/.test(first);
  });
  return holders.length === 1 ? holders[0]!.name : undefined;
}

/**
 * "remind each enrolled student", "email each volunteer who signed up for it": the people are
 * those of the records their act makes (an Enrollment, a Signup) that point at `entity`; the
 * workflow runs once for each of them. Returns that record type and its reference.
 */
export function participantRecord(text: string, entity: string, ctx: WorkflowContext): { entity: string; via: string } | undefined {
  // ("everyone booked onto it gets a reminder": the people booked, whoever they are.)
  const m = /\b(?:each|every|all(?:\s+the)?)\s+([a-z]+ed)\s+[a-z]+/i.exec(text) ?? /\b(?:each|every|all(?:\s+the)?)\s+[a-z]+\s+who\s+(?:has\s+|have\s+)?([a-z]+ed)(?:\s+(up|in|on)\b)?/i.exec(text)
    ?? /\b(?:everyone|everybody|anyone|all\s+those|those|people)\s+(?:who(?:['’]s|['’]re|\s+is|\s+are|\s+has|\s+have)?\s+)?([a-z]+ed)\s+(?:onto|on|in|into|for)\s+(?:it|them|the\s+[a-z]+)\b/i.exec(text);
  if (!m) return undefined;
  const done = m[1]!.toLowerCase();
  const lemmas = [...new Set([done.replace(/ed$/, ''), done.replace(/d$/, ''), done.replace(/(\w)\1ed$/, '$1')])];
  for (const lemma of lemmas) {
    const made = nounOfAct(m[2] ? [lemma, m[2].toLowerCase()] : [lemma], ctx);
    const ref = made && made !== entity ? ctx.entities.find((e) => e.name === made)?.fields.find((f) => f.type === `ref(${entity})`) : undefined;
    if (made && ref) return { entity: made, via: ref.name };
  }
  return undefined;
}

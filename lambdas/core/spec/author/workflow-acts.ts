/**
 * A trigger clause that names no record type but an act that makes one: "when somebody books"
 * makes a Booking, "when a member enrols" an Enrolment. The act's noun is found among the
 * description's record types by the usual ways English makes a noun of a verb.
 */
import type { WorkflowContext } from './workflow-reader';

/** Acts of a verb and a particle, by the verb whose noun names the record they make ("sign up": register, registration). */
const PHRASAL_ACTS: Record<string, string> = { 'sign up': 'register', 'sign on': 'register', 'book in': 'book', 'put in': 'request' };

/** "someone books", "a member enrols": the one record type named by the act's noun (booking, enrolment, registration). */
export function madeByAct(tokens: string[], ctx: WorkflowContext): string | undefined {
  if (!/^(?:someone|somebody|anyone|anybody|a|an|the|people|customers?|clients?|members?|users?|visitors?|guests?)$/.test(tokens[0] ?? '')) return undefined;
  const verb = tokens.slice(1).find((w) => !/^(?:a|an|the|new|member|customer|client|user|visitor|guest)$/.test(w));
  if (!verb) return undefined;
  // ("when someone signs up": they register.)
  const phrasal = PHRASAL_ACTS[`${verb.replace(/(?:e?s)$/, '')} ${tokens[tokens.indexOf(verb) + 1] ?? ''}`];
  if (tokens.indexOf(verb) !== tokens.length - (phrasal ? 2 : 1)) return undefined;
  const lemma = phrasal ?? verb.replace(/(?:e?s)$/, '');
  const nouns = [`${lemma}ing`, `${lemma}ation`, `${lemma.replace(/e$/, '')}ation`, `${lemma.replace(/er$/, 'r')}ation`, `${lemma}ment`, `${lemma}al`];
  const found = [...new Set(nouns.map((n) => ctx.index.resolve([n])).filter((e): e is string => !!e))];
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Shapes of whole sentences the statement stage (statements.ts) reads before anything else: a
 * record type's name said alone as a sentence ("Members."), a section's name ("Access."), a label
 * that says who makes its records ("projects the kids make"), and a right used, then who is told
 * ("Coordinators can cancel a work party, and everyone signed up should get an email").
 */
import { participle } from './workflow-phrases';

/** A record type's plural said alone as a sentence ("Members.", "Work sessions."). */
export const LABEL_SENTENCE = /^[A-Za-z][a-z-]*(?:\s+[a-z-]+)?\.?$/;
/** A section's name said alone as a sentence ("Access.", "Automation."). */
export const SECTION_SENTENCE = /^[A-Za-z][a-z-]*(?:\s+[a-z-]+){0,2}\s*[.:]?$/;

/** "projects the kids make", "jobs we do": the records a label names, without who makes them. */
export function withoutMakers(label: string): string {
  return label.replace(/^\s*([a-z][a-z-]*[^s\W]s)\s+(?:that\s+|which\s+)?(?:(?:the|our|my)\s+[a-z]+s|we|they|i|you|people|members|customers)\s+(?!(?:can|could|may|must|should|will|would|do|does|is|are|have|has)\b)[a-z]+\s*$/i, '$1');
}

/** "Coordinators can cancel a work party, and everyone signed up should get an email": a right, then what follows when it is used. */
const ACT_THEN_TOLD = /^(.+?\b(?:can|may|will|should be able to)\s+(?:also\s+)?(cancel|close|approve|reject|decline|confirm|publish|postpone|reschedule|complete|finish|accept)\s+(?:a|an|the|any)\s+([a-z]+(?:\s+[a-z]+)?))\s*,?\s+and\s+(?:then\s+)?((?:everyone|everybody|all|the|each|every|their|its|anyone)\b[^,]*?)\s+(?:should|will|must|needs? to)?\s*(?:get|gets|receive|receives|be\s+sent|is\s+sent|are\s+sent)\s+(an?\s+[a-z-]+(?:\s+[a-z-]+)?|[a-z-]+)\s*\.?$/i;

/** The right, then the workflow it sets off, as two sentences; undefined when the sentence is not so. */
export function rightThenTold(sentence: string): string[] | undefined {
  const told = ACT_THEN_TOLD.exec(sentence.trim());
  if (!told) return undefined;
  const record = told[3]!;
  return [told[1]!, `When ${/^[aeiou]/i.test(record) ? 'an' : 'a'} ${record} is ${participle(told[2]!)}, ${told[4]!.trim()} should get ${told[5]!.trim()}`];
}

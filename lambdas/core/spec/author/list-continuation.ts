/**
 * Whether a sentence goes on with the field list of the colon line before it (statements.ts):
 * "theft reports: always for one bike. date stolen, where it was stolen from, ..." and, after a
 * quick note's label, a file or the status said on their own.
 */
import { isBareFieldList } from './bare-lists';
import { readDefinition } from './definitions';
import { readRelations } from './relations';
import { readStates } from './states';
import { readFieldPhrase, splitFieldList } from './fields';
import { TASK_VERBS, verbLemma } from './workflow-phrases';

/**
 * A sentence that goes on with the fields of the colon line before it: a bare field list, or
 * three items or more, most of them read as fields, with no subject of its own ("date stolen,
 * where it was stolen from, a crime ref number (unique), was it locked y/n, ...").
 */
export function continuesList(sentence: string): boolean {
  if (isBareFieldList(sentence)) return true;
  const first = sentence.trim().split(/\s+/)[0]!.toLowerCase();
  // ("what they want (free text, can be long)": what a parenthesis says is the field's, no clause of the sentence.)
  const bare = sentence.replace(/\([^()]*\)/g, '');
  if (/^(?:we|i|you|they|it|he|she|there|if|when|once|after|so|but|and|then|wait)$/.test(first) || TASK_VERBS.has(verbLemma(first)) || bare.includes(':') || /\b(?:can|may|must|should|will|could)\s/i.test(bare)) return false;
  if (readDefinition(sentence) !== undefined || readRelations(sentence) !== undefined) return false;
  const items = splitFieldList(sentence);
  const fields = items.map((item) => readFieldPhrase(item, { entities: [] }));
  const mostlyFields = items.length >= 3 && fields[0] !== undefined && fields.filter(Boolean).length * 3 >= items.length * 2;
  // ("total, deposit %, valid until date, status draft / sent / accepted": a field with its states among others is still a list.)
  if (mostlyFields) return true;
  // ("pdf of the quote, pdf only max 10mb", "drawings/plans upload, pdf, 25mb max": one file with its rules;
  // "status goes booked > in progress > complete": the status and its states.)
  const states = readStates(sentence);
  // (Not "Images only, max 3 MB.": the rules of the file said before, no field of its own.)
  const fileRules = /^(?:(?:images?|photos?|pictures?|pdfs?|jpe?gs?|pngs?|gifs?)(?:\s+(?:only|or|and|max|up to|under|no)\b|\s*,)|any\s+(?:image|file)|max(?:imum)?\b|up\s+to\b|no\s+more\s+than\b|at\s+most\b|under\b)/i.test(sentence.trim());
  return (fields[0]?.field.type === 'file' && !fileRules) || (states !== undefined && /^(?:status|state|stage)$/i.test(states.topic));
}

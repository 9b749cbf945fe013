/**
 * What the sentences after a bulleted field say of it ("- the master audio, as WAV or MP3. These
 * are large, so please allow up to 500 MB."): its rules, as a descriptor the field reader reads.
 */
import { readFieldRule } from './field-rules';

/**
 * A sentence after a bulleted field that states its rule ("These are large, so please allow up to
 * 500 MB", "No interview is to be stored without it"), as a descriptor of the field, or undefined.
 */
export function bulletRule(said: string): string | undefined {
  const text = said.trim().replace(/[.;]+$/, '');
  if (/^(?:no|nothing)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|are|can|may|should)\s+(?:to\s+)?be\s+(?:stored|saved|kept|created|accepted|recorded|added|filed)\s+without\s+(?:it|one|them)$/i.test(text)) return 'required';
  // ("This is a yes/no and it has to be filled in every time": required, whatever else the sentence says of it.)
  if (/^(?:this|it)\b[^;]*\b(?:has\s+to|must|needs?\s+to)\s+be\s+(?:filled\s+in|there|given|answered|entered|ticked)\b|^(?:this|it)(?:['’]s|\s+is)\s+(?:required|mandatory|compulsory)\b/i.test(text)) return 'required';
  const rule = readFieldRule(text);
  if (!rule?.pronoun) return undefined;
  const t = rule.traits;
  const parts = [
    ...(t.required ? ['required'] : []),
    ...(t.unique ? ['unique'] : []),
    ...(t.maxBytes !== undefined ? [`max ${Math.round((t.maxBytes / 1048576) * 100) / 100} MB`] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : undefined;
}

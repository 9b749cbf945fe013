/**
 * Lines of quick notes that give a role its rights ("league admins: full access", "fitters - see
 * jobs n update them"), said as the rights reader's sentences; and how a colon list of rights is
 * told from a colon list of fields.
 */
import { GROUP_WORDS, PEOPLE_LABEL } from './statement-wording';
import { NAMED_ADMINS } from './role-sentences';

/** Words that open a list of rights, not of fields ("bakers: read products and update orders"). */
// (Also "Full control of training sessions", "Log in to view their own details".)
export const RIGHTS_START = /^(?:can\b|full (?:access|control)|complete (?:access|control)|total control|all access|everything|evrything|anything|(?:read|see|view|create|update|edit|delete|manage|log|add|book|submit|approve|browse|write|upload|record|comment|cancel|assign|remove)s?\b|look at|do\b|crud\b|no access|read-only|only\b)/i;

/**
 * "Sources: record type (baptism or will), date of the record, a scan" lists fields even though
 * its first word is also a verb of rights: three or more comma items, most of them not led by a
 * verb, are a field list ("bakers: read products, update orders" is led by verbs throughout).
 */
export function manyNounItems(list: string): boolean {
  const items = list.replace(/\([^()]*\)/g, '').split(/\s*,\s*/).filter(Boolean);
  return items.length >= 3 && items.filter((item) => RIGHTS_START.test(item)).length * 2 < items.length;
}

/**
 * "league admins: full access", "bakers: read products and read/update orders" -> "league admins
 * can do everything", "bakers can read products and read and update orders": the rights reader's
 * sentence form. Slashed verbs ("create/read/update") become a list.
 */
export function rightsLine(text: string): string | undefined {
  // ("office - do everything", "fitters - see jobs n update them": a dash for the colon in quick notes.)
  // ("committee = admins, we can do everything", written "committee: admins, ..." by the segmenter): the administrators.
  if (NAMED_ADMINS.test(text.trim())) return 'The admin can do everything';
  // ("Service manager (that's me and my deputy) - everything, on everything": who they are is no part of the role.)
  const line = text.trim().replace(/^([a-z][a-z ]{1,40}?)\s*\((?:that['’]s|i\.e\.|namely|incl\.?|including)?\s*[^()]*\b(?:me|us|my|our|myself)\b[^()]*\)(?=\s*[-–—:])/i, '$1');
  const m = /^([^:]{1,60}):\s*(.+)$/.exec(line) ?? /^([a-z][a-z ]{1,40}?)\s+[-–—]\s+(?=(?:do|see|view|read|look|add|make|manage|create|edit|update|book|submit|can|everything|anything|full\s+access|all\s+access)\b)(.+)$/i.exec(line);
  if (!m) return undefined;
  const label = m[1]!.trim();
  const list = m[2]!.trim();
  if (GROUP_WORDS.test(label) && !PEOPLE_LABEL.test(label)) return undefined;
  if (!RIGHTS_START.test(list) || (manyNounItems(list) && !/^(?:manages|reads|sees|views|creates|updates|edits|deletes|log(?:s)? in\b)/i.test(list))) return undefined;
  const verbs = list
    .replace(/\s+\+\s+/g, ' and ')
    .replace(/^(?:full access|all access|everything|evrything|anything|all|crud)\b(?:\s*,?\s*(?:on|to|over|with)\s+everything)?\.?$/i, 'do everything')
    .replace(/^(?:full|complete|total)\s+(?:access|control)\s+(?:of|over|on|to)\s+/i, 'manage ')
    .replace(/^(manage|read|see|view|create|update|edit|delete)s\b/i, '$1')
    .replace(/^log\s+in\s+(?:to|and)\s+/i, '')
    .replace(/\b([a-z]+)\/([a-z]+)(?:\/([a-z]+))?(?:\/([a-z]+))?\b/gi, (_all, a: string, b: string, c?: string, d?: string) => [a, b, c, d].filter(Boolean).join(', ').replace(/, ([^,]+)$/, ' and $1'));
  // "everybody, even without login: read teams" -> "everybody can read teams without login".
  const qualified = /^(.*?)\s*,?\s*(?:even\s+)?((?:without|w\/o)\s+.+)$/i.exec(label);
  if (qualified) return `${qualified[1]} can ${verbs} ${qualified[2]}`;
  // Each part after a semicolon, or each verb phrase of a comma list ("add pupils, upload
  // waivers, book lessons"), keeps the label as its subject.
  return verbs
    .split(/\s*;\s*/)
    .flatMap((part) => {
      const phrases = part.split(/\s*,\s*(?:and\s+)?|\s+and\s+(?=(?:see|read|view|create|add|update|edit|delete|remove|manage|book|upload|log|submit|approve|browse|write|record|comment|cancel|assign)\b)/i);
      // (Only phrases with their own object: "create, read and update orders" stays one.)
      if (!(phrases.length > 1 && phrases.every((p) => RIGHTS_START.test(p) && p.trim().split(/\s+/).length > 1))) return [part];
      // ("see jobs n update them, add snags + see them": "them" is what the phrase before named.)
      return phrases.map((p, i) => {
        const pronoun = /^([a-z]+)\s+(?:them|it)\b(.*)$/i.exec(p.trim());
        const before = i > 0 ? /^(?:[a-z]+)\s+(?:(?:the|all|any|their own|their)\s+)?([a-z]+(?:\s+[a-z]+)?)$/i.exec(phrases[i - 1]!.trim().replace(/\s*\([^()]*\)/g, '')) : null;
        return pronoun && before && !/^(?:them|it)$/i.test(before[1]!) ? `${pronoun[1]} ${before[1]}${pronoun[2]}` : p;
      });
    })
    .filter(Boolean)
    .map((part) => `${label} ${/^can\b/i.test(part) ? '' : 'can '}${part}`.replace(/\s+/g, ' '))
    .join('; ');
}

/**
 * Allowed values of a field: a list as written (`a, b or c`, `a/b/c`, `a, b and c`) split into
 * values, each made a snake_case value (`no-show` -> no_show, `in review` -> in_review) except
 * codes written in capitals, which keep them (`USD`, `A4`, `IPA`); and yes/no pairs, which are a
 * boolean rather than two values.
 */
import { BOOLEAN_PAIRS, RULE_WORDS, TYPE_PHRASES, FORMATS, GENERIC_FORMATS, SIZE_UNITS, UNITS } from './field-words';

/** `a, b or c` / `a/b/c` / `a, b, and c` / `either a or b` -> ['a', 'b', 'c'] (as written). */
export function splitValues(text: string): string[] {
  const t = text.trim().replace(/^(?:either|one of:?|values?:?|options?:?)\s+/i, '').replace(/[.;]+$/, '');
  // ("fruit and veg, dairy, bread or tinned": with two commas or more, an "and" is part of a value,
  // except in the last item, "..., conditioning and packaged".)
  const commaList = (t.match(/,/g) ?? []).length >= 2;
  const pieces = commaList
    ? t.split(/\s*,\s*/).flatMap((piece, i, all) => piece.split(i === all.length - 1 ? /\s+(?:or|and|then)\s+/i : /\s+or\s+/i)).flatMap((piece) => piece.split(/\s*\/\s*/))
    : t.split(/\s*,\s*(?:(?:or|and)\s+)?|\s*\/\s*|\s+(?:or|and|to|then)\s+/i);
  return pieces.map((v) => v.trim().replace(/^(?:either|or|and|then)\s+/i, '').replace(/^["'`“]|["'`”]$/g, '').replace(/^(?:either|or|and|then)\s+/i, '')).filter(Boolean);
}

/** Can this item of a list be an allowed value (a short word or two, not a rule, type or size)? */
export function isValueLike(item: string): boolean {
  const lower = item.toLowerCase();
  const words = lower.split(/\s+/);
  // ("award of a lower degree": a value of a few more words when a preposition holds them together.)
  // ("cash at the hut": at a place, too; "pay as you go": and a manner.)
  if (words.length > (/^[a-z]+(?:\s+[a-z]+)?\s+(?:of|for|with|to|in|at|on|by|from|as)\s+/.test(lower) ? 5 : 3) || !/[a-z]/.test(lower) || /[()":]/.test(item)) return false;
  if (/\d\s*(?:kb|mb|gb)\b/.test(lower) || /^-?\d+(?:\.\d+)?$/.test(lower)) return false;
  if (words.some((w) => RULE_WORDS.has(w) || SIZE_UNITS[w] !== undefined)) return false;
  if (TYPE_PHRASES[lower] !== undefined && !/^(?:day|choice|count|price|amount|link|phone)$/.test(lower)) return false;
  if (FORMATS[lower] !== undefined || GENERIC_FORMATS[lower] !== undefined) return false;
  // ("not available", "not fixable": a state said with "not" is one.)
  // ("no answer", "no show": so is an outcome said with "no".)
  return !/^(?:a|an|the|is|are|it|its|their|max|min|up|at|no|not|only|both)$/.test(words[0]!) || words.length === 1 || (words[0] === 'not' && (words.length === 2 || (words.length === 3 && /^(?:as|yet|quite)$/.test(words[1]!)))) || (words[0] === 'no' && words.length === 2 && !/^(?:more|less|longer|later|bigger|larger|limit|one|need)$/.test(words[1]!));
}

/** Ways of reaching someone or doing something ("phone, email, letter or text message"): values in a list of three or more, though they name types alone. */
export const CHANNEL_WORD = /^(?:email|e-mail|phone|telephone|phone call|text|text message|sms|post|letter|video|video call|audio|online|in person|cash|card|cheque|bank transfer|whatsapp|website|web|app|walk-in)$/i;

/** A short item that can be a value (`sail or motor`, `1 MB max`), not a field with an article. */
export function isBareValueItem(text: string): boolean {
  const t = text.trim().replace(/^(?:or|and)\s+/i, '');
  // ("wheelchair accessible or not": a yes/no field of its own, not a value.)
  if (/\s(?:or not|yes or no)$/i.test(t)) return false;
  if (/^(?:a|an|the|their|its|his|her|one|some|any|our|my|whether|if|how|when|where|who)\s/i.test(t) || /[:(]/.test(t)) return false;
  // ("..., status open or closed": a field named with its values, not more values of the one before.)
  if (/^(?:status|state|stage|phase|type|kind|category)\s+\S+\s+or\s/i.test(t)) return false;
  // ("length in metres", "suitable for juniors": a measure in its unit, and whom it suits, are fields.)
  if (/^[a-z]+\s+in\s+(\S+)$/i.test(t) && UNITS[/\s(\S+)$/.exec(t)![1]!.toLowerCase()] || /^(?:suitable|meant|aimed|intended)\s+for\s/i.test(t)) return false;
  const items = t.split(/\s+(?:or|and)\s+/i);
  // ("Laser, 420, Optimist": a number of digits among names is a name too.)
  return items.every((v) => v.split(/\s+/).length <= 3 && (isValueLike(v) || CHANNEL_WORD.test(v) || /\d\s*(?:kb|mb|gb)\b/i.test(v) || /^\d{2,4}$/.test(v)));
}

/** The values of a list, when it is one: 2+ items, each value-like. */
export function valueList(said: string): string[] | undefined {
  // ("the men's dorm, the women's dorm or the family room, those are the only three": the list is closed, no value more.)
  const text = said.replace(/\s*[,;-]+\s*(?:and\s+)?(?:those|these|that)(?:['’](?:s|re)|\s+are|\s+is)\s+(?:the\s+)?(?:only|all\s+the|all\s+of\s+them)\b[^,]*$|\s*[,;-]+\s*(?:and\s+)?that['’]?s\s+(?:it|all)$/i, '');
  // ("weight in pounds (decimals fine, e.g. 12.75)": an example, not a choice.)
  // ("(Power tools, Access, Gardening...)", "(oak, pine etc.)": examples of an open list.)
  // ("(M25, MM106, that kind of thing)": so are they with a word for the rest.)
  if (/(?:^|\s)(?:e\.\s?g\.|i\.\s?e\.|eg\b|for example\b|for instance\b)|\.\.\.|…|\betc\b|\band so on\b|\b(?:that|this)\s+(?:kind|sort|type)\s+of\s+(?:thing|stuff)|\band the like\b|\bor similar\b|\bor whatever\b/i.test(text)) return undefined;
  // ("which is 1 or higher", "18 or over": a bound, no values.)
  if (/\d\s+or\s+(?:more|higher|above|over|greater|upwards|less|lower|below|under|fewer)\b/i.test(text)) return undefined;
  // ("(Bessie and Dolly, don't judge)": a remark among them makes them examples, no closed list.)
  if (/\b[a-z]+n['’]t\b|\b[a-z]+['’](?:re|m|ll|ve|d)\b/i.test(text)) return undefined;
  // ("(one of our volunteers, all of whom log in)": who it is, no values.)
  if (/\b(?:one\s+of\s+(?:our|the|us)|all\s+of\s+whom|of\s+whom)\b/i.test(text)) return undefined;
  // ("(just the address, typed out)": how it is written, no values.)
  if (/^\s*just\s|\b(?:typed|written|spelled|spelt)\s+(?:out|in|down)\b/i.test(text)) return undefined;
  // ("(can be a half, like 27.5)": what it may be, with an example, no list of choices.)
  if (/\blike\s+\d|^\s*(?:can|may|could)\s+be\s+(?:an?\s+)?(?:half|decimal|fraction)/i.test(text)) return undefined;
  // ("brick, render, concrete, wood or metal, it really matters for which paint we buy": a remark after the values is none of them.)
  // ("EUR or CHF, because two of our huts sit right on the border": why is none of them either.)
  const closed = text.replace(/\s*[,;]\s*(?:it|this|that|which)\s+(?:really\s+|actually\s+|honestly\s+)?(?:matters?|makes?|helps?|changes?|depends?|affects?|decides?)\b[^,]*$/i, '').replace(/\s*[,;-]\s*(?:because|since|cos|'cause|as\s+(?:we|they|some|most|two|a\s+few))\b.*$/i, '');
  // ("(we just put a nickname, farms like to stay anonymous)", "(has to be there, obviously)": a remark, no values.)
  // ("monthly, annual, pay as you go": a name with "you" in it is no remark.)
  if (/(?<!\bas\s)\b(?:we|they|you|i)\s+[a-z]+|\b(?:has|have|had)\s+to\b|\bobviously\b/i.test(closed)) return undefined;
  // ("3x3, 3x6 or 6x6 metres": the unit said once, after the last, is no part of it.)
  const split = splitValues(closed).map((v, i, all) => {
    const unit = i === all.length - 1 && all.length >= 2 ? /^(\d\S*)\s+([a-z]+)$/i.exec(v) : null;
    return unit && UNITS[unit[2]!.toLowerCase()] && all.slice(0, -1).every((w) => /^\d\S*$/.test(w)) ? unit[1]! : v;
  });
  // ("level 1, 2 or 3": the word before the first number goes with each.)
  const prefixed = /\bor\b|,/.test(closed) ? /^(?!(?:between|from|to|up|at|max|min|maximum|minimum|under|over|each|about|around|roughly|only|just)\s)([a-z]+)\s+\d+$/i.exec(split[0] ?? '') : null;
  const written = prefixed && split.length >= 2 && split.slice(1).every((v) => /^\d+$/.test(v)) ? split.map((v, i) => (i === 0 ? v : `${prefixed[1]!} ${v}`)) : split;
  // ("St Mary's Hall, the School Music Block or the Corn Exchange": a name's article is no part of the value.)
  // ("wool, cotton, acrylic, alpaca or a blend": so is an article before a value.)
  const articled = written.length >= 2 && written.some((item) => /^(?:the|a|an)\s+\S/i.test(item)) ? written.map((item) => item.replace(/^(?:the|a|an)\s+(?=\S)/i, '')) : written;
  // ("our clinic room, at home, at school, or on video": places said with where they are; the
  // preposition and the possessive are no part of the value. Only when the list is one of places
  // (two said "at ...", or one "at the ..."), as "in progress, on hold" are states.)
  const PLACE_LEAD = /^(?:at|on|in|over|via|by)\s+(?:(?:the|our|their|my|a|an)\s+)?(?=\S)/i;
  const atPlace = (item: string) => /^at\s+(?!(?:least|most|any|all|once|first|last|risk|times?)\b)[a-z]+$/i.test(item);
  const places = articled.length >= 2 && ((articled.some(atPlace) && articled.filter((item) => atPlace(item) || /^(?:on|in|over|via|by)\s+[a-z]+$/i.test(item)).length >= 2) || articled.some((item) => /^(?:at|on|in|over|via|by)\s+(?:the|our|their|my)\s+\S/i.test(item)));
  const placed = places ? articled.map((item) => item.replace(PLACE_LEAD, '').replace(/^(?:our|their|my)\s+(?=\S)/i, '')) : articled;
  // ("low / med / high": "med" between the other two is medium.)
  const items = placed.some((v) => /^low$/i.test(v)) && placed.some((v) => /^high$/i.test(v)) ? placed.map((v) => (/^med$/i.test(v) ? 'medium' : v)) : placed;
  // ("Laser, 420, Optimist, Topper or Other": a code of digits among names is one of them.)
  // ("35mm, 120 or 4x5": film formats, a number among codes of digits and letters.)
  const named = items.some((item) => /^[a-z][a-z -]*$/i.test(item) || /^\d+[a-z]+\d*$|^\d+x\d+$/i.test(item));
  if (items.length < 2 || !items.every((item) => isValueLike(item) || (named && /^\d{2,4}$/.test(item)) || (items.length >= 3 && CHANNEL_WORD.test(item)))) return undefined;
  return items;
}

/** Is this list a yes/no answer (`y/n`, `yes or no`, `true/false`)? */
export function isBooleanPair(values: readonly string[]): boolean {
  if (values.length !== 2) return false;
  const [a, b] = values.map((v) => v.toLowerCase());
  return BOOLEAN_PAIRS.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
}

/** A value as the spec writes it: `No-show` -> no_show, `in review` -> in_review, `USD`/`A4` kept. */
export function enumValue(value: string): string {
  const v = value.trim();
  if (/^[A-Z][A-Z0-9]*$/.test(v) || /^[A-Z]+\d+[A-Z0-9]*$/.test(v)) return v;
  return v
    .toLowerCase()
    // ("St Mary's Hall" -> st_marys_hall: an apostrophe joins, it does not part words.)
    .replace(/(?<=[a-z])['’](?=[a-z])/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

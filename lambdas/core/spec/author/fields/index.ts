/**
 * The field reader of the offline author's pipeline (issue 23): one field phrase, one row of a
 * field table, or a field list, into spec fields. Pure and synchronous; the wording it knows is
 * data in field-words.ts. What it could not place is returned for the author's open questions.
 */
import { entityWords } from './entities';
import type { SpecField } from '../../spec-model';
import { buildField } from './build';
import { readDescriptor } from './descriptor';
import { readPhrase } from './phrase';
import { readList } from './lists';

export { splitFieldList } from './split-list';

/** A clause with its own subject among the items of a list: a remark about them, not a field. */
const REMARK = /^(?:and\s+|but\s+|so\s+)?(?:we|they|i|you|he|she|it|this|that)(?:['’](?:s|re|ve|ll|d))?\s+(?:never|always|usually|often|just|also|really|only|don't|do not|can't|cannot|won't|can|must|should|will|has|have|had|is|are|was|were|need|needs|mix|use|get)\b/i;

export interface FieldContext {
  /** Entity names of the description, PascalCase singular (e.g. ['Marina','Dock','BoatOwner']), to read references. */
  readonly entities: readonly string[];
  /** The entity the field belongs to (PascalCase), when known. */
  readonly owner?: string;
  /**
   * People of this description besides the generic person words (its role names, snake_case,
   * e.g. ['attendee','support_agent']): named alone, one is a reference to a user (`an attendee`
   * -> attendee_id ref(User), `a support agent` -> support_agent_id). Entity names win over them.
   */
  readonly persons?: readonly string[];
}

export interface FieldReading {
  /** `required` is false unless stated; the name is snake_case. */
  field: SpecField;
  /** The text says required / mandatory / essential / must have / needed. */
  explicitRequired: boolean;
  /** The text says optional / not required / if any. */
  explicitOptional: boolean;
  /** For ref fields: the referenced entity (also in field.type `ref(X)`). */
  refEntity?: string;
  /** The field is the user who made the record (`an author`, `its creator`): the entity's owner field. */
  owner?: boolean;
  /** Words of the input the reader could not place, for the author's "Open questions". */
  unplaced: string[];
}

/** One field phrase (`registration number (unique)`, `logo: PNG, 1 MB max`, `a paid flag`); undefined when it is no field. */
export function readFieldPhrase(written: string, ctx: FieldContext): FieldReading | undefined {
  // ("goat or cow, we never mix them", "it has to be filled in every time": a remark with its own subject, no field.)
  // ("A wall usually gets several": how many, with nothing said of what.)
  // ("\"the mills\"", "and so forth": an example in quotes, or the rest of them, is no field.)
  if (/^(?:and\s+|or\s+)?["“'‘][^"”'’]*["”'’]$|^(?:and\s+)?(?:so\s+forth|so\s+on|the\s+like|etc\.?)$/i.test(written.trim()) ||
    REMARK.test(written.trim()) || /^(?:several|many|lots|loads|plenty|a few|a couple|some|one|two|three|more|most|all|none)$/i.test(written.trim())) return undefined;
  // "a notes field", "a priority field (low or high)": the word says what it is, not its name.
  const phrase = written.replace(/(\S)\s+field(?=\s*(?:[,:]|$))/i, '$1');
  const list = readList(phrase, ctx.entities, ctx.persons);
  if (list) {
    const field: SpecField = { name: list.name, type: list.type, required: false };
    return { field, explicitRequired: false, explicitOptional: false, ...(list.refEntity ? { refEntity: list.refEntity } : {}), unplaced: [] };
  }
  const parts = readPhrase(phrase, ctx.entities, ctx.owner);
  if (!parts) return undefined;
  return reading(parts.words, parts.traits, ctx);
}

/** One row of a Markdown field table: name cell, type cell, rules or notes cell. */
export function readFieldRow(cells: { name: string; type?: string; rules?: string }, ctx: FieldContext): FieldReading | undefined {
  const parts = readPhrase(cells.name, ctx.entities, ctx.owner);
  if (!parts) return undefined;
  if (cells.type?.trim()) readDescriptor(cells.type, parts.traits, ctx.entities);
  if (cells.rules?.trim()) readDescriptor(cells.rules, parts.traits, ctx.entities);
  return reading(parts.words, parts.traits, ctx);
}

function reading(words: string[], traits: Parameters<typeof buildField>[1], ctx: FieldContext): FieldReading | undefined {
  // ("a size: standard, large or a foaling box" of a box: the record's own noun after the last value is no part of it.)
  const noun = ctx.owner ? entityWords(ctx.owner).at(-1) : undefined;
  const values = traits.values;
  if (noun && values && values.length >= 2 && values.slice(0, -1).every((v) => !/\s/.test(v.trim()))) {
    const last = values.at(-1)!.trim();
    const tail = new RegExp(String.raw`^(\S+)\s+${noun}s?$`, 'i').exec(last);
    if (tail) traits.values = [...values.slice(0, -1), tail[1]!];
  }
  const built = buildField(words, traits, ctx.entities, ctx.persons);
  if (!built) return undefined;
  return {
    field: built.field,
    explicitRequired: traits.required,
    explicitOptional: traits.optional,
    ...(built.refEntity ? { refEntity: built.refEntity } : {}),
    ...(built.owner ? { owner: true } : {}),
    unplaced: [...traits.unplaced],
  };
}

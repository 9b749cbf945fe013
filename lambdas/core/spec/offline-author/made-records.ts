/**
 * The record type an act makes when the act names it rather than its object: "book a room" makes
 * a Booking, "borrow a game" a Loan (nominalEntity); "customers can book online", said with no
 * object, the one record type that starts in the state the act leaves it in, booked (startedBy).
 */
import type { EntityIndex } from './entity-index';
import { participle } from '../author/workflow-phrases';
import { ACT_RECORD_NAMES, RIGHT_VERBS } from './lexicon';
import type { RightsContext } from './rights';

/** The record type named after a verb (book -> Booking, reserve -> Reservation, pay -> Payment), if not the object itself. */
export function nominalEntity(verbs: string[], index: EntityIndex, objects: string[]): string | undefined {
  for (const v of verbs) {
    // ("request an item" where requests are records: the verb is the record's own name.)
    const same = index.names.find((n) => n.toLowerCase() === v);
    if (same && !objects.includes(same)) return same;
    if (!RIGHT_VERBS[v] && v !== 'do') {
      const entity = index.resolve([v]);
      if (entity && !objects.includes(entity)) return entity;
    }
    for (const name of ACT_RECORD_NAMES[v] ?? []) {
      const entity = index.resolve(name.split('_'));
      if (entity && !objects.includes(entity)) return entity;
    }
    const stem = v.replace(/e$/, '');
    // (enter -> entry, deliver -> delivery.)
    const forms = [`${v}ing`, `${stem}ing`, `${v}${v.slice(-1)}ing`, `${v}ment`, `${stem}ation`, `${v}ation`, `${v.replace(/er$/, 'r')}ation`, `${stem}al`, `${v.replace(/ibe$/, 'iption')}`, `${stem}ion`, `${v}al`, `${v.replace(/er$/, 'ry')}`];
    // (A form that is the verb itself, `record` for a TrainingRecord, names no other record type.)
    for (const form of forms.filter((f) => f !== v)) {
      const entity = index.resolve([form]);
      if (entity && !objects.includes(entity)) return entity;
    }
  }
  return undefined;
}

/** The one record type that starts in the state a verb said alone leaves it in ("book online": the record that starts booked). */
export function startedBy(verbs: string[], ctx: RightsContext): string | undefined {
  const made = [...new Set(verbs.flatMap((v) => ctx.startingIn?.(participle(v)) ?? []))];
  return made.length === 1 ? made[0] : undefined;
}

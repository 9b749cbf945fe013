/** Who a rights sentence speaks of when it is no role: the public. */
import type { EntityIndex } from './entity-index';
import { PUBLIC_AUDIENCE } from './lexicon';

/**
 * Is the subject the public ("anyone", "visitors")? Not when it names a record type the text
 * describes: visitors who register with their details and book are signed-in people with a role,
 * and reading them as the public would open their records to everyone.
 */
export function isPublicAudience(subject: readonly string[], index: EntityIndex): boolean {
  return PUBLIC_AUDIENCE.test(subject.join(' ')) && index.resolve([...subject]) === undefined;
}

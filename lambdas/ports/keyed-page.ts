/**
 * A page of a control-plane list, newest first. The store says where the page ended (`lastKey`,
 * absent on the last page); the use case signs it into the client's cursor (core/cursor.ts) and
 * hands it back, verified, as the next call's `startKey`. The key's attributes are the store's
 * business: a use case never reads them.
 */
import type { CursorKey } from '../core/cursor';

export interface KeyedPage<T> {
  readonly items: T[];
  readonly lastKey?: CursorKey;
}

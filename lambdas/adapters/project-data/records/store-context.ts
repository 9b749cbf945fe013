/**
 * What every part of the record store works with: the project's table, its blueprint (the
 * entities and their relations) and the clock that dates a cleared reference. Built once by
 * the DynamoRecordStore façade.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BlueprintIR, IrEntity, USER_ENTITY } from '../../../core/blueprint/ir';
import type { Clock } from '../../../core/clock';
import type { RecordScope } from '../../../ports/record-store';
import { scopePrefix } from '../project-table-keys';

export interface RecordStoreContext {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly ir: BlueprintIR;
  readonly clock: Clock;
  /** The blueprint's entity of this name; an unknown name is a server bug (a plain Error). */
  entity(name: string): IrEntity;
}

export function recordStoreContext(props: Omit<RecordStoreContext, 'entity'>): RecordStoreContext {
  const entities: ReadonlyMap<string, IrEntity> = new Map(props.ir.entities.map((entity) => [entity.name, entity]));
  return {
    ...props,
    entity(name) {
      const found = entities.get(name);
      if (!found) throw new Error(`The blueprint has no entity ${name}`);
      return found;
    },
  };
}

/** The key prefix of an entity's items in this scope (the organization, when tenant-scoped). */
export const prefixOf = (ctx: RecordStoreContext, entity: IrEntity | typeof USER_ENTITY, scope: RecordScope): string => scopePrefix(ctx.ir, entity, scope.orgId);

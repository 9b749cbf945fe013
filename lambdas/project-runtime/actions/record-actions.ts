/**
 * CRUD of every entity under `/v1/<collection>` (CONTRACT "Entities and fields", "Server-owned
 * fields", lists). Bodies are checked by record-validation.ts against the blueprint; the store
 * writes with the organization in every key and own-only rights in the condition expression.
 */
import type { IrEntity } from '../../core/blueprint/ir';
import { parseListQuery } from '../../core/project-api/list-query';
import { newRecordId } from '../../core/project-api/record-id';
import { validateCreate, validatePatch, validateReplace, type RecordValues } from '../../core/project-api/record-validation';
import { ForbiddenError } from '../../core/errors';
import type { StoredRecord } from '../../ports/record-store';
import type { HandlerResult } from '../../shared/http-types';
import type { ActionInput } from '../action-input';
import { accessToRecord, accessWithoutRecord, ownOnly, type RecordAccess } from './access';
import { attachFiles, forgetFiles } from './file-actions';

export const recordActions = {
  'crud.list': async (input: ActionInput): Promise<HandlerResult> => {
    const { entity, caller, scope, listScope } = await accessWithoutRecord(input);
    const query = parseListQuery(entity, input.query, input.services.ir.limits);
    const page = await input.services.records.list(entity, scope, {
      limit: query.limit,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.filter ? { filter: query.filter } : {}),
      ...(listScope === 'own' && caller ? { ownerId: caller.userId } : {}),
    });
    return { body: { items: page.items, next_cursor: page.nextCursor } };
  },

  'crud.create': async (input: ActionInput): Promise<HandlerResult> => {
    const { entity, caller, scope } = await accessWithoutRecord(input);
    const values = validateCreate(entity, input.body);
    if (entity.ownerField !== 'owner_id' && caller) {
      // The owner is another user reference (a loan's member_id): a caller who may create only
      // own records cannot make one for somebody else; left out, it is the caller.
      const named = values[entity.ownerField];
      if (ownOnly(input, entity, caller) && named !== undefined && named !== caller.userId) {
        throw new ForbiddenError(`Not allowed: you may create ${entity.name} records only for yourself (${entity.ownerField})`);
      }
      if (named === undefined && ownOnly(input, entity, caller)) values[entity.ownerField] = caller.userId;
    }
    const at = input.now.toISOString();
    const record = inFieldOrder(entity, {
      id: newRecordId(input.now),
      ...(scope.orgId !== null ? { org_id: scope.orgId } : {}),
      // A public create without a token makes a record nobody owns.
      owner_id: caller?.userId ?? '',
      created_at: at,
      updated_at: at,
      ...values,
    });
    await input.services.records.create(entity, scope, record);
    return { body: record };
  },

  'crud.read': async (input: ActionInput): Promise<HandlerResult> => {
    const { record } = await accessToRecord(input);
    return { body: record };
  },

  'crud.replace': async (input: ActionInput): Promise<HandlerResult> => {
    const access = await accessToRecord(input);
    return write(input, access, validateReplace(access.entity, input.body, access.record));
  },

  'crud.update': async (input: ActionInput): Promise<HandlerResult> => {
    const access = await accessToRecord(input);
    return write(input, access, validatePatch(access.entity, input.body, access.record));
  },

  'crud.delete': async (input: ActionInput): Promise<HandlerResult> => {
    const { entity, scope, record, guard } = await accessToRecord(input);
    await input.services.records.delete(entity, scope, record, guard);
    await forgetFiles(input, entity, record, {});
    return { status: 204 };
  },
};

async function write(input: ActionInput, access: RecordAccess, values: RecordValues): Promise<HandlerResult> {
  const { entity, caller, scope, record: before, guard } = access;
  if (entity.ownerField !== 'owner_id' && ownOnly(input, entity, caller) && caller && values[entity.ownerField] !== caller.userId) {
    throw new ForbiddenError(`Not allowed: you may not give your ${entity.name} records to somebody else (${entity.ownerField})`);
  }
  // Newly attached files are copied to their final keys first, so the record never holds a key
  // without its object; the write is conditioned on the record being unchanged, and only then
  // are the staging objects dropped. A failed write deletes the copies again.
  const attachments = await attachFiles(input, access, values);
  const after = inFieldOrder(entity, {
    id: before.id,
    ...(before.org_id !== undefined ? { org_id: before.org_id } : {}),
    owner_id: before.owner_id,
    created_at: before.created_at,
    updated_at: input.now.toISOString(),
    ...values,
  });
  try {
    await input.services.records.update(entity, scope, before, after, guard);
  } catch (err) {
    await attachments.abandon();
    throw err;
  }
  await attachments.commit();
  await forgetFiles(input, entity, before, after);
  return { body: after };
}

/** The record's keys in the entity's field order (responses read like the schema). */
export function inFieldOrder(entity: IrEntity, values: Record<string, unknown>): StoredRecord {
  const out: Record<string, unknown> = {};
  for (const field of entity.fields) if (values[field.name] !== undefined) out[field.name] = values[field.name];
  return out as StoredRecord;
}

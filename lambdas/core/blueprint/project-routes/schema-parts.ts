/**
 * Pieces the manifest's schemas are built from: closed request objects, open response objects,
 * and the values several routes share (emails, codes, timestamps, path ids, cursors).
 */
import { RECORD_ID_LENGTH, RECORD_ID_PATTERN, USER_ID_LENGTH, USER_ID_PATTERN } from '../../project-api/record-id';
import type { JsonSchema } from './types';

/** Request objects are closed: an unknown field is a 400. */
export function objectSchema(properties: Record<string, JsonSchema>, required: string[], extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: 'object', ...extra, properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/** Response objects are not closed: clients must ignore fields added later. */
export function responseObject(properties: Record<string, JsonSchema>, required: string[], description?: string): JsonSchema {
  return { type: 'object', ...(description ? { description } : {}), properties, ...(required.length > 0 ? { required } : {}) };
}

export const EMAIL: JsonSchema = { type: 'string', format: 'email', maxLength: 254 };
export const CODE: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, description: 'The code sent by email.' };
export const TIMESTAMP: JsonSchema = { type: 'string', format: 'date-time' };
/** Path ids have the shape of the ids the API gives out (record-id.ts); another value names nothing (404). */
export const RECORD_ID: JsonSchema = { type: 'string', minLength: RECORD_ID_LENGTH, maxLength: RECORD_ID_LENGTH, pattern: RECORD_ID_PATTERN, description: 'Record id.' };
export const ID_PARAMS: JsonSchema = objectSchema({ id: RECORD_ID }, ['id']);
export const USER_ID_PARAMS: JsonSchema = objectSchema({ id: { type: 'string', minLength: USER_ID_LENGTH, maxLength: USER_ID_LENGTH, pattern: USER_ID_PATTERN, description: 'User id.' } }, ['id']);
export const NEXT_CURSOR: JsonSchema = { type: 'string', nullable: true, description: 'Opaque cursor of the next page; null on the last page.' };

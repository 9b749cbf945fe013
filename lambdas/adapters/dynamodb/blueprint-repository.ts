/**
 * Blueprints and their generation state in the control-plane table.
 *
 *   BLUEPRINT#<id> / BLUEPRINT      status, progress, current step, steps done, error, report
 *   BLUEPRINT#<id> / PART#<name>    what a step produced (the parsed spec, the IR), one item each
 *   GENERATION#PENDING / <id>       present while a generation runs: a restart resumes these
 *
 * Steps pass ids, not documents: each step reads its inputs from these items and writes its
 * output in one transaction with the "step done" mark, so a step interrupted by a crash runs
 * again from the start and a finished one never runs twice.
 */
import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ValidationReport } from '../../core/blueprint/validate-blueprint';
import { NotFoundError } from '../../core/errors';
import { MAX_PART_BYTES, PartTooLargeError, type BlueprintRecord, type BlueprintRepository, type GenerationOutcome } from '../../ports/blueprint-repository';
import { keys } from './keys';

const blueprintKey = keys.blueprint;
const partKey = keys.blueprintPart;
const pendingKey = keys.pendingGeneration;

function toRecord(item: Record<string, unknown>): BlueprintRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, ...rest } = item;
  return rest as unknown as BlueprintRecord;
}

export class DynamoBlueprintRepository implements BlueprintRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** A new blueprint in `processing`, registered as pending so a restart resumes it. */
  async create(input: { projectId: string; ownerId: string; specVersion: number; firstStep: string; now: Date }): Promise<BlueprintRecord> {
    const at = input.now.toISOString();
    const record: BlueprintRecord = {
      id: randomUUID(),
      projectId: input.projectId,
      ownerId: input.ownerId,
      specVersion: input.specVersion,
      status: 'processing',
      currentStep: input.firstStep,
      progress: 0,
      stepsDone: [],
      startedAt: at,
      createdAt: at,
      updatedAt: at,
      completedAt: null,
      error: null,
      validation: null,
    };
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.tableName,
              Item: { ...blueprintKey(record.id), GSI1PK: keys.projectBlueprints(input.projectId), GSI1SK: keys.listOrder(at, record.id), ...record },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          { Put: { TableName: this.tableName, Item: { ...pendingKey(record.id), createdAt: at } } },
        ],
      }),
    );
    return record;
  }

  async get(id: string): Promise<BlueprintRecord | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: blueprintKey(id), ConsistentRead: true }));
    return Item ? toRecord(Item) : null;
  }

  /** The blueprint if it belongs to `ownerId` (and, when given, to `projectId`); else 404. */
  async getOwned(ownerId: string, id: string, projectId?: string): Promise<BlueprintRecord> {
    const record = await this.get(id);
    if (!record || record.ownerId !== ownerId || (projectId !== undefined && record.projectId !== projectId)) {
      throw new NotFoundError('Blueprint not found');
    }
    return record;
  }

  async getPart<T>(id: string, name: string): Promise<T | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: partKey(id, name), ConsistentRead: true }));
    return Item ? (JSON.parse(gunzipSync(Item.gz as Uint8Array).toString('utf8')) as T) : null;
  }

  /** Marks `step` as running (progress never decreases). */
  async startStep(id: string, step: string, now: Date): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: blueprintKey(id),
        UpdateExpression: 'SET currentStep = :step, updatedAt = :now',
        ConditionExpression: '#status = :processing',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':step': step, ':now': now.toISOString(), ':processing': 'processing' },
      }),
    );
  }

  /**
   * Records a finished step with its outputs, once: the condition refuses a second completion
   * of the same step, so a resumed generation can never apply a step twice.
   */
  async completeStep(id: string, step: string, progress: number, outputs: Record<string, unknown>, now: Date): Promise<boolean> {
    const parts = Object.entries(outputs).map(([name, value]) => {
      // Gzipped JSON: an IR is repetitive and shrinks about tenfold, so even a 200-entity
      // blueprint is a small item (DESIGN.md's bucket offload is not needed below ~2,000 entities).
      const gz = gzipSync(JSON.stringify(value));
      if (gz.length > MAX_PART_BYTES) throw new PartTooLargeError(name, gz.length);
      return { Put: { TableName: this.tableName, Item: { ...partKey(id, name), gz } } };
    });
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: blueprintKey(id),
                UpdateExpression: 'SET stepsDone = list_append(stepsDone, :step), progress = :progress, updatedAt = :now',
                ConditionExpression: '#status = :processing AND NOT contains(stepsDone, :name) AND progress <= :progress',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':step': [step], ':name': step, ':progress': progress, ':now': now.toISOString(), ':processing': 'processing' },
              },
            },
            ...parts,
          ],
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof TransactionCanceledException) return false;
      throw err;
    }
  }

  /** Ends the generation: completed or failed (with its error and report), no longer pending. */
  async finish(id: string, outcome: GenerationOutcome, now: Date): Promise<void> {
    const at = now.toISOString();
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: blueprintKey(id),
                UpdateExpression: 'SET #status = :status, #error = :error, validation = :validation, completedAt = :at, updatedAt = :at, progress = :done, currentStep = :label',
                ConditionExpression: '#status = :processing',
                ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
                ExpressionAttributeValues: {
                  ':status': outcome.status,
                  ':error': outcome.error,
                  ':validation': outcome.validation,
                  ':at': at,
                  ':done': 100,
                  ':label': outcome.status === 'completed' ? 'Completed' : 'Failed',
                  ':processing': 'processing',
                },
              },
            },
            { Delete: { TableName: this.tableName, Key: pendingKey(id) } },
          ],
        }),
      );
    } catch (err) {
      // Already finished (a resumed run racing the original): nothing to do.
      if (!(err instanceof TransactionCanceledException)) throw err;
    }
  }

  /** Stores a fresh validation report (POST /blueprints/{id}/validate). */
  async saveValidation(id: string, validation: ValidationReport, now: Date): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: blueprintKey(id),
          UpdateExpression: 'SET validation = :v, updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':v': validation, ':now': now.toISOString() },
        }),
      );
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new NotFoundError('Blueprint not found');
      throw err;
    }
  }

  /** Generations that were running when the service stopped. */
  async pending(): Promise<string[]> {
    const { Items = [] } = await this.doc.send(
      new QueryCommand({ TableName: this.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.pendingGenerationsPartition } }),
    );
    return Items.map((i) => i.SK as string);
  }
}

/** @deprecated The class's old name, until the composition root constructs DynamoBlueprintRepository (the port is BlueprintRepository). */

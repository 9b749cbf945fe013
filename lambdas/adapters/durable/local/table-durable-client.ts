/**
 * The SDK's transport (`DurableExecutionClient`: getExecutionState, checkpoint) over the project's
 * table, handed to `withDurableExecution(handler, { durableExecutionClient })`, so the handler
 * that runs on Lambda runs here unchanged.
 *
 * A refused token or a checkpoint that raced a callback ends only the current invocation
 * (scope INVOCATION): the execution carries on in the invocation that holds the current token,
 * or in the one the engine starts for the change.
 */
import {
  DurableExecutionClientError,
  DurableExecutionClientErrorScope,
  type CheckpointDurableExecutionRequest,
  type CheckpointDurableExecutionResponse,
  type DurableExecutionClient,
  type GetDurableExecutionStateRequest,
  type GetDurableExecutionStateResponse,
} from '@aws/durable-execution-sdk-js';
import type { Clock } from '../../../core/clock';
import { CheckpointConflictError, StaleCheckpointTokenError, type CheckpointStore } from './checkpoint-store';
import type { ExecutionStore } from './execution-store';
import type { DueEntry } from './operation-transitions';
import { toWireOperation } from './stored-operation';

const ARN_PREFIX = 'arn:bgs:local:durable-execution:';

/** The ARN-like id a local execution goes by (the SDK only hands it back). */
export const localExecutionArn = (instanceId: string): string => `${ARN_PREFIX}${instanceId}`;

export function instanceIdOfArn(arn: string | undefined): string {
  if (!arn?.startsWith(ARN_PREFIX)) throw new DurableExecutionClientError(`Not a local durable execution: ${arn ?? '(none)'}`, { scope: DurableExecutionClientErrorScope.EXECUTION });
  return arn.slice(ARN_PREFIX.length);
}

/** Operations per state page (the SDK asks for 1,000). */
export const STATE_PAGE_SIZE = 1000;

export interface TableDurableClientOptions {
  readonly executions: ExecutionStore;
  readonly checkpoints: CheckpointStore;
  readonly clock: Clock;
  /** Told of every due item a checkpoint adds, so the next wake-up can move earlier. */
  readonly onScheduled: (due: readonly DueEntry[]) => void;
}

export class TableDurableClient implements DurableExecutionClient {
  constructor(private readonly options: TableDurableClientOptions) {}

  async getExecutionState(params: GetDurableExecutionStateRequest): Promise<GetDurableExecutionStateResponse> {
    const instanceId = instanceIdOfArn(params.DurableExecutionArn);
    const execution = await this.options.executions.get(instanceId);
    if (!execution || execution.status !== 'RUNNING' || execution.token !== params.CheckpointToken) throw fenced(new StaleCheckpointTokenError(`Invalid checkpoint token for durable execution ${instanceId}`));
    const page = await this.options.executions.operationPage(instanceId, params.Marker, Math.min(params.MaxItems ?? STATE_PAGE_SIZE, STATE_PAGE_SIZE));
    const input = params.Marker ? undefined : await this.options.executions.inputOperation(instanceId);
    return { Operations: [...(input ? [input] : []), ...page.operations].map(toWireOperation), ...(page.nextMarker ? { NextMarker: page.nextMarker } : {}) };
  }

  async checkpoint(params: CheckpointDurableExecutionRequest): Promise<CheckpointDurableExecutionResponse> {
    const instanceId = instanceIdOfArn(params.DurableExecutionArn);
    try {
      const result = await this.options.checkpoints.checkpoint(instanceId, params.CheckpointToken ?? '', params.Updates ?? [], this.options.clock.now().getTime());
      if (result.scheduled.length > 0) this.options.onScheduled(result.scheduled);
      return { CheckpointToken: result.token, NewExecutionState: { Operations: result.operations.map(toWireOperation) } };
    } catch (err) {
      if (err instanceof StaleCheckpointTokenError || err instanceof CheckpointConflictError) throw fenced(err);
      throw err;
    }
  }
}

const fenced = (err: Error): DurableExecutionClientError => new DurableExecutionClientError(err.message, { scope: DurableExecutionClientErrorScope.INVOCATION, cause: err });

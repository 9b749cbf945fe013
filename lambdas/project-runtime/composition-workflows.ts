/**
 * The workflow half of a project's composition root as the local host runs it: the pieces wired
 * by composition-workflow-wiring.ts (the same function the AWS workflow function uses: composition-aws-workflow-function.ts) over
 * the local durable engine, which runs the handler in-process against the project's own table
 * (lambdas/adapters/durable/local/). The record-change consumers (triggers, record waits) come
 * with it, for the host's change reader; on AWS the stream function (record-changes.lambda.ts)
 * runs the same consumers.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LocalDurableEngine } from '../adapters/durable/local/local-durable-engine';
import type { NamedChangeConsumer } from '../adapters/record-changes/change-dispatcher';
import type { DurableExecutions } from '../ports/durable-executions';
import { endInstanceOfExecution } from './workflows/execution-ends';
import type { WorkflowRuntime } from './runtime-services';
import type { ServicesForWorkflows, WorkflowStorePorts } from './composition-workflow-starts';
import { workflowPieces, type WorkflowTaskPorts } from './composition-workflow-wiring';

/** What the local durable engine does on the project's table (its checkpoints, due items and callbacks). */
export const LOCAL_DURABLE_ENGINE_TABLE_ACTIONS: readonly string[] = ['BatchGetItem', 'BatchWriteItem', 'ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'];

/** What the workflows of one project need from the host besides the runtime's own services. */
export interface WorkflowHostPorts extends WorkflowStorePorts, WorkflowTaskPorts {
  /** The local engine's own client (LOCAL_DURABLE_ENGINE_TABLE_ACTIONS). */
  readonly engineDoc: DynamoDBDocumentClient;
  /** Where failures of background work go (a due pass, an invocation's bookkeeping). */
  readonly onError?: (err: unknown) => void;
}

export interface LocalWorkflows {
  readonly runtime: WorkflowRuntime;
  /** For the host's change reader: triggers first, then record waits. */
  readonly consumers: readonly NamedChangeConsumer[];
  /** The engine: `open` arms its scheduler (catching up on what fell due), `runDue` runs what is due now. */
  readonly engine: LocalDurableEngine;
}

/** Workflows run by the local durable engine in this process, over the project's table. */
export function localWorkflows(services: ServicesForWorkflows, ports: WorkflowHostPorts): LocalWorkflows {
  // The handler resumes waits through the engine that runs it: bound once the engine exists.
  const bound: { engine?: LocalDurableEngine } = {};
  const through = (): LocalDurableEngine => {
    if (!bound.engine) throw new Error('The local durable engine is not built yet');
    return bound.engine;
  };
  const executions: DurableExecutions = {
    start: (id, input) => through().start(id, input),
    sendCallbackSuccess: (id, result) => through().sendCallbackSuccess(id, result),
    sendCallbackFailure: (id, error) => through().sendCallbackFailure(id, error),
    stop: (id) => through().stop(id),
  };
  const { runtime, consumers, handler } = workflowPieces(services, ports, executions);
  const engine = new LocalDurableEngine({
    doc: ports.engineDoc,
    tableName: ports.tableName,
    handler,
    clock: services.clock,
    ...(ports.onError ? { onError: ports.onError } : {}),
    // An execution the engine failed outside the handler (a checkpoint refused, a handler that threw
    // on every attempt) could not record its own end: its instance is ended here, not left running
    // (execution-ends.ts; on AWS, Lambda's status-change events do the same).
    onExecutionFailed: async (_id, input, error) => {
      await endInstanceOfExecution(runtime.instances, services.clock, { input, status: 'FAILED', ...(error ? { error } : {}) });
    },
  });
  bound.engine = engine;
  return { runtime, consumers, engine };
}

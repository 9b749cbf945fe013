/**
 * The workflows of one mounted project, locally: its durable engine (armed at mount, so what
 * fell due while the service was down runs at once) and the reader of its table's record changes
 * that feeds the workflow consumers (triggers, record waits) through the one dispatcher. Stopped
 * when the project is unmounted, redeployed or the service stops; everything they need to go on
 * is in the project's table.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readLocalCredentials } from '../lambdas/adapters/local-credentials';
import { createChangeDispatcher } from '../lambdas/adapters/record-changes/change-dispatcher';
import { StreamReader, localStreamsClient } from '../lambdas/adapters/record-changes/stream-reader';
import type { LocalWorkflows } from '../lambdas/project-runtime/composition-workflows';

export interface RunningProjectWorkflows {
  readonly workflows: LocalWorkflows;
  /** Resolves once every change written before the call is handed on and the executions it caused have settled. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface ProjectWorkflowProps {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly dynamoEndpoint: string;
  readonly credentialsFile: string;
  readonly workflows: LocalWorkflows;
  /**
   * Whether the blueprint has workflows. Without any, nothing runs: no engine, no reader (instances
   * a former blueprint left in the table wait there until a blueprint with workflows runs them).
   */
  readonly active: boolean;
  readonly onError: (err: unknown) => void;
}

export async function startProjectWorkflows(props: ProjectWorkflowProps): Promise<RunningProjectWorkflows> {
  const { workflows } = props;
  if (!props.active) return { workflows, settled: async () => undefined, stop: async () => undefined };
  await workflows.engine.open();
  const streams = localStreamsClient(props.dynamoEndpoint, readLocalCredentials(props.credentialsFile).dynamodb);
  const reader = new StreamReader({ client: props.client, streams, tableName: props.tableName, consume: createChangeDispatcher(workflows.consumers), onError: props.onError });
  reader.start();
  return {
    workflows,
    settled: async () => {
      await reader.settled();
      await workflows.engine.settled();
    },
    stop: async () => {
      // Changes first (they start instances), then the engine, which waits for running invocations.
      await reader.stop();
      await workflows.engine.close();
      streams.destroy();
    },
  };
}

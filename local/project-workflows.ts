/**
 * The background work of one mounted project, locally: the reader of its table's record changes
 * that feeds every consumer through the one dispatcher (workflow triggers and record waits, event
 * handlers, webhooks), its durable engine when it has workflows (armed at mount, so what fell due
 * while the service was down runs at once), its event-job queue (retries, webhook deliveries) and
 * its scheduler of scheduled jobs (a missed occurrence runs once at mount: local-scheduler.ts).
 * Stopped when the project is unmounted, redeployed or the service stops; everything they need
 * to go on is in the project's table.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readLocalCredentials } from '../lambdas/adapters/local-credentials';
import { createChangeDispatcher } from '../lambdas/adapters/record-changes/change-dispatcher';
import { StreamReader, localStreamsClient } from '../lambdas/adapters/record-changes/stream-reader';
import type { LocalProjectApi } from '../lambdas/project-runtime/composition-local-project';

export interface RunningProjectWorkflows {
  readonly project: LocalProjectApi;
  /** Resolves once every change written before the call is handed on and what it caused (executions, due event jobs) has settled. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface ProjectWorkflowProps {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly dynamoEndpoint: string;
  readonly credentialsFile: string;
  readonly project: LocalProjectApi;
  readonly onError: (err: unknown) => void;
}

export async function startProjectWorkflows(props: ProjectWorkflowProps): Promise<RunningProjectWorkflows> {
  const { project } = props;
  const { workflows, events } = project;
  // Without workflows the engine stays closed (instances a former blueprint left wait in the table until a blueprint with workflows runs them).
  const withWorkflows = project.services.ir.workflows.length > 0;
  if (withWorkflows) await workflows.engine.open();
  await events.jobs.start();
  await events.scheduler?.start();
  const streams = localStreamsClient(props.dynamoEndpoint, readLocalCredentials(props.credentialsFile).dynamodb);
  const reader = new StreamReader({ client: props.client, streams, tableName: props.tableName, consume: createChangeDispatcher(project.consumers), onError: props.onError });
  reader.start();
  return {
    project,
    settled: async () => {
      // Changes start executions and queue jobs; executions and jobs write records whose changes come next: until all are quiet.
      for (let round = 0; round < 10; round += 1) {
        await reader.settled();
        if (withWorkflows) await workflows.engine.settled();
        if ((await events.jobs.runDue()) === 0) break;
      }
    },
    stop: async () => {
      // Changes first (they start instances and queue jobs), then the scheduler, the queue and the engine.
      await reader.stop();
      await events.scheduler?.stop();
      await events.jobs.stop();
      if (withWorkflows) await workflows.engine.close();
      streams.destroy();
    },
  };
}

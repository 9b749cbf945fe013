/**
 * The AWS side of a project's event handlers, scheduled jobs, event jobs and webhooks, for the
 * functions that touch them: the stream function (record-changes.lambda.ts: handlers and webhook
 * deliveries of each change, beside the workflow consumers when the stack has workflows), the
 * event-jobs function (event-jobs.lambda.ts: retries, deliveries, a job's run per organization)
 * and the schedules function (schedules.lambda.ts: EventBridge Scheduler's invocations, fanned out
 * per organization). All of them wire composition-events.ts as the local host does, with the AWS
 * ports: the SQS queue, SES, the control plane's endpoints, the HTTPS sender (no non-public address).
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { SqsEventJobs } from '../adapters/event-jobs/sqs-event-jobs';
import type { NamedChangeConsumer } from '../adapters/record-changes/change-dispatcher';
import { systemClock } from '../core/clock';
import type { EventJobQueue } from '../ports/event-jobs';
import { buildRuntime, type ProjectApiConfig } from './composition-root';
import { awsWorkflowStarts, type BuiltRuntime } from './composition-aws-workflows';
import { awsTaskPorts } from './composition-aws-task-ports';
import { eventPieces, eventRoutesRuntime, type EventPieces } from './composition-events';
import type { EventFunctionConfig, WorkflowTransportConfig } from './runtime-config';
import type { RuntimeServices } from './runtime-services';

export function sqsEventJobs(config: ProjectApiConfig, queueUrl: string): EventJobQueue {
  return new SqsEventJobs({ client: new SQSClient({ region: config.region }), queueUrl, clock: systemClock });
}

/** The event and webhook routes' runtime on AWS: the runs, the subscriptions and the queue (no actions run in a request). */
export function awsEventRoutes(built: BuiltRuntime, config: ProjectApiConfig, queueUrl: string): Pick<RuntimeServices, 'events' | 'webhooks'> {
  return eventRoutesRuntime(built.services, { doc: built.doc, tableName: config.tableName, cursorSecret: built.cursorSecret, queue: sqsEventJobs(config, queueUrl), allowedAddresses: [] });
}

export interface AwsEventFunction extends EventPieces {
  /** Every consumer of the table's changes: the workflows' (when the stack has them), then the handlers' and the webhooks'. */
  readonly allConsumers: readonly NamedChangeConsumer[];
}

/** Handlers, jobs, event jobs and webhooks over the runtime's services, with a starter of workflows when the stack has them. */
export async function buildAwsEventFunction(config: ProjectApiConfig, events: EventFunctionConfig, transport: WorkflowTransportConfig | undefined): Promise<AwsEventFunction> {
  const built = await buildRuntime(config);
  const workflows = transport ? awsWorkflowStarts(built, config, transport) : undefined;
  const pieces = eventPieces(
    built.services,
    { doc: built.doc, tableName: config.tableName, cursorSecret: built.cursorSecret, queue: sqsEventJobs(config, events.queueUrl), allowedAddresses: [], ...awsTaskPorts(config, events) },
    workflows?.runtime.starter,
  );
  return { ...pieces, allConsumers: [...(workflows?.consumers ?? []), ...pieces.consumers] };
}

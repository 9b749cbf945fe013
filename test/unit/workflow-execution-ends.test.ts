/**
 * Executions that end outside the workflow handler (execution-ends.ts, execution-status-events.ts):
 * each end maps to the instance's end, the instance is found from the execution's input, an
 * instance that already ended keeps its end, and Lambda's status-change events are read as the
 * AWS function reads them, with mocked Lambda and DynamoDB clients (composition-aws-workflows.ts):
 * GetDurableExecution by the event's ARN, then one transaction on the instance of its organization.
 */
import { GetDurableExecutionCommand, LambdaClient, ResourceNotFoundException, ServiceException } from '@aws-sdk/client-lambda';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import { mockClient } from 'aws-sdk-client-mock';
import { ManualClock } from '../../lambdas/core/clock';
import { workflowInstanceKey } from '../../lambdas/adapters/project-data/project-table-keys';
import { awsExecutionEnds } from '../../lambdas/project-runtime/composition-aws-workflows';
import { parseRuntimeConfig, requireWorkflowTransport } from '../../lambdas/project-runtime/runtime-config';
import { endInstanceOfExecution, type EndedExecution } from '../../lambdas/project-runtime/workflows/execution-ends';
import { createExecutionStatusEventHandler } from '../../lambdas/project-runtime/workflows/execution-status-events';
import { DurableExecutionNotFoundError, type DurableExecutionSummary } from '../../lambdas/ports/durable-executions';
import type { WorkflowInstanceStore } from '../../lambdas/ports/workflow-instances';

const clock = new ManualClock(new Date('2026-11-26T10:00:00.000Z'));
const AT = '2026-11-26T10:00:00.000Z';
const input = (orgId: string | null, instanceId = 'inst-1') => JSON.stringify({ instanceId, workflow: 'approval', orgId, input: {} });

/** An instance store that records each finish and answers whether the instance was still running. */
function recordingInstances(stillRunning = true) {
  const finished: Parameters<WorkflowInstanceStore['finish']>[] = [];
  return { finished, instances: { finish: async (...args: Parameters<WorkflowInstanceStore['finish']>) => (finished.push(args), stillRunning) } };
}

describe('endInstanceOfExecution', () => {
  it.each<[EndedExecution['status'], EndedExecution['error'], object]>([
    ['FAILED', { message: 'Step end failed: boom', type: 'StepError' }, { status: 'failed', error: 'The workflow engine ended it: Step end failed: boom' }],
    ['FAILED', undefined, { status: 'failed', error: 'The workflow engine ended it: unknown error' }],
    ['TIMED_OUT', undefined, { status: 'failed', error: 'Its durable execution ran past the longest an execution may run (366 days)' }],
    ['STOPPED', undefined, { status: 'cancelled' }],
  ])('%s ends the instance of the organization the input names', async (status, error, end) => {
    const { finished, instances } = recordingInstances();
    expect(await endInstanceOfExecution(instances, clock, { input: input('org-a'), status, ...(error ? { error } : {}) })).toBe('ended');
    expect(finished).toEqual([['org-a', 'inst-1', { ...end, at: AT }]]);
  });

  it('an instance without an organization (a single-tenant project), and one that already ended', async () => {
    const { finished, instances } = recordingInstances(false);
    expect(await endInstanceOfExecution(instances, clock, { input: input(null), status: 'FAILED' })).toBe('already-ended');
    expect(finished[0]!.slice(0, 2)).toEqual([null, 'inst-1']);
  });

  it.each([['no input', undefined], ['not JSON', '{nope'], ['no instance id', JSON.stringify({ orgId: 'o' })], ['an empty organization', JSON.stringify({ instanceId: 'i', orgId: '' })]])(
    'an execution whose input names no instance (%s) ends nothing',
    async (_why, text) => {
      const { finished, instances } = recordingInstances();
      expect(await endInstanceOfExecution(instances, clock, { input: text, status: 'FAILED' })).toBe('not-an-instance');
      expect(finished).toEqual([]);
    },
  );
});

const ARN = 'arn:aws:lambda:us-east-2:111122223333:function:BgsProject-p1-Workflow:3/durable-execution/inst-1/9f7d84c9';
const statusEvent = (status: string, detail: Record<string, unknown> = {}) => ({
  version: '0',
  id: 'd019b03c-a8a3-9d58-85de-241e96206538',
  'detail-type': 'Durable Execution Status Change',
  source: 'aws.lambda',
  account: '111122223333',
  time: '2026-11-26T09:59:59Z',
  region: 'us-east-2',
  resources: [],
  detail: { durableExecutionArn: ARN, durableExecutionName: 'inst-1', functionArn: 'arn:aws:lambda:us-east-2:111122223333:function:BgsProject-p1-Workflow:3', status, ...detail },
});

describe('the status-change event handler', () => {
  function handlerWith(summary: (arn: string) => Promise<DurableExecutionSummary>, stillRunning = true) {
    const recorded = recordingInstances(stillRunning);
    const logged: string[] = [];
    const handle = createExecutionStatusEventHandler({ summary, instances: recorded.instances, clock, log: (message) => logged.push(message) });
    return { handle, logged, ...recorded };
  }

  it('reads the execution by its ARN and ends its instance with its error', async () => {
    const asked: string[] = [];
    const { handle, finished } = handlerWith(async (arn) => (asked.push(arn), { status: 'FAILED', input: input('org-a'), error: { message: 'out of memory' } }));
    expect(await handle(statusEvent('FAILED'))).toBe('ended');
    expect(asked).toEqual([ARN]);
    expect(finished).toEqual([['org-a', 'inst-1', { status: 'failed', error: 'The workflow engine ended it: out of memory', at: AT }]]);
  });

  it('RUNNING and SUCCEEDED (the handler records them), and events of other shapes, change nothing', async () => {
    const { handle, finished, logged } = handlerWith(() => Promise.reject(new Error('must not be read')));
    expect(await handle(statusEvent('RUNNING'))).toBe('ignored');
    expect(await handle(statusEvent('SUCCEEDED'))).toBe('ignored');
    expect(await handle({ source: 'aws.lambda', 'detail-type': 'Lambda Function Invocation Result' })).toBe('ignored');
    expect(await handle(statusEvent('FAILED', { durableExecutionArn: '' }))).toBe('ignored');
    expect(finished).toEqual([]);
    expect(logged).toEqual(['Not a durable execution status change: dropped', 'Not a durable execution status change: dropped']);
  });

  it('an execution Lambda no longer keeps is logged and dropped; any other failure throws, so EventBridge retries', async () => {
    const gone = handlerWith(() => Promise.reject(new DurableExecutionNotFoundError('Durable execution')));
    expect(await gone.handle(statusEvent('TIMED_OUT'))).toBe('execution-gone');
    expect(gone.logged).toEqual(['The execution is no longer kept: its instance cannot be found from it']);
    const throttled = handlerWith(() => Promise.reject(new Error('Rate exceeded')));
    await expect(throttled.handle(statusEvent('FAILED'))).rejects.toThrow('Rate exceeded');
  });

  it('a second event for the same end (a redelivery, or the API cancelled first) changes nothing more', async () => {
    const { handle } = handlerWith(async () => ({ status: 'STOPPED', input: input('org-a') }), false);
    expect(await handle(statusEvent('STOPPED'))).toBe('already-ended');
  });
});

describe('the execution-ends function over the Lambda and DynamoDB clients', () => {
  const lambda = mockClient(LambdaClient);
  const dynamo = mockClient(DynamoDBDocumentClient);
  const env = { BGS_PROJECT_ID: 'p1', BGS_PROJECT_TABLE_NAME: 'project-p1', BGS_PROJECT_BUCKET: 'bgs-p1', BGS_PROJECT_USER_POOL_ID: 'us-east-2_AbC123', BGS_PROJECT_USER_POOL_CLIENT_ID: 'client-1', AWS_REGION: 'us-east-2', BGS_URL_SUFFIX: 'amazonaws.com' };
  const transport = requireWorkflowTransport({ BGS_WORKFLOW_FUNCTION_NAME: 'BgsProject-p1-Workflow', BGS_WORKFLOW_ALIAS: 'live' });
  const logger = new Logger({ serviceName: 'test', logLevel: 'SILENT' });
  beforeEach(() => {
    lambda.reset();
    dynamo.reset();
  });

  it('GetDurableExecution with its data, then the instance of its organization ended in one transaction', async () => {
    lambda.on(GetDurableExecutionCommand).resolves({ Status: 'FAILED', InputPayload: input('org-a'), Error: { ErrorMessage: 'Task timed out after 300.00 seconds', ErrorType: 'Sandbox.Timedout' } });
    dynamo.on(TransactWriteCommand).resolves({});
    const handle = awsExecutionEnds(parseRuntimeConfig(env), transport, logger);
    expect(await handle(statusEvent('FAILED'))).toBe('ended');
    expect(lambda.commandCalls(GetDurableExecutionCommand).map((c) => c.args[0].input)).toEqual([{ DurableExecutionArn: ARN, IncludeExecutionData: true }]);
    const update = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Update!;
    expect(update).toMatchObject({ TableName: 'project-p1', Key: workflowInstanceKey('org-a', 'inst-1') });
    expect(update.ExpressionAttributeValues).toMatchObject({ ':status': 'failed', ':error': 'The workflow engine ended it: Task timed out after 300.00 seconds' });
  });

  it('an instance that already ended refuses the transaction: already-ended, not an error', async () => {
    lambda.on(GetDurableExecutionCommand).resolves({ Status: 'STOPPED', InputPayload: input('org-a') });
    dynamo.on(TransactWriteCommand).rejects(Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] }));
    expect(await awsExecutionEnds(parseRuntimeConfig(env), transport, logger)(statusEvent('STOPPED'))).toBe('already-ended');
  });

  it("Lambda's not-found is an execution gone; its other errors throw", async () => {
    lambda.on(GetDurableExecutionCommand).rejectsOnce(new ResourceNotFoundException({ message: 'not found', $metadata: {} }));
    const handle = awsExecutionEnds(parseRuntimeConfig(env), transport, logger);
    expect(await handle(statusEvent('TIMED_OUT'))).toBe('execution-gone');
    lambda.on(GetDurableExecutionCommand).rejects(new ServiceException({ message: 'internal', $metadata: {} }));
    await expect(handle(statusEvent('TIMED_OUT'))).rejects.toThrow('internal');
    expect(dynamo.commandCalls(TransactWriteCommand)).toEqual([]);
  });
});

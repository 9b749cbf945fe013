/**
 * The AWS wiring of a project's workflows (composition-aws-workflows.ts, runtime-config.ts) with
 * mocked clients: the configuration fails loudly; on a stack with workflows the runtime's
 * services get them, a start becomes an asynchronous InvokeCommand named after the instance
 * through the alias, a signal a SendDurableExecutionCallbackSuccess; the stream function's
 * consumers start triggered instances and resume record waits the same way.
 */
import { gzipSync } from 'node:zlib';
import { InvokeCommand, LambdaClient, SendDurableExecutionCallbackSuccessCommand } from '@aws-sdk/client-lambda';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { buildRuntime } from '../../lambdas/project-runtime/composition-root';
import { awsWorkflowStarts, buildAwsProjectApi } from '../../lambdas/project-runtime/composition-aws-workflows';
import { parseRuntimeConfig, parseWorkflowFunctionConfig, parseWorkflowTransport, requireWorkflowTransport } from '../../lambdas/project-runtime/runtime-config';
import { instanceIdOf } from '../../lambdas/project-runtime/workflows/workflow-starter';
import type { RecordChange } from '../../lambdas/ports/record-changes';
import { goldenIr } from '../support/golden-ir';

const env = {
  BGS_PROJECT_ID: 'p1',
  BGS_PROJECT_TABLE_NAME: 'project-p1',
  BGS_PROJECT_BUCKET: 'bgs-p1',
  BGS_PROJECT_USER_POOL_ID: 'us-east-2_AbC123',
  BGS_PROJECT_USER_POOL_CLIENT_ID: 'client-1',
  AWS_REGION: 'us-east-2',
  BGS_URL_SUFFIX: 'amazonaws.com',
};
const QUEUE_URL = 'https://sqs.us-east-2.amazonaws.com/111122223333/BgsProject-p1-EventJobs';
const transportEnv = { BGS_WORKFLOW_FUNCTION_NAME: 'BgsProject-p1-Workflow', BGS_WORKFLOW_ALIAS: 'live' };
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('workflow configuration', () => {
  it('the runtime has no workflows without the two variables, and refuses one without the other', () => {
    expect(parseWorkflowTransport(env)).toBeUndefined();
    expect(parseWorkflowTransport({ ...env, ...transportEnv })).toEqual({ functionName: 'BgsProject-p1-Workflow', qualifier: 'live' });
    expect(() => parseWorkflowTransport({ ...env, BGS_WORKFLOW_FUNCTION_NAME: 'f' })).toThrow(/BGS_WORKFLOW_FUNCTION_NAME and BGS_WORKFLOW_ALIAS are set together/);
    expect(() => requireWorkflowTransport(env)).toThrow(/BGS_WORKFLOW_FUNCTION_NAME: required/);
  });

  it('the workflow function takes its own name from Lambda, the control plane table from its ARN', () => {
    expect(
      parseWorkflowFunctionConfig({ ...env, AWS_LAMBDA_FUNCTION_NAME: 'BgsProject-p1-Workflow', BGS_WORKFLOW_ALIAS: 'live', BGS_WORKFLOW_MAIL_FROM: 'wf@example.org', BGS_CONTROL_PLANE_TABLE_ARN: 'arn:aws:dynamodb:us-east-1:111122223333:table/BgsControlPlane-Table' }),
    ).toEqual({ transport: { functionName: 'BgsProject-p1-Workflow', qualifier: 'live' }, mailFrom: 'wf@example.org', controlPlaneTable: { region: 'us-east-1', name: 'BgsControlPlane-Table' } });
    // Mail and endpoints are optional (their steps fail saying so); the table must be an ARN.
    expect(parseWorkflowFunctionConfig({ AWS_LAMBDA_FUNCTION_NAME: 'f', BGS_WORKFLOW_ALIAS: 'live' })).toEqual({ transport: { functionName: 'f', qualifier: 'live' }, mailFrom: undefined, controlPlaneTable: undefined });
    expect(() => parseWorkflowFunctionConfig({ AWS_LAMBDA_FUNCTION_NAME: 'f', BGS_WORKFLOW_ALIAS: 'live', BGS_CONTROL_PLANE_TABLE_ARN: 'BgsControlPlane-Table' })).toThrow(/BGS_CONTROL_PLANE_TABLE_ARN: must be a DynamoDB table ARN/);
    expect(() => parseWorkflowFunctionConfig({})).toThrow(/AWS_LAMBDA_FUNCTION_NAME: required.*BGS_WORKFLOW_ALIAS: required/);
  });
});

describe('workflows over the Lambda client', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const lambda = mockClient(LambdaClient);
  const ir = goldenIr('03-expense-approvals');
  const workflow = ir.workflows[0]!;
  beforeEach(() => {
    dynamo.reset();
    lambda.reset();
    dynamo
      .on(GetCommand, { Key: { PK: 'META', SK: 'BLUEPRINT' } })
      .resolves({ Item: { PK: 'META', SK: 'BLUEPRINT', deploymentId: 'd1', blueprintId: 'b1', deployedAt: '2026-11-22T00:00:00Z', irGzip: gzipSync(JSON.stringify(ir)) } });
    dynamo.on(GetCommand, { Key: { PK: 'SECRET#cursor', SK: 'SECRET' } }).resolves({ Item: { value: 'secret' } });
    dynamo.on(TransactWriteCommand).resolves({});
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    lambda.on(SendDurableExecutionCallbackSuccessCommand).resolves({});
  });

  it('the runtime answers workflow routes only on a stack with workflows', async () => {
    const config = parseRuntimeConfig(env);
    expect((await buildAwsProjectApi(config, undefined, QUEUE_URL)).workflows).toBeUndefined();
    expect((await buildAwsProjectApi(config, parseWorkflowTransport({ ...env, ...transportEnv }), QUEUE_URL)).workflows).toBeDefined();
  });

  it('a start is an asynchronous invoke of the alias named after the instance; a signal resumes its callback', async () => {
    const services = await buildAwsProjectApi(parseRuntimeConfig(env), requireWorkflowTransport({ ...env, ...transportEnv }), QUEUE_URL);
    const { instanceId } = await services.workflows!.starter.start({ workflow: workflow.name, orgId: null, input: { note: 'n' } });
    const invoke = lambda.commandCalls(InvokeCommand).map((call) => call.args[0].input);
    expect(invoke).toEqual([expect.objectContaining({ FunctionName: 'BgsProject-p1-Workflow', Qualifier: 'live', InvocationType: 'Event', DurableExecutionName: instanceId })]);
    expect(JSON.parse(text(invoke[0]!.Payload as Uint8Array))).toEqual({ instanceId, workflow: workflow.name, orgId: null, input: { note: 'n' } });
    // The instance was recorded in the project's table first, counted against the running limit.
    expect(dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems?.[0]?.Put?.TableName).toBe('project-p1');

    await services.workflows!.executions.sendCallbackSuccess('Y2FsbGJhY2s=', { event: 'approved', data: {} });
    const callback = lambda.commandCalls(SendDurableExecutionCallbackSuccessCommand).map((call) => call.args[0].input);
    expect(callback).toEqual([expect.objectContaining({ CallbackId: 'Y2FsbGJhY2s=' })]);
    expect(JSON.parse(text(callback[0]!.Result as Uint8Array))).toEqual({ event: 'approved', data: {} });
  });

  it("the stream function's consumers start a triggered instance and resume the waits a change satisfies", async () => {
    const config = parseRuntimeConfig(env);
    const { consumers } = awsWorkflowStarts(await buildRuntime(config), config, requireWorkflowTransport({ ...env, ...transportEnv }));
    expect(consumers.map((c) => c.name)).toEqual(['workflow triggers', 'workflow record waits']);
    const trigger = workflow.trigger as { entity: string; event: string };
    dynamo.on(QueryCommand).resolves({ Items: [{ PK: 'w', SK: 's', instanceId: 'i-1', orgId: null, callbackId: 'Y2Itd2FpdA==' }] });
    dynamo.on(DeleteCommand).resolves({});
    const change: RecordChange = {
      changeId: 'evt-1',
      entity: trigger.entity,
      orgId: null,
      recordId: 'r-1',
      kind: 'created',
      after: { id: 'r-1', status: 'submitted' },
      at: '2026-11-22T00:00:00.000Z',
    };
    for (const consumer of consumers) await consumer.consume(change);
    expect(lambda.commandCalls(InvokeCommand).map((call) => call.args[0].input.DurableExecutionName)).toEqual([instanceIdOf(workflow.name, 'evt-1')]);
    // Every wait the new record satisfies (one per field it set) is taken and resumed once.
    const resumed = lambda.commandCalls(SendDurableExecutionCallbackSuccessCommand).map((call) => call.args[0].input.CallbackId);
    expect(resumed.length).toBeGreaterThan(0);
    expect(new Set(resumed)).toEqual(new Set(['Y2Itd2FpdA==']));
  });
});

/**
 * The AWS transport of the durable executions port, against a mocked Lambda client: the requests
 * it sends (a qualified, named, asynchronous invoke; callbacks; a stop by the looked-up ARN) and
 * how Lambda's errors become the port's.
 */
import {
  CallbackTimeoutException,
  DurableExecutionAlreadyStartedException,
  InvokeCommand,
  LambdaClient,
  ListDurableExecutionsByFunctionCommand,
  ResourceConflictException,
  ResourceNotFoundException,
  SendDurableExecutionCallbackFailureCommand,
  SendDurableExecutionCallbackSuccessCommand,
  StopDurableExecutionCommand,
} from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { LambdaDurableExecutions } from '../../lambdas/adapters/durable/lambda-durable-executions';
import { DurableExecutionFinishedError, DurableExecutionNotFoundError } from '../../lambdas/ports/durable-executions';

const lambdaMock = mockClient(LambdaClient);
const FUNCTION = 'arn:aws:lambda:us-east-1:111122223333:function:project-workflows';
const ARN = `${FUNCTION}:live/durable-execution/order-1/run-1`;
const engine = () => new LambdaDurableExecutions({ lambda: new LambdaClient({ region: 'us-east-1' }), functionName: FUNCTION, qualifier: 'live' });
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const meta = { $metadata: {} };

beforeEach(() => lambdaMock.reset());

describe('LambdaDurableExecutions', () => {
  it('refuses an unqualified function', () => {
    expect(() => new LambdaDurableExecutions({ lambda: new LambdaClient({}), functionName: FUNCTION, qualifier: ' ' })).toThrow(/alias or a version/);
  });

  it('starts with an asynchronous invoke named after the instance, through the qualifier', async () => {
    lambdaMock.on(InvokeCommand).resolves({ StatusCode: 202, DurableExecutionArn: ARN });
    expect(await engine().start('order-1', { orderId: 'o1' })).toEqual({ started: true, executionArn: ARN });
    const input = lambdaMock.commandCalls(InvokeCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ FunctionName: FUNCTION, Qualifier: 'live', InvocationType: 'Event', DurableExecutionName: 'order-1' });
    expect(JSON.parse(text(input.Payload as Uint8Array))).toEqual({ orderId: 'o1' });
  });

  it('answers a second start under the same name with started: false', async () => {
    lambdaMock.on(InvokeCommand).rejects(new DurableExecutionAlreadyStartedException({ message: 'exists', ...meta }));
    expect(await engine().start('order-1', {})).toEqual({ started: false });
  });

  it('refuses an instance id Lambda cannot take as a name, before calling it', async () => {
    await expect(engine().start('order#1', {})).rejects.toThrow(RangeError);
    expect(lambdaMock.calls()).toHaveLength(0);
  });

  it('sends callback results as JSON and maps closed and unknown callbacks', async () => {
    lambdaMock.on(SendDurableExecutionCallbackSuccessCommand).resolvesOnce({}).rejectsOnce(new CallbackTimeoutException({ message: 'closed', ...meta })).rejectsOnce(new ResourceNotFoundException({ message: 'no', ...meta }));
    await engine().sendCallbackSuccess('cb-1', { approved: true });
    const sent = lambdaMock.commandCalls(SendDurableExecutionCallbackSuccessCommand)[0]!.args[0].input;
    expect(sent.CallbackId).toBe('cb-1');
    expect(JSON.parse(text(sent.Result as Uint8Array))).toEqual({ approved: true });
    await expect(engine().sendCallbackSuccess('cb-1', {})).rejects.toBeInstanceOf(DurableExecutionFinishedError);
    await expect(engine().sendCallbackSuccess('cb-2', {})).rejects.toBeInstanceOf(DurableExecutionNotFoundError);
  });

  it('sends callback failures with their error object', async () => {
    lambdaMock.on(SendDurableExecutionCallbackFailureCommand).resolves({});
    await engine().sendCallbackFailure('cb-1', { message: 'rejected', type: 'Rejected', data: '{"by":"ada"}' });
    expect(lambdaMock.commandCalls(SendDurableExecutionCallbackFailureCommand)[0]!.args[0].input).toEqual({
      CallbackId: 'cb-1',
      Error: { ErrorMessage: 'rejected', ErrorType: 'Rejected', ErrorData: '{"by":"ada"}' },
    });
  });

  it('stops by the ARN found under the exact name', async () => {
    lambdaMock
      .on(ListDurableExecutionsByFunctionCommand)
      .resolvesOnce({ DurableExecutions: [{ DurableExecutionArn: 'other', DurableExecutionName: 'order-10', FunctionArn: FUNCTION, Status: 'RUNNING', StartTimestamp: new Date() }], NextMarker: 'm' })
      .resolvesOnce({ DurableExecutions: [{ DurableExecutionArn: ARN, DurableExecutionName: 'order-1', FunctionArn: FUNCTION, Status: 'RUNNING', StartTimestamp: new Date() }] });
    lambdaMock.on(StopDurableExecutionCommand).resolves({ StopTimestamp: new Date() });
    await engine().stop('order-1');
    expect(lambdaMock.commandCalls(ListDurableExecutionsByFunctionCommand)[1]!.args[0].input).toMatchObject({ FunctionName: FUNCTION, DurableExecutionName: 'order-1', Marker: 'm' });
    expect(lambdaMock.commandCalls(StopDurableExecutionCommand)[0]!.args[0].input).toEqual({ DurableExecutionArn: ARN });
  });

  it('maps stopping an unknown or finished execution', async () => {
    lambdaMock.on(ListDurableExecutionsByFunctionCommand).resolvesOnce({ DurableExecutions: [] }).resolves({
      DurableExecutions: [{ DurableExecutionArn: ARN, DurableExecutionName: 'order-1', FunctionArn: FUNCTION, Status: 'SUCCEEDED', StartTimestamp: new Date() }],
    });
    await expect(engine().stop('order-1')).rejects.toBeInstanceOf(DurableExecutionNotFoundError);
    await expect(engine().stop('order-1')).rejects.toBeInstanceOf(DurableExecutionFinishedError);
    expect(lambdaMock.commandCalls(StopDurableExecutionCommand)).toHaveLength(0);
  });

  it('maps an execution that ended between the look-up and the stop', async () => {
    lambdaMock.on(ListDurableExecutionsByFunctionCommand).resolves({
      DurableExecutions: [{ DurableExecutionArn: ARN, DurableExecutionName: 'order-1', FunctionArn: FUNCTION, Status: 'RUNNING', StartTimestamp: new Date() }],
    });
    lambdaMock.on(StopDurableExecutionCommand).rejects(new ResourceConflictException({ message: 'ended', ...meta }));
    await expect(engine().stop('order-1')).rejects.toBeInstanceOf(DurableExecutionFinishedError);
  });
});

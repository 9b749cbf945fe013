/**
 * The durable executions port on AWS: Lambda durable functions. The workflow function is always
 * addressed through a qualifier (an alias or a version): Lambda refuses to run a durable execution
 * of an unqualified function, and an execution stays pinned to the version it started on.
 *
 * Lambda's errors become the port's: an execution already started under the name, an unknown
 * execution or callback (404), and a callback or execution that is already closed (409).
 */
import {
  CallbackTimeoutException,
  DurableExecutionAlreadyStartedException,
  GetDurableExecutionCommand,
  InvokeCommand,
  ListDurableExecutionsByFunctionCommand,
  ResourceConflictException,
  ResourceNotFoundException,
  SendDurableExecutionCallbackFailureCommand,
  SendDurableExecutionCallbackSuccessCommand,
  StopDurableExecutionCommand,
  type Execution,
  type LambdaClient,
} from '@aws-sdk/client-lambda';
import {
  assertDurableExecutionName,
  DurableExecutionFinishedError,
  DurableExecutionNotFoundError,
  type DurableCallbackError,
  type DurableExecutionSummary,
  type DurableExecutions,
  type DurableStartResult,
} from '../../ports/durable-executions';

export interface LambdaDurableExecutionsOptions {
  readonly lambda: LambdaClient;
  /** The workflow function's name or ARN, without a qualifier. */
  readonly functionName: string;
  /** The alias (or version) every start goes through. */
  readonly qualifier: string;
}

const utf8 = new TextEncoder();

export class LambdaDurableExecutions implements DurableExecutions {
  private readonly lambda: LambdaClient;
  private readonly functionName: string;
  private readonly qualifier: string;

  constructor(options: LambdaDurableExecutionsOptions) {
    if (options.qualifier.trim() === '') throw new Error('A durable function must be invoked through an alias or a version: Lambda refuses unqualified ones');
    this.lambda = options.lambda;
    this.functionName = options.functionName;
    this.qualifier = options.qualifier;
  }

  /**
   * An asynchronous invoke named after the instance. Lambda answers a repeat with a different
   * input with DurableExecutionAlreadyStartedException (started: false); a repeat with the same
   * input it answers like the first start, with the existing execution: the adapter cannot tell
   * that one apart and reports it as started. Either way one execution runs.
   */
  async start(instanceId: string, input: unknown): Promise<DurableStartResult> {
    assertDurableExecutionName(instanceId);
    try {
      const out = await this.lambda.send(
        new InvokeCommand({
          FunctionName: this.functionName,
          Qualifier: this.qualifier,
          InvocationType: 'Event',
          DurableExecutionName: instanceId,
          Payload: utf8.encode(JSON.stringify(input ?? null)),
        }),
      );
      return out.DurableExecutionArn === undefined ? { started: true } : { started: true, executionArn: out.DurableExecutionArn };
    } catch (err) {
      if (err instanceof DurableExecutionAlreadyStartedException) return { started: false };
      throw err;
    }
  }

  async sendCallbackSuccess(callbackId: string, result: unknown): Promise<void> {
    await this.callback(new SendDurableExecutionCallbackSuccessCommand({ CallbackId: callbackId, Result: utf8.encode(JSON.stringify(result ?? null)) }));
  }

  async sendCallbackFailure(callbackId: string, error: DurableCallbackError): Promise<void> {
    await this.callback(
      new SendDurableExecutionCallbackFailureCommand({ CallbackId: callbackId, Error: { ErrorMessage: error.message, ErrorType: error.type, ErrorData: error.data } }),
    );
  }

  /**
   * StopDurableExecution takes the execution's ARN, which Lambda makes at start (with a run id of
   * its own), so the adapter looks the name up first rather than making the runtime keep ARNs.
   */
  async stop(instanceId: string): Promise<void> {
    assertDurableExecutionName(instanceId);
    const execution = await this.find(instanceId);
    if (!execution?.DurableExecutionArn) throw new DurableExecutionNotFoundError(`Durable execution ${instanceId}`);
    if (execution.Status !== 'RUNNING') throw new DurableExecutionFinishedError(`Durable execution ${instanceId} already ended (${execution.Status ?? 'unknown'})`);
    try {
      await this.lambda.send(new StopDurableExecutionCommand({ DurableExecutionArn: execution.DurableExecutionArn }));
    } catch (err) {
      if (err instanceof ResourceNotFoundException) throw new DurableExecutionNotFoundError(`Durable execution ${instanceId}`);
      // It ended between the look-up and the stop.
      if (err instanceof ResourceConflictException) throw new DurableExecutionFinishedError(`Durable execution ${instanceId} already ended`);
      throw err;
    }
  }

  /**
   * An execution by its ARN, with its input (a status-change event carries neither the input nor
   * the error). DurableExecutionNotFoundError once Lambda no longer keeps it (after its retention).
   */
  async summary(executionArn: string): Promise<DurableExecutionSummary> {
    try {
      const out = await this.lambda.send(new GetDurableExecutionCommand({ DurableExecutionArn: executionArn, IncludeExecutionData: true }));
      const error = out.Error && (out.Error.ErrorMessage !== undefined || out.Error.ErrorType !== undefined) ? { ...(out.Error.ErrorMessage !== undefined ? { message: out.Error.ErrorMessage } : {}), ...(out.Error.ErrorType !== undefined ? { type: out.Error.ErrorType } : {}) } : undefined;
      return { status: out.Status ?? 'RUNNING', ...(out.InputPayload !== undefined ? { input: out.InputPayload } : {}), ...(error ? { error } : {}) };
    } catch (err) {
      if (err instanceof ResourceNotFoundException) throw new DurableExecutionNotFoundError(`Durable execution ${executionArn}`);
      throw err;
    }
  }

  /** The execution named `instanceId` (the name filter may match more than the exact name: compare). */
  private async find(instanceId: string): Promise<Execution | undefined> {
    let marker: string | undefined;
    do {
      const page = await this.lambda.send(new ListDurableExecutionsByFunctionCommand({ FunctionName: this.functionName, DurableExecutionName: instanceId, Marker: marker }));
      const found = page.DurableExecutions?.find((execution) => execution.DurableExecutionName === instanceId);
      if (found) return found;
      marker = page.NextMarker;
    } while (marker);
    return undefined;
  }

  private async callback(command: SendDurableExecutionCallbackSuccessCommand | SendDurableExecutionCallbackFailureCommand): Promise<void> {
    try {
      // One overload per command class: send them through the same call without a union overload.
      if (command instanceof SendDurableExecutionCallbackSuccessCommand) await this.lambda.send(command);
      else await this.lambda.send(command);
    } catch (err) {
      if (err instanceof ResourceNotFoundException) throw new DurableExecutionNotFoundError('Callback');
      // "The callback ID token has either expired or the callback associated with the token has already been closed."
      if (err instanceof CallbackTimeoutException || err instanceof ResourceConflictException) throw new DurableExecutionFinishedError('The callback is already closed');
      throw err;
    }
  }
}

/**
 * Starts a Step Functions execution named after what it runs (a blueprint, a deployment): the name
 * is unique per state machine, so a retried start is the same execution and not a second run.
 */
import { ExecutionAlreadyExists, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';

export async function startExecutionOnce(client: SFNClient, stateMachineArn: string, name: string, input: Record<string, unknown>): Promise<void> {
  try {
    await client.send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }));
  } catch (err) {
    if (!(err instanceof ExecutionAlreadyExists)) throw err;
  }
}

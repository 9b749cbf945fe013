/**
 * THE spec writer, declared once, as a route's manifest entry declares a route: its Lambda entry,
 * its DynamoDB actions (its IAM policy, lib/control-plane/spec-writer.ts, and locally its
 * client's guard both read them here), whether it calls the model (Bedrock permission), and its
 * times: the model's deadline on this path, the function's timeout above it, how late an
 * invocation may still start, and from when a project still `writing` reads as failed.
 */
import type { DynamoAction } from '../routes';

export const SPEC_WRITER = {
  entry: 'lambdas/control-plane/spec-writing/spec-writer.lambda.ts',
  /** Who it is, for logs and refusals of the local guard. */
  principal: 'spec writer',
  /**
   * It claims the project and records the outcome (UpdateItem), writes version 1 and the first
   * message with the project in one transaction (PutItem, UpdateItem), and meters the model call
   * (PutItem of the usage record, UpdateItem of the totals). No read: the claim returns the project.
   */
  tableActions: ['PutItem', 'UpdateItem'] as readonly DynamoAction[],
  /** It calls the spec author: on AWS it may invoke the configured Bedrock model. */
  usesModel: true,
  /**
   * The author's deadline on this path, the repair round included: no request waits for it, so
   * the model gets far longer than a request's 25 s (and the author's full output budget).
   */
  modelDeadlineMs: 5 * 60_000,
  /** The Lambda's timeout: the model's deadline, plus a cold start and the writes after it. */
  timeoutSeconds: 6 * 60,
  /**
   * An invocation that starts later than this after the project was created writes nothing
   * (Lambda's maximum event age is set to it too): so every write ends before the project reads as failed.
   */
  startWindowSeconds: 2 * 60,
  /** As the routes: more CPU than 128 MB for parsing the bundle and the spec. */
  memorySize: 512,
} as const;

/**
 * A project still `writing` this long after it was created had its writer crash or be cut off
 * (no writer can still be running: it starts within the start window and runs within its
 * timeout), so it reads as failed. A minute of margin for clocks.
 */
export const SPEC_WRITING_GIVE_UP_MS = (SPEC_WRITER.startWindowSeconds + SPEC_WRITER.timeoutSeconds + 60) * 1000;

/** What the writer function is invoked with (the create-project route sends it; only the id: the writer reads the rest). */
export interface SpecWriterEvent {
  readonly projectId: string;
}

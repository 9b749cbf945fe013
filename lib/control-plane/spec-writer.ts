/**
 * The spec writer on AWS, built from its declaration (lambdas/control-plane/spec-writing/
 * spec-writer-function.ts): one Lambda that POST /projects invokes asynchronously to write a new
 * project's spec version 1 with the language model, its timeout well above the model's deadline.
 * Its role may write the control-plane table (the actions SPEC_WRITER lists) and invoke the model,
 * nothing else. Lambda does not retry a failed invocation and drops one older than the writer's
 * start window: the writer claims a project once, so a retry could only find it claimed. A writer
 * that crashes leaves its project `writing`, which reads as failed once no writer can still be
 * running (spec-status.ts): no queue of failed invocations to watch.
 */
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { SPEC_WRITER } from '../../lambdas/control-plane/spec-writing/spec-writer-function';
import { BgsFunction } from '../shared/bgs-function';
import { specAuthorModelStatement } from './route-function';

export interface SpecWriterProps {
  /** ARN of the control-plane table (projects, specs, conversations, usage live there). */
  readonly tableArn: string;
  /** Environment of the writer (names from lambdas/shared/env.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * The Bedrock model (or inference profile) ARNs the writer may invoke.
   *
   * @default - none (the author runs offline: the writer is never invoked)
   */
  readonly modelArns?: readonly string[];
  /**
   * How long its logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Delete its log group with the stack (development stacks only).
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

export class SpecWriter extends Construct {
  public readonly function: lambda.Function;
  public readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: SpecWriterProps) {
    super(scope, id);
    const writer = new BgsFunction(this, 'Writer', {
      entry: SPEC_WRITER.entry,
      description: "BGS spec writer: writes a new project's spec version 1 from its description with the language model (invoked asynchronously by POST /projects)",
      policyName: 'SpecWriter',
      statements: [
        new iam.PolicyStatement({ sid: 'Table', actions: SPEC_WRITER.tableActions.map((action) => `dynamodb:${action}`), resources: [props.tableArn] }),
        ...(SPEC_WRITER.usesModel && props.modelArns && props.modelArns.length > 0 ? [specAuthorModelStatement(props.modelArns)] : []),
      ],
      environment: props.environment,
      memorySize: SPEC_WRITER.memorySize,
      timeout: Duration.seconds(SPEC_WRITER.timeoutSeconds),
      ...(props.logRetention ? { logRetention: props.logRetention } : {}),
      ...(props.destroyOnRemoval ? { destroyOnRemoval: props.destroyOnRemoval } : {}),
    });
    writer.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.seconds(SPEC_WRITER.startWindowSeconds) });
    this.function = writer.function;
    this.role = writer.role;
  }
}

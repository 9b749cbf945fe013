/**
 * One BGS Lambda (a control-plane route, a generation step, a generated project's runtime or
 * trigger): the handler bundled with THE bundling settings (lambda-bundling.ts), its own log
 * group (retention set, the role scoped to it), and its own role whose only permissions are
 * the statements its caller lists and writing to that log group, inline (no AWS::IAM::Policy
 * resource, no AWS managed policy such as AWSLambdaBasicExecutionRole, whose log permissions
 * cover every log group of the account).
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { BUNDLE_FILE, lambdaBundleDir, placeholderBundleDir, REPO_ROOT } from './lambda-bundling';

export { REPO_ROOT };

/** `index.mjs`'s `handler` export. */
export const BUNDLE_HANDLER = `${BUNDLE_FILE.replace(/\.mjs$/, '')}.handler`;

/**
 * A Lambda entry's code: its bundle, made with every other BGS Lambda's in one esbuild run
 * (lambda-bundling.ts); a synthesis that skips bundling (tests, the deployment preview) gets one
 * placeholder for all.
 */
export function bundledCode(scope: Construct, entry: string): lambda.Code {
  return lambda.Code.fromAsset(Stack.of(scope).bundlingRequired ? lambdaBundleDir(entry) : placeholderBundleDir());
}

export interface BgsFunctionProps {
  /** The handler file, relative to the repository root (`lambdas/project-runtime/...lambda.ts`). */
  readonly entry: string;
  /**
   * Its code, when it does not come from the service's bundling (a generated project's stack takes
   * it from its `code` prop: lib/project/project-code.ts). Its handler is `index.handler` either way.
   *
   * @default the entry's bundle (bundledCode)
   */
  readonly code?: lambda.Code;
  /** What the function is (its description, cut to Lambda's 256 characters). */
  readonly description: string;
  /**
   * Its role's description.
   *
   * @default the function's description
   */
  readonly roleDescription?: string;
  /**
   * The name of the role's inline policy.
   *
   * @default 'Function'
   */
  readonly policyName?: string;
  /** Environment of the handler (names from lambdas/shared/env.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /** Its permissions besides its own logs; each statement with a `sid`. */
  readonly statements: readonly iam.PolicyStatement[];
  /** Memory, MB. */
  readonly memorySize: number;
  /** Timeout. */
  readonly timeout: Duration;
  /**
   * How long its logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Delete the log group with the stack.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
  /**
   * Makes it a Lambda durable function (a project's workflow function). Its own role is kept:
   * CDK attaches AWSLambdaBasicDurableExecutionRolePolicy only to a role it makes itself, so the
   * caller grants the two durable actions on this one function instead (project-workflows.ts).
   *
   * @default - not durable
   */
  readonly durableConfig?: lambda.DurableConfig;
  /**
   * Concurrency reserved for it: guaranteed to it and its cap, taken from the account's pool for
   * every other function (function-concurrency.ts). 0 is not accepted: it would stop the function.
   *
   * @default - none: it draws from the account's unreserved pool
   */
  readonly reservedConcurrentExecutions?: number;
}

export class BgsFunction extends Construct {
  public readonly function: lambda.Function;
  public readonly role: iam.Role;
  public readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: BgsFunctionProps) {
    super(scope, id);

    // Its own log group: retention is set, and the role is scoped to this one group.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });

    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: props.roleDescription ?? props.description,
      inlinePolicies: {
        [props.policyName ?? 'Function']: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              sid: 'WriteOwnLogs',
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              // Fn::GetAtt Arn of a log group ends in `:*`, which covers its log streams.
              resources: [this.logGroup.logGroupArn],
            }),
            ...props.statements,
          ],
        }),
      },
    });

    this.function = new lambda.Function(this, 'Function', {
      code: props.code ?? bundledCode(this, props.entry),
      handler: BUNDLE_HANDLER,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      description: props.description.slice(0, 256),
      role: this.role,
      logGroup: this.logGroup,
      ...(props.durableConfig ? { durableConfig: props.durableConfig } : {}),
      ...(props.reservedConcurrentExecutions === undefined ? {} : { reservedConcurrentExecutions: positive(props.reservedConcurrentExecutions) }),
      // No NODE_OPTIONS=--enable-source-maps: each bundle maps its stack traces itself, reading its
      // source map only when a stack is first formatted, not at every cold start (lambda-bundling.ts).
      environment: { ...props.environment },
    });

    // cdk-nag's "latest runtime" is nodejs24.x; nodejs22.x is chosen on purpose.
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x on purpose: it is the Lambda runtime nearest to the Node 20 on which the local mode and ' +
        'the whole test suite run the same handlers (middy 6, SDK v3 pins), and it is supported by Lambda ' +
        'durable functions; move to nodejs24.x together with the test runtime.',
    });
  }
}

/** A reservation of 0 throttles every invocation: refused at synth rather than deployed by mistake. */
function positive(executions: number): number {
  if (!Number.isInteger(executions) || executions < 1) throw new Error(`reservedConcurrentExecutions must be a whole number of 1 or more (got ${executions}); leave it unset for none`);
  return executions;
}

/**
 * A project stack's operations (ARCHITECTURE "Operations"): its alarms (lib/shared/operations-alarms.ts)
 * and where they notify, and the runtime's concurrency cap, each from ProjectStack's props or else
 * from CDK context (an exported app: `cdk deploy -c bgs:alarmEmail=ops@example.com`).
 *
 * The alarms (4, or 5 with a capped runtime) read 2 + N + 2 metrics: the API's 5xx rate (2), the
 * errors of the N functions API Gateway does not invoke (the token trigger, the stream and job
 * functions, and the schedules and workflow functions when the blueprint has them: 3 to 6), the
 * table's throttle events (2), and the capped runtime's throttles (1). A project without workflows
 * or schedules: 7 metrics, $0.70 a month. A stack the control plane deploys notifies the control
 * plane's topic (same region) and adds nothing else; a stack deployed on its own (the exported app)
 * makes its own topic, whose key costs $1 a month more.
 */
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ALARM_EMAIL_CONTEXT, AlarmTopic } from '../shared/alarm-topic';
import { PROJECT_RESERVED_CONCURRENCY_CONTEXT, reservedConcurrency } from '../shared/function-concurrency';
import { OperationsAlarms } from '../shared/operations-alarms';

/** CDK context: `false` leaves a project stack without alarms (and without their cost). */
export const PROJECT_ALARMS_CONTEXT = 'bgs:projectAlarms';

/** What ProjectStack takes for its operations (its props of the same names). */
export interface ProjectOperationsSettings {
  /**
   * Operations alarms on the stack.
   *
   * @default true, unless the CDK context `bgs:projectAlarms` is `false`
   */
  readonly operationsAlarms?: boolean;
  /**
   * The SNS topic (ARN, in the stack's region) the alarms notify: the control plane's, for the stacks it deploys.
   *
   * @default - a topic of the stack's own (lib/shared/alarm-topic.ts), mailing `alarmEmail`
   */
  readonly alarmTopicArn?: string;
  /**
   * Who the stack's own topic mails (not used with `alarmTopicArn`).
   *
   * @default - the CDK context `bgs:alarmEmail`, else no subscription
   */
  readonly alarmEmail?: string;
  /**
   * The runtime function's reserved concurrency, its cap (lib/shared/function-concurrency.ts); 0 is none.
   *
   * @default - the CDK context `bgs:projectReservedConcurrency`, else none
   */
  readonly reservedConcurrency?: number;
}

/** The settings with the CDK context filled in: whether to alarm, and the runtime's cap (undefined: none). */
export function resolveProjectOperations(scope: Construct, settings: ProjectOperationsSettings): { alarms: boolean; runtimeCap: number | undefined } {
  const context = (key: string): unknown => scope.node.tryGetContext(key);
  const alarms = settings.operationsAlarms ?? String(context(PROJECT_ALARMS_CONTEXT) ?? 'true') !== 'false';
  const cap = reservedConcurrency(settings.reservedConcurrency ?? context(PROJECT_RESERVED_CONCURRENCY_CONTEXT), 'reservedConcurrency');
  return { alarms, runtimeCap: cap === 0 ? undefined : cap };
}

export interface ProjectOperationsProps extends Pick<ProjectOperationsSettings, 'alarmTopicArn' | 'alarmEmail'> {
  readonly projectId: string;
  readonly httpApi: apigw.IHttpApi;
  readonly table: dynamodb.ITable;
  /** The functions API Gateway does not invoke. */
  readonly backgroundFunctions: readonly lambda.IFunction[];
  /** The runtime, when it has a concurrency cap (its throttles are then the project's own). */
  readonly cappedRuntime?: lambda.IFunction;
  /** Schedule the own topic's key for deletion with the stack. */
  readonly destroyOnRemoval?: boolean;
}

export class ProjectOperations extends Construct {
  /** The stack's own topic; absent when the alarms notify `alarmTopicArn`. */
  public readonly topic?: AlarmTopic;
  public readonly alarms: OperationsAlarms;

  constructor(scope: Construct, id: string, props: ProjectOperationsProps) {
    super(scope, id);
    if (!props.alarmTopicArn) {
      const email = props.alarmEmail ?? (this.node.tryGetContext(ALARM_EMAIL_CONTEXT) as string | undefined);
      this.topic = new AlarmTopic(this, 'AlarmTopic', { ...(email ? { email } : {}), destroyOnRemoval: props.destroyOnRemoval });
    }
    this.alarms = new OperationsAlarms(this, 'Alarms', {
      subject: `BGS project ${props.projectId}`,
      topicArn: props.alarmTopicArn ?? this.topic!.topic.topicArn,
      httpApi: props.httpApi,
      backgroundFunctions: props.backgroundFunctions,
      ...(props.cappedRuntime ? { throttledFunctions: [props.cappedRuntime] } : {}),
      tables: [props.table],
    });
  }
}

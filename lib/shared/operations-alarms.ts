/**
 * The operations alarms of one stack, the control plane's or a project's (ARCHITECTURE
 * "Operations"): few alarms, each an aggregate an operator can act on, because CloudWatch bills
 * every metric an alarm reads ($0.10 a month each, idle or not) and a project's fixed cost must stay
 * small. Every alarm notifies one SNS topic when it fires and when it is OK again.
 *
 *   ApiServerErrorRate  the HTTP API's 5xx answers as a share of its requests, only when it had at
 *                       least `minimumRequests` in the period: an idle API never alarms (2 metrics).
 *                       It also reports the functions behind the API (an unhandled error, a timeout
 *                       or a throttle of a route or runtime function is a 5xx), so they need no more.
 *   FunctionErrors      Errors of the functions no API answer shows (generation and deployment
 *                       steps, stream, job and workflow functions), summed (one metric each).
 *   FunctionThrottles   throttles: of the given functions (a project runtime with a concurrency cap),
 *                       or of every function of the account and region (the control plane's: the
 *                       shared concurrency pool ran out, one metric); absent when neither is asked.
 *   TableThrottles      DynamoDB read and write throttle events of the tables (2 metrics each).
 *   <Workflow>Failed    per workflow: failed and timed-out executions of its state machine, plus a
 *                       metric counting failures recorded as data (operations-metrics.ts).
 *
 * Construct ids are fixed: logical ids must not move between deploys.
 */
import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

/** CloudWatch's limit of metrics one metric-math alarm may read (a hard limit). */
export const MAX_METRICS_PER_ALARM = 10;

/** A workflow whose failed runs are watched. */
export interface OperationsWorkflow {
  /** The alarm's construct id prefix, plural (`Generations` -> `GenerationsFailed`). */
  readonly id: string;
  /** What a failure of it means to a user, for the alarm's description. */
  readonly description: string;
  readonly stateMachine: sfn.IStateMachine;
  /**
   * A count of failures recorded as data while the execution itself ends well.
   *
   * @default - only the state machine's failed and timed-out executions
   */
  readonly failures?: cloudwatch.IMetric;
}

export interface OperationsAlarmsProps {
  /** Whose alarms they are, for their descriptions (`BGS control plane`, `BGS project <id>`). */
  readonly subject: string;
  /** The SNS topic (ARN, in the stack's region) every alarm notifies, in ALARM and back to OK. */
  readonly topicArn: string;
  /** The HTTP API whose share of server errors is watched. */
  readonly httpApi: apigw.IHttpApi;
  /** Functions whose errors no API answer shows: their Errors, summed (at most MAX_METRICS_PER_ALARM). */
  readonly backgroundFunctions: readonly lambda.IFunction[];
  /**
   * Functions whose throttles are summed (at most MAX_METRICS_PER_ALARM).
   *
   * @default - none
   */
  readonly throttledFunctions?: readonly lambda.IFunction[];
  /**
   * Watch the throttles of every function of the account and region (AWS/Lambda `Throttles`
   * without dimensions) instead of given functions.
   *
   * @default false
   */
  readonly accountThrottles?: boolean;
  /** Tables whose read and write throttle events are summed (at most 5: two metrics each). */
  readonly tables: readonly dynamodb.ITable[];
  /**
   * Workflows whose failed runs are watched, one alarm each.
   *
   * @default - none
   */
  readonly workflows?: readonly OperationsWorkflow[];
  /**
   * The period every alarm evaluates (one period, one data point to alarm).
   *
   * @default Duration.minutes(5)
   */
  readonly period?: Duration;
  /**
   * The share of 5xx answers, in percent, that fires ApiServerErrorRate.
   *
   * @default 5
   */
  readonly serverErrorPercent?: number;
  /**
   * The requests a period must have before its 5xx share counts (so one failed request of an idle API does not page anyone).
   *
   * @default 20
   */
  readonly minimumRequests?: number;
  /**
   * Function errors, function throttles or table throttle events in one period that fire their alarm.
   *
   * @default 5
   */
  readonly failureThreshold?: number;
}

export class OperationsAlarms extends Construct {
  /** Every alarm, in creation order. */
  public readonly alarms: cloudwatch.Alarm[] = [];
  /** The metrics the alarms read together: what CloudWatch bills ($0.10 a month each, standard resolution). */
  public metricCount = 0;
  private readonly period: Duration;
  private readonly action: cloudwatch.IAlarmAction;

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);
    this.period = props.period ?? Duration.minutes(5);
    const topicArn = props.topicArn;
    this.action = { bind: () => ({ alarmActionArn: topicArn }) };
    const threshold = props.failureThreshold ?? 5;
    const minutes = this.period.toMinutes();
    const stat = { period: this.period, statistic: cloudwatch.Stats.SUM };

    const percent = props.serverErrorPercent ?? 5;
    const minimum = props.minimumRequests ?? 20;
    this.alarm('ApiServerErrorRate', {
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${minimum}, 100 * FILL(errors, 0) / requests, 0)`,
        usingMetrics: { errors: props.httpApi.metricServerError(stat), requests: props.httpApi.metricCount(stat) },
        period: this.period,
        label: '5xx answers, % of requests',
      }),
      metrics: 2,
      threshold: percent,
      description: `${props.subject}: at least ${percent}% of the HTTP API's answers were 5xx in ${minutes} minutes (with ${minimum} requests or more). The access logs and the functions' logs say which routes.`,
    });

    this.alarm('FunctionErrors', {
      ...this.sum(props.backgroundFunctions.map((fn) => fn.metricErrors(stat)), 'errors'),
      threshold,
      description: `${props.subject}: ${threshold} or more errors in ${minutes} minutes of the functions no API answer shows (${props.backgroundFunctions.length}); their logs say which.`,
    });

    const throttled = props.accountThrottles
      ? [new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', ...stat })]
      : (props.throttledFunctions ?? []).map((fn) => fn.metricThrottles(stat));
    if (throttled.length > 0) {
      this.alarm('FunctionThrottles', {
        ...this.sum(throttled, 'throttles'),
        threshold,
        description: props.accountThrottles
          ? `${props.subject}: ${threshold} or more Lambda throttles in ${minutes} minutes in this account and region: the concurrency pool ran out (a busy project?) or a function hit its reserved concurrency.`
          : `${props.subject}: ${threshold} or more throttles in ${minutes} minutes: the function reached its reserved concurrency (raise it, or find what is calling).`,
      });
    }

    this.alarm('TableThrottles', {
      ...this.sum(
        props.tables.flatMap((table) => [table.metric('ReadThrottleEvents', stat), table.metric('WriteThrottleEvents', stat)]),
        'events',
      ),
      threshold,
      description: `${props.subject}: ${threshold} or more DynamoDB throttle events in ${minutes} minutes (on-demand tables throttle on a sudden jump past twice their previous peak, or on one hot key).`,
    });

    for (const workflow of props.workflows ?? []) {
      const failures = [workflow.stateMachine.metricFailed(stat), workflow.stateMachine.metricTimedOut(stat), ...(workflow.failures ? [workflow.failures] : [])];
      this.alarm(`${workflow.id}Failed`, {
        ...this.sum(failures, 'failures'),
        threshold: 1,
        description: `${props.subject}: ${workflow.description} failed in the last ${minutes} minutes; the state machine's executions and the step function's logs say why.`,
      });
    }
  }

  /** One metric, or the sum of several (missing data points count as 0), and how many metrics it reads. */
  private sum(metrics: readonly cloudwatch.IMetric[], label: string): { metric: cloudwatch.IMetric; metrics: number } {
    if (metrics.length === 0) throw new Error(`OperationsAlarms: no metric to alarm on (${label})`);
    if (metrics.length > MAX_METRICS_PER_ALARM) throw new Error(`OperationsAlarms: ${metrics.length} metrics of ${label} in one alarm; CloudWatch allows ${MAX_METRICS_PER_ALARM}`);
    if (metrics.length === 1) return { metric: metrics[0]!, metrics: 1 };
    const usingMetrics = Object.fromEntries(metrics.map((metric, i) => [`m${i}`, metric]));
    const expression = `SUM([${Object.keys(usingMetrics).map((key) => `FILL(${key}, 0)`).join(', ')}])`;
    return { metric: new cloudwatch.MathExpression({ expression, usingMetrics, period: this.period, label }), metrics: metrics.length };
  }

  private alarm(id: string, spec: { metric: cloudwatch.IMetric; metrics: number; threshold: number; description: string }): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric: spec.metric,
      threshold: spec.threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      datapointsToAlarm: 1,
      // No requests, no invocations: nothing is wrong.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: spec.description,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    this.metricCount += spec.metrics;
  }
}

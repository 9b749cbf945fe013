/**
 * The operations alarms (lib/shared/operations-alarms.ts) of the control plane
 * (lib/control-plane/control-plane-operations.ts) and of a project stack (lib/project/project-operations.ts):
 * how many, what each reads and when it fires, that every one notifies the stack's topic (the
 * control plane's, for the project stacks it deploys) in ALARM and back to OK, and what the
 * metrics cost (ARCHITECTURE "Operations" quotes these counts).
 */
import { Template } from 'aws-cdk-lib/assertions';
import { countMetric, OPERATIONS_METRICS } from '../../lambdas/shared/operations-metrics';
import { synthDeployTemplate } from '../../lib/project/deploy-template';
import { ProjectStack, type ProjectStackProps } from '../../lib/project/project-stack';
import { goldenIr } from '../support/golden-ir';
import { synthesisRequest } from '../support/synthesis-request';
import { synthControlPlane, testApp, type CfnResource } from './synth';

interface AlarmJson {
  readonly Threshold: number;
  readonly ComparisonOperator: string;
  readonly EvaluationPeriods: number;
  readonly DatapointsToAlarm: number;
  readonly TreatMissingData: string;
  readonly AlarmActions: unknown[];
  readonly OKActions: unknown[];
  readonly AlarmDescription: string;
  readonly Namespace?: string;
  readonly MetricName?: string;
  readonly Dimensions?: { Name: string; Value: unknown }[];
  readonly Metrics?: { Id: string; Expression?: string; ReturnData?: boolean; MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] }; Period: number; Stat: string } }[];
}

/** The stack's alarms by construct id (the last part of their path before `/Resource`). */
function alarmsOf(template: Template): Record<string, AlarmJson> {
  const json = template.toJSON() as { Resources: Record<string, CfnResource & { Metadata?: { 'aws:cdk:path'?: string } }> };
  const found: Record<string, AlarmJson> = {};
  for (const [logicalId, resource] of Object.entries(json.Resources)) {
    if (resource.Type !== 'AWS::CloudWatch::Alarm') continue;
    const name = /^(ApiServerErrorRate|FunctionErrors|FunctionThrottles|TableThrottles|GenerationsFailed|DeploymentsFailed)/.exec(logicalId.replace(/^.*Alarms/, ''))?.[1];
    if (!name) throw new Error(`unexpected alarm ${logicalId}`);
    found[name] = resource.Properties as unknown as AlarmJson;
  }
  return found;
}

/** The metrics an alarm reads: `namespace/name` with the dimensions' values. */
function metricsOf(alarm: AlarmJson): { metric: string; dimensions: Record<string, unknown> }[] {
  if (alarm.MetricName) return [{ metric: `${alarm.Namespace}/${alarm.MetricName}`, dimensions: Object.fromEntries((alarm.Dimensions ?? []).map((d) => [d.Name, d.Value])) }];
  return (alarm.Metrics ?? [])
    .filter((m) => m.MetricStat)
    .map((m) => ({ metric: `${m.MetricStat!.Metric.Namespace}/${m.MetricStat!.Metric.MetricName}`, dimensions: Object.fromEntries((m.MetricStat!.Metric.Dimensions ?? []).map((d) => [d.Name, d.Value])) }));
}

const expressionOf = (alarm: AlarmJson): string | undefined => alarm.Metrics?.find((m) => m.ReturnData !== false && m.Expression)?.Expression;

describe('the control plane', () => {
  const { stack, template } = synthControlPlane();
  const alarms = alarmsOf(template);
  const ref = (construct: { node: { defaultChild?: unknown } }) => ({ Ref: stack.getLogicalId(construct.node.defaultChild as never) });
  const topic = ref(stack.alarmTopic.topic);

  test('six alarms, every one mailing the topic when it fires and when it is OK again', () => {
    expect(Object.keys(alarms).sort()).toEqual(['ApiServerErrorRate', 'DeploymentsFailed', 'FunctionErrors', 'FunctionThrottles', 'GenerationsFailed', 'TableThrottles']);
    for (const alarm of Object.values(alarms)) {
      expect(alarm).toMatchObject({
        AlarmActions: [topic],
        OKActions: [topic],
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
        DatapointsToAlarm: 1,
        // Idle is fine: no requests, no invocations, no alarm.
        TreatMissingData: 'notBreaching',
      });
      expect(alarm.AlarmDescription).toMatch(/^BGS control plane: /);
    }
  });

  test("the HTTP API's 5xx share, counted only from 20 requests in 5 minutes", () => {
    const alarm = alarms.ApiServerErrorRate!;
    expect(alarm.Threshold).toBe(5);
    expect(expressionOf(alarm)).toBe('IF(requests >= 20, 100 * FILL(errors, 0) / requests, 0)');
    const api = ref(stack.api.httpApi);
    expect(metricsOf(alarm)).toEqual([
      { metric: 'AWS/ApiGateway/5xx', dimensions: { ApiId: api } },
      { metric: 'AWS/ApiGateway/Count', dimensions: { ApiId: api } },
    ]);
    expect(alarm.Metrics!.filter((m) => m.MetricStat).map((m) => [m.MetricStat!.Period, m.MetricStat!.Stat])).toEqual([
      [300, 'Sum'],
      [300, 'Sum'],
    ]);
  });

  test('errors of the functions no API answer shows: the generation and deployment steps, the synthesis function and the spec writer', () => {
    const alarm = alarms.FunctionErrors!;
    expect(alarm.Threshold).toBe(5);
    expect(expressionOf(alarm)).toBe('SUM([FILL(m0, 0), FILL(m1, 0), FILL(m2, 0), FILL(m3, 0)])');
    expect(metricsOf(alarm)).toEqual(
      [stack.generation.stepFunction, stack.deployment.stepFunction, stack.deployment.synthFunction, stack.specWriter!.function].map((fn) => ({ metric: 'AWS/Lambda/Errors', dimensions: { FunctionName: ref(fn) } })),
    );
  });

  test('throttles of every function in the account and region: the shared pool ran out', () => {
    const alarm = alarms.FunctionThrottles!;
    expect(metricsOf(alarm)).toEqual([{ metric: 'AWS/Lambda/Throttles', dimensions: {} }]);
    expect(alarm.Threshold).toBe(5);
  });

  test("the table's read and write throttle events", () => {
    const table = ref(stack.data.table);
    expect(metricsOf(alarms.TableThrottles!)).toEqual([
      { metric: 'AWS/DynamoDB/ReadThrottleEvents', dimensions: { TableName: table } },
      { metric: 'AWS/DynamoDB/WriteThrottleEvents', dimensions: { TableName: table } },
    ]);
  });

  test('a failed generation: failed or timed-out executions, or a step that failed while the execution went on (EMF)', () => {
    const alarm = alarms.GenerationsFailed!;
    expect(alarm.Threshold).toBe(1);
    const machine = ref(stack.generation.stateMachine);
    expect(metricsOf(alarm)).toEqual([
      { metric: 'AWS/States/ExecutionsFailed', dimensions: { StateMachineArn: machine } },
      { metric: 'AWS/States/ExecutionsTimedOut', dimensions: { StateMachineArn: machine } },
      { metric: `${OPERATIONS_METRICS.namespace}/${OPERATIONS_METRICS.generationsFailed}`, dimensions: { [OPERATIONS_METRICS.dimension]: ref(stack.generation.stepFunction) } },
    ]);
    // What the step function logs is what the alarm reads: the same namespace, name and dimension.
    const emf = countMetric(OPERATIONS_METRICS.generationsFailed, { AWS_LAMBDA_FUNCTION_NAME: 'step' }, 0) as { _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] } };
    expect(emf._aws.CloudWatchMetrics).toEqual([{ Namespace: 'BGS', Dimensions: [['FunctionName']], Metrics: [{ Name: 'GenerationsFailed', Unit: 'Count' }] }]);
    expect(emf).toMatchObject({ FunctionName: 'step', GenerationsFailed: 1 });
  });

  test('a failed deployment: failed or timed-out executions of the deployment state machine', () => {
    const machine = ref(stack.deployment.stateMachine);
    expect(alarms.DeploymentsFailed!.Threshold).toBe(1);
    expect(metricsOf(alarms.DeploymentsFailed!)).toEqual([
      { metric: 'AWS/States/ExecutionsFailed', dimensions: { StateMachineArn: machine } },
      { metric: 'AWS/States/ExecutionsTimedOut', dimensions: { StateMachineArn: machine } },
    ]);
  });

  test('14 metrics in all ($1.40 a month), as ARCHITECTURE says', () => {
    expect(stack.operations.alarms.metricCount).toBe(14);
    expect(Object.values(alarms).reduce((n, alarm) => n + metricsOf(alarm).length, 0)).toBe(14);
  });

  test('the topic: encrypted with its own rotated key that CloudWatch alarms of this account may use, TLS only, no subscription unless asked', () => {
    const key = stack.getLogicalId(stack.alarmTopic.key.node.defaultChild as never);
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [key, 'Arn'] } });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    const fromAlarms = {
      StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
      ArnLike: { 'aws:SourceArn': { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudwatch:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':alarm:*']] } },
    };
    const keyPolicy = (template.toJSON().Resources[key].Properties.KeyPolicy as { Statement: { Sid?: string }[] }).Statement;
    expect(keyPolicy.find((s) => s.Sid === 'CloudWatchAlarmsPublish')).toMatchObject({
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      Condition: fromAlarms,
    });
    const topicPolicy = Object.values(template.findResources('AWS::SNS::TopicPolicy'))[0]!.Properties.PolicyDocument.Statement as { Sid?: string; Effect: string; Condition?: unknown }[];
    expect(topicPolicy.find((s) => s.Sid === 'CloudWatchAlarmsPublish')).toMatchObject({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish', Condition: fromAlarms });
    expect(topicPolicy.some((s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('aws:SecureTransport'))).toBe(true);
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    template.hasOutput('AlarmTopicArn', { Value: topic });
  });

  test('the deployment step hands the topic to the project stacks it deploys', () => {
    const env = (template.toJSON().Resources[stack.getLogicalId(stack.deployment.stepFunction.node.defaultChild as never)].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.BGS_PROJECT_ALARM_TOPIC_ARN).toEqual(topic);
  });

  test('CloudFormation may create, change and delete the alarms of project stacks, and no others', () => {
    const statements = (template.toJSON().Resources[stack.getLogicalId(stack.deployment.stackRole.node.defaultChild as never)].Properties.Policies as { PolicyDocument: { Statement: { Sid?: string }[] } }[]).flatMap(
      (p) => p.PolicyDocument.Statement,
    );
    expect(statements.find((s) => s.Sid === 'Alarms')).toEqual({
      Sid: 'Alarms',
      Effect: 'Allow',
      // CDK sorts a statement's actions.
      Action: ['cloudwatch:DeleteAlarms', 'cloudwatch:DescribeAlarms', 'cloudwatch:ListTagsForResource', 'cloudwatch:PutMetricAlarm', 'cloudwatch:TagResource', 'cloudwatch:UntagResource'],
      Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudwatch:*:', { Ref: 'AWS::AccountId' }, ':alarm:BgsProject-*']] },
    });
  });
});

describe('the control plane with an alarm email and project alarms off (and the offline author: no spec writer)', () => {
  const { stack, template } = synthControlPlane({ alarmEmail: 'ops@example.com', projectAlarms: false, bedrockModelId: 'offline' });

  test('watches the three background functions it has', () => {
    expect(stack.specWriter).toBeUndefined();
    expect(metricsOf(alarmsOf(template).FunctionErrors!)).toHaveLength(3);
    expect(stack.operations.alarms.metricCount).toBe(13);
  });

  test('mails the address (SNS confirms it first)', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: stack.getLogicalId(stack.alarmTopic.topic.node.defaultChild as never) } });
  });

  test('hands project stacks no topic: they get no alarms', () => {
    const env = (template.toJSON().Resources[stack.getLogicalId(stack.deployment.stepFunction.node.defaultChild as never)].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).not.toHaveProperty('BGS_PROJECT_ALARM_TOPIC_ARN');
  });
});

describe('a project stack', () => {
  const PROJECT_ID = 'p-0123456789';
  const synth = (props: Partial<ProjectStackProps> = {}, context: Record<string, unknown> = {}) => {
    const stack = new ProjectStack(testApp({ context }), 'ProjectTest', { ir: goldenIr('01-task-tracker'), projectId: PROJECT_ID, ...props });
    return { stack, template: Template.fromStack(stack) };
  };

  describe('on its own (the exported app): a topic of its own', () => {
    const { stack, template } = synth();
    const alarms = alarmsOf(template);
    const ref = (construct: { node: { defaultChild?: unknown } }) => ({ Ref: stack.getLogicalId(construct.node.defaultChild as never) });

    test("three alarms: the API's 5xx share, the background functions' errors, the table's throttles", () => {
      expect(Object.keys(alarms).sort()).toEqual(['ApiServerErrorRate', 'FunctionErrors', 'TableThrottles']);
      const topic = ref(stack.operations!.topic!.topic);
      for (const alarm of Object.values(alarms)) expect(alarm).toMatchObject({ AlarmActions: [topic], OKActions: [topic], TreatMissingData: 'notBreaching' });
      expect(alarms.ApiServerErrorRate!.AlarmDescription).toMatch(`BGS project ${PROJECT_ID}: `);
      expect(metricsOf(alarms.ApiServerErrorRate!).map((m) => m.dimensions)).toEqual([{ ApiId: ref(stack.api.httpApi) }, { ApiId: ref(stack.api.httpApi) }]);
    });

    test('the functions API Gateway does not invoke: the token trigger, the stream and job functions', () => {
      expect(metricsOf(alarms.FunctionErrors!)).toEqual(
        [stack.identity.preTokenGeneration, stack.events.recordChanges, stack.events.eventJobs].map((fn) => ({ metric: 'AWS/Lambda/Errors', dimensions: { FunctionName: ref(fn.function) } })),
      );
      // The runtime is behind the API: its failures are 5xx answers.
      expect(JSON.stringify(alarms.FunctionErrors)).not.toContain(stack.getLogicalId(stack.runtime.handler.function.node.defaultChild as never));
    });

    test('7 metrics ($0.70 a month), and the key of its own topic ($1)', () => {
      expect(stack.operations!.alarms.metricCount).toBe(7);
      template.resourceCountIs('AWS::KMS::Key', 1);
      template.resourceCountIs('AWS::SNS::Topic', 1);
      template.resourceCountIs('AWS::SNS::Subscription', 0);
    });
  });

  test('the CDK context names who its own topic mails', () => {
    const { template } = synth({}, { 'bgs:alarmEmail': 'ops@example.com' });
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
  });

  test("given a topic (the control plane's), it notifies that one and makes none", () => {
    const topicArn = 'arn:aws:sns:eu-west-1:111122223333:BgsControlPlane-AlarmTopic-abc';
    const { template } = synth({ alarmTopicArn: topicArn });
    for (const alarm of Object.values(alarmsOf(template))) expect(alarm).toMatchObject({ AlarmActions: [topicArn], OKActions: [topicArn] });
    template.resourceCountIs('AWS::SNS::Topic', 0);
    template.resourceCountIs('AWS::KMS::Key', 0);
  });

  test('no alarms when turned off, by prop or by CDK context', () => {
    for (const { template } of [synth({ operationsAlarms: false }), synth({}, { 'bgs:projectAlarms': 'false' })]) {
      template.resourceCountIs('AWS::CloudWatch::Alarm', 0);
      template.resourceCountIs('AWS::SNS::Topic', 0);
    }
  });

  test('a runtime with a concurrency cap gets a throttles alarm of its own', () => {
    const { stack, template } = synth({ reservedConcurrency: 50 });
    expect(metricsOf(alarmsOf(template).FunctionThrottles!)).toEqual([
      { metric: 'AWS/Lambda/Throttles', dimensions: { FunctionName: { Ref: stack.getLogicalId(stack.runtime.handler.function.node.defaultChild as never) } } },
    ]);
  });

  test('with workflows and schedules, their functions are watched too (at most 10 metrics per alarm)', () => {
    const stack = new ProjectStack(testApp(), 'ProjectTest', { ir: goldenIr('03-expense-approvals'), projectId: PROJECT_ID, env: { region: 'us-east-2', account: '111122223333' } });
    const errors = metricsOf(alarmsOf(Template.fromStack(stack)).FunctionErrors!);
    const names = [stack.identity.preTokenGeneration, stack.events.recordChanges, stack.events.eventJobs, stack.events.schedulesFunction, stack.workflows?.workflow, stack.workflows?.executionEnds]
      .flatMap((fn) => (fn ? [{ Ref: stack.getLogicalId(fn.function.node.defaultChild as never) }] : []));
    expect(errors.map((m) => m.dimensions.FunctionName)).toEqual(names);
    expect(names.length).toBeGreaterThanOrEqual(5);
  });

  describe('deployed by the control plane (the deploy template)', () => {
    const topicArn = 'arn:aws:sns:eu-west-1:111122223333:BgsControlPlane-AlarmTopic-abc';
    test("with the control plane's topic: the alarms notify it, and the stack has no topic or key", () => {
      const template = Template.fromJSON(synthDeployTemplate({ ...synthesisRequest(goldenIr('01-task-tracker'), 'eu-west-1'), alarmTopicArn: topicArn }) as Record<string, unknown>);
      const alarms = alarmsOf(template);
      expect(Object.keys(alarms)).toHaveLength(3);
      for (const alarm of Object.values(alarms)) expect(alarm.AlarmActions).toEqual([topicArn]);
      template.resourceCountIs('AWS::SNS::Topic', 0);
      template.resourceCountIs('AWS::KMS::Key', 0);
    });

    test('without one (alarms off, or a project in another region): no alarms, never a topic of its own', () => {
      const template = Template.fromJSON(synthDeployTemplate(synthesisRequest(goldenIr('01-task-tracker'), 'eu-west-1')) as Record<string, unknown>);
      template.resourceCountIs('AWS::CloudWatch::Alarm', 0);
      template.resourceCountIs('AWS::SNS::Topic', 0);
      template.resourceCountIs('AWS::KMS::Key', 0);
    });
  });
});

/**
 * Where a stack's operations alarms notify (operations-alarms.ts): one SNS topic, encrypted with a
 * customer managed KMS key of its own, TLS-only, that the CloudWatch alarms of this account and
 * region may publish to, with an optional email subscription.
 *
 * Why a key of its own ($1 a month): CloudWatch can publish to an encrypted topic only if the key's
 * policy lets cloudwatch.amazonaws.com use it, and the AWS managed key `aws/sns` has a policy no one
 * can change; alarms would then fail to deliver without any error at deploy. Both grants are limited
 * to alarms of this account and region (aws:SourceAccount, aws:SourceArn): the control plane's topic
 * also takes the alarms of the project stacks it deploys to its region (ARCHITECTURE "Operations").
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/** The CDK context that names the address alarms are mailed to (bin/bgs-cdk.ts, an exported project app). */
export const ALARM_EMAIL_CONTEXT = 'bgs:alarmEmail';

export interface AlarmTopicProps {
  /**
   * An address every alarm (and its return to OK) is mailed to. SNS first mails it a confirmation
   * link: nothing arrives until someone follows it.
   *
   * @default - no subscription: subscribe to the topic (its ARN is an output) as you like
   */
  readonly email?: string;
  /**
   * Schedule the key's deletion with the stack (development stacks).
   *
   * @default false: the key is retained
   */
  readonly destroyOnRemoval?: boolean;
}

export class AlarmTopic extends Construct {
  public readonly topic: sns.Topic;
  public readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: AlarmTopicProps = {}) {
    super(scope, id);
    const stack = Stack.of(this);
    const fromAlarms = {
      StringEquals: { 'aws:SourceAccount': stack.account },
      ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*` },
    };
    const cloudWatch = new iam.ServicePrincipal('cloudwatch.amazonaws.com');

    this.key = new kms.Key(this, 'Key', {
      description: `BGS ${stack.stackName}: encrypts the operations alarm topic`,
      enableKeyRotation: true,
      removalPolicy: props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({ sid: 'CloudWatchAlarmsPublish', principals: [cloudWatch], actions: ['kms:Decrypt', 'kms:GenerateDataKey*'], resources: ['*'], conditions: fromAlarms }),
    );

    this.topic = new sns.Topic(this, 'Topic', { displayName: `BGS ${stack.stackName} alarms`, masterKey: this.key, enforceSSL: true });
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({ sid: 'CloudWatchAlarmsPublish', principals: [cloudWatch], actions: ['sns:Publish'], resources: [this.topic.topicArn], conditions: fromAlarms }),
    );
    if (props.email) new sns.Subscription(this, 'Email', { topic: this.topic, protocol: sns.SubscriptionProtocol.EMAIL, endpoint: props.email });
  }
}

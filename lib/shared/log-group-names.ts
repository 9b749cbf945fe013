/**
 * THE names of the log groups an AWS service delivers logs to for BGS ("vended logs"): the
 * access logs of every HTTP API stage (the control plane's and each project's) and the logs of
 * the control plane's two state machines. Every such group is named here and nowhere else.
 *
 * Why `/aws/vendedlogs/`: API Gateway and Step Functions enable their delivery by adding the
 * log group to the region's CloudWatch Logs resource policy, which holds 5,120 characters. A
 * generated name (`BgsProject-x-ProjectApiAccessLogs…`) adds one ARN per group, so at roughly
 * 40 project APIs a stage fails to create ("Cannot enable logging. Policy document length
 * breaking Cloudwatch Logs Constraints"). Near that size CloudWatch Logs covers
 * `/aws/vendedlogs/*` with one wildcard entry instead, so groups under that prefix keep
 * working however many there are (Step Functions developer guide, "Avoiding CloudWatch Logs
 * resource policy size restrictions"; the same policy serves API Gateway's access logs).
 *
 * Why a suffix from the stack's id: the groups are retained when their stack is deleted (unless
 * `destroyOnRemoval`). A project destroyed and deployed again gets a NEW stack of the same name,
 * and a group of a fixed name would collide with the retained one (CREATE_FAILED: already
 * exists). The suffix is the UUID CloudFormation gives each stack it creates (the last part
 * of its stack id): the same across every update of one stack (no replacement on redeploy), new
 * for a stack created again. The whole UUID, not a part of it: CloudFormation's are time-based
 * (version 1), whose last group names the host, not the moment. It is a token resolved by CloudFormation, so the template (and the preview's diff) stays
 * the same for the same blueprint.
 */
import { Fn, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** The prefix CloudWatch Logs allows with one resource-policy entry, whatever the number of groups. */
export const VENDED_LOGS_PREFIX = '/aws/vendedlogs/';

/** Where BGS's vended log groups live: one folder per stack (`/aws/vendedlogs/bgs/<stackName>/`). */
const BGS_VENDED_LOGS = `${VENDED_LOGS_PREFIX}bgs`;

/** What a vended log group holds; the first part of its last path segment. */
export type VendedLogPurpose = 'api-access' | 'blueprint-generation' | 'project-deployment';

/** `/aws/vendedlogs/bgs/<stackName>/<purpose>-<the stack's UUID>`. */
export function vendedLogGroupName(scope: IConstruct, purpose: VendedLogPurpose): string {
  const stack = Stack.of(scope);
  return `${BGS_VENDED_LOGS}/${stack.stackName}/${purpose}-${stackInstanceSuffix(stack)}`;
}

/**
 * The vended log groups of every stack whose name matches `stackNamePattern` (an IAM wildcard
 * such as `BgsProject-*`), as an IAM resource name after `log-group:`: it covers the groups and
 * their streams (the trailing `*` takes `:*` and `:log-stream:…` too).
 */
export const vendedLogGroupPattern = (stackNamePattern: string): string => `${BGS_VENDED_LOGS}/${stackNamePattern}/*`;

/** `arn:…:stack/<name>/1c2fa620-982a-11e3-aff7-50e2416294e0` -> `1c2fa620-982a-11e3-aff7-50e2416294e0`. */
function stackInstanceSuffix(stack: Stack): string {
  return Fn.select(2, Fn.split('/', stack.stackId));
}

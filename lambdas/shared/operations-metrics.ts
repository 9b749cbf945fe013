/**
 * The custom CloudWatch metrics of BGS: failures that are recorded as data while their Step
 * Functions execution still ends well (a generation step that fails marks the blueprint `failed`
 * and the state machine stops in a Succeed state), so ExecutionsFailed cannot count them.
 *
 * Emitted in CloudWatch's embedded metric format (EMF): the attributes below, added to a log line
 * the handler's Powertools logger prints anyway, make CloudWatch Logs extract one data point from
 * that line. No metrics client, no API call, nothing in the bundle; locally it is one more field in
 * a log line. lib/shared/operations-alarms.ts alarms on the same names (one source of truth).
 */
import { ENV } from './env';

/** The namespace and names the handlers emit and the alarms read. */
export const OPERATIONS_METRICS = {
  namespace: 'BGS',
  /** The one dimension: the emitting function's name, unique per stack (two control planes in one account stay apart). */
  dimension: 'FunctionName',
  /** A blueprint generation that failed for a reason of the service (not a spec the validator refused). */
  generationsFailed: 'GenerationsFailed',
} as const;

export type OperationsMetricName = typeof OPERATIONS_METRICS.generationsFailed;

/**
 * The log attributes that count one `name` event in EMF. `functionName` is what Lambda sets in
 * AWS_LAMBDA_FUNCTION_NAME; locally, where no one reads the metric, `local`.
 */
export function countMetric(name: OperationsMetricName, env: NodeJS.ProcessEnv = process.env, now: number = Date.now()): Record<string, unknown> {
  return {
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: [{ Namespace: OPERATIONS_METRICS.namespace, Dimensions: [[OPERATIONS_METRICS.dimension]], Metrics: [{ Name: name, Unit: 'Count' }] }],
    },
    [OPERATIONS_METRICS.dimension]: env[ENV.LAMBDA_FUNCTION_NAME] ?? 'local',
    [name]: 1,
  };
}

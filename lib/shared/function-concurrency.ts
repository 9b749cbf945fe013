/**
 * Reserved concurrency: so one busy project cannot starve the control plane (ARCHITECTURE
 * "Operations"). Every function of an account and region draws from one pool (1,000 by default;
 * new accounts start lower, some at 10). A reservation both guarantees and caps a function, and is
 * taken out of the pool for everyone else; Lambda refuses any reservation that would leave fewer
 * than 100 unreserved, so on an account below ~100 + the reservations a deploy fails
 * ("decreases account's UnreservedConcurrentExecution below its minimum value").
 *
 * The design: reserve a little for the control plane's few functions that must work when projects
 * flood the pool (signing in, refreshing tokens, destroying a runaway project's stack, and the
 * deployment step that does it), 4 x 10 by default; leave project functions unreserved by default,
 * since a cap per project is taken from the pool once per project (40 projects capped at 25 would
 * reserve the whole default pool), and let an operator cap project runtimes when the fleet is small
 * or the account's quota large.
 */
import type * as lambda from 'aws-cdk-lib/aws-lambda';

/** CDK context: the reservation of each critical control-plane function (0: none). */
export const RESERVED_CONCURRENCY_CONTEXT = 'bgs:reservedConcurrency';
/** CDK context: the reservation (a cap) of each project's runtime function. */
export const PROJECT_RESERVED_CONCURRENCY_CONTEXT = 'bgs:projectReservedConcurrency';

/** What each critical control-plane function reserves unless configured: 4 functions, 40 of a 1,000 pool. */
export const DEFAULT_CONTROL_PLANE_RESERVED_CONCURRENCY = 10;

/**
 * The control-plane routes (manifest ids) that keep working when projects exhaust the pool: sign-in
 * and token refresh (every other route needs a token), and the destroy that stops a runaway project.
 * The deployment step function (which runs the destroy) is reserved with them.
 */
export const CRITICAL_ROUTE_IDS: readonly string[] = ['login', 'refresh', 'destroyProjectStack'];

/**
 * A reservation from CDK context or props: a whole number, 0 and up (the CLI passes context as
 * text). Anything else fails the synth, not the deploy.
 */
export function reservedConcurrency(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(String(value));
  if (!Number.isInteger(n) || n < 0 || n > 10_000) throw new Error(`${name} must be a whole number from 0 to 10000 (got ${JSON.stringify(value)})`);
  return n;
}

/** Reserves concurrency for a function built elsewhere (its L1's ReservedConcurrentExecutions); 0 reserves nothing. */
export function reserveConcurrency(fn: lambda.IFunction, executions: number): void {
  if (executions <= 0) return;
  (fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = executions;
}

/**
 * What the runtime of a generated API may do on its project's table: its IAM policy
 * (lib/project/runtime-function.ts) and, locally, its client's guard (table-action-guard.ts)
 * are both made from this list, so a call the policy lacks fails in the local tests too.
 * Sorted, so the policy and the template stay stable.
 */
export const PROJECT_RUNTIME_TABLE_ACTIONS: readonly string[] = ['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'];

/**
 * What the workflow execution-ends function may do on the project's table (its IAM policy in
 * lib/project/project-workflows.ts is made from this list): end an instance, which updates the
 * instance and the running count in one transaction (execution-ends.ts).
 */
export const EXECUTION_ENDS_TABLE_ACTIONS: readonly string[] = ['UpdateItem'];

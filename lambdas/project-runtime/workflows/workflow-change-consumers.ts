/**
 * What record changes do to workflows (registered with the change dispatcher, on AWS and locally):
 *   - triggers: a change that matches a workflow's trigger (its event, its field reaching the
 *     value, its `where` conditions) starts an instance whose id comes from the change, so a
 *     redelivered change starts nothing new; a rejected write never reaches the stream, so it
 *     starts nothing;
 *   - record waits: a change resumes the instances waiting for it, each once.
 * A change written by a workflow's own task carries that workflow's mark (task-actions.ts): it
 * does not start the workflow that wrote it again, and a chain of workflows starting each other
 * through changes stops at MAX_CHAIN_DEPTH.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { BlueprintIR } from '../../core/blueprint/ir';
import type { IrEntityTrigger, IrWorkflow } from '../../core/blueprint/ir-workflows';
import { DurableExecutionFinishedError, DurableExecutionNotFoundError, type DurableExecutions } from '../../ports/durable-executions';
import type { RecordChange, RecordChangeConsumer, RecordImage } from '../../ports/record-changes';
import type { WorkflowInstanceStore } from '../../ports/workflow-instances';
import { WorkflowLimitError } from '../../core/errors';
import { conditionText, waitKeysOf } from './record-waits';
import { instanceIdOf, type WorkflowStarter } from './workflow-starter';
import { readWorkflowMark, type WorkflowMark } from './workflow-mark';

/** Workflows started by changes that workflows made, at most this deep. */
export const MAX_CHAIN_DEPTH = 5;

/** Whether `change` starts `workflow`. */
export function triggers(trigger: IrEntityTrigger, change: RecordChange): boolean {
  if (trigger.entity !== change.entity || trigger.event !== change.kind) return false;
  const image: RecordImage | undefined = change.kind === 'deleted' ? change.before : change.after;
  if (!image) return false;
  if (trigger.field !== undefined) {
    // "status = resolved": the update that sets it, not every later update of a resolved record.
    const now = conditionText(image[trigger.field]);
    if (now !== trigger.value || conditionText(change.before?.[trigger.field]) === trigger.value) return false;
  }
  return (trigger.where ?? []).every((condition) => conditionText(image[condition.field]) === condition.value);
}

export interface WorkflowChangeConsumerProps {
  readonly ir: BlueprintIR;
  readonly starter: WorkflowStarter;
  readonly instances: WorkflowInstanceStore;
  readonly executions: Pick<DurableExecutions, 'sendCallbackSuccess'>;
  readonly logger: Logger;
}

/** The consumer that starts triggered workflows. */
export function workflowTriggerConsumer(props: WorkflowChangeConsumerProps): RecordChangeConsumer {
  const triggered = props.ir.workflows.filter((w): w is IrWorkflow & { trigger: IrEntityTrigger } => !('manual' in w.trigger));
  return async (change) => {
    const image = change.after ?? change.before ?? {};
    const mark: WorkflowMark | null = readWorkflowMark(change.writtenBy);
    for (const workflow of triggered) {
      if (!triggers(workflow.trigger, change)) continue;
      if (mark && (mark.workflow === workflow.name || mark.depth >= MAX_CHAIN_DEPTH)) continue;
      try {
        await props.starter.start({
          workflow: workflow.name,
          orgId: change.orgId,
          input: { record: { ...image }, ...(mark ? { chainDepth: mark.depth + 1 } : {}) },
          record: { entity: change.entity, id: change.recordId },
          instanceId: instanceIdOf(workflow.name, change.changeId),
        });
      } catch (err) {
        // At the limit a change cannot wait for a place (it would hold up every later change): it is logged, not retried.
        if (!(err instanceof WorkflowLimitError)) throw err;
        props.logger.error('A record change did not start its workflow: the project runs as many instances as it may', { workflow: workflow.name, changeId: change.changeId });
      }
    }
  };
}

/** The consumer that resumes the instances waiting for a change. */
export function workflowRecordWaitConsumer(props: WorkflowChangeConsumerProps): RecordChangeConsumer {
  return async (change) => {
    for (const key of waitKeysOf(props.ir, change)) {
      for (const waiter of await props.instances.takeRecordWaiters(change.orgId, key)) {
        try {
          await props.executions.sendCallbackSuccess(waiter.callbackId, { change: key, changeId: change.changeId });
        } catch (err) {
          // The wait timed out or its instance was cancelled meanwhile: nothing is waiting any more.
          if (!(err instanceof DurableExecutionFinishedError || err instanceof DurableExecutionNotFoundError)) throw err;
        }
      }
    }
  };
}

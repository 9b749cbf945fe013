/**
 * The mark a workflow's task leaves on a record it writes, `<workflow>:<chain depth>` (the record
 * store keeps it beside the fields; the change parser hands it on as `writtenBy`): a change read
 * back from the stream then says which workflow made it and how deep the chain of workflow-made
 * changes is.
 */

export interface WorkflowMark {
  readonly workflow: string;
  /** 1 for a write by an instance a client's change or request started; one more per workflow-made change in between. */
  readonly depth: number;
}

export const writeWorkflowMark = (mark: WorkflowMark): string => `${mark.workflow}:${mark.depth}`;

export function readWorkflowMark(text: unknown): WorkflowMark | null {
  if (typeof text !== 'string') return null;
  const colon = text.lastIndexOf(':');
  const depth = Number(text.slice(colon + 1));
  if (colon <= 0 || !Number.isInteger(depth) || depth < 1) return null;
  return { workflow: text.slice(0, colon), depth };
}

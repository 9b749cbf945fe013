/**
 * THE preview of a deploy (CONTRACT "POST /projects/{id}/validate"): the stack's resource
 * changes (template-diff.ts) followed by what the change does to the records already stored
 * (data-safety.ts), each with `destructive` and, when it matters, a reason. The deploy and
 * rollback routes refuse a preview with destructive changes (409 DATA_LOSS naming them) unless
 * `allowDataLoss: true`, and the deployer runs the safe steps of the others.
 */
import { DataLossError, type ErrorDetail } from '../errors';
import type { DataChange, SafeStep } from './data-safety';
import type { ChangeAction, TemplatePreview } from './template-diff';

/** The resource type under which the changes to stored records are listed (they are not CloudFormation resources). */
export const RECORDS_RESOURCE_TYPE = 'BGS::Records';

export interface PreviewChange {
  readonly action: ChangeAction;
  /** The resource's logical id in the project's stack; for records, the entity or `Entity.field`. */
  readonly logicalId: string;
  readonly resourceType: string;
  readonly destructive: boolean;
  readonly reason?: string;
}

export interface DeployPreview {
  readonly changes: readonly PreviewChange[];
  readonly summary: string;
  /** What the deploy runs over existing records, in order (data-safety.ts `DataChange.step`). */
  readonly steps: readonly SafeStep[];
}

export function combinePreview(template: TemplatePreview, data: readonly DataChange[]): DeployPreview {
  const changes: PreviewChange[] = [
    ...template.changes,
    ...data.map((change) => ({ action: 'modify' as const, logicalId: change.subject, resourceType: RECORDS_RESOURCE_TYPE, destructive: change.destructive, reason: change.reason })),
  ];
  const destructive = changes.filter((c) => c.destructive).length;
  const steps = data.flatMap((c) => (c.step ? [c.step] : []));
  const keeping = data.filter((c) => c.step && !c.destructive).length;
  const notes = [
    ...(destructive > 0 ? [`${destructive} ${destructive === 1 ? 'change loses' : 'changes lose'} data`] : []),
    ...(keeping > 0 ? [`${keeping} data ${keeping === 1 ? 'step keeps' : 'steps keep'} existing records whole`] : []),
  ];
  return { changes, summary: notes.length > 0 ? `${template.summary}; ${notes.join('; ')}` : template.summary, steps };
}

/** The changes that lose data. */
export const destructiveChanges = (preview: Pick<DeployPreview, 'changes'>): PreviewChange[] => preview.changes.filter((c) => c.destructive);

/**
 * 409 DATA_LOSS naming each destructive change (one detail each), or nothing when the preview
 * loses no data or the caller allowed it.
 */
export function refuseDataLoss(changes: readonly PreviewChange[], allowDataLoss: boolean, what: 'deploy' | 'rollback'): void {
  const lost = changes.filter((c) => c.destructive);
  if (lost.length === 0 || allowDataLoss) return;
  const details: ErrorDetail[] = lost.map((c) => ({ path: c.logicalId, message: c.reason ?? `${c.action} ${c.resourceType}` }));
  throw new DataLossError(
    `This ${what} would lose data (${lost.length} ${lost.length === 1 ? 'change' : 'changes'}: ${details.map((d) => d.path).join(', ')}); ` +
      `see the details, change the blueprint, or send allowDataLoss: true to ${what} anyway`,
    details,
  );
}

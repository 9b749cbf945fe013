/**
 * The dry-run preview of a deployment (CONTRACT "POST /projects/{id}/validate"): what would
 * change in the project's stack, resource by resource, between the template of the deployed
 * blueprint (none before the first deploy) and the template of the blueprint to deploy. Pure:
 * both templates are synthesized from the same CDK constructs (lib/project) before.
 */

export interface TemplateResource {
  Type: string;
  Properties?: unknown;
  [key: string]: unknown;
}

export interface CloudFormationTemplate {
  Resources?: Record<string, TemplateResource>;
  [key: string]: unknown;
}

export type ChangeAction = 'add' | 'modify' | 'remove';

export interface TemplateChange {
  action: ChangeAction;
  logicalId: string;
  resourceType: string;
}

export interface TemplatePreview {
  changes: TemplateChange[];
  summary: string;
}

/** CDK's own bookkeeping, which says nothing about the project. */
const IGNORED_TYPES = new Set(['AWS::CDK::Metadata']);

/** Changes from `before` (null: nothing deployed yet) to `after`: removals, then modifications, then additions, each by logical id. */
export function diffTemplates(before: CloudFormationTemplate | null, after: CloudFormationTemplate): TemplatePreview {
  const old = resourcesOf(before);
  const next = resourcesOf(after);
  const changes: TemplateChange[] = [];
  for (const [logicalId, resource] of old) if (!next.has(logicalId)) changes.push({ action: 'remove', logicalId, resourceType: resource.Type });
  for (const [logicalId, resource] of next) {
    const previous = old.get(logicalId);
    // A resource whose type changed is replaced: CloudFormation removes the old one and adds the new one.
    if (previous && previous.Type !== resource.Type) {
      changes.push({ action: 'remove', logicalId, resourceType: previous.Type });
      changes.push({ action: 'add', logicalId, resourceType: resource.Type });
    } else if (previous && canonical(previous) !== canonical(resource)) {
      changes.push({ action: 'modify', logicalId, resourceType: resource.Type });
    }
  }
  for (const [logicalId, resource] of next) if (!old.has(logicalId)) changes.push({ action: 'add', logicalId, resourceType: resource.Type });
  const order: Record<ChangeAction, number> = { remove: 0, modify: 1, add: 2 };
  changes.sort((a, b) => order[a.action] - order[b.action] || a.logicalId.localeCompare(b.logicalId));
  return { changes, summary: summarize(changes, before === null) };
}

function resourcesOf(template: CloudFormationTemplate | null): Map<string, TemplateResource> {
  const out = new Map<string, TemplateResource>();
  for (const [logicalId, resource] of Object.entries(template?.Resources ?? {})) if (!IGNORED_TYPES.has(resource.Type)) out.set(logicalId, resource);
  return out;
}

/** JSON with sorted keys, so key order never reads as a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

function summarize(changes: readonly TemplateChange[], firstDeploy: boolean): string {
  if (changes.length === 0) return 'No changes: the deployed project already matches this blueprint';
  const count = (action: ChangeAction) => changes.filter((c) => c.action === action).length;
  const part = (n: number, verb: string) => `${n} to ${verb}`;
  const counts = `${part(count('add'), 'add')}, ${part(count('modify'), 'modify')}, ${part(count('remove'), 'remove')}`;
  return firstDeploy ? `First deployment: ${counts}` : `${counts}`;
}

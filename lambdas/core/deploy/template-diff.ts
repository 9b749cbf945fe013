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
  /** The change loses data (a table, bucket or user pool removed or replaced). */
  destructive: boolean;
  /** Why it is destructive. */
  reason?: string;
}

/**
 * The resources that hold a project's data, with the properties whose change makes
 * CloudFormation REPLACE the resource ("Update requires: Replacement" in the CloudFormation
 * reference): a replaced table, bucket or pool is a new, empty one.
 */
const STATEFUL: Readonly<Record<string, { readonly what: string; readonly replacedBy: readonly string[] }>> = {
  'AWS::DynamoDB::Table': { what: 'the table', replacedBy: ['TableName', 'KeySchema', 'LocalSecondaryIndexes'] },
  'AWS::S3::Bucket': { what: 'the bucket', replacedBy: ['BucketName', 'ObjectLockEnabled'] },
  'AWS::Cognito::UserPool': { what: 'the user pool', replacedBy: ['UserPoolName', 'UsernameAttributes', 'AliasAttributes', 'Schema'] },
};

/** Whether and why a change of a resource loses data. */
function destructiveness(action: ChangeAction, type: string, before: TemplateResource | undefined, after: TemplateResource | undefined): Pick<TemplateChange, 'destructive' | 'reason'> {
  const stateful = STATEFUL[type];
  if (!stateful) return { destructive: false };
  if (action === 'remove') return { destructive: true, reason: `${stateful.what} leaves the stack: its data stays behind in the account, no longer served` };
  if (action !== 'modify' || !before || !after) return { destructive: false };
  const props = (r: TemplateResource) => (r.Properties ?? {}) as Record<string, unknown>;
  const changed = stateful.replacedBy.filter((name) => canonical(props(before)[name]) !== canonical(props(after)[name]));
  if (changed.length === 0) return { destructive: false };
  return { destructive: true, reason: `${changed.join(', ')} of ${stateful.what} changes: CloudFormation replaces it with a new, empty one` };
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
  for (const [logicalId, resource] of old) if (!next.has(logicalId)) changes.push({ action: 'remove', logicalId, resourceType: resource.Type, ...destructiveness('remove', resource.Type, resource, undefined) });
  for (const [logicalId, resource] of next) {
    const previous = old.get(logicalId);
    // A resource whose type changed is replaced: CloudFormation removes the old one and adds the new one.
    if (previous && previous.Type !== resource.Type) {
      changes.push({ action: 'remove', logicalId, resourceType: previous.Type, ...destructiveness('remove', previous.Type, previous, undefined) });
      changes.push({ action: 'add', logicalId, resourceType: resource.Type, destructive: false });
    } else if (previous && canonical(previous) !== canonical(resource)) {
      changes.push({ action: 'modify', logicalId, resourceType: resource.Type, ...destructiveness('modify', resource.Type, previous, resource) });
    }
  }
  for (const [logicalId, resource] of next) if (!old.has(logicalId)) changes.push({ action: 'add', logicalId, resourceType: resource.Type, destructive: false });
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

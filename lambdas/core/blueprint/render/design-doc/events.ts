/**
 * The sections on what a project does by itself, beside its workflows: its event handlers and
 * scheduled jobs (when each runs, what it does, how a failed run is retried and where it is
 * parked), and its outgoing webhooks, which every project has.
 */
import { renderTable } from '../../../spec/spec-markdown';
import type { ProjectRoute } from '../../project-routes';
import { eventHandlersOf, retryPolicyOf, schedulesOf, type BlueprintIR, type IrRecordQuery, type IrRetryPolicy, type IrSchedule } from '../../ir';
import { durationText } from '../../../text/english';
import { DEFAULT_TOLERANCE_SECONDS, DELIVERY_HEADER, SIGNATURE_HEADER, SIGNATURE_SCHEME, TIMESTAMP_HEADER } from '../../../outgoing/signature';
import { webhookEntityName, webhookEventType } from '../../../project-api/webhook-events';
import { actionText, changeText } from './workflows';

/** Where an admin finds the runs that failed every retry: the route manifest's path, named in the text. */
function parkedAt(routes: readonly ProjectRoute[]): string {
  const route = routes.find((candidate) => candidate.action === 'events.failures.list');
  return route ? `parked for an admin (\`${route.method} ${route.path}\`)` : 'parked for an admin';
}

function retryText(policy: IrRetryPolicy, routes: readonly ProjectRoute[]): string {
  return policy.retries === 0
    ? `A failed run is not retried: it is ${parkedAt(routes)} at once.`
    : `A failed run is retried up to ${policy.retries} times (first after ${durationText(policy.backoffSeconds)}, each next delay doubled), then ${parkedAt(routes)}.`;
}

const capitalized = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
/** The actions as a numbered list, in the order they run. */
const actionsText = (actions: IrSchedule['actions']): string => actions.map((action, a) => `${a + 1}. ${capitalized(actionText(action))}.`).join('\n');

export function eventHandlers(ir: BlueprintIR, routes: readonly ProjectRoute[]): string {
  const out = [
    '## Event handlers',
    '',
    'Each handler runs once for every committed change that matches it, after the change (never inside the request that made it), with the changed record (for a deletion, as it was).',
  ];
  for (const handler of eventHandlersOf(ir)) {
    out.push('', `### ${handler.name}`, '', ...(handler.description ? [handler.description, ''] : []), `Runs ${changeText(handler.on)}, and then:`, '', actionsText(handler.actions), '', retryText(retryPolicyOf(handler), routes));
  }
  return out.join('\n');
}

function recordsText(query: IrRecordQuery): string {
  const conditions = [
    ...(query.where ?? []).map((c) => `${c.field} is ${c.value}`),
    ...(query.age?.olderThanSeconds !== undefined ? [`${query.age.field} is more than ${durationText(query.age.olderThanSeconds)} ago`] : []),
    ...(query.age?.newerThanSeconds !== undefined ? [`${query.age.field} is within the last ${durationText(query.age.newerThanSeconds)}`] : []),
  ];
  return `each ${query.entity}${conditions.length > 0 ? ` whose ${conditions.join(' and ')}` : ''}`;
}

export function scheduledJobs(ir: BlueprintIR, routes: readonly ProjectRoute[]): string {
  const perOrganization = ir.tenancy.mode === 'multi' ? ' A job runs once per organization, on that organization\'s records; a role means that organization\'s members with the role.' : '';
  const out = ['## Scheduled jobs', '', `Schedules in EventBridge Scheduler's syntax (\`cron(minutes hours day-of-month month day-of-week year)\`, \`rate(...)\`), read in the job's time zone.${perOrganization}`, ''];
  out.push(
    ...renderTable(
      ['Job', 'Schedule', 'Time zone', 'Acts on'],
      schedulesOf(ir).map((job) => [job.name, `\`${job.expression}\``, job.timezone, job.records ? recordsText(job.records) : 'no record (once per run)']),
    ),
  );
  for (const job of schedulesOf(ir)) {
    const notifies = job.records && job.actions.some((action) => action.type === 'notify' && 'role' in action.to);
    out.push(
      '',
      `### ${job.name}`,
      '',
      ...(job.description ? [job.description, ''] : []),
      job.records ? `At each run, for ${recordsText(job.records)} (a query within the organization, never a scan), in order:` : 'At each run:',
      '',
      actionsText(job.actions),
      ...(notifies ? ['', 'An email to a role is sent once per run, listing the records.'] : []),
      '',
      retryText(retryPolicyOf(job), routes),
    );
  }
  return out.join('\n');
}

/** Every project has them: an organization's admins subscribe to its records' changes. */
export function outgoingWebhooks(ir: BlueprintIR): string {
  const entity = ir.entities[0]?.name;
  const examples = entity ? `\`${webhookEventType(entity, 'created')}\`, \`${webhookEntityName(entity)}.*\` or \`*\`` : '`*`';
  const who = ir.tenancy.mode === 'multi' ? "An organization's admins subscribe to changes of its own records" : 'Admins subscribe to changes of the records';
  return [
    '## Outgoing webhooks',
    '',
    `${who} at \`/v1/webhooks\` (\`{ url, events, secret?, active? }\`; events such as ${examples}) and read or redeliver the deliveries at \`/v1/webhooks/{id}/deliveries\`. Each change is POSTed as JSON \`{ id, type, occurred_at, org_id, data, previous? }\` and signed like the calls to outgoing endpoints:`,
    '',
    `- \`${DELIVERY_HEADER}\`: the delivery id (the same on a retry, so a receiver can drop repeats);`,
    `- \`${TIMESTAMP_HEADER}\`: when the attempt was signed, in Unix seconds;`,
    `- \`${SIGNATURE_HEADER}\`: \`${SIGNATURE_SCHEME}=<hex HMAC-SHA256 of "<timestamp>.<body>" with the subscription's secret>\`. Check it, and refuse timestamps more than ${DEFAULT_TOLERANCE_SECONDS / 60} minutes from your clock.`,
  ].join('\n');
}

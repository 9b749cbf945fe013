/**
 * EventBridge Scheduler's invocation of a scheduled job on AWS (schedules.lambda.ts): the schedule
 * hands in the job's name and the occurrence (`<aws.scheduler.scheduled-time>`), and the job is
 * fanned out as one `scheduleRun` event job per organization (one in a single-tenant project),
 * so every organization's run is its own message: run in parallel by the event-jobs function,
 * retried on its own, and a failure of one never holds the others up. The run item of
 * (job, occurrence, organization) makes a repeated invocation run nothing twice.
 */
import * as z from 'zod';
import { schedulesOf, type BlueprintIR } from '../../core/blueprint/ir';
import type { EventJobQueue } from '../../ports/event-jobs';

/** What each schedule's target input holds (ProjectEvents writes it). */
export const ScheduleInvocation = z.object({ schedule: z.string().min(1), occurrence: z.iso.datetime({ offset: true }) });
export type ScheduleInvocation = z.infer<typeof ScheduleInvocation>;

export interface ScheduleInvocationServices {
  readonly ir: Pick<BlueprintIR, 'tenancy' | 'schedules'>;
  readonly queue: EventJobQueue;
  readonly organizations: () => AsyncIterable<string>;
}

/** Queues the occurrence's run of every organization; resolves to how many were queued. */
export async function fanOutOccurrence(services: ScheduleInvocationServices, input: unknown): Promise<number> {
  const invocation = ScheduleInvocation.parse(input);
  const schedule = schedulesOf(services.ir).find((s) => s.name === invocation.schedule);
  // A schedule left from a blueprint that no longer has the job (deleted with the next deploy): nothing to run.
  if (!schedule) return 0;
  const occurrence = new Date(invocation.occurrence).toISOString();
  if (services.ir.tenancy.mode !== 'multi') {
    await services.queue.send({ kind: 'scheduleRun', orgId: null, schedule: schedule.name, occurrence }, 0);
    return 1;
  }
  let queued = 0;
  for await (const orgId of services.organizations()) {
    await services.queue.send({ kind: 'scheduleRun', orgId, schedule: schedule.name, occurrence }, 0);
    queued += 1;
  }
  return queued;
}

/**
 * One occurrence of a scheduled job across the project: once per organization in a multi-tenant
 * project (its admins, its records), once in a single-tenant one. What starts it differs (the
 * local scheduler; on AWS EventBridge Scheduler invoking the schedules function); what it does is
 * this. One organization's failure is that organization's run (retried, then parked for its
 * admins): it never keeps the others from running.
 */
import type { BlueprintIR, IrSchedule } from '../../core/blueprint/ir';
import type { EventRunner } from './event-runner';

export interface OccurrenceOutcome {
  /** Organizations (or the single-tenant project: 1) whose run started now. */
  readonly ran: number;
  /** Organizations whose run for this occurrence existed already (a repeated invocation). */
  readonly repeated: number;
}

export async function runScheduleOccurrence(
  ir: Pick<BlueprintIR, 'tenancy'>,
  runner: Pick<EventRunner, 'runOccurrence'>,
  organizations: () => AsyncIterable<string>,
  schedule: IrSchedule,
  occurrence: string,
): Promise<OccurrenceOutcome> {
  let ran = 0;
  let repeated = 0;
  const orgIds: AsyncIterable<string | null> = ir.tenancy.mode === 'multi' ? organizations() : single();
  for await (const orgId of orgIds) {
    if (await runner.runOccurrence(schedule, occurrence, orgId)) ran += 1;
    else repeated += 1;
  }
  return { ran, repeated };
}

async function* single(): AsyncGenerator<null> {
  yield null;
}

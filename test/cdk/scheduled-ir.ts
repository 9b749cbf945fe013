/**
 * A golden IR with scheduled jobs added, for the CDK tests that need a project stack with every
 * function (03-expense-approvals has workflows but no scheduled job; the schema only is checked,
 * as ProjectStack checks it).
 */
import { BlueprintIR, type IrSchedule } from '../../lambdas/core/blueprint/ir';
import { goldenIr } from '../support/golden-ir';

/** A job without records: once a day at 07:30 in Paris, mail the admins. */
export const NIGHTLY_JOB: IrSchedule = {
  name: 'morning_digest',
  expression: 'cron(30 7 * * ? *)',
  timezone: 'Europe/Paris',
  actions: [{ type: 'notify', to: { role: 'admin' }, subject: 'Expenses', message: 'The expense reports waiting for a decision' }],
};

/** The golden IR `name` with `schedules` as its scheduled jobs. */
export const goldenIrWithSchedules = (name: string, schedules: readonly IrSchedule[] = [NIGHTLY_JOB]): BlueprintIR =>
  BlueprintIR.parse({ ...goldenIr(name), schedules });

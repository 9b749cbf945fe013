/**
 * A deployed project's records as a deployment sees them (issue 24 "Data safety"): which blueprint
 * they were written with, the facts the data plan asks for, and its safe steps
 * (lambdas/core/deploy/data-safety.ts). Adapter: lambdas/adapters/project-data/project-records.ts,
 * over the project's table in its region.
 */
import type { BlueprintIR } from '../core/blueprint/ir';
import type { DataFacts, DataQuestions, SafeStep } from '../core/deploy/data-safety';

export interface ProjectRecords {
  /** The id of the blueprint the table's records were written with (its deployed-blueprint item), or null. */
  deployedBlueprintId(tableName: string): Promise<string | null>;
  facts(tableName: string, deployed: BlueprintIR, questions: DataQuestions): Promise<DataFacts>;
  runStep(tableName: string, before: BlueprintIR, after: BlueprintIR, step: SafeStep): Promise<{ changed: number; skipped: number }>;
}

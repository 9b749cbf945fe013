/**
 * ProjectRecords over a project's table in its region (the AWS deployment steps' data plan:
 * lambdas/control-plane/deployment/stack-steps.ts): the deployed-blueprint item says which
 * blueprint the records were written with; facts and safe steps are data-migration.ts's.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BlueprintIR } from '../../core/blueprint/ir';
import type { DataFacts, DataQuestions, SafeStep } from '../../core/deploy/data-safety';
import type { ProjectRecords } from '../../ports/project-records';
import { readDataFacts, runSafeStep } from './data-migration';
import { loadDeployedBlueprint } from './deployed-blueprint';

export class DynamoProjectRecords implements ProjectRecords {
  constructor(private readonly doc: DynamoDBDocumentClient) {}

  async deployedBlueprintId(tableName: string): Promise<string | null> {
    try {
      return (await loadDeployedBlueprint(this.doc, tableName))?.blueprintId ?? null;
    } catch (err) {
      if ((err as { name?: string }).name === 'ResourceNotFoundException') return null;
      throw err;
    }
  }

  facts(tableName: string, deployed: BlueprintIR, questions: DataQuestions): Promise<DataFacts> {
    return readDataFacts(this.doc, tableName, deployed, questions);
  }

  runStep(tableName: string, before: BlueprintIR, after: BlueprintIR, step: SafeStep): Promise<{ changed: number; skipped: number }> {
    return runSafeStep(this.doc, tableName, before, after, step);
  }
}

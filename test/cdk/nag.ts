/**
 * cdk-nag helpers shared by the stack tests: the AWS Solutions checks recording every finding
 * before acknowledgements are applied (so a test can tell which acknowledgements are still
 * needed), and the acknowledgements a tree carries.
 */
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, NagRuleCompliance, type IApplyRule } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export interface RawFinding {
  readonly ruleId: string;
  readonly path: string;
}

export class RecordingChecks extends AwsSolutionsChecks {
  public readonly raw: RawFinding[] = [];

  protected override applyRule(params: IApplyRule): void {
    const ruleId = `${this.readPackName}-${params.ruleSuffixOverride ?? params.rule.name}`;
    const path = params.node.node.path;
    try {
      const result = params.rule(params.node);
      if (result === NagRuleCompliance.NON_COMPLIANT) this.raw.push({ ruleId, path });
      else if (Array.isArray(result)) for (const finding of result) this.raw.push({ ruleId: `${ruleId}[${finding}]`, path });
    } catch {
      this.raw.push({ ruleId, path }); // cdk-nag reports a rule that throws as a violation too
    }
    super.applyRule(params);
  }
}

export interface Acknowledgement {
  readonly path: string;
  readonly id: string;
  readonly reason: string;
}

/** Every `Validations.of(x).acknowledge(...)` in the tree, from the metadata it records. */
export function acknowledgementsIn(root: IConstruct): Acknowledgement[] {
  const found: Acknowledgement[] = [];
  for (const construct of root.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [qualifiedId, reason] of Object.entries(entry.data as Record<string, string>)) {
        found.push({ path: construct.node.path, id: qualifiedId.replace(/^annotation::/i, ''), reason });
      }
    }
  }
  return found;
}

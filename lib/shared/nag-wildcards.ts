/**
 * cdk-nag names each IAM5 finding by the wildcard it flags, and writes a pseudo parameter as
 * `<AWS::Partition>` while it is a token but as its value once the stack knows it (a stack with an
 * environment, as `npx cdk synth` gives one): findings are written with the placeholders and given
 * the stack's values here, so one acknowledgement holds in both.
 */
import { Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Each wildcard finding (`Resource::...`) with why it cannot be narrower. */
export type Wildcards = ReadonlyArray<readonly [finding: string, reason: string]>;

export function acknowledgeWildcards(scope: IConstruct, wildcards: Wildcards): void {
  const stack = Stack.of(scope);
  const known = (value: unknown): string | undefined => (typeof value === 'string' && !Token.isUnresolved(value) ? value : undefined);
  const literal = { '<AWS::Partition>': known(stack.resolve(stack.partition)), '<AWS::Region>': known(stack.region), '<AWS::AccountId>': known(stack.account) };
  const render = (finding: string) => Object.entries(literal).reduce((text, [placeholder, value]) => (value ? text.split(placeholder).join(value) : text), finding);
  Validations.of(scope).acknowledge(...wildcards.map(([finding, reason]) => ({ id: `AwsSolutions-IAM5[${render(finding)}]`, reason })));
}

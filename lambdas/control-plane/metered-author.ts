/**
 * Every spec-author call is metered (DESIGN.md principle 6): success or failure, the usage is
 * recorded for the user and project before the result (or the 503) goes back.
 */
import type { Clock } from '../core/clock';
import { ModelCallError, type DraftInput, type DraftResult, type EditInput, type EditResult, type ModelUsage, type SpecAuthorPort } from '../ports/spec-author';
import type { UsageRepository } from '../ports/usage-repository';

export type AuthorOperation = 'spec.draft' | 'spec.chat';

export class MeteredAuthor {
  constructor(
    private readonly author: SpecAuthorPort,
    private readonly usage: UsageRepository,
    private readonly clock: Clock,
  ) {}

  draft(userId: string, projectId: string, input: DraftInput): Promise<DraftResult> {
    return this.metered(userId, projectId, 'spec.draft', () => this.author.draft(input));
  }

  edit(userId: string, projectId: string, input: EditInput): Promise<EditResult> {
    return this.metered(userId, projectId, 'spec.chat', () => this.author.edit(input));
  }

  private async metered<T extends { usage: ModelUsage }>(userId: string, projectId: string, operation: AuthorOperation, call: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await call();
    } catch (err) {
      if (err instanceof ModelCallError) await this.record(userId, projectId, operation, err.usage, 'failed');
      throw err;
    }
    await this.record(userId, projectId, operation, result.usage, 'succeeded');
    return result;
  }

  private async record(userId: string, projectId: string, operation: AuthorOperation, usage: ModelUsage, outcome: 'succeeded' | 'failed') {
    await this.usage.record(userId, { ...usage, operation, projectId, outcome }, this.clock.now());
  }
}

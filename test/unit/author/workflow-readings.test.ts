/**
 * The workflow reader (lambdas/core/spec/author/workflow-reader.ts) on wordings that recur across
 * backends: each test pins one reading, on record types made up for it.
 */
import { readWorkflows } from '../../../lambdas/core/spec/author/workflow-reader';
import { EntityIndex } from '../../../lambdas/core/spec/offline-author/entity-index';
import type { SpecEntity } from '../../../lambdas/core/spec/spec-model';

const read = (entities: SpecEntity[], sentences: string[]) => readWorkflows(sentences, { index: new EntityIndex(entities.map((e) => e.name)), entities }).workflows;

const status = (values: string[]): SpecEntity['fields'][number] => ({ name: 'status', type: 'enum', required: true, values });

describe('retries', () => {
  const entities: SpecEntity[] = [{ name: 'Parcel', fields: [status(['waiting', 'lost', 'found'])] }];

  it('reads any reason before ", so (it should) retry" and "try up to N more times"', () => {
    const flows = read(entities, [
      'When a parcel is lost, email the sender',
      'Our mailer is flaky, so it should retry up to 3 times',
      'When a parcel is found, call the courier API',
      'That API is slow to answer, so try up to 4 more times',
      'When a parcel is waiting, notify the office; try up to 2 more times if the office server fails',
    ]);
    expect(flows.map((w) => w.steps.map((s) => (s.kind === 'task' ? s.retries : s.kind)))).toEqual([[3], [4], [2]]);
  });
});

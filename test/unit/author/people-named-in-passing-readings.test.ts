/**
 * Session 26 (issue 23): readings pinned on records made up for them: a role introduced with
 * the person who holds it and what they may do in one breath ("I have got one apprentice, Sam,
 * who can ..."), in the writer's own voice as well as the business's.
 */
import { probeSpec as spec } from '../../support/author-probe';

describe('a role introduced with the people who hold it', () => {
  const rightsOf = (sentence: string) => spec('For each job I keep the customer name and the price.', sentence).roles.find((r) => r.name === 'apprentice')?.rights.Job;

  it.each([
    "I've got one apprentice, Sam, who can see the jobs and update them but not delete anything.",
    'I have got one apprentice, Sam, who can see the jobs and update them but not delete anything.',
    'I have two apprentices, Sam and Jo, who can see the jobs and update them but not delete anything.',
    'We have an apprentice, Sam, who can see the jobs and update them but not delete anything.',
  ])('reads "%s" as the apprentice who reads and updates jobs', (sentence) => {
    expect(rightsOf(sentence)).toMatchObject({ read: 'all', update: 'all' });
    expect(rightsOf(sentence)?.delete).toBeUndefined();
  });
});

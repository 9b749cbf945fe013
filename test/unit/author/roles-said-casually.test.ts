/**
 * Session 23 (issue 23): roles named the way small businesses name their people ("office - do
 * everything", "the sales guys", "the kitchen lads", "the lads on the counter ..., and they can
 * ..."). Pinned on records made up for it: a print shop, a bakery, a butcher's.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';

const spec = (...lines: string[]) => authorSpec({ name: 'Probe', description: lines.join('\n') });
const rights = (s: ReturnType<typeof spec>, role: string) => s.roles.find((r) => r.name === role)?.rights;

describe('roles said casually', () => {
  it('reads "office - do everything" as the office, the administrative role, and "sales guys" as sales', () => {
    const s = spec('A print shop.', 'Jobs have a title and a due date.', 'Quotes have a total and a status (draft, sent or accepted).', '- office - do everything', '- sales guys - make quotes but only see their own quotes');
    expect(s.adminRole).toBe('office');
    expect(s.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['office', 'sales']));
    expect(rights(s, 'sales')?.Quote?.create).toBe('all');
  });

  it('names "the kitchen lads" kitchen staff', () => {
    const s = spec('A bakery.', 'Orders have a pickup date and notes.', 'The kitchen lads can see orders and update them.');
    expect(rights(s, 'kitchen_staff')?.Order).toMatchObject({ read: 'all', update: 'all' });
  });

  it('reads "The lads on the counter put up ..., and they can look at and update orders" as the counter staff', () => {
    const s = spec('A butcher\'s.', 'Cuts have a name and a price. Orders have a date. Customers have a name.', 'The lads on the counter put up the prices every morning, and they can look at and update orders, and see customer details.');
    expect(rights(s, 'counter_staff')?.Order).toMatchObject({ read: 'all', update: 'all' });
  });

  it('still reads "A regional office runs this" as no role', () => {
    const s = spec('A regional office runs this.', 'Grants have a title and an amount.', 'Officers can do everything.');
    expect(s.roles.map((r) => r.name)).not.toContain('office');
  });
});

describe('what is assigned to them, and "them" in a story', () => {
  it('reads "the jobs assigned to them" as their own, in a sentence and in a story without "can"', () => {
    const s = spec('A gutter cleaning firm.', 'Jobs have a date and an address.', 'Customers have a name.', 'Cleaners can only see the jobs assigned to them and update them.');
    expect(rights(s, 'cleaner')?.Job).toMatchObject({ read: 'own', update: 'own' });
    const t = spec('A gutter cleaning firm.', 'Jobs have a date and an address.', 'Customers have a name.', '- As a cleaner, I only see the jobs allocated to me, and I can update them.');
    expect(rights(t, 'cleaner')?.Job).toMatchObject({ read: 'own', update: 'own' });
  });

  it('reads "them" after "and I can" in a story as what the story named before, not every record', () => {
    const s = spec('A gutter cleaning firm.', 'Quotes have a total.', 'Jobs have a date and an address.', 'Customers have a name.', '- As a cleaner, I can see the jobs, and I can update them.');
    expect(rights(s, 'cleaner')).toEqual({ Job: { read: 'all', update: 'all' } });
  });
});

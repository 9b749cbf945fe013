/**
 * Session 28 (issue 23): readings pinned on records made up for them. A person who is told or
 * nagged in a story is sent a message; a state said as what the record does ("needing repair") is
 * a value said otherwise ("needs repair"); "email the dock supervisor" emails the person, not the
 * dock; "at the mo" is the moment; a size alone is a label; "Club gear: every item has ..." names
 * the items by the label.
 */
import { normalizeInformal } from '../../../lambdas/core/spec/author/wording';
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';

const BOATS = 'Boats: name, condition (afloat, needs repair or laid up).';

describe('a person told in a story', () => {
  it('"As the dock supervisor, I\'m told as soon as any boat is marked as needing repair" notifies the supervisor on that value', () => {
    const s = spec(BOATS, 'As the dock supervisor, I can edit boats.', "As the dock supervisor, I'm told as soon as any boat is marked as needing repair.");
    const handler = s.events?.find((h) => h.on.entity === 'Boat');
    expect(handler?.on).toMatchObject({ entity: 'Boat', field: 'condition', value: 'needs_repair' });
    expect(JSON.stringify(handler?.actions)).toContain('dock_supervisor');
  });

  it('"I get nagged if a fee is still unpaid after 5 days" waits 5 days for the payment, then reminds the person', () => {
    const s = spec('Fees: member, amount, status (unpaid or paid).', 'As the treasurer, I get nagged if a fee is still unpaid after 5 days.');
    const flow = s.workflows.find((w) => w.trigger?.entity === 'Fee');
    expect(flow?.steps.map((st) => st.kind)).toEqual(['waitForEvent', 'task']);
    expect(flow?.steps[1]).toMatchObject({ name: 'remind_treasurer' });
  });

  it('"I want to be told right away when ..., and 14 days later ..." stays a wish the story reader reads whole', () => {
    const s = spec(BOATS, 'As the dock supervisor, I can edit boats.', 'As the dock supervisor, I want to be told right away when a boat is laid up, and 14 days later the owner should be asked to check it.');
    expect((s.openQuestions ?? []).join(' ')).not.toMatch(/Notify the dock supervisor/);
    expect(s.workflows[0]?.trigger).toMatchObject({ entity: 'Boat', value: 'laid_up' });
    expect(s.workflows[0]?.steps.map((st) => st.kind)).toEqual(['task', 'wait', 'task']);
  });
});

describe('a state said as what the record does', () => {
  it('"marked as needing repair" is the value needs_repair', () => {
    const s = spec(BOATS, 'When any boat is marked as needing repair, email the dock supervisor.');
    expect(s.workflows[0]?.trigger).toMatchObject({ entity: 'Boat', field: 'condition', value: 'needs_repair' });
  });

  it('"email the boat officer" emails the officer, the record\'s name before a person\'s word being which one', () => {
    const s = spec(BOATS, 'When any boat is marked as needing repair, email the boat officer.');
    expect(s.workflows[0]?.steps.map((st) => st.name)).toEqual(['email_boat_officer']);
    expect(s.workflows[0]?.name).toBe('boat_officer');
  });
});

describe('informal words and labels', () => {
  it('"at the mo" is the moment, while "each mo" is still a month', () => {
    expect(normalizeInformal('We have 30 boats at the mo. Rent is paid each mo.')).toBe('We have 30 boats at the moment. Rent is paid each month.');
  });

  it.each([
    ['a size', 'size', 'string'],
    ['the party size', 'party_size', 'integer'],
    ['a crew size', 'crew_size', 'integer'],
  ])('"%s" is %s, a %s', (phrase, name, type) => {
    const s = spec(`Bookings have a name and ${phrase}.`);
    expect(field(s, 'Booking', name)?.type).toBe(type);
  });

  it('"Club gear: every item has a name, ..." names the items by the label\'s last word', () => {
    const s = spec('Members: name, email.', 'Club gear: every item has a name, a size and a condition (fine, needs repair or retired).');
    expect(s.entities.map((e) => e.name)).toEqual(['Member', 'GearItem']);
    expect(field(s, 'GearItem', 'condition')?.values).toEqual(['fine', 'needs_repair', 'retired']);
  });
});

describe('found in a probe of its own: a community bike workshop in bullets with sub-bullets', () => {
  const s = spec(
    '- Bikes\n  - owner\'s name and phone\n  - make and model\n- Repairs\n  - which bike\n  - what\'s wrong, in free text\n  - status: waiting, in progress, ready for collection, collected\n- Volunteers: name, email, skills',
    "Volunteers can see and update repairs. Owners don't get accounts, but they can check a repair's status on the website without logging in.",
  );
  const names = (entity: string) => s.entities.find((e) => e.name === entity)?.fields.map((f) => f.name) ?? [];

  it('reads ", in free text" as how the item before it is written, no field of its own', () => {
    expect(field(s, 'Repair', 'description')?.type).toBe('text');
    expect(names('Repair')).not.toContain('in_free_text');
  });

  it('reads "check a repair\'s status on the website without logging in" as the public\'s right, no field', () => {
    expect(names('Repair').filter((n) => /website|logging/.test(n))).toEqual([]);
    expect(s.access).toContainEqual({ entity: 'Repair', operation: 'read', level: 'public' });
  });

  it('reads "skills" as words, not a count', () => {
    expect(field(s, 'Volunteer', 'skills')?.type).toBe('string');
  });
});

describe('at most one, at a time', () => {
  it.each([
    ['Each flat has at most one tenant at a time.', false],
    ['Each flat has one tenant at a time.', true],
    ['A flat has at most one tenant.', false],
  ])('"%s" links the flat to a tenant (required: %s), with no field named for the time', (sentence, required) => {
    const s = spec('Flats: address, rent.', 'Tenants: name, email.', sentence);
    expect(field(s, 'Flat', 'tenant_id')).toMatchObject({ type: 'ref(Tenant)', required });
    expect(s.entities.find((e) => e.name === 'Flat')?.fields.map((f) => f.name).filter((n) => /time/.test(n))).toEqual([]);
  });

  it('"Tenants: name, email" are a record type, a short list of a person\'s details after the label', () => {
    expect(spec('Flats: address, rent.', 'Tenants: name, email.').entities.map((e) => e.name)).toEqual(['Flat', 'Tenant']);
  });
});

/**
 * Wordings of chatty paragraphs (issue 23, the weakest held-out style), each pinned on records
 * made up for it: a chimney sweep's bookings, a bell foundry, a sailing school.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { readDefinition } from '../../../lambdas/core/spec/author/definitions';
import { readRelations } from '../../../lambdas/core/spec/author/relations';
import { readFieldPhrase, splitFieldList } from '../../../lambdas/core/spec/author/fields';
import type { SpecDocument } from '../../../lambdas/core/spec/spec-model';

const fieldOf = (spec: SpecDocument, entity: string, name: string) => spec.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);
const phrase = (text: string) => readFieldPhrase(text, { entities: ['Sweep', 'Chimney'], owner: 'Booking' })?.field;

describe('record types said in passing', () => {
  it('reads "Xs are simple enough: ...", "they fill in a X, which belongs to the Y" and "send us a X without signing in: ..."', () => {
    expect(readDefinition('Sweeps are simple enough: a name, a mobile number and a van registration')).toMatchObject({ topic: 'Sweeps', list: 'a name, a mobile number and a van registration' });
    expect(readDefinition("When the sweep's finished they fill in a soot report, which belongs to the booking")).toMatchObject({ topic: 'soot report', parent: 'booking' });
    expect(readDefinition('There is a form on the site where anyone can send us a quote request without signing in: their name, their postcode and a message')).toMatchObject({ topic: 'quote request', list: 'their name, their postcode and a message' });
  });

  it('reads "each one is for a particular X at one of that X\'s Ys" and "it\'s assigned to one of the Zs"', () => {
    expect(readRelations("A booking is for a particular householder at one of that householder's chimneys")?.pairs).toEqual([
      { child: 'booking', parent: 'householder' },
      { child: 'booking', parent: 'chimneys' },
    ]);
    const spec = authorSpec({
      name: 'Sweeps',
      description: [
        'Householders are simple enough: a name, an email and a phone number.',
        'Every chimney belongs to one householder, and for a chimney we want the address and the flue type.',
        "Every booking gets a booking number, which has to be unique because it goes on the receipt and the certificate, and each one is for a particular householder at one of that householder's chimneys. Then it's assigned to one of the sweeps.",
        'Sweeps have a name and a certificate number.',
        'Admins can do everything.',
      ].join('\n\n'),
    });
    expect(fieldOf(spec, 'Householder', 'email')).toMatchObject({ type: 'email' });
    expect(fieldOf(spec, 'Booking', 'booking_number')).toMatchObject({ unique: true });
    expect(spec.entities.find((e) => e.name === 'Booking')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['householder_id', 'chimney_id', 'sweep_id']));
    expect(spec.entities.find((e) => e.name === 'Booking')?.fields.map((f) => f.name)).not.toContain('certificate');
  });
});

describe('fields said in passing', () => {
  it('reads a quoted last value with what it is for, and "what the X is (same list as on Ys)"', () => {
    expect(phrase('the fuel (wood, coal, oil, or "other" for anything odd)')).toMatchObject({ type: 'enum', values: ['wood', 'coal', 'oil', 'other'] });
    expect(phrase('what the fuel is (same list as on chimneys)')).toMatchObject({ name: 'fuel', notes: 'same list as on chimneys' });
  });

  it('names "the date and time we\'ve scheduled the sweep for" by the act', () => {
    expect(phrase("the date and time we've scheduled the sweep for")).toMatchObject({ name: 'scheduled_at', type: 'datetime' });
  });

  it('reads "two yes/no boxes, whether ... and whether ..." as two booleans, and a whole number\'s bounds after it', () => {
    expect(splitFieldList('the address and two yes/no boxes, whether there are children living there and whether there are birds nesting')).toEqual(['the address', 'whether there are children living there', 'whether there are birds nesting']);
    expect(phrase('whether there are children living there')).toMatchObject({ name: 'has_children', type: 'boolean' });
    expect(splitFieldList('the number of flues swept, a whole number between 1 and 6 (no house has more), and the soot weight')).toEqual(['the number of flues swept, a whole number between 1 and 6 (no house has more)', 'the soot weight']);
    expect(phrase('the number of flues swept, a whole number between 1 and 6 (no house has more)')).toMatchObject({ type: 'integer', min: 1, max: 6 });
  });
});

describe('people, access and automation said in passing', () => {
  const sweepText = [
    'The heart of it all is the sweep-job. Every sweep-job gets a reference and a status. A sweep-job starts off as new, goes to booked once there is a slot, then swept after the visit, and from there it ends up closed or flagged as revisit needed; now and then one gets cancelled.',
    'Householders are simple enough: a name, which we obviously need, an email and a phone number. A sweep-job is for one householder.',
    'After a visit they fill in a soot report, which belongs to the sweep-job. It has the date. They take a photo of the flue or the hearth, JPEG only, no bigger than 4 MB, and the householder signs on the tablet, and we would like that signature kept as a PNG image. Oh, and the fee charged, but that is optional.',
    'The office team, the schedulers, manage householders and sweep-jobs, and they can look at soot reports but not touch them. Householders don\'t get logins at all. There is a little quote form on our website, where anyone can send us a quote request without signing in: their name, their postcode and a message.',
    'When a quote request comes in, give the office up to two hours to pick it up, and if nobody has, email the duty manager so it does not sit there. And once a sweep-job is marked closed, wait 10 days and then email the householder; our mail provider falls over now and then, so have it retry that email up to 3 times.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Sweeps', description: sweepText });

  it('reads the record types, their states and the fields said afterwards', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['SweepJob', 'Householder', 'SootReport', 'QuoteRequest']));
    expect(fieldOf(spec, 'SweepJob', 'status')?.values).toEqual(['new', 'booked', 'swept', 'closed', 'revisit_needed', 'cancelled']);
    expect(fieldOf(spec, 'Householder', 'name')).toMatchObject({ required: true });
    expect(fieldOf(spec, 'SootReport', 'photo_key')).toMatchObject({ type: 'file', file: { contentTypes: ['image/jpeg'], maxBytes: 4 * 1048576 } });
    expect(fieldOf(spec, 'SootReport', 'signature_key')).toMatchObject({ type: 'file', file: { contentTypes: ['image/png'] } });
    expect(fieldOf(spec, 'SootReport', 'fee_charged')).toMatchObject({ type: 'number', required: false });
  });

  it('reads one role for a team named with its people, a look that is not a touch, no role for people without logins, and a public form', () => {
    expect(spec.roles.map((r) => r.name)).not.toContain('householder');
    expect(spec.roles.map((r) => r.name)).not.toContain('office_team');
    const scheduler = spec.roles.find((r) => r.name === 'scheduler');
    expect(scheduler?.rights.SweepJob).toMatchObject({ create: 'all', read: 'all', update: 'all', delete: 'all' });
    expect(scheduler?.rights.SootReport).toEqual({ read: 'all' });
    expect(spec.access).toContainEqual({ entity: 'QuoteRequest', operation: 'create', level: 'public' });
  });

  it('reads a wait for an act with its particle, a task without its purpose, and a workflow on a hyphenated record type', () => {
    const pickup = spec.workflows.find((w) => w.trigger?.entity === 'QuoteRequest');
    expect(pickup?.steps[0]).toMatchObject({ kind: 'waitForEvent', events: ['picked_up'], timeout: 'PT2H' });
    expect(pickup?.steps[1]).toMatchObject({ kind: 'task', name: 'email_duty_manager' });
    const followUp = spec.workflows.find((w) => w.trigger?.entity === 'SweepJob');
    expect(followUp?.trigger).toMatchObject({ event: 'updated', field: 'status', value: 'closed' });
    expect(followUp?.steps).toEqual([expect.objectContaining({ kind: 'wait', duration: 'P10D' }), expect.objectContaining({ kind: 'task', retries: 3 })]);
  });
});

describe('a chatty page of records said one after another (a cake maker)', () => {
  const spec = authorSpec({
    name: 'Cakes',
    description: [
      'We have customers, and for each one I note their name, email and phone number. A customer can order lots of cakes, but every order is for one customer.',
      'An order gets a title, the collection date and a rough guest count. Orders move along from enquiry to tasting booked, then quoted, confirmed and finally collected, unless they get cancelled somewhere along the way.',
      'For each order we put together quotes, usually more than one because people change their minds, and a quote has a total amount and a status that\'s draft, sent or accepted.',
      'Then there are the tiers on an order, meaning the base, the middle and so on. Each one has a name and a longer description of what we\'re actually baking.',
      'The main flavour gets picked from our flavour list, where each flavour has a name (no duplicates please) and whether it\'s currently available.',
      'I\'m the admin and I need to be able to do everything. And anyone on our website should be able to send us an enquiry without making an account: their name and email (both required) and a message.',
    ].join(' '),
  });
  const names = (entity: string) => spec.entities.find((e) => e.name === entity)?.fields.map((f) => f.name) ?? [];

  it('reads each record type, what it is on or for, and the one picked from a list', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Customer', 'Order', 'Quote', 'Tier', 'Flavour', 'Enquiry']));
    expect(names('Quote')).toEqual(expect.arrayContaining(['order_id', 'total_amount', 'status']));
    expect(names('Tier')).toEqual(expect.arrayContaining(['order_id', 'name', 'description', 'main_flavour_id']));
    expect(fieldOf(spec, 'Flavour', 'name')).toMatchObject({ unique: true });
    expect(names('Order')).toContain('guest_count');
  });

  it('reads states that move along, with the way out, and an enquiry form that is no state of an order', () => {
    expect(fieldOf(spec, 'Order', 'status')?.values).toEqual(['enquiry', 'tasting_booked', 'quoted', 'confirmed', 'collected', 'cancelled']);
    expect(spec.access).toContainEqual({ entity: 'Enquiry', operation: 'create', level: 'public' });
    expect(spec.roles.map((r) => r.name)).toEqual(['admin']);
  });
});

describe('found in a probe of its own: a mobile bike repair service (not from the corpus)', () => {
  const spec = authorSpec({
    name: 'Bike repairs',
    description: [
      'Customers ring us and we book a repair visit. For each customer we need their name (obviously), a phone number and their home address. A customer can have loads of visits over the years but a visit is always for one customer.',
      'A visit gets a date and time slot, the bike make and model, what\'s wrong with it in their words, and a rough quote. Visits start as booked, then they\'re either done or cancelled, and sometimes a customer doesn\'t show up so we mark it no-show.',
      'We also keep a small parts stock: each part has a name, which has to be unique, a supplier and the reorder level.',
      'Me and Sam are the admins and can do everything. Customers don\'t log in at all, but anyone on our website can book a visit without an account: name, phone and the problem.',
      'And when a part drops below its reorder level, email me straight away.',
    ].join('\n\n'),
  });
  const names = (entity: string) => spec.entities.find((e) => e.name === entity)?.fields.map((f) => `${f.name}:${f.type}`) ?? [];

  it('reads "loads of Xs ... but an X is always for one Y", a slot, make and model, and the parts in a stock', () => {
    expect(names('Visit')).toEqual(expect.arrayContaining(['customer_id:ref(Customer)', 'slot:datetime', 'make:string', 'model:string', 'fault_description:text']));
    expect(spec.entities.find((e) => e.name === 'Visit')?.fields.find((f) => f.name === 'status')?.values).toEqual(['booked', 'done', 'cancelled', 'no_show']);
    expect(spec.entities.map((e) => e.name)).toContain('Part');
    expect(spec.entities.find((e) => e.name === 'Part')?.fields.find((f) => f.name === 'name')).toMatchObject({ unique: true });
  });

  it('reads the admins, a public booking form "on our website", and asks about a number crossing a line instead of making up a state', () => {
    expect(spec.roles.map((r) => r.name)).toEqual(['admin']);
    expect(spec.access).toContainEqual({ entity: 'Visit', operation: 'create', level: 'public' });
    expect(spec.entities.find((e) => e.name === 'Part')?.fields.find((f) => f.name === 'status')).toBeUndefined();
    expect(spec.openQuestions).toEqual(expect.arrayContaining([expect.stringContaining('drops below its reorder level')]));
  });
});

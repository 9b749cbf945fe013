/**
 * Wordings of long pages, quick notes and user stories found in session 19's blind round (issue
 * 23): states said one sentence at a time after they are announced, fields said with what they
 * are ("as a whole number between 1 and 20", "in the form AB-123"), notes with typos and arrows,
 * stories that wish for an alert, and two automations in one sentence. Each is pinned on records
 * made up for it: a food bank's referrals, a launderette's machines, a driving-test centre's
 * bookings, a florist's wreath orders.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { stagesSaidAfter } from '../../../lambdas/core/spec/author/states';
import { readFieldPhrase, splitFieldList } from '../../../lambdas/core/spec/author/fields';
import { entity, fieldOf, fieldsOf, rightsOf } from '../../support/spec-lookups';

const phrase = (text: string, owner = 'Household', entities = ['Household', 'Referral', 'Parcel']) => readFieldPhrase(text, { entities, owner })?.field;

const FOOD_BANK = [
  '# Food bank referrals',
  '## Households',
  "A household is a family that has been referred to us. We record the lead person's full name, which is required, and how many people live in the household, as a whole number between 1 and 12, because it decides the parcel size, and their preferred way of being contacted, which is phone, email, letter or text message.",
  '## Referrals',
  'Every referral belongs to one household. A referral has a voucher number in the form FB-2024-0153, which must be unique, and a visit length in minutes, which is never less than 10 or more than 45.',
  'A referral moves through a simple set of stages. It starts as open while we check the details. If the voucher is unclear, the coordinator moves it to awaiting details. Once the household has collected it becomes fulfilled, and when the voucher runs out it is closed.',
  '## Parcels',
  'Each parcel belongs to a referral and has the amount spent in pounds, which can never be negative.',
  '## People',
  'The coordinator can manage everything.',
  'Volunteers add parcels to referrals and update them as stock levels change. They do not see households.',
  'Auditors carry out the checks our funders require. They have read-only access to everything, and cannot change anything.',
  '## Automation',
  'When a referral is moved to awaiting details, wait up to 7 days for it to be fulfilled. If nothing arrives, send the household a letter. If there is still nothing after that, the referral is closed automatically, and the household can always come back with a new voucher.',
].join('\n\n');

describe('a long page: states said one sentence at a time, and fields said with what they are', () => {
  const spec = authorSpec({ name: 'Food bank', description: FOOD_BANK });

  it('reads "X moves through a simple set of stages" and the states the sentences after it say', () => {
    expect(fieldOf(spec, 'Referral', 'status')?.values).toEqual(['open', 'awaiting_details', 'fulfilled', 'closed']);
    expect(entity(spec, 'AwaitingDetail')).toBeUndefined();
    expect(stagesSaidAfter('A claim goes through a few stages.', ['It starts as new.', 'Then it becomes approved.', 'Claims have a number.'])).toEqual({ topic: 'claim', values: ['new', 'approved'], sentences: 2 });
  });

  it('reads "how many people live in the household, as a whole number between 1 and 12" and "preferred way of being contacted"', () => {
    expect(fieldOf(spec, 'Household', 'household_size')).toMatchObject({ type: 'integer', min: 1, max: 12 });
    expect(fieldOf(spec, 'Household', 'preferred_contact_method')).toMatchObject({ type: 'enum', values: ['phone', 'email', 'letter', 'text_message'] });
  });

  it('reads "in the form FB-2024-0153" as an example, and "never less than 10 or more than 45" as both bounds', () => {
    expect(fieldOf(spec, 'Referral', 'voucher_number')).toMatchObject({ unique: true });
    expect(phrase('a visit length in minutes, which is never less than 10 or more than 45')).toMatchObject({ name: 'visit_length_minutes', min: 10, max: 45 });
  });

  it('reads "the amount spent in pounds" as money, not a weight', () => {
    expect(fieldOf(spec, 'Parcel', 'amount_spent')).toMatchObject({ type: 'number', min: 0 });
  });

  it('reads "X carry out ... They have read-only access ..., and cannot change anything" and "add Ys to Zs and update them as ... change"', () => {
    expect(rightsOf(spec, 'auditor')).toMatchObject({ Household: 'r', Referral: 'r', Parcel: 'r' });
    // (Referrals are read to choose one for a parcel: creating a record reads what it refers to.)
    expect(rightsOf(spec, 'volunteer')).toEqual({ Parcel: 'cru', Referral: 'r' });
  });

  it('reads "If there is still nothing after that, the X is closed automatically" as the last step, and what people may do as none', () => {
    const steps = spec.workflows.find((w) => w.trigger?.value === 'awaiting_details')?.steps ?? [];
    expect(steps.map((s) => s.kind)).toEqual(['waitForEvent', 'task', 'task']);
    expect(steps.some((s) => s.name.startsWith('come') || s.name.startsWith('open'))).toBe(false);
  });
});

describe('quick notes with typos and arrows', () => {
  const NOTES = [
    'notes for the launderette app',
    '**machines** (washers, dryers etc)',
    '- serial no - unique, must have one',
    '- wich site (reqd)',
    '- notes - long free text, stuff like "door sticks"',
    '',
    '**faults**',
    '- machine its for (reqd)',
    '- whats wrong - long desc',
    '- severity low / med / high',
    '- reporters email (optional)',
    '- assigned engineer - one of our users',
    '- status open -> assigned -> fixed, or closed if it was nothing',
    '',
    '**sites**',
    '- name (reqd)',
    '- address',
  ].join('\n');
  const spec = authorSpec({ name: 'Launderette', description: NOTES });

  it('reads a bold heading with examples in brackets over its bullets, and "X - long free text" as a field', () => {
    expect(fieldsOf(spec, 'Machine')).toEqual(expect.arrayContaining(['serial_number', 'site_id', 'notes']));
    expect(fieldOf(spec, 'Machine', 'serial_number')).toMatchObject({ unique: true, required: true });
    expect(fieldOf(spec, 'Machine', 'notes')).toMatchObject({ type: 'text' });
  });

  it('reads "machine its for (reqd)", "whats wrong - long desc", "low / med / high" and "reporters email"', () => {
    expect(fieldOf(spec, 'Fault', 'machine_id')).toMatchObject({ type: 'ref(Machine)', required: true });
    expect(fieldOf(spec, 'Fault', 'description')).toMatchObject({ type: 'text' });
    expect(fieldOf(spec, 'Fault', 'severity')?.values).toEqual(['low', 'medium', 'high']);
    expect(fieldOf(spec, 'Fault', 'reporter_email')).toMatchObject({ type: 'email', required: false });
  });

  it('reads "X - one of our users" as a user, and "status a -> b -> c, or d if ..." as the states', () => {
    expect(fieldOf(spec, 'Fault', 'assigned_engineer_id')).toMatchObject({ type: 'ref(User)' });
    expect(fieldOf(spec, 'Fault', 'status')?.values).toEqual(['open', 'assigned', 'fixed', 'closed']);
  });
});

describe('user stories: sessions set up, forms filled in, and alerts wished for', () => {
  const STORIES = [
    '# Driving test centre',
    '**Examiner lead**',
    '- As the examiner lead, I can manage everything.',
    '- As the examiner lead, I want to set up test slots, each with a slot code that is unique, the date and time it starts, and its length in minutes.',
    '**Candidate**',
    '- As a candidate, I can send the centre a request to book a test through a form on the website, without needing an account. I give my name and email (both required), my instructor\'s name and licence number, and what I\'m worried about.',
    '- As a candidate, I get an email confirming my request as soon as I\'ve sent it. The mail server drops the odd message, so sending should be tried up to 3 times.',
    '- As the examiner lead, I get an alert if nobody has moved a request to under review within 5 days of that confirmation going out.',
    '- As a candidate, I\'m emailed when a test slot for my request is confirmed.',
  ].join('\n');
  const spec = authorSpec({ name: 'Test centre', description: STORIES });

  it('reads "set up Xs, each with ..." as the X\'s fields', () => {
    expect(fieldsOf(spec, 'TestSlot')).toEqual(expect.arrayContaining(['slot_code', 'starts_at']));
  });

  it('reads "through a form on the website ... I give ..." as the request\'s fields, with "my instructor\'s name and licence number"', () => {
    const request = spec.entities.find((e) => /Request$/.test(e.name));
    expect(request?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['email', 'instructor_name', 'instructor_licence_number', 'concern']));
  });

  it('reads "so sending should be tried up to 3 times" and "I get an alert if nobody has moved a X to Y within N days of that confirmation going out" as one workflow', () => {
    const flow = spec.workflows.find((w) => w.trigger?.event === 'created' && w.steps.some((s) => s.kind === 'waitForEvent'));
    expect(flow?.steps.map((s) => s.kind)).toEqual(['task', 'waitForEvent', 'task']);
    expect(flow?.steps[0]).toMatchObject({ retries: 3 });
    expect(flow?.steps[1]).toMatchObject({ events: ['under_review'], timeout: 'P5D' });
  });

  it('reads "see each X\'s A, its B, ..." and "reserve a X by giving ..." in a story as fields', () => {
    const seen = authorSpec({ name: 'Hostel', description: '# Hostel\n\n- As a visitor, I can browse the rooms without logging in and see each room\'s number, its type (dorm, private or family) and the price per night.\n- As a guest, I want to reserve a room by giving my arrival date and my departure date.\n- As the manager, I can do everything.' });
    expect(fieldsOf(seen, 'Room')).toEqual(expect.arrayContaining(['number', 'type', 'price_per_night']));
    expect(fieldsOf(seen, 'Reservation')).toEqual(expect.arrayContaining(['arrival_date', 'departure_date']));
  });

  it('reads values for how people are reached, and a plural that is text, not a count', () => {
    expect(splitFieldList('a channel, which can be in person, phone or video, and the notes')).toEqual(['a channel, which can be in person, phone or video', 'the notes']);
    expect(phrase('a channel, which can be in person, phone or video')).toMatchObject({ type: 'enum', values: ['in_person', 'phone', 'video'] });
    expect(phrase('my recommendations')).toMatchObject({ type: 'text' });
    expect(phrase('any extra minutes the candidate is allowed')).toMatchObject({ name: 'extra_minutes', type: 'integer' });
  });
});

describe('a florist talking it through', () => {
  const FLORIST = [
    "Hiya! I make funeral wreaths from my workshop. Most of what I do is orders. Someone messages me with what they want and I write down their name, their phone, the date they need it, how many people it has to be seen by, and a rough description of the design. An order is either enquiry, confirmed, made or delivered, and every now and then one gets cancelled.",
    "People often send me a picture of something they've seen online, so it'd be great to keep that with the order too - any image, but nothing huge, say 5MB.",
    'I keep a list of my regular customers as well, with their name, email and phone. A regular can have lots of orders over the years but each order only ever belongs to one customer.',
    "My sister helps me at busy times; she needs to see the orders and change their status but she shouldn't be able to touch the customers or delete anything. I'm the owner so I can do whatever I like.",
    "If an enquiry hasn't been confirmed within two days I'd like a nudge, and a day before the delivery date the customer should get a reminder text.",
  ].join('\n\n');
  const spec = authorSpec({ name: 'Florist', description: FLORIST });

  it('reads "Most of what I do is Xs. Someone messages me ... and I write down ..." as the X\'s fields', () => {
    expect(fieldsOf(spec, 'Order')).toEqual(expect.arrayContaining(['name', 'phone', 'needed_by', 'description']));
    expect(fieldOf(spec, 'Order', 'status')?.values).toEqual(['enquiry', 'confirmed', 'made', 'delivered', 'cancelled']);
  });

  it('reads "send me a picture ..., so it\'d be great to keep that with the order too - any image, say 5MB" as the order\'s file', () => {
    expect(fieldOf(spec, 'Order', 'photo_key')).toMatchObject({ type: 'file', file: { contentTypes: ['image/*'], maxBytes: 5 * 1048576 } });
  });

  it('reads "my regular customers" as customers, and "a regular" as one of them', () => {
    expect(entity(spec, 'Regular')).toBeUndefined();
    expect(fieldOf(spec, 'Order', 'customer_id')).toMatchObject({ type: 'ref(Customer)' });
  });

  it('reads "My sister helps me ...; she needs to ..." and "I\'m the owner so I can do whatever I like"', () => {
    expect(rightsOf(spec, 'sister')).toEqual({ Order: 'ru' });
    expect(spec.adminRole).toBe('owner');
  });

  it('reads "If an enquiry hasn\'t been confirmed within two days I\'d like a nudge" as a wait on a new order', () => {
    const nudge = spec.workflows.find((w) => w.trigger?.entity === 'Order' && w.trigger.event === 'created');
    expect(nudge?.steps[0]).toMatchObject({ kind: 'waitForEvent', events: ['confirmed'], timeout: 'P2D' });
    expect(spec.workflows.every((w) => w.trigger?.value !== 'date')).toBe(true);
  });
});

/**
 * Wordings of chatty descriptions found in session 19's blind round (issue 23): a record told as
 * it happens ("somebody walks in with ..., and we jot down ..."), records introduced and then
 * described in passing, states said as what people do to a record, a form anyone fills in, and
 * people's rights said the way a busy owner says them. Each is pinned on records made up for it:
 * a cobbler's repairs, a cattery's stays, a toy library's loans, an upholsterer's jobs, a cake
 * shop's orders, a locksmith's call-outs.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { readStates } from '../../../lambdas/core/spec/author/states';
import { readRelations } from '../../../lambdas/core/spec/author/relations';
import { readFieldPhrase, splitFieldList } from '../../../lambdas/core/spec/author/fields';
import { detectMultiTenant } from '../../../lambdas/core/spec/offline-author/tenancy';
import { entity, fieldOf, fieldsOf, rightsOf } from '../../support/spec-lookups';

const phrase = (text: string, owner = 'Repair', entities = ['Customer', 'Repair', 'Shoe']) => readFieldPhrase(text, { entities, owner })?.field;

const COBBLER = [
  "Hi! I run a little shoe repair counter at the station, just me and my nephew, and it's only our one shop, so nothing clever with branches or separate businesses.",
  "The heart of it all is the repair: somebody walks in with a pair of boots, a handbag, whatever, and we jot down a description of the job, its length and width in centimetres, the heel type, which is rubber, leather or stacked, or wood if it's a vintage pair, then the quoted price and the date we've promised it for.",
  'Every repair has to be for a customer, and a customer is really just a name, a phone number and an email address.',
  "A repair starts out as booked in, moves to in progress once they say yes, then to ready for collection and finally collected, although it can also be cancelled at any point along the way.",
  'We also like to snap a photo of the finished pair, so each photo belongs to a repair, JPEG or PNG only and nothing over 5 MB please, each with a short caption and a tick box for whether the customer is happy for us to post it.',
  "As for who can do what, I'm the owner and I can do absolutely everything. Staff, which right now means my nephew though we might take on one more, can add customers, add repairs and update them, upload photos, but they shouldn't be deleting anything.",
  "Customers will be able to log in as well, and it would be lovely if they could check on their own repairs, but only their own, obviously.",
  "When a repair gets marked ready for collection, text the customer straight away, then give them up to two weeks to come and pick it up, and if they haven't, send a reminder.",
  'And separately, as soon as a repair is created, could it keep an eye on the promised date and email us a heads-up the day before, so we never get caught out?',
].join('\n\n');

describe('a record told as it happens', () => {
  const spec = authorSpec({ name: 'Cobbler', description: COBBLER });

  it('reads "it\'s only our one shop, so nothing clever with branches or separate businesses" as one organisation', () => {
    expect(spec.tenancy).toBe('single');
    expect(detectMultiTenant("It's only our one shop, so nothing clever with branches or separate businesses.")).toBe(false);
  });

  it('reads "The heart of it all is the X: somebody walks in with ..., and we jot down ..." as the X\'s fields', () => {
    expect(fieldsOf(spec, 'Repair')).toEqual(expect.arrayContaining(['description', 'length_cm', 'width_cm', 'heel_type', 'quoted_price', 'promised_date']));
    expect(fieldOf(spec, 'Repair', 'promised_date')).toMatchObject({ type: 'date' });
  });

  it('reads "its length and width in centimetres" as both measured in centimetres', () => {
    expect(splitFieldList('its width and height in centimetres, a colour')).toEqual(['its width in centimetres', 'height in centimetres', 'a colour']);
  });

  it('reads ", which is a, b or c, or d if ..." as one value more', () => {
    expect(fieldOf(spec, 'Repair', 'heel_type')).toMatchObject({ type: 'enum', values: ['rubber', 'leather', 'stacked', 'wood'] });
  });

  it('reads "has to be for a customer" as a required reference, and "really just a name" as the name', () => {
    expect(fieldOf(spec, 'Repair', 'customer_id')).toMatchObject({ type: 'ref(Customer)', required: true });
    expect(fieldsOf(spec, 'Customer')).toEqual(['name', 'phone', 'email']);
  });

  it('reads "starts out as A, moves to B once they say yes, then to C for D and finally E, although it can also be F"', () => {
    expect(fieldOf(spec, 'Repair', 'status')?.values).toEqual(['booked_in', 'in_progress', 'ready_for_collection', 'collected', 'cancelled']);
  });

  it('reads "each photo belongs to a X, JPEG or PNG only ..., each with a caption and a tick box for whether ..." as a photo record holding its file', () => {
    expect(fieldOf(spec, 'Photo', 'photo_key')).toMatchObject({ type: 'file', file: { contentTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * 1048576 } });
    expect(fieldsOf(spec, 'Photo')).toEqual(expect.arrayContaining(['caption', 'ok_to_post', 'repair_id']));
    expect(fieldOf(spec, 'Photo', 'ok_to_post')).toMatchObject({ type: 'boolean' });
  });

  it('reads "Staff, which right now means ..., can add ..." and "it would be lovely if they could check on their own Xs"', () => {
    expect(rightsOf(spec, 'staff')).toMatchObject({ Customer: expect.stringContaining('c'), Repair: expect.stringContaining('u'), Photo: expect.stringContaining('c') });
    expect(rightsOf(spec, 'customer')?.Repair).toBe('r:own');
  });

  it('reads "give them two weeks to come and pick it up" as a wait for the collected state', () => {
    const collection = spec.workflows.find((w) => w.trigger?.field === 'status');
    expect(collection?.steps.find((s) => s.kind === 'waitForEvent')).toMatchObject({ events: ['collected'], timeout: 'P2W' });
  });

  it('reads "could it keep an eye on the promised date and email us the day before" as a wait until the day before that date', () => {
    const headsUp = spec.workflows.find((w) => w.trigger?.event === 'created');
    expect(headsUp?.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'promised_date', offset: '-P1D' });
  });
});

const CATTERY = [
  "We're a small cattery on a farm. The heart of it is our guests: for each one we keep a name, which we absolutely need, and a breed, which is optional, plus their date of birth, whether they've got a collar with them, a free-text bit about feeding needs and a date they're booked until, which is optional as well and mostly empty, thank goodness, since we only fill it in for long stays.",
  "Then there are the pens themselves, each with a short code painted on the door like P4 that has to be unique, which block it's in (the north block, the south block or the garden block, those are the only three), and a yes/no for out of use.",
  'A stay is what ties it all together: every stay is for one guest and goes in one pen, and it has the arrival date, a planned leave date, and a status that goes from booked to checked in and then to left, or to no-show if they never turned up.',
  'Most owners book by phone, but anyone should be able to submit a booking request through a form on our website, no account needed. The form asks for the owner\'s name, an email and the cat\'s name; on our side each request sits as pending until a carer either accepts or declines it.',
  'Lastly there are vet visits, which sadly we do need: each one is linked to the guest involved, with the date it happened and a full description.',
  'I\'m the manager and can do everything. The carers are the biggest group; they need to look up guests and pens, they record stays when cats arrive, and they can file vet visits but should only ever see the vet visits they filed themselves. Night staff work through the requests, reading them and updating them to accepted or declined.',
].join('\n\n');

describe('records introduced in passing, and their states', () => {
  const spec = authorSpec({ name: 'Cattery', description: CATTERY });

  it('reads "for each one we keep a X, which we absolutely need, and ..." as the record\'s fields, X required', () => {
    expect(fieldsOf(spec, 'Guest')).toEqual(expect.arrayContaining(['name', 'breed', 'date_of_birth', 'has_collar', 'feeding_needs', 'booked_until']));
    expect(fieldOf(spec, 'Guest', 'name')).toMatchObject({ required: true });
    expect(fieldsOf(spec, 'Guest')).not.toContain('thank_goodness');
  });

  it('reads "a date they\'re X until", "a free-text bit about X" and "whether they\'ve got a X with them"', () => {
    expect(phrase("a date they're barred until", 'Guest')).toMatchObject({ name: 'barred_until', type: 'date' });
    expect(phrase('a free-text bit about support needs', 'Guest')).toMatchObject({ name: 'support_needs', type: 'text' });
    expect(phrase("whether they've got a dog with them", 'Guest')).toMatchObject({ name: 'has_dog', type: 'boolean' });
    expect(phrase('whether they had breakfast with us', 'Guest')).toMatchObject({ name: 'had_breakfast', type: 'boolean' });
  });

  it('reads "Then there are the Xs themselves, each with ..." and values closed by "those are the only three"', () => {
    expect(fieldsOf(spec, 'Pen')).toEqual(['code', 'block', 'out_of_use']);
    expect(fieldOf(spec, 'Pen', 'code')).toMatchObject({ unique: true });
    expect(fieldOf(spec, 'Pen', 'block')?.values).toEqual(['north_block', 'south_block', 'garden_block']);
  });

  it('reads "X is what ties it all together: every X is for one A and goes in one B, and it has ..."', () => {
    expect(fieldsOf(spec, 'Stay')).toEqual(expect.arrayContaining(['arrival_date', 'planned_leave_date', 'guest_id', 'pen_id']));
    expect(fieldOf(spec, 'Stay', 'status')?.values).toEqual(['booked', 'checked_in', 'left', 'no_show']);
  });

  it('reads "submit a X through a form on our website. The form asks for ..." and "sits as pending until someone either accepts or declines it"', () => {
    expect(fieldsOf(spec, 'BookingRequest')).toEqual(expect.arrayContaining(['email', 'status']));
    expect(fieldOf(spec, 'BookingRequest', 'status')?.values).toEqual(['pending', 'accepted', 'declined']);
    expect(spec.access).toContainEqual({ entity: 'BookingRequest', operation: 'create', level: 'public' });
  });

  it('reads "Lastly there are Xs, which sadly we do need: each one is linked to the Y involved, with ..."', () => {
    expect(fieldOf(spec, 'VetVisit', 'guest_id')).toMatchObject({ type: 'ref(Guest)' });
    expect(entity(spec, 'GuestInvolved')).toBeUndefined();
  });

  it('reads "The Xs are the biggest group; they need to ...", "the Ys they filed themselves" and "work through the Ys, reading them and updating them"', () => {
    expect(rightsOf(spec, 'carer')).toMatchObject({ Guest: 'r', Pen: 'r', VetVisit: 'c, r:own' });
    expect(rightsOf(spec, 'carer')?.Stay).toContain('c');
    expect(rightsOf(spec, 'night_staff')?.BookingRequest).toBe('ru');
  });

  it('reads states said as what people do to the record', () => {
    expect(readStates("Jobs start as new, then they're booked, then done, unless the customer cancels")?.values).toEqual(['new', 'booked', 'done', 'cancelled']);
    expect(readStates('on our side each referral sits as pending until a keyworker either accepts or declines it')?.values).toEqual(['pending', 'accepted', 'declined']);
  });
});

const TOY_LIBRARY = [
  "We're a toy library set up as a federation, so there are about a dozen branches, and each one is really its own little charity with its own shelves, its own volunteers and its own members. Their records have to stay completely separate; the Leeds branch should never see a thing from York, and each branch's admin looks after their own branch and can do anything at all in it.",
  'The main thing we track is the equipment. Every item has a barcode, which is required and must be unique, a longer description, what it cost us to buy, and a photo, JPEG or PNG, no bigger than 2 MB. We\'d really like that equipment list to be visible on our website to anybody, no login needed.',
  "Members are the families we lend to, and for them we need the full name (that one's required), an email address, and whether a health visitor referred them to us.",
  "A loan is for one member and one item, and it has a due date, whether the deposit has been refunded yet, and where the loan's at, which is out, returned or lost.",
  'When something comes back we do a return check, and that belongs to the loan: the date it was checked, whether the item was cleaned, and notes about the damage.',
  "Oh, and families are forever offering us their old toys, so we want a donation offer form that anyone can fill in without an account, asking for their name, email and phone, and whether we'd need to go and collect it, and on our side each offer is new, accepted or declined.",
  'The technician reads and updates equipment, reads the return checks, and reads and updates the donation offers too.',
  'When a loan is created, wait until three days before the due date and email the member a reminder; then on the due date itself, if the toy is not back, wait up to seven more days for it to be returned, and if it still has not turned up, let the branch admin know.',
].join('\n\n');

describe('people, places and forms said in passing', () => {
  const spec = authorSpec({ name: 'Toy library', description: TOY_LIBRARY });

  it('reads "each one is really its own little charity with its own ..." as tenancy, and a branch by its name as no role', () => {
    expect(spec.tenancy).toBe('multi');
    expect(spec.entities.map((e) => e.name)).not.toEqual(expect.arrayContaining([expect.stringMatching(/Branch|Dozen/)]));
    expect(spec.roles.map((r) => r.name)).not.toContain('leeds_branch');
  });

  it('reads "The main thing we track is the equipment. Every item has ..." as an equipment item', () => {
    expect(fieldsOf(spec, 'EquipmentItem')).toEqual(expect.arrayContaining(['barcode', 'description', 'purchase_cost', 'photo_key']));
    expect(fieldOf(spec, 'EquipmentItem', 'purchase_cost')).toMatchObject({ type: 'number' });
    expect(spec.access).toContainEqual({ entity: 'EquipmentItem', operation: 'read', level: 'public' });
  });

  it('reads "Xs are the families we lend to, and for them we need ..." as the X record', () => {
    expect(fieldsOf(spec, 'Member')).toEqual(expect.arrayContaining(['full_name', 'email', 'referred_by_health_visitor']));
    expect(fieldOf(spec, 'Loan', 'member_id')).toMatchObject({ type: 'ref(Member)' });
  });

  it('reads "where the X\'s at, which is ..." as its status', () => {
    expect(fieldOf(spec, 'Loan', 'status')?.values).toEqual(['out', 'returned', 'lost']);
  });

  it('reads "we do a X, and that belongs to the Y: ..." as a record of its own, with the fields after the colon', () => {
    expect(fieldsOf(spec, 'ReturnCheck')).toEqual(expect.arrayContaining(['checked_on', 'cleaned', 'damage_notes', 'loan_id']));
  });

  it('reads "a X form that anyone can fill in without an account, asking for ..." as a public create of X, with its fields and states', () => {
    expect(fieldsOf(spec, 'DonationOffer')).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'needs_collection', 'status']));
    expect(fieldOf(spec, 'DonationOffer', 'status')?.values).toEqual(['new', 'accepted', 'declined']);
    expect(spec.access).toContainEqual({ entity: 'DonationOffer', operation: 'create', level: 'public' });
  });

  it('reads a role\'s later clauses that open with a verb in -s ("reads the return checks, and reads and updates ...")', () => {
    expect(rightsOf(spec, 'technician')).toMatchObject({ EquipmentItem: 'ru', ReturnCheck: 'r', DonationOffer: 'ru' });
  });

  it('reads "then on the due date itself" and "wait up to seven more days for it to be returned"', () => {
    const steps = spec.workflows[0]?.steps ?? [];
    expect(steps.map((s) => s.kind)).toEqual(['waitUntil', 'task', 'waitUntil', 'waitForEvent', 'task']);
    expect(steps[3]).toMatchObject({ events: ['returned'], timeout: 'P7D' });
  });
});

describe('a locksmith on the phone', () => {
  const LOCKSMITH = [
    'So I run a small locksmith business and I\'d love something better than the whiteboard. The main thing is jobs. When a customer rings up we take their name, the address we\'re going to and a rough description of the problem.',
    "A job has to say which customer it's for, and each job gets one of the locksmiths assigned to it once I've sorted the rota. Jobs start as new, then they're booked, then done, unless the customer cancels.",
    'The callout fee and the parts cost are both money, and the finish time is optional because we don\'t know it till we\'re done.',
    "Customers themselves are just name, phone, email (optional, lots of older folk don't have one) and the address.",
    'We also keep the keys we cut: each key record has the key code, which is unique, the customer it belongs to and how many copies we made.',
    'The locksmiths can see the jobs. I\'m the admin and I can do anything.',
    "If a job hasn't been confirmed two days after someone books it, send me a reminder, and a day after the job's done text the customer asking for a review.",
  ].join('\n\n');
  const spec = authorSpec({ name: 'Locksmith', description: LOCKSMITH });

  it('reads "When a customer rings up we take ..." as the fields of the record just named', () => {
    expect(fieldsOf(spec, 'Job')).toEqual(expect.arrayContaining(['name', 'address', 'description']));
  });

  it('reads "has to say which X it\'s for" as a required reference, and "gets one of the Ys assigned" as a user', () => {
    expect(fieldOf(spec, 'Job', 'customer_id')).toMatchObject({ type: 'ref(Customer)', required: true });
    expect(fieldOf(spec, 'Job', 'locksmith_id')).toMatchObject({ type: 'ref(User)' });
    expect(readRelations('A request must say which horse it is for')?.pairs).toEqual([{ child: 'request', parent: 'horse' }]);
  });

  it('reads "Xs themselves are just ..." with an aside that says they lack something', () => {
    expect(fieldsOf(spec, 'Customer')).toEqual(['name', 'phone', 'email', 'address']);
  });

  it('reads "The A and the B are both money, and the C is optional" as fields of the record listed just before', () => {
    expect(fieldOf(spec, 'Job', 'callout_fee')).toMatchObject({ type: 'number' });
    expect(fieldOf(spec, 'Job', 'finish_time')).toMatchObject({ type: 'datetime', required: false });
  });

  it('reads "..., and a day after the job\'s done text the customer" as an automation of its own', () => {
    const after = spec.workflows.find((w) => w.trigger?.value === 'done');
    expect(after?.steps.map((s) => s.kind)).toEqual(['wait', 'task']);
    expect(after?.steps[0]).toMatchObject({ duration: 'P1D' });
  });

  it('reads "We also keep the Xs we cut: each X record has ..." as the X', () => {
    expect(fieldsOf(spec, 'Key')).toEqual(['key_code', 'customer_id', 'copies']);
    expect(fieldOf(spec, 'Job', 'status')?.values).toEqual(['new', 'booked', 'done', 'cancelled']);
  });
});

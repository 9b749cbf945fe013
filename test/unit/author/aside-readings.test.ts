/**
 * Wordings of chatty and long descriptions found in session 18's blind round (issue 23): rules
 * said as asides after a dash, record types introduced before they are described, a log of
 * records, wishes that someone could do something, and what is left undone for a while. Each is
 * pinned on records made up for it: a gliding club's gliders, hangar bays and launches, a
 * harbour's lost property.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { readStates } from '../../../lambdas/core/spec/author/states';
import { readFieldPhrase, splitFieldList } from '../../../lambdas/core/spec/author/fields';
import type { SpecDocument } from '../../../lambdas/core/spec/spec-model';

const entity = (spec: SpecDocument, name: string) => spec.entities.find((e) => e.name === name);
const fieldOf = (spec: SpecDocument, name: string, field: string) => entity(spec, name)?.fields.find((f) => f.name === field);
const phrase = (text: string, owner = 'Launch') => readFieldPhrase(text, { entities: ['Glider', 'Launch'], owner })?.field;

const GLIDING_CLUB = [
  'The heart of it is the gliders. Every glider needs its name, of course, and its registration - every glider has one and no two are ever the same, so that\'s the thing to hang it on. Then the make, the colour, its date of manufacture, and its wingspan in metres (people like to put 15.2, so that needs to take a decimal).',
  'Then there are the hangars themselves. Each bay has a number, which is unique, obviously, and a size - it\'s either standard, wide or a trailer bay - plus a simple yes/no for whether it\'s free at the moment. It would honestly be lovely if people looking for a flight could see the list of hangars without having to log in.',
  'Separately we keep a log of launches: each one is for a glider and is a winch, aerotow or self launch, with the date it happened, what it cost and the date the next one\'s due.',
  'The duty instructor can do everything.',
].join('\n\n');

describe('rules said as asides', () => {
  const spec = authorSpec({ name: 'Gliding club', description: GLIDING_CLUB });

  it('reads "its X - every Y has one and no two are ever the same, so ..." as a unique X', () => {
    expect(fieldOf(spec, 'Glider', 'registration')).toMatchObject({ unique: true });
    expect(entity(spec, 'Glider')?.fields.map((f) => f.name)).not.toContain('one');
  });

  it('reads "Then the A, the B, its C, and its D" as more fields of the record just described', () => {
    expect(entity(spec, 'Glider')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['make', 'colour', 'date_of_manufacture']));
  });

  it('reads "(people like to put 15.2, so that needs to take a decimal)" as a number, not values', () => {
    const wingspan = entity(spec, 'Glider')?.fields.find((f) => f.name.startsWith('wingspan'));
    expect(wingspan).toMatchObject({ type: 'number' });
    expect(wingspan?.values).toBeUndefined();
    expect(phrase('miles flown (decimals allowed)')).toMatchObject({ type: 'number' });
  });

  it('reads "and an end date - the end date\'s optional, mind, because ..." as that field, optional', () => {
    const spec2 = authorSpec({ name: 'Hire', description: 'Every hire has a start date and an end date - the end date\'s optional, mind, because most people just roll on month to month.\n\nAdmins can do everything.' });
    expect(fieldOf(spec2, 'Hire', 'end_date')).toMatchObject({ type: 'date', required: false });
    expect(entity(spec2, 'Hire')?.fields.map((f) => f.name)).toEqual(['start_date', 'end_date']);
  });
});

describe('record types introduced, then described', () => {
  const spec = authorSpec({ name: 'Gliding club', description: GLIDING_CLUB });

  it('reads "Then there are the Xs themselves. Each Y has ..." as one record type, named X', () => {
    expect(entity(spec, 'Hangar')?.fields.map((f) => f.name)).toEqual(['number', 'size', 'free']);
    expect(entity(spec, 'Bay')).toBeUndefined();
    expect(fieldOf(spec, 'Hangar', 'free')).toMatchObject({ type: 'boolean' });
  });

  it('reads "a simple yes/no for whether it\'s X at the moment" as X', () => {
    expect(phrase('a simple yes/no for whether it\'s vacant at the moment')).toMatchObject({ name: 'vacant', type: 'boolean' });
  });

  it('drops the record\'s own noun after the last value ("standard, large or a foaling box" of a box)', () => {
    expect(phrase('a size - it\'s either standard, large or a foaling box', 'Box')).toMatchObject({ type: 'enum', values: ['standard', 'large', 'foaling'] });
    expect(phrase('how they pay (cash, card or bank transfer)', 'Box')?.values).toEqual(['cash', 'card', 'bank_transfer']);
  });

  it('reads "we keep a log of Xs: each one is for a Y and is a A, B or C X, with ..." as Xs of a kind, for a Y', () => {
    expect(fieldOf(spec, 'Launch', 'kind')).toMatchObject({ type: 'enum', values: ['winch', 'aerotow', 'self'] });
    expect(fieldOf(spec, 'Launch', 'glider_id')).toMatchObject({ type: 'ref(Glider)' });
    expect(entity(spec, 'Launch')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['launch_date', 'cost', 'next_due_date']));
  });

  it('reads "It would honestly be lovely if people looking for X could see Ys without having to log in" as public reading', () => {
    expect(spec.access).toEqual(expect.arrayContaining([{ entity: 'Hangar', operation: 'list', level: 'public' }, { entity: 'Hangar', operation: 'read', level: 'public' }]));
  });
});

describe('fields and states said in passing', () => {
  it('reads "the monthly fee in pounds" as money; a weight in pounds keeps its unit', () => {
    expect(phrase('the monthly fee in pounds')).toMatchObject({ name: 'monthly_fee', type: 'number' });
    expect(phrase('the weight in pounds')).toMatchObject({ name: 'weight_lb', type: 'number' });
  });

  it('reads "what it cost", "the date it happened" and "the date the next one\'s due"', () => {
    expect(phrase('what it cost')).toMatchObject({ name: 'cost', type: 'number' });
    expect(phrase('the date it happened')).toMatchObject({ name: 'launch_date', type: 'date' });
    expect(phrase('the date the next one\'s due')).toMatchObject({ name: 'next_due_date', type: 'date' });
  });

  it('leaves out "once it\'s signed" from a record\'s states, and goes on after it', () => {
    expect(readStates('A membership starts out pending, becomes active once it\'s signed, and is ended when they leave')?.values).toEqual(['pending', 'active', 'ended']);
    expect(readStates('A hire starts out requested, becomes confirmed once it has been paid, is checked out when the boat leaves and is finally returned')?.values).toEqual(['requested', 'confirmed', 'checked_out', 'returned']);
  });
});

describe('states and records of people', () => {
  it('reads "..., cancelled or a no-show" without the article', () => {
    expect(readStates('A hire is pending, confirmed, out, back, cancelled or a no-show')?.values).toEqual(['pending', 'confirmed', 'out', 'back', 'cancelled', 'no_show']);
  });

  it('reads "my member profile" beside "a member" as the Member record', () => {
    const spec = authorSpec({
      name: 'Gliding club',
      description: [
        'Every flight belongs to a member and is for one glider. Each member has a membership number. No two member profiles can share an email address.',
        '- As a member, I can create my member profile with my full name (required), my email (required) and my phone number. After that I can view and edit my own profile.',
        '- As a member, I want to book a flight by giving the date, the glider and a message for the instructor.',
        '- As the chief instructor, I can do anything with any record.',
      ].join('\n'),
    });
    expect(entity(spec, 'MemberProfile')).toBeUndefined();
    expect(entity(spec, 'Member')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['membership_number', 'full_name', 'email', 'phone']));
  });
});

describe('what is left undone for a while', () => {
  const harbour = 'Found items: a description and a status (in storage, claimed, returned or disposed).\n\nHarbour staff can do everything.';

  it('reads "Anything that nobody has claimed ninety days after it was logged should be flagged for disposal"', () => {
    const spec = authorSpec({ name: 'Harbour', description: `${harbour}\n\nAnything that nobody has claimed ninety days after it was logged should be flagged for disposal.` });
    expect(spec.workflows).toHaveLength(1);
    expect(spec.workflows[0]).toMatchObject({ trigger: { entity: 'FoundItem', event: 'created' }, steps: [{ kind: 'waitForEvent', events: ['claimed'], timeout: 'P90D' }, { kind: 'task' }] });
  });

  it('reads a story\'s wish "anything still unclaimed two months after it was listed to be marked for the auction"', () => {
    const spec = authorSpec({ name: 'Harbour', description: `${harbour}\n\nAs a harbour master, I want anything still unclaimed two months after it was listed to be marked for the auction.` });
    expect(spec.workflows[0]).toMatchObject({ trigger: { entity: 'FoundItem', event: 'created' }, steps: [{ kind: 'waitForEvent', events: ['claimed'], timeout: 'P2M' }, { kind: 'task', name: 'mark' }] });
  });
});

const SAUNA = [
  'We run two community saunas, in two towns, and each sauna\'s members, bookings and oils stay completely separate. Each sauna has a host or two, and they\'re the admins for their own sauna, with full control over everything.',
  'A member has a full name, an email address and a phone number. Memberships hang off a member, and each one belongs to a single member. It has a plan, which is monthly, annual, or pay-as-you-go for people who just drop in now and then. It also has a start date, the amount they paid, and a state that\'s active, paused or expired.',
  'Then there\'s the space people book, which we call cabins. Each cabin has a name that has to be unique and a flag for when it\'s out of order. A booking is for a cabin and a member and has a start date and time. The last big thing is oils. For each one we track its name (required), the scent (pine, birch or eucalyptus) and a stock status of ok, low or out.',
  'Attendants look after the oils, so they add them, update them and throw them out. They can also see the cabins and mark them as out of order. Members can view the cabins and book sessions.',
  'For the automatic stuff: the day before each session starts, the member should get a reminder. And when an oil gets flagged as low, the system should send an order off to our supplier by itself. Their ordering system falls over a lot, so let it try up to five times. After that it should give the delivery a week to be confirmed, and if nothing has turned up by then, it should let the attendants know.',
].join('\n\n');

describe('a chatty page of record types, people and automation (a community sauna)', () => {
  const spec = authorSpec({ name: 'Saunas', description: SAUNA });

  it('reads "Xs hang off a Y, and each one belongs to a single Y" and the fields after it', () => {
    expect(fieldOf(spec, 'Membership', 'member_id')).toMatchObject({ type: 'ref(Member)', required: true });
    expect(fieldOf(spec, 'Membership', 'plan')).toMatchObject({ type: 'enum', values: ['monthly', 'annual', 'pay_as_you_go'] });
    expect(fieldOf(spec, 'Membership', 'amount_paid')).toMatchObject({ type: 'number' });
  });

  it('reads "the space people book, which we call cabins" and "The last big thing is oils. For each one ..." as record types', () => {
    expect(entity(spec, 'Cabin')?.fields.map((f) => f.name)).toEqual(['name', 'out_of_order']);
    expect(entity(spec, 'Oil')?.fields.map((f) => f.name)).toEqual(['name', 'scent', 'stock_status']);
    expect(entity(spec, 'Membership')?.fields.map((f) => f.name)).not.toContain('space_people_book');
  });

  it('reads "Each sauna has a host or two, and they\'re the admins" as people, not fields of a record', () => {
    expect(entity(spec, 'Sauna')).toBeUndefined();
  });

  it('reads "see the cabins and mark them as out of order" as reading and updating the cabins only', () => {
    const attendant = spec.roles.find((r) => r.name === 'attendant');
    expect(attendant?.rights).toEqual({ Oil: { create: 'all', read: 'all', update: 'all', delete: 'all' }, Cabin: { read: 'all', update: 'all' } });
  });

  it('reads "the day before each session starts, the member should get a reminder"', () => {
    expect(spec.workflows.find((w) => w.trigger?.entity === 'Booking')).toMatchObject({ trigger: { event: 'created' }, steps: [{ kind: 'waitUntil', field: 'starts_at', offset: '-P1D' }, { kind: 'task' }] });
  });

  it('reads "so let it try up to five times" and "give the delivery a week to be confirmed"', () => {
    expect(spec.workflows.find((w) => w.trigger?.entity === 'Oil')).toMatchObject({
      trigger: { event: 'updated', field: 'stock_status', value: 'low' },
      steps: [{ kind: 'task', retries: 5 }, { kind: 'waitForEvent', events: ['delivery_confirmed'], timeout: 'P1W' }, { kind: 'task' }],
    });
  });

  it('reads codes of digits and letters as values ("35mm, 120 or 4x5")', () => {
    expect(phrase('the biggest negative format it takes (35mm, 120 or 4x5)')).toMatchObject({ type: 'enum', values: ['35mm', '120', '4x5'] });
  });
});

const FENCING = [
  'fence installers - what we need',
  'just us, one company.',
  '- enquirys: ppl fill in the form on our website, no login needed. name (required), phone, email, postcode',
  '- customers: name (required), phone, email, notes',
  '- quotes: each quote is for a customer. total £, deposit % (0-100), valid untill date, status draft / sent / accepted / declined. pdf of the quote, pdf only max 10mb',
  '- jobs: linked to a quote. install date, no. of panels, status goes booked > in progress > snagging > complete. drawings/plans upload, pdf, 25mb max',
  '- snags: belong to a job. notes, fixed y/n',
  '- timber orders: for a job. supplier, cost £, delivered y/n',
  '',
  'users',
  '- office: do everything',
  '- installers - see jobs n update them (mark in progress etc), add snags + see them, look at timber orders',
  '',
  'auto stuff',
  '- when a quote gets sent, wait 5 days for the customer to accept or decline. if nothing by then email them a chaser',
  "- day before a job's install date text the customer to say we're coming. sms thing is flaky so retry it up to 3 times",
].join('\n');

describe('quick notes: labels with a clause first, dashes, arrows and automation bullets (a fence installer)', () => {
  const spec = authorSpec({ name: 'Fences', description: FENCING });
  const names = (record: string) => entity(spec, record)?.fields.map((f) => f.name);

  it('reads "enquirys: ppl fill in the form on our website, no login needed. name, ..." as who makes them, then their fields', () => {
    expect(names('Enquiry')).toEqual(['name', 'phone', 'email', 'postcode']);
    expect(spec.access).toEqual(expect.arrayContaining([{ entity: 'Enquiry', operation: 'create', level: 'public' }]));
  });

  it('reads "quotes: each quote is for a customer. total £, ..." as the relation, then the fields in the sentences after', () => {
    expect(names('Quote')).toEqual(expect.arrayContaining(['total', 'valid_until', 'status', 'customer_id']));
    expect(fieldOf(spec, 'Quote', 'valid_until')).toMatchObject({ type: 'date' });
    expect(fieldOf(spec, 'Quote', 'status')?.values).toEqual(['draft', 'sent', 'accepted', 'declined']);
    expect(entity(spec, 'Quote')?.fields.filter((f) => f.type === 'file')).toHaveLength(1);
  });

  it('reads "status goes booked > in progress > snagging > complete" and a file said on its own after a colon line', () => {
    expect(fieldOf(spec, 'Job', 'status')?.values).toEqual(['booked', 'in_progress', 'snagging', 'complete']);
    expect(entity(spec, 'Job')?.fields.find((f) => f.type === 'file')?.file).toMatchObject({ contentTypes: ['application/pdf'], maxBytes: 25 * 1024 * 1024 });
    expect(entity(spec, 'Quote')?.fields.find((f) => f.name === 'status')?.values).not.toContain('booked');
  });

  it('reads "installers - see jobs n update them, add snags + see them" with "them" as what was just named', () => {
    const installer = spec.roles.find((r) => r.name === 'installer');
    expect(installer?.rights.Job).toEqual({ read: 'all', update: 'all' });
    expect(installer?.rights.Snag).toEqual({ create: 'all', read: 'all' });
    expect(installer?.rights.TimberOrder).toEqual({ read: 'all' });
    expect(installer?.rights.Customer).toBeUndefined();
  });

  it('reads automation bullets under a short label, "sms thing is flaky so retry it up to 3 times" too', () => {
    expect(spec.workflows.find((w) => w.trigger?.entity === 'Quote')).toMatchObject({ trigger: { event: 'updated', field: 'status', value: 'sent' }, steps: [{ kind: 'waitForEvent', events: ['accepted', 'declined'], timeout: 'P5D' }, { kind: 'task' }] });
    expect(spec.workflows.find((w) => w.trigger?.entity === 'Job')).toMatchObject({ steps: [{ kind: 'waitUntil', field: 'install_date', offset: '-P1D' }, { kind: 'task', retries: 3 }] });
  });

  it('keeps "Images only, max 3 MB." after a colon line as the rules of the file before, no field', () => {
    const vans = authorSpec({ name: 'Vans', description: 'Vans: registration (unique), make, and a photo of the van so the yard can spot it. Images only, max 3 MB.\n\nAdmins can do everything.' });
    expect(entity(vans, 'Van')?.fields.filter((f) => f.type === 'file').map((f) => f.name)).toEqual(['photo_key']);
  });
});

const LIFEBOATS = [
  '# Lifeboat crew training',
  '## Boats',
  'A boat has a hull number, which we paint on the bow and which must be unique (for example ON-1307). We also record the class, which is one of Atlantic, Shannon, a D-class inshore boat, or Severn, and how many crew were aboard at launch, and keep one hull photo.',
  '## Applications',
  'An application asks for the applicant\'s full name (required) and email (required); the type of employer (council, private or other); whether they can swim; and their postcode.',
  '## Assignments',
  'Each assignment is for one boat; it also names the trainee, who is a user of the system, and records the start date and a planned end date.',
  '## Who uses it',
  '**Crew trainers.** Trainers are the staff who support the volunteers. They can read boats and update them. They create assignments, read them and update them.',
  '**Station admins.** Each station has one or two admins who manage everything for their station.',
].join('\n\n');

describe('a long page with headings of people (lifeboat crew training)', () => {
  const spec = authorSpec({ name: 'Lifeboats', description: LIFEBOATS });

  it('reads "a hull number, which we paint on the bow and which must be unique": the rule, not a field of what we do with it', () => {
    expect(fieldOf(spec, 'Boat', 'hull_number')).toMatchObject({ unique: true });
    expect(entity(spec, 'Boat')?.fields.map((f) => f.name)).not.toContain('we_paint_on_bow');
  });

  it('reads values some of which have their article ("Atlantic, Shannon, a D-class inshore boat, or Severn")', () => {
    expect(fieldOf(spec, 'Boat', 'class')).toMatchObject({ type: 'enum' });
    expect(fieldOf(spec, 'Boat', 'class')?.values).toHaveLength(4);
    expect(splitFieldList('a name, which is required, a format of singles or doubles')).toEqual(['a name, which is required', 'a format of singles or doubles']);
  });

  it('reads "how many crew were aboard", "keep one hull photo" and "the type of employer (council, private or other)"', () => {
    expect(phrase('how many puppies were born alive')).toMatchObject({ name: 'puppies_born_alive', type: 'integer' });
    expect(entity(spec, 'Boat')?.fields.map((f) => f.name)).toContain('hull_photo_key');
    expect(fieldOf(spec, 'Application', 'employer_type')).toMatchObject({ type: 'enum', values: ['council', 'private', 'other'] });
  });

  it('reads a list that goes on after its semicolons', () => {
    expect(entity(spec, 'Application')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['email', 'employer_type', 'postcode']));
  });

  it('reads "it also names the trainee, who is a user of the system, and records ..."', () => {
    expect(fieldOf(spec, 'Assignment', 'trainee_id')).toMatchObject({ type: 'ref(User)' });
    expect(entity(spec, 'Assignment')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['start_date', 'planned_end_date', 'boat_id']));
  });

  it('names people after their heading ("**Crew trainers.** Trainers are the staff who ... They can ...")', () => {
    expect(spec.roles.find((r) => r.name === 'crew_trainer')?.rights).toMatchObject({ Boat: { read: 'all', update: 'all' }, Assignment: { create: 'all', read: 'all', update: 'all' } });
    expect(entity(spec, 'Station')).toBeUndefined();
  });
});

describe('stories under headings of people, and examples said with "like" (a climbing hut)', () => {
  const HUT = [
    'Some background on the records first. A bunk has a bunk number, which has to be unique and can have letters in it, like 3B. Every stay is for one bunk.',
    '**Climbers**',
    '- As a climber, I can create my climber profile with my full name (required), my email (required) and my country as a two-letter code like DE or FR.',
    '- As a climber, I can see my own stays.',
    '**Wardens**',
    '- As a warden, I can do anything with any record.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Hut', description: HUT });

  it('reads story bullets under a heading of people as stories, never as fields of a record named after them', () => {
    expect(entity(spec, 'Warden')).toBeUndefined();
    expect(entity(spec, 'Climber')?.fields.map((f) => f.name) ?? []).not.toContain('as_climber_id');
    expect(spec.roles.find((r) => r.name === 'warden')?.rights.Bunk).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
  });

  it('reads "can have letters in it, like 3B" as text with an example, and "a two-letter code like DE or FR" as a code, not values', () => {
    expect(fieldOf(spec, 'Bunk', 'bunk_number')).toMatchObject({ type: 'string', unique: true });
    expect(entity(spec, 'Bunk')?.fields.map((f) => f.name)).toEqual(['bunk_number']);
    expect(phrase('their country as a two-letter code like DE or FR', 'Climber')).toMatchObject({ name: 'country_code', type: 'string' });
    expect(phrase('their country as a two-letter code like DE or FR', 'Climber')?.values).toBeUndefined();
  });
});

describe('stories of automation (a climbing hut)', () => {
  const HUT = [
    'A bunk has a bunk number. Every booking is for one bunk, and a booking is pending, confirmed, checked out or cancelled. An excursion has a title and a start date and time.',
    '- As a climber, I want a confirmation email as soon as I book. I understand that if the deposit hasn\'t been paid within 48 hours of booking, the system cancels the booking by itself.',
    '- As a guide, I\'d like the sign-up list emailed to me two hours before each excursion starts, so I know how many people to expect.',
    '- As the warden, I want each climber to be sent a "how was your stay?" email three days after their booking is checked out.',
    '- As the warden, I can do anything with any record.',
  ].join('\n');
  const spec = authorSpec({ name: 'Hut', description: HUT });

  it('reads "as soon as I book" as the booking made, and "I understand that if ..." as what follows it', () => {
    const booking = [...spec.workflows, ...(spec.events ?? [])].find((w) => 'trigger' in w && w.trigger?.entity === 'Booking' && w.trigger.event === 'created');
    expect(booking).toMatchObject({ steps: [{ kind: 'task' }, { kind: 'waitForEvent', timeout: 'PT48H' }, { kind: 'task' }] });
  });

  it('reads "I\'d like the sign-up list emailed to me two hours before each excursion starts"', () => {
    expect(spec.workflows.find((w) => w.trigger?.entity === 'Excursion')).toMatchObject({ steps: [{ kind: 'waitUntil', field: 'starts_at', offset: '-PT2H' }, { kind: 'task' }] });
  });

  it('keeps a quoted question inside its sentence: each climber to be sent a "how was your stay?" email three days after ...', () => {
    expect(spec.workflows.find((w) => w.trigger?.entity === 'Booking' && w.trigger.event === 'updated')).toMatchObject({ trigger: { field: 'status', value: 'checked_out' }, steps: [{ kind: 'wait', duration: 'P3D' }, { kind: 'task' }] });
  });
});

describe('stories under an automation heading, and a profile for their business (a craft fair)', () => {
  const FAIR = [
    '**Stallholders**',
    '- As a stallholder, I can create a profile for my craft business with its trading name (this is required), a contact email and a phone number.',
    '- As a stallholder, I can see only my own bookings.',
    '**Automatic behaviour**',
    '- As an organiser, when a stallholder makes a booking I want it to wait for someone to approve or reject it for up to 10 days, and if nobody has by then, I want it escalated to the organiser automatically.',
    '',
    'A booking is for one stall and comes from one stallholder, with a status of submitted, approved or rejected. A stall has a stall code that is unique.',
    'Organisers can do everything.',
  ].join('\n');
  const spec = authorSpec({ name: 'Fair', description: FAIR });

  it('reads "create a profile for my craft business with ..." as the stallholder\'s own record', () => {
    expect(entity(spec, 'Stallholder')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['trading_name', 'contact_email', 'phone']));
    expect(entity(spec, 'Profile')).toBeUndefined();
  });

  it('reads a heading "Automatic behaviour" as a group, and stories under it that start "when ..." as stories', () => {
    expect(entity(spec, 'AutomaticBehaviour')).toBeUndefined();
    expect(spec.workflows.length + (spec.events?.length ?? 0)).toBeGreaterThan(0);
  });
});

describe('a chatty page of a league (a hurling club)', () => {
  const CLUB = [
    'A squad has a name, and no two squads can have the same one (long story, don\'t ask), plus its colours and the year it was founded.',
    'Every player belongs to one squad. For a player we want their legal name, which insurance needs, so that\'s required too, and the number on their jersey (it can have letters in it, like 7B, so treat it as text and not a number).',
    'Then there are fixtures. A fixture has a venue and a status. It\'s scheduled, then in progress on the day, then final once it\'s over, or called off if something goes wrong (the pitch flooded once, true story).',
    'Each card belongs to a fixture and says the card code (yellow, black or red) and the minute number, which starts at 1.',
    'The chair can do anything with anything.',
  ].join(' ');
  const spec = authorSpec({ name: 'Hurling', description: CLUB });

  it('reads ", and no two Xs can have the same one (...), plus ..." as the rule of the field before, and the list goes on', () => {
    expect(fieldOf(spec, 'Squad', 'name')).toMatchObject({ unique: true });
    expect(entity(spec, 'Squad')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['colours', 'year_founded']));
    expect(fieldOf(spec, 'Squad', 'colours')).toMatchObject({ type: 'string' });
  });

  it('reads "which insurance needs, so that\'s required too" as the rule, and "the number on their jersey (... treat it as text)"', () => {
    expect(fieldOf(spec, 'Player', 'legal_name')).toMatchObject({ required: true });
    expect(entity(spec, 'Player')?.fields.map((f) => f.name)).not.toContain('insurance_needs');
    expect(fieldOf(spec, 'Player', 'jersey_number')).toMatchObject({ type: 'string' });
  });

  it('reads "It\'s scheduled, then in progress on the day, then final once it\'s over, or called off if ..." as the states in order', () => {
    expect(fieldOf(spec, 'Fixture', 'status')?.values).toEqual(['scheduled', 'in_progress', 'final', 'called_off']);
  });

  it('reads "the minute number, which starts at 1" as its least value', () => {
    expect(fieldOf(spec, 'Card', 'minute_number')).toMatchObject({ type: 'integer', min: 1 });
  });
});

describe('people introduced by what they do, and a record named in passing (a mobile vet)', () => {
  const VET = [
    'Each of our vets has a vet record with their full name and their registration number. A call-out is for one pet owner and has a date.',
    'Pet owners have a name and a phone number.',
    '- **Receptionists** run the front desk. They have full control over call-outs and pet owners.',
    '- **Practice managers** are the admins. They can do everything with every kind of record.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Vets', description: VET });

  it('reads "Each of our vets has a vet record with ..." as the Vet record', () => {
    expect(entity(spec, 'Vet')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['full_name', 'registration_number']));
  });

  it('reads "Receptionists run the front desk. They have full control over ..." as the receptionists\' rights', () => {
    const receptionist = spec.roles.find((r) => r.name === 'receptionist');
    expect(receptionist?.rights.CallOut).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
    expect(receptionist?.rights.PetOwner).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
  });
});

describe('a record named as the big thing, and its automation (a boat yard)', () => {
  const YARD = [
    'Every boat has a name and a length in metres.',
    'Day to day, the big thing is lift requests. An owner asks us to lift their boat out, scrub it or put it back in. A request has to say which boat it\'s for. It\'s requested to begin with and ends up either done or cancelled.',
    'The yard manager can do everything. Owners can put in lift requests and see only their own.',
    'When an owner puts a request in, give the crew twelve hours to mark it done, and if it\'s still sitting there after that, text me so I can chase it up.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Yard', description: YARD });

  it('reads "Day to day, the big thing is Xs" with "An X has to say ..." after it as a record type, and its states', () => {
    expect(fieldOf(spec, 'LiftRequest', 'status')?.values).toEqual(['requested', 'done', 'cancelled']);
  });

  it('reads "when an owner puts a request in, give the crew twelve hours to mark it done"', () => {
    expect(spec.workflows.find((w) => w.trigger?.entity === 'LiftRequest')).toMatchObject({ trigger: { event: 'created' }, steps: [{ kind: 'waitForEvent', events: ['done'], timeout: 'PT12H' }, { kind: 'task' }] });
  });
});

describe('a chatty page of my own (an ice-cream van round)', () => {
  const VANS = [
    'Every stop has a street name and a time. Oh and each stop gets one of the vans, obviously.',
    'The vans themselves have a nickname (Mabel and Dot, don\'t judge), a registration plate that\'s unique, and the date the next MOT is due. We also log every repair a van has: the date, the garage and what it cost.',
    'Then there\'s the menu. Each flavour has a name, a price, and whether it\'s dairy-free.',
    'Who does what - the owner can do absolutely anything.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Vans', description: VANS });

  it('reads "Oh and each stop gets one of the vans, obviously" as the stop\'s van, with no record type "Oh"', () => {
    expect(entity(spec, 'Oh')).toBeUndefined();
    expect(fieldOf(spec, 'Stop', 'van_id')).toMatchObject({ type: 'ref(Van)' });
    expect(entity(spec, 'Stop')?.fields.map((f) => f.name)).not.toContain('obviously');
  });

  it('reads names said with a remark in parentheses as examples, and "the date the next MOT is due"', () => {
    expect(fieldOf(spec, 'Van', 'nickname')).toMatchObject({ type: 'string' });
    expect(fieldOf(spec, 'Van', 'nickname')?.values).toBeUndefined();
    expect(fieldOf(spec, 'Van', 'next_mot_due_date')).toMatchObject({ type: 'date' });
  });

  it('reads "We also log every repair a van has: ..." as a record type of the van, and "Then there\'s the menu." as no field', () => {
    expect(fieldOf(spec, 'Repair', 'van_id')).toMatchObject({ type: 'ref(Van)' });
    expect(entity(spec, 'Repair')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['date', 'garage', 'cost']));
    expect(entity(spec, 'Van')?.fields.map((f) => f.name)).not.toContain('menu');
  });
});

describe('a booking said as what we need when someone books (a bouncy castle hire)', () => {
  const CASTLES = [
    'When someone books us we need their name, an email, the date of the party, where it is (just the address, typed out), and which castle size they want - we\'ve got small, medium and giant.',
    'A booking is enquiry to start with, then confirmed once the deposit lands, and then done after the party, or cancelled if they change their mind.',
    'The owner can do everything.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Castles', description: CASTLES });

  it('reads "When someone books us we need ..." as the booking\'s fields, and values said after a dash', () => {
    expect(entity(spec, 'Booking')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'email', 'party_date', 'location']));
    expect(fieldOf(spec, 'Booking', 'location')?.values).toBeUndefined();
    expect(entity(spec, 'Booking')?.fields.find((f) => f.values?.includes('giant'))?.values).toEqual(['small', 'medium', 'giant']);
  });

  it('reads "X is A to start with, then B once ..., and then C after ..., or D if ..." as the states in order', () => {
    expect(fieldOf(spec, 'Booking', 'status')?.values).toEqual(['enquiry', 'confirmed', 'done', 'cancelled']);
  });
});

describe('user stories of my own (a record shop\'s pre-orders)', () => {
  const SHOP = [
    '- As a customer, I can sign up online with my name, email (required, and unique) and a phone number.',
    '- As staff, I log each week\'s deliveries: the date it arrived, the distributor invoice number (unique) and a photo of the packing slip (JPEG or PNG, up to 5 MB).',
    '- As the owner, I can do everything.',
    '',
    'A crate belongs to one customer and is either waiting, collected or abandoned.',
  ].join('\n');
  const spec = authorSpec({ name: 'Records', description: SHOP });

  it('reads "customers can sign up online with my name, ..." as the customer\'s record, not a record called Online', () => {
    expect(entity(spec, 'Online')).toBeUndefined();
    expect(entity(spec, 'Customer')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'email', 'phone']));
  });

  it('reads "I log each week\'s deliveries: ..." as the Delivery record', () => {
    expect(fieldOf(spec, 'Delivery', 'distributor_invoice_number')).toMatchObject({ unique: true });
  });

  it('reads "A crate belongs to one customer and is either waiting, collected or abandoned"', () => {
    expect(fieldOf(spec, 'Crate', 'status')?.values).toEqual(['waiting', 'collected', 'abandoned']);
    expect(fieldOf(spec, 'Crate', 'customer_id')).toMatchObject({ type: 'ref(Customer)' });
  });
});

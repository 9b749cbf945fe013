/**
 * User stories as statements (lambdas/core/spec/author/stories.ts), read on into workflows by the
 * workflow reader: each test pins one wording that recurs across backends, on record types made
 * up for it.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { storyAsStatements } from '../../../lambdas/core/spec/author/stories';
import { readWorkflows } from '../../../lambdas/core/spec/author/workflow-reader';
import { EntityIndex } from '../../../lambdas/core/spec/offline-author/entity-index';
import type { SpecEntity } from '../../../lambdas/core/spec/spec-model';

const read = (entities: SpecEntity[], sentences: string[]) => readWorkflows(sentences.flatMap(storyAsStatements), { index: new EntityIndex(entities.map((e) => e.name)), entities }).workflows;

const date = (name: string, type: 'date' | 'datetime' = 'date'): SpecEntity['fields'][number] => ({ name, type, required: false });

describe('messages a story asks for', () => {
  const entities: SpecEntity[] = [
    { name: 'Trip', fields: [date('pickup_at', 'datetime')] },
    { name: 'Courier', fields: [date('insurance_expiry_date')] },
    { name: 'Gathering', fields: [date('starts_at', 'datetime')] },
    { name: 'Fault', fields: [] },
  ];

  it('"I get a reminder ..." is a message, and "I\'ve" / "I\'m" are the role\'s', () => {
    expect(storyAsStatements("As a member, I get a reminder one day before a gathering I've said I'm coming to")).toEqual(['Send a reminder to the member one day before a gathering they have said they are coming to']);
  });

  it('"I want <people> to get a text reminder ..." sends it to them', () => {
    expect(storyAsStatements("As a planner, I want riders to get a text reminder the day before they're picked up")).toEqual(["Send a text reminder to the riders the day before they're picked up"]);
  });

  it('reads a time before a date no record is named for, by the words of the date ("picked up", "insurance expires")', () => {
    const flows = read(entities, ["As a planner, I want riders to get a text reminder the day before they're picked up", 'As a courier, I want a nudge 30 days before my insurance expires']);
    expect(flows.map((w) => w.trigger)).toEqual([{ entity: 'Trip', event: 'created' }, { entity: 'Courier', event: 'created' }]);
    expect(flows.map((w) => w.steps[0])).toMatchObject([{ kind: 'waitUntil', field: 'pickup_at', offset: '-P1D' }, { kind: 'waitUntil', field: 'insurance_expiry_date', offset: '-P30D' }]);
  });

  it('"I want to hear about a new X the moment it\'s created" notifies them when one is made', () => {
    expect(storyAsStatements("As a mechanic, I want to hear about a new fault the moment it's created")).toEqual(['When a new fault is created, notify the mechanic']);
    const [flow] = read(entities, ["As a mechanic, I want to hear about a new fault the moment it's created"]);
    expect(flow!.trigger).toEqual({ entity: 'Fault', event: 'created' });
    expect(flow!.steps).toMatchObject([{ kind: 'task' }]);
  });
});

describe('a time on the day of a date', () => {
  const entities: SpecEntity[] = [{ name: 'Loan', fields: [date('start_date'), date('return_date')] }];

  it('"a text on the morning my loan is due back" waits until its return date, and "hasn\'t come back" awaits its return', () => {
    expect(storyAsStatements('As a borrower, I want a text on the morning my loan is due back')).toEqual(['Send a text to the borrower on the morning their loan is due back']);
    const [flow, ...others] = read(entities, ['As a borrower, I want a text on the morning my loan is due back', "If it still hasn't come back 2 days after that, charge a late fee"]);
    expect(others).toHaveLength(0);
    expect(flow!.trigger).toEqual({ entity: 'Loan', event: 'created' });
    expect(flow!.steps).toMatchObject([{ kind: 'waitUntil', field: 'return_date' }, { kind: 'task' }, { kind: 'waitForEvent', events: ['returned'], timeout: 'P2D' }, { kind: 'task' }]);
  });
});

describe('acts a story wishes for', () => {
  const entities: SpecEntity[] = [
    { name: 'Permit', fields: [{ name: 'status', type: 'enum', required: true, values: ['applied', 'granted', 'refused'] }, date('permit_expiry_date')] },
    { name: 'Enrolment', fields: [] },
    { name: 'Registration', fields: [] },
    { name: 'Crossing', fields: [date('sails_at', 'datetime')] },
  ];

  it('"As a holder whose permit is granted, I want my card printed; the printer is unreliable, so retry it 3 times. Then, 8 weeks before my permit expires, I want a renewal reminder"', () => {
    const story = ['As a holder whose permit is granted, I want my card printed automatically; the print service is unreliable, so retry it 3 times', 'Then, 8 weeks before my permit expires, I want a renewal reminder'];
    expect(story.flatMap(storyAsStatements)).toEqual(['When a permit is granted, print their card automatically; the print service is unreliable, so retry it 3 times', 'Then, 8 weeks before their permit expires, send a renewal reminder']);
    const [flow, ...others] = read(entities, story);
    expect(others).toHaveLength(0);
    expect(flow!.trigger).toEqual({ entity: 'Permit', event: 'updated', field: 'status', value: 'granted' });
    expect(flow!.steps).toMatchObject([{ kind: 'task', retries: 3 }, { kind: 'waitUntil', field: 'permit_expiry_date', offset: '-P8W' }, { kind: 'task' }]);
  });

  it('"I want people who sign up to pay within 3 days; if ..., the system should send them a reminder" waits from the registration', () => {
    const story = "As the secretary I want people who sign up to pay within 3 days; if the fee still isn't paid by then, the system should send them a payment reminder";
    expect(storyAsStatements(story)).toEqual(["When someone signs up, they have 3 days to pay; if the fee still isn't paid by then, send them a payment reminder"]);
    const [flow] = read(entities, [story]);
    expect(flow!.trigger).toEqual({ entity: 'Registration', event: 'created' });
    expect(flow!.steps).toMatchObject([{ kind: 'waitForEvent', events: ['paid'], timeout: 'P3D' }, { kind: 'task' }]);
  });

  it('"I want any crossing to be flagged to me 48 hours before it sails" flags it then', () => {
    expect(storyAsStatements('As a planner, I want any crossing to be flagged to me 48 hours before it sails')).toEqual(['Flag any crossing to them 48 hours before it sails']);
    const [flow] = read(entities, ['As a planner, I want any crossing to be flagged to me 48 hours before it sails']);
    expect(flow!.steps).toMatchObject([{ kind: 'waitUntil', field: 'sails_at', offset: '-PT48H' }, { kind: 'task' }]);
  });

  it('a role "whose X is Y" that is given rights stays a role', () => {
    expect(storyAsStatements('As a holder whose permit is granted, I can see my own permits')).toEqual(['holders whose permit is granted can see their own permits']);
  });
});

describe('a record named by its state, and acts said as done', () => {
  const entities: SpecEntity[] = [
    { name: 'ServiceJob', fields: [{ name: 'status', type: 'enum', required: true, values: ['booked', 'waiting', 'ready', 'collected'] }] },
    { name: 'Payment', fields: [] },
  ];

  it('"As a hirer (the yoga class, the choir), I want ...": the parenthesis explains the role', () => {
    expect(storyAsStatements('As a hirer (the yoga class, the choir), I want to make bookings')).toEqual(['hirers can make bookings']);
  });

  it('"a text as soon as my bike is ready, and another text if I still haven\'t picked it up 30 days later": the one record that can be ready', () => {
    const [flow] = read(entities, ["As a customer I want a text as soon as my bike is ready, and another text if I still haven't picked it up 30 days later"]);
    expect(flow!.trigger).toEqual({ entity: 'ServiceJob', event: 'updated', field: 'status', value: 'ready' });
    expect(flow!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitForEvent', timeout: 'P30D' }, { kind: 'task' }]);
  });

  it('"a review request emailed to the customer 3 days after they collect" waits from the collection', () => {
    expect(storyAsStatements('As the owner I want a review request emailed to the customer 3 days after they collect')).toEqual(['Email a review request to the customer 3 days after they collect']);
    const [flow] = read(entities, ['As the owner I want a review request emailed to the customer 3 days after they collect']);
    expect(flow!.trigger).toEqual({ entity: 'ServiceJob', event: 'updated', field: 'status', value: 'collected' });
    expect(flow!.steps).toMatchObject([{ kind: 'wait', duration: 'P3D' }, { kind: 'task' }]);
  });

  it('"a receipt sent for every payment" is sent when one is made; "a job flagged to me if it has ..." is flagged if it has', () => {
    expect(storyAsStatements('As the treasurer, I want a receipt sent for every payment')).toEqual(['When a payment is created, send a receipt']);
    expect(storyAsStatements('As the owner I want a job flagged to me if it has been waiting for 10 days')).toEqual(['If a job has been waiting for 10 days, flag it to them']);
  });
});

describe('a story\'s wishes go to whoever wants them', () => {
  const ALLOTMENTS = [
    'We are a single allotment society.',
    '- As the secretary, I can do everything.',
    '- As a plot holder, I can see my own tenancy.',
    '- As anyone, I can see which plots are vacant without logging in.',
    '- As a plot holder, I want an email a month before my rent is due.',
    "- As the secretary, I want to be told when a problem report hasn't been looked at within a week.",
    '',
    'Data',
    '- Plot: plot number (unique), size in square metres, status (vacant, let or reserved)',
    '- Tenancy: one plot and one plot holder, start date, annual rent, rent due date',
    '- Problem report: plot, description, status (open, in hand, fixed)',
  ].join('\n');
  const spec = authorSpec({ name: 'Allotments', description: ALLOTMENTS });

  it('reads "Tenancy:" with its fields as a record type, not a section on tenancy', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Plot', 'Tenancy', 'ProblemReport']);
    expect(spec.tenancy).toBe('single');
  });

  it('opens to the public only the records named ("which plots are vacant")', () => {
    expect(spec.access.filter((a) => a.level === 'public').map((a) => `${a.entity}.${a.operation}`)).toEqual(['Plot.list', 'Plot.read']);
  });

  it('sends the plot holder their own reminder, and tells the secretary', () => {
    const actions = spec.workflows.flatMap((w) => w.steps.flatMap((s) => (s.kind === 'task' && s.action ? [s.action] : [])));
    expect(actions).toEqual([expect.objectContaining({ type: 'notify', to: { field: 'plot_holder_id' } }), expect.objectContaining({ type: 'notify', to: { role: 'secretary' } })]);
  });

  it('asks nothing about the sentence that says it is one society', () => {
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('wishes for what the system does, in a story (a kayak club)', () => {
  it.each([
    ['As a paddler who forgot to check in, I want the system to wait up to 6 hours after my trip starts for the kayak to be returned, and if it still isn\'t, flag the kayak as overdue.', "When a trip starts, wait up to 6 hours for the kayak to be returned, and if it still isn't, flag the kayak as overdue."],
    ['As the treasurer, I want each completed hire to be charged to the member\'s card, with the charge retried up to 3 times if the bank declines.', "When a hire is completed, charge it to the member's card, with the charge retried up to 3 times if the bank declines."],
    ['As a bosun, I want a kayak that has been in repair for 10 days to pop back up as a reminder, so nothing is forgotten.', 'When a kayak is in repair, wait 10 days, then notify the bosun'],
    ['As a coach, after I post a session I want the system to wait up to 2 days for the captain to approve it, and remind the captain if they haven\'t.', "after someone posts a session, wait up to 2 days for the captain to approve it, and remind the captain if they haven't."],
  ])('%s', (story, statement) => {
    expect(storyAsStatements(story)).toEqual([statement]);
  });
});

describe('time a role is given to act, and record types named like a role (a mentoring scheme)', () => {
  it('reads "when X comes in I have N hours to accept or decline it; if I haven\'t done either by then, ..." as that role\'s time', () => {
    expect(storyAsStatements('As a scheme coordinator, when an application comes in I have 72 hours to accept or decline it; if I haven\'t done either by then, the director gets an alert.')).toEqual([
      'When an application comes in, the scheme coordinator has 72 hours to accept or decline it; if they have done neither by then, the director gets an alert.',
    ]);
  });

  const spec = authorSpec({
    name: 'Mentoring',
    description: [
      '## Stories',
      '- As a scheme coordinator, I can manage applications, mentors and pairings.',
      '- As a scheme coordinator, when an application comes in I have 72 hours to accept or decline it; if I haven\'t done either by then, the director gets an alert.',
      '- As a mentor, I can see only my own pairings.',
      '## The data',
      'A **mentor** is a volunteer. It has a display name (required), an email that must be unique and a phone number.',
      'An **application** has the applicant\'s name and a status: new, accepted or declined.',
      'A **pairing** links one application with one mentor, and both are required. It has a start date.',
    ].join('\n'),
  });

  it('reads the mentor as a record type, though mentors have a role, and no record type for who gets an alert', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Mentor', 'Application', 'Pairing']));
    expect(spec.entities.map((e) => e.name)).not.toContain('Director');
    expect(spec.entities.find((e) => e.name === 'Mentor')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['display_name', 'email', 'phone']));
    expect(spec.entities.find((e) => e.name === 'Pairing')?.fields.map((f) => f.type)).toEqual(expect.arrayContaining(['ref(Application)', 'ref(Mentor)']));
  });

  it('waits for either act, then alerts', () => {
    const wf = spec.workflows.find((w) => w.trigger?.entity === 'Application');
    expect(wf?.steps[0]).toMatchObject({ kind: 'waitForEvent', events: ['accepted', 'declined'], timeout: 'PT72H' });
    expect(wf?.steps[1]).toMatchObject({ kind: 'task' });
  });
});

describe('wishes and relations in stories of a repair service (a lift maintenance firm)', () => {
  it('reads "I want the X paged if ...; retried" and "I want the X emailed automatically when ..., retrying ..." as workflows', () => {
    expect(storyAsStatements('As an engineer, I want the on-call supervisor paged if a newly logged breakdown hasn\'t been assigned within 2 hours; the page should be retried up to 4 times.')).toEqual([
      'If a newly logged breakdown hasn\'t been assigned within 2 hours, page the on-call supervisor; the page should be retried up to 4 times.',
    ]);
    expect(storyAsStatements('As an office manager, I want the lift\'s installer emailed automatically when a job goes to waiting for parts, retrying up to 3 times if the email fails.')).toEqual([
      'When a job goes to waiting for parts, email the lift\'s installer automatically, retrying up to 3 times if the email fails',
    ]);
  });

  const spec = authorSpec({
    name: 'Lifts',
    description: [
      'As an office manager, I can manage lifts, breakdowns and jobs.',
      'As a building visitor with no account, I can scan the sticker in the lift car and report a breakdown without signing in.',
      'As an engineer, I want the on-call supervisor paged if a newly reported breakdown hasn\'t been assigned within 2 hours; the page should be retried up to 4 times.',
      'As an office manager, I want the lift\'s installer emailed automatically when a job goes to waiting for parts, retrying up to 3 times if the email fails.',
      'The data: a lift has a name and holds the wiring diagram as a PDF up to 20 MB. A breakdown is for one lift and has a description, whether a passenger was trapped, and a status of open, assigned or closed. Jobs are for one lift too, and may optionally point back to the breakdown that caused them. Each has a type (planned or corrective) and a status: open, waiting for parts or completed.',
    ].join('\n'),
  });
  const fields = (entity: string) => spec.entities.find((e) => e.name === entity)?.fields.map((f) => `${f.name}:${f.type}`) ?? [];

  it('reads the records, a reference one may optionally have, and the fields after "Each has"', () => {
    expect(fields('Lift')).toEqual(expect.arrayContaining(['wiring_diagram_key:file']));
    expect(fields('Breakdown')).toEqual(expect.arrayContaining(['passenger_trapped:boolean']));
    expect(fields('Job')).toEqual(expect.arrayContaining(['lift_id:ref(Lift)', 'breakdown_id:ref(Breakdown)', 'type:enum', 'status:enum']));
    expect(spec.entities.find((e) => e.name === 'Job')?.fields.find((f) => f.name === 'breakdown_id')?.required).toBe(false);
  });

  it('opens reporting to visitors with no account, and runs both wishes', () => {
    expect(spec.access).toContainEqual({ entity: 'Breakdown', operation: 'create', level: 'public' });
    const page = spec.workflows.find((w) => w.trigger?.entity === 'Breakdown');
    expect(page?.steps).toEqual([expect.objectContaining({ kind: 'waitForEvent', events: ['assigned'], timeout: 'PT2H' }), expect.objectContaining({ kind: 'task', retries: 4 })]);
    const parts = spec.workflows.find((w) => w.trigger?.entity === 'Job');
    expect(parts?.trigger).toEqual({ entity: 'Job', event: 'updated', field: 'status', value: 'waiting_for_parts' });
    expect(parts?.steps[0]).toMatchObject({ kind: 'task', retries: 3 });
  });
});

describe('messages a role gets, said in a story (a dial-a-ride scheme)', () => {
  it.each([
    ['As a coordinator, I\'m emailed 30 days before a van\'s insurance renewal date.', ['Email the coordinator 30 days before a van\'s insurance renewal date.']],
    ['As a coordinator, if I haven\'t confirmed or declined a ride within 24 hours of it being made, I get a nudge by email.', ['if nobody has confirmed or declined a ride within 24 hours of it being made, get a nudge by email.']],
  ])('%s', (story, statements) => {
    expect(storyAsStatements(story)).toEqual(statements);
  });

  const spec = authorSpec({
    name: 'Rides',
    description: [
      '- As a coordinator, I can manage vans and rides.',
      '- As a rider, I get a reminder text the evening before my ride, 12 hours before it leaves.',
      '- As a coordinator, if I haven\'t confirmed or declined a ride within 24 hours of it being made, I get a nudge by email.',
      '- As a coordinator, I\'m emailed 30 days before a van\'s insurance renewal date.',
      'A van has a registration and an insurance renewal date. A ride is for one van and has a departure date and time and a status: requested, confirmed or declined.',
    ].join('\n'),
  });

  it('waits for either act from when the ride is made, before the exact time, and until the date', () => {
    const rides = spec.workflows.filter((w) => w.trigger?.entity === 'Ride');
    expect(rides.flatMap((w) => w.steps.filter((s) => s.kind === 'waitForEvent'))).toEqual([expect.objectContaining({ events: ['confirmed', 'declined'], timeout: 'PT24H' })]);
    expect(spec.workflows.flatMap((w) => w.steps).filter((s) => s.kind === 'waitUntil')).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'departure_at', offset: '-PT12H' }),
      expect.objectContaining({ field: 'insurance_renewal_date', offset: '-P30D' }),
    ]));
  });
});

describe('stories of one role said two ways, and a right with its time limit (a rowing club)', () => {
  const spec = authorSpec({
    name: 'Rowing',
    description: [
      '- As a club member, I can book a boat for an outing and see only my own bookings.',
      '- As a member, I can cancel my own bookings up to 2 hours before the outing.',
      '- As the captain (admin), I can do everything.',
      'Boats have a name and a seat count. An outing has a date and start time. A booking is for one outing and one boat.',
    ].join('\n'),
  });

  it('reads "club member" and "member" as one role, and the cancelling as its right, not an automation', () => {
    expect(spec.roles.map((r) => r.name).sort()).toEqual(['admin', 'member']);
    expect(spec.roles.find((r) => r.name === 'member')?.rights.Booking).toMatchObject({ create: 'all', read: 'own', update: 'own' });
    expect(spec.workflows).toEqual([]);
  });
});

/**
 * The workflow reader (lambdas/core/spec/author/workflow-reader.ts) on wordings that recur across
 * backends: each test pins one reading, on record types made up for it.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
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

describe('triggers', () => {
  const entities: SpecEntity[] = [
    { name: 'Regatta', fields: [status(['draft', 'open_for_entries', 'closed'])] },
    { name: 'Job', fields: [] },
    { name: 'Protest', fields: [] },
    { name: 'Notice', fields: [] },
    { name: 'Request', fields: [] },
    { name: 'Horse', fields: [{ name: 'name', type: 'string', required: true }] },
    { name: 'Livery', fields: [{ name: 'horse_id', type: 'ref(Horse)', required: true }, status(['booked', 'checked_in', 'checked_out'])] },
  ];

  it('reads a value of several words, a verb no list knows, and the words of a record being made', () => {
    const flows = read(entities, [
      'When a regatta opens for entries, email the members',
      'When a job fails, email the office',
      'When a protest is lodged, tell the committee',
      'When a notice goes up, email the members',
      'When a request arrives, email the office',
    ]);
    expect(flows.map((w) => w.trigger)).toEqual([
      { entity: 'Regatta', event: 'updated', field: 'status', value: 'open_for_entries' },
      { entity: 'Job', event: 'updated', field: 'status', value: 'failed' },
      { entity: 'Protest', event: 'created' },
      { entity: 'Notice', event: 'created' },
      { entity: 'Request', event: 'created' },
    ]);
  });

  it('reads a state of a record without a status as the state of the one record of it that has it', () => {
    const [flow] = read(entities, ['A day after a horse is checked out, email the owner']);
    expect(flow!.trigger).toEqual({ entity: 'Livery', event: 'updated', field: 'status', value: 'checked_out' });
    expect(flow!.steps).toMatchObject([{ kind: 'wait', duration: 'P1D' }, { kind: 'task' }]);
  });
});

describe('waits for what did not happen', () => {
  const entities: SpecEntity[] = [
    { name: 'Application', fields: [status(['received', 'invited', 'declined'])] },
    { name: 'Barrel', fields: [status(['filling', 'maturing', 'bottled'])] },
  ];

  it('goes on with the workflow of the same record from the same moment, and reads "answered with an X or a Y"', () => {
    const flows = read(entities, [
      'When an application arrives, email the applicant an acknowledgement',
      "If the application hasn't been answered with an invitation or a decline within 10 days, remind the director",
    ]);
    expect(flows).toHaveLength(1);
    expect(flows[0]!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitForEvent', events: ['invited', 'declined'], timeout: 'P10D' }, { kind: 'task' }]);
  });

  it('reads "hasn\'t moved to X ... after that" as a wait for X after the step before', () => {
    const flows = read(entities, [
      'Two weeks after a barrel is filled, remind the cellar hand to taste it',
      "If the barrel still hasn't moved to maturing six weeks after that, flag it",
    ]);
    expect(flows).toHaveLength(1);
    expect(flows[0]!.steps).toMatchObject([{ kind: 'wait', duration: 'P2W' }, { kind: 'task' }, { kind: 'waitForEvent', events: ['maturing'], timeout: 'P6W' }, { kind: 'task' }]);
  });
});

describe('waits until a date', () => {
  it('reads "until their 16th birthday" as the date of birth, sixteen years on', () => {
    const entities: SpecEntity[] = [{ name: 'Pupil', fields: [{ name: 'date_of_birth', type: 'date', required: false }] }];
    const [flow] = read(entities, ['When a pupil is registered, wait until their 16th birthday and tell the head']);
    expect(flow!.steps).toMatchObject([{ kind: 'waitUntil', field: 'date_of_birth', offset: '+P16Y' }, { kind: 'task' }]);
  });
});

describe('deadlines', () => {
  const entities: SpecEntity[] = [
    { name: 'Claim', fields: [status(['open', 'closed'])] },
    { name: 'Complaint', fields: [] },
    { name: 'Booking', fields: [] },
  ];

  it('reads "X has to be <verb>ed within N" and "X must <verb> a Y within N" as waits for that act, in the sentence or the next', () => {
    const flows = read(entities, [
      "When a claim is closed, the report has to be uploaded within 72 hours; if it isn't, remind the assessor",
      'When a complaint is lodged, tell the panel at once',
      "The panel must schedule a hearing within 24 hours; if it hasn't, chase the chair",
    ]);
    expect(flows).toHaveLength(2);
    expect(flows[0]!.steps).toMatchObject([{ kind: 'waitForEvent', events: ['report_uploaded'], timeout: 'PT72H' }, { kind: 'task' }]);
    expect(flows[1]!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitForEvent', events: ['hearing_scheduled'], timeout: 'PT24H' }, { kind: 'task', name: 'chase_chair' }]);
  });

  it('goes on with "If the fee hasn\'t been paid within N, ..." and "... N days after the reminder"', () => {
    const [flow, ...others] = read(entities, [
      'When a booking is made, email the guest a confirmation',
      "If the fee hasn't been paid within 7 days, send a payment reminder; if it still hasn't been paid 7 days after the reminder, withdraw the booking",
    ]);
    expect(others).toHaveLength(0);
    expect(flow!.steps).toMatchObject([
      { kind: 'task' },
      { kind: 'waitForEvent', events: ['paid'], timeout: 'P7D' },
      { kind: 'task' },
      { kind: 'waitForEvent', events: ['paid'], timeout: 'P7D' },
      { kind: 'task', name: 'withdraw' },
    ]);
  });
});

describe('steps said in other orders', () => {
  const entities: SpecEntity[] = [
    { name: 'Slot', fields: [{ name: 'slot_at', type: 'datetime', required: false }] },
    { name: 'Parcel', fields: [{ name: 'use_by_date', type: 'date', required: false }] },
    { name: 'Room', fields: [status(['open', 'temporarily_closed', 'retired'])] },
    { name: 'Expense', fields: [status(['pending', 'approved', 'rejected'])] },
  ];

  it('reads an action followed by its time ("text them a reminder the day before their slot")', () => {
    const [flow] = read(entities, ['When somebody books a slot, send them a confirmation, then text them a reminder the day before their slot']);
    expect(flow!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitUntil', field: 'slot_at', offset: '-P1D' }, { kind: 'task' }]);
  });

  it('reads "give it two weeks" as a wait, and "if nobody has marked it X or Y within N" as a wait for either', () => {
    const flows = read(entities, [
      'When a room gets temporarily closed, give it two weeks and then ask the manager whether it should be retired',
      'When a parcel comes in, wait until its use-by date and ping the staff',
      'If nobody has marked it taken or binned within a day of that, email the manager',
    ]);
    expect(flows[0]!.steps).toMatchObject([{ kind: 'wait', duration: 'P2W' }, { kind: 'task' }]);
    expect(flows[1]!.steps).toMatchObject([{ kind: 'waitUntil', field: 'use_by_date' }, { kind: 'task' }, { kind: 'waitForEvent', events: ['taken', 'binned'], timeout: 'P1D' }, { kind: 'task' }]);
  });

  it('reads a condition with its time said after the action, and "neither X nor Y"', () => {
    const [flow] = read(entities, ['Send a reminder if an expense has been neither approved nor rejected two weeks after it came in']);
    expect(flow!.trigger).toEqual({ entity: 'Expense', event: 'created' });
    expect(flow!.steps).toMatchObject([{ kind: 'waitForEvent', events: ['approved', 'rejected'], timeout: 'P2W' }, { kind: 'task' }]);
  });
});

describe('waits that turn out to be for an event', () => {
  const entities: SpecEntity[] = [
    { name: 'Parcel', fields: [status(['held', 'collected', 'returned'])] },
    { name: 'Lead', fields: [{ name: 'email', type: 'string', required: true }] },
  ];

  it('reads "hold it for N; if it hasn\'t been X by then" and "then give them another N, and if it\'s still not X" as waits for X', () => {
    const flows = read(entities, [
      'When a parcel gets held, email the owner',
      'If it\'s still not collected 3 days later, text them; then give them another 4 days, and if it\'s still not collected, return it to the sender',
      'When a parcel is returned, hold it for 7 days; if it hasn\'t been collected by then, put it in the bin',
    ]);
    expect(flows[0]!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitForEvent', events: ['collected'], timeout: 'P3D' }, { kind: 'task' }, { kind: 'waitForEvent', events: ['collected'], timeout: 'P4D' }, { kind: 'task' }]);
    expect(flows[1]!.steps).toMatchObject([{ kind: 'waitForEvent', events: ['collected'], timeout: 'P7D' }, { kind: 'task' }]);
  });

  it('reads "if we still haven\'t found it six months on" as a wait for found', () => {
    const [flow] = read(entities, ['When a lead comes in, email them a thank-you, and if we still haven\'t found it six months on, email them again']);
    expect(flow!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitForEvent', events: ['found'], timeout: 'P6M' }, { kind: 'task' }]);
  });

  it('reads "was confirmed 14 days ago and still hasn\'t been paid" from that state, and "a second reminder a week after that"', () => {
    const entities_: SpecEntity[] = [{ name: 'Order', fields: [status(['pending', 'confirmed', 'paid'])] }];
    const [flow] = read(entities_, ['When an order was confirmed 14 days ago and still hasn\'t been paid, send a reminder, and a second reminder a week after that']);
    expect(flow!.trigger).toMatchObject({ entity: 'Order', field: 'status', value: 'confirmed' });
    expect(flow!.steps).toMatchObject([{ kind: 'waitForEvent', events: ['paid'], timeout: 'P14D' }, { kind: 'task' }, { kind: 'waitForEvent', events: ['paid'], timeout: 'P1W' }, { kind: 'task' }]);
  });

  it('reads "has been awaiting X for N and hasn\'t gone back into Y" from that state, and "picked it up" as the status value it reaches', () => {
    const entities_: SpecEntity[] = [{ name: 'Job', fields: [status(['booked_in', 'awaiting_parts', 'in_repair', 'ready', 'collected'])] }];
    const flows = read(entities_, [
      'If a job has been awaiting parts for 10 days and hasn\'t gone back into repair, flag it to the owner',
      'When a job is ready, send a text, and another text if they still haven\'t picked it up 30 days later',
    ]);
    expect(flows[0]!.trigger).toMatchObject({ entity: 'Job', value: 'awaiting_parts' });
    expect(flows[0]!.steps).toMatchObject([{ kind: 'waitForEvent', events: ['in_repair'], timeout: 'P10D' }, { kind: 'task' }]);
    expect(flows[1]!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitForEvent', events: ['collected'], timeout: 'P30D' }, { kind: 'task' }]);
  });

  it('reads "If nobody has invited or rejected them within N" as a wait for either act', () => {
    const entities_: SpecEntity[] = [{ name: 'Application', fields: [status(['received', 'invited', 'rejected'])] }];
    const [flow] = read(entities_, ['When an application arrives, send the applicant an acknowledgement', 'If nobody has invited or rejected them within three weeks, remind the director']);
    expect(flow!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitForEvent', events: ['invited', 'rejected'], timeout: 'P3W' }, { kind: 'task' }]);
  });
});

describe('the record named, and retries after a semicolon', () => {
  const entities: SpecEntity[] = [
    { name: 'Attendance', fields: [status(['present', 'absent'])] },
    { name: 'Lesson', fields: [status(['planned', 'cancelled'])] },
  ];

  it('reads "an attendance record is marked absent" as that state, and "...; retry up to three times" as the last task\'s retries', () => {
    const flows = read(entities, [
      'When an attendance record is marked absent, email the guardian that day',
      'When a lesson is cancelled, text the parents straight away',
      'Our SMS service times out now and then; retry up to three times',
    ]);
    expect(flows[0]!.trigger).toMatchObject({ entity: 'Attendance', value: 'absent' });
    expect(flows[1]!.steps).toMatchObject([{ kind: 'task', retries: 3 }]);
  });

  it('reads "When someone applies" as the record whose first status is the applicant, and "haven\'t been made active" as a wait for active', () => {
    const entities_: SpecEntity[] = [{ name: 'Helper', fields: [status(['applicant', 'active', 'left'])] }];
    const [flow] = read(entities_, ['When someone applies, email them the application pack', 'If they haven\'t been made active within 30 days, remind the coordinator']);
    expect(flow!.trigger).toEqual({ entity: 'Helper', event: 'created' });
    expect(flow!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitForEvent', events: ['active'], timeout: 'P30D' }, { kind: 'task' }]);
  });

  it('reads "When a helper signs up for a slot" as a sign-up made', () => {
    const entities_: SpecEntity[] = [
      { name: 'Helper', fields: [] },
      { name: 'Slot', fields: [{ name: 'starts_at', type: 'datetime', required: true }] },
      { name: 'SignUp', fields: [{ name: 'helper_id', type: 'ref(Helper)', required: true }, { name: 'slot_id', type: 'ref(Slot)', required: true }] },
    ];
    const [flow] = read(entities_, ['When a helper signs up for a slot, text them 24 hours before the slot starts']);
    expect(flow!.trigger).toEqual({ entity: 'SignUp', event: 'created' });
    expect(flow!.steps).toMatchObject([{ kind: 'waitUntil', field: 'starts_at', offset: '-PT24H' }, { kind: 'task' }]);
  });

  it('reads "no sightings have been added to it within 2 days" as a wait for a record, ended by the act (added)', () => {
    const entities_: SpecEntity[] = [
      { name: 'Visit', fields: [] },
      { name: 'Sighting', fields: [{ name: 'visit_id', type: 'ref(Visit)', required: true }] },
    ];
    const [flow] = read(entities_, ['When a visit is logged and no sightings have been added to it within 2 days, remind the observer']);
    expect(flow!.steps[0]).toMatchObject({ kind: 'waitForRecord', timeout: 'P2D', next: { end: 'added' } });
  });
});

describe('headings and plain statements', () => {
  const entities: SpecEntity[] = [
    { name: 'Entry', fields: [{ name: 'position', type: 'integer', required: false }] },
    { name: 'Truck', fields: [{ name: 'next_service_date', type: 'date', required: false }] },
  ];

  it('reads "Entry made." then actions as that trigger, "retry the charge up to twice", "we store ..." as no action, "a fortnight"', () => {
    const flows = read(entities, [
      'When the entry is made we store the running order position',
      'Entry made',
      'Email the handler a confirmation, then charge the entry fee through the card provider',
      'The provider sometimes declines for no reason, so retry the charge up to twice',
      'When a truck is added, wait until a fortnight before its next service date and book the service',
    ]);
    expect(flows).toHaveLength(2);
    expect(flows[0]!.trigger).toEqual({ entity: 'Entry', event: 'created' });
    expect(flows[0]!.steps).toMatchObject([{ kind: 'task' }, { kind: 'task', retries: 2 }]);
    expect(flows[1]!.steps).toMatchObject([{ kind: 'waitUntil', field: 'next_service_date', offset: '-P2W' }, { kind: 'task' }]);
  });

  it('reads "retry that up to 5 times", and "they have 3 days to pay" as the one paid tick box of the record', () => {
    const entities_: SpecEntity[] = [
      { name: 'Stop', fields: [status(['planned', 'cancelled'])] },
      { name: 'Registration', fields: [{ name: 'entry_fee_paid', type: 'boolean', required: false }] },
    ];
    const flows = read(entities_, [
      'When a stop gets cancelled, message everyone with an order for it',
      'Our SMS provider is flaky, so retry that up to 5 times',
      'When someone registers, they have 3 days to pay; if the fee still isn\'t paid by then, send them a reminder',
    ]);
    expect(flows[0]!.steps).toMatchObject([{ kind: 'task', retries: 5 }]);
    expect(flows[1]!.steps[0]).toMatchObject({ kind: 'waitForEvent', events: ['entry_fee_paid'], timeout: 'P3D' });
  });

  it('reads "if its not picked up 30 days after its ready" as its own wait, and "if it still isn\'t back a week after that"', () => {
    const entities_: SpecEntity[] = [
      { name: 'Alteration', fields: [status(['received', 'ready', 'picked_up'])] },
      { name: 'Loan', fields: [{ name: 'due_date', type: 'date', required: true }] },
    ];
    const flows = read(entities_, [
      'when an alteration is ready email the customer',
      'if its not picked up 30 days after its ready, call the customer',
      'When a loan is created, wait until its due date and remind the borrower; if it still isn\'t back a week after that, tell the officer',
    ]);
    expect(flows[0]!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitForEvent', events: ['picked_up'], timeout: 'P30D' }, { kind: 'task' }]);
    expect(flows[1]!.steps).toMatchObject([{ kind: 'waitUntil' }, { kind: 'task' }, { kind: 'waitForEvent', events: ['returned'], timeout: 'P1W' }, { kind: 'task' }]);
  });

  it('reads "give the senior volunteers two weeks to verify it" as a wait for verified', () => {
    const entities_: SpecEntity[] = [{ name: 'Source', fields: [status(['transcribed', 'needs_checking', 'verified'])] }];
    const [flow] = read(entities_, ['When a source is marked as needs checking, give the senior volunteers two weeks to verify it, and if it\'s still not verified after that, put it on the admins\' list']);
    expect(flow!.steps).toMatchObject([{ kind: 'waitForEvent', events: ['verified'], timeout: 'P2W' }, { kind: 'task' }]);
  });

  it('reads "then another email two hours before the session with what to bring" as a wait until the session starts', () => {
    const entities_: SpecEntity[] = [
      { name: 'Session', fields: [{ name: 'starts_at', type: 'datetime', required: true }] },
      { name: 'Booking', fields: [{ name: 'session_id', type: 'ref(Session)', required: true }] },
    ];
    const [flow] = read(entities_, ['When somebody books, send a confirmation email straight away, then another email two hours before the session with what to bring']);
    expect(flow!.steps).toMatchObject([{ kind: 'task' }, { kind: 'waitUntil', field: 'starts_at', offset: '-PT2H' }, { kind: 'task' }]);
  });

  it('reads "remind each enrolled student" before a record\'s date as once per record of that act, through it', () => {
    const entities_: SpecEntity[] = [
      { name: 'Class', fields: [{ name: 'start_date', type: 'date', required: true }] },
      { name: 'Enrollment', fields: [{ name: 'class_id', type: 'ref(Class)', required: true }] },
    ];
    const [flow] = read(entities_, ['Two weeks before a class starts, remind each enrolled student by email']);
    expect(flow!.trigger).toEqual({ entity: 'Enrollment', event: 'created' });
    expect(flow!.steps).toMatchObject([{ kind: 'waitUntil', field: 'start_date', offset: '-P2W', via: 'class_id' }, { kind: 'task' }]);
  });

  it('reads "When a donor gives blood, the nurse records a donation" as what a person does, no workflow', () => {
    const entities_: SpecEntity[] = [{ name: 'Donor', fields: [] }, { name: 'Donation', fields: [{ name: 'donor_id', type: 'ref(Donor)', required: true }] }];
    expect(read(entities_, ['When a donor gives blood, the nurse records a donation'])).toEqual([]);
  });

  it('reads "give the specialist a week to check it: if it still isn\'t checked after 7 days" as one wait', () => {
    const entities_: SpecEntity[] = [{ name: 'Find', fields: [status(['recorded', 'checked'])] }];
    const [flow] = read(entities_, ['When a find is recorded, give the specialist a week to check it: if it still isn\'t checked after 7 days, send them a reminder']);
    expect(flow!.steps).toMatchObject([{ kind: 'waitForEvent', events: ['checked'], timeout: 'P1W' }, { kind: 'task' }]);
  });
});

describe('everyday wordings of automation (workflow-wording.ts), through the whole author', () => {
  const RECORDS = 'Sessions have a title and a start time (date and time) and a status (scheduled, completed or cancelled). Bookings are for one session and have a member email and a status (pending, confirmed or cancelled). Payments are for one booking and have an amount. Invoices have a number, a total, a due date and a status (open, paid or overdue). Members can book sessions. The manager can do everything.';
  /** Each workflow and event handler as "trigger: steps" ("Booking status=cancelled: task"). */
  const automation = (sentence: string): string[] => {
    const spec = authorSpec({ name: 'Test', description: `${RECORDS}\n${sentence}` });
    const on = (t: { entity: string; event: string; field?: string; value?: string }) => `${t.entity} ${t.event === 'updated' ? `${t.field}=${t.value}` : t.event}`;
    return [
      ...spec.workflows.map((w) => `${w.trigger ? on(w.trigger) : '-'}: ${w.steps.map((s) => (s.kind === 'waitForEvent' ? `waitForEvent(${s.events.join('/')} ${s.timeout})` : s.kind === 'waitUntil' ? `waitUntil(${s.field} ${s.offset ?? ''})` : s.kind)).join(' > ')}`),
      ...(spec.events ?? []).map((h) => `${on(h.on)}: ${h.actions.map((a) => a.type).join(' > ')}`),
    ];
  };

  it.each([
    ['When someone books a session, email the manager.', 'Booking created: notify'],
    ['When a member cancels their booking, email the manager.', 'Booking status=cancelled: notify'],
    ['On cancellation of a booking, email the manager.', 'Booking status=cancelled: notify'],
    ['Any time a session is created, email the manager.', 'Session created: notify'],
    ['The manager should get an email whenever a booking is cancelled.', 'Booking status=cancelled: notify'],
    ['Send the member a receipt after every payment.', 'Payment created: notify'],
    ['An overdue invoice should trigger a reminder to the manager.', 'Invoice status=overdue: notify'],
    ['New bookings should trigger a welcome email.', 'Booking created: task'],
    ['We want an automatic reminder 24 hours before each session.', 'Session created: waitUntil(start_time -PT24H) > task'],
    ['Members get a reminder email the day before their session.', 'Session created: waitUntil(start_time -P1D) > task'],
    ['If nobody confirms a booking within 3 days, it should be cancelled automatically.', 'Booking created: waitForEvent(confirmed P3D) > task'],
  ])('%s', (sentence, expected) => {
    expect(automation(sentence)).toEqual([expected]);
  });

  it('keeps sentences that only look alike: no trigger said last, no field taken for a message', () => {
    expect(automation('Members can see sessions whenever they like.')).toEqual([]);
    const spec = authorSpec({ name: 'Test', description: `${RECORDS}\nMembers get a confirmation number.` });
    expect(spec.workflows).toEqual([]);
  });
});

describe('a wait until the record\'s own date, the condition said first', () => {
  it('"If a booking is still only requested 24 hours before the slot date, cancel it and let the member know"', () => {
    const spec = authorSpec({ name: 'Test', description: 'Bookings have a slot date and a status (requested, confirmed or cancelled). Members can book. If a booking is still only requested 24 hours before the slot date, cancel it automatically and let the member know.' });
    expect(spec.workflows[0]).toMatchObject({ trigger: { entity: 'Booking', event: 'created' }, steps: [{ kind: 'waitUntil', field: 'slot_date', offset: '-PT24H' }, { kind: 'task', action: { type: 'update' } }, { kind: 'task', action: { type: 'notify' } }] });
  });
});

describe('a deadline that is a date of the record', () => {
  it('"If a loan isn\'t returned by its due date, email the member" waits until the date, then acts; "due back" is a date', () => {
    const spec = authorSpec({ name: 'Test', description: 'Tools have a name. Loans: tool, member, borrowed on, due back, returned on (optional). Members borrow tools. If a loan isn\'t returned by its due date, email the member.' });
    expect(spec.entities.find((e) => e.name === 'Loan')!.fields.find((f) => f.name === 'due_back')?.type).toBe('date');
    expect(spec.workflows[0]).toMatchObject({ trigger: { entity: 'Loan', event: 'created' }, steps: [{ kind: 'waitUntil', field: 'due_back' }, { kind: 'task' }] });
    expect(spec.events ?? []).toEqual([]);
  });
});

describe('acts and messages said of people', () => {
  const entities: SpecEntity[] = [
    { name: 'Shift', fields: [{ name: 'date', type: 'date', required: true }] },
    { name: 'Signup', fields: [{ name: 'shift_id', type: 'ref(Shift)', required: true }] },
    { name: 'Member', fields: [{ name: 'email', type: 'email', required: true }] },
    { name: 'Lesson', fields: [{ name: 'starts_at', type: 'datetime', required: true }, { name: 'member_id', type: 'ref(Member)', required: true }] },
  ];

  it('reads "When a volunteer signs up for a shift" (the volunteer no record type) as a sign-up made, never a state "fored"', () => {
    const [flow] = read(entities, ['When a volunteer signs up for a shift, wait one day, then email the coordinator']);
    expect(flow!.trigger).toEqual({ entity: 'Signup', event: 'created' });
  });

  it('reads "New members get a welcome email" as a message when a member is made', () => {
    const spec = authorSpec({ name: 'x', description: 'Members have a name and an email. Admins can do everything. New members get a welcome email.' });
    expect([...(spec.events ?? []).map((e) => e.on), ...spec.workflows.map((w) => w.trigger)]).toEqual([{ entity: 'Member', event: 'created' }]);
  });

  it('reads "A reminder goes out to the member 24 hours before their lesson" as a wait until the lesson', () => {
    const [flow] = read(entities, ['A reminder goes out to the member 24 hours before their lesson']);
    expect(flow!.trigger).toEqual({ entity: 'Lesson', event: 'created' });
    expect(flow!.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'starts_at', offset: '-PT24H' });
  });
});

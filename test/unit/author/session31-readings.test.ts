/**
 * Session 31 (issue 23): readings the development part's open questions showed missing, pinned on
 * records made up for these tests: who "are the admins", a record named with a hyphenated word
 * ("match sign-ups"), the one a record uses "from our list", fields said with their type after the
 * record ("The entry fee and prize money are decimals"), and room left for an optional field
 * ("There's room on a visit for a note about allergies").
 */
import { fieldOf as field, probeSpec as spec, rightsOf } from '../../support/author-probe';

const RECORDS = 'A match has a date and a venue. A pitch has a name.';

describe('who are the admins', () => {
  it.each([
    ['Groundsmen are the admins and can do everything.'],
    ['The head groundsman is the admin and can do everything.'],
    ["Each league's secretary is the admin there and can do anything."],
    ['Groundsmen are the admins of their club.'],
    ['Groundsmen are the admins.'],
    ['Groundsmen are the admins of their club, with full control over everything in it.'],
    ["Each club's groundsmen are its admins and can do everything."],
  ])('reads "%s" as the admin role, with every right, and asks nothing about it', (sentence) => {
    const s = spec(RECORDS, sentence, 'Referees can read matches.');
    expect(s.adminRole).toBe('admin');
    expect(rightsOf(s, 'admin')).toEqual({ Match: 'c r u d', Pitch: 'c r u d' });
    expect(rightsOf(s, 'referee')).toEqual({ Match: 'r' });
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('keeps a role that is the admin of nothing said ("Groundsmen are the keyholders") as it was', () => {
    const s = spec(RECORDS, 'Groundsmen are the keyholders.', 'Referees can read matches.');
    expect(s.roles.map((r) => r.name)).not.toContain('groundsman');
  });
});

describe('a record named with a hyphenated word', () => {
  it('reads "match sign-ups" in a right as the MatchSignUp records', () => {
    const s = spec(RECORDS, 'A match sign-up has a player name.', 'Coaches can create, read and update match sign-ups, and can read matches.');
    expect(rightsOf(s, 'coach')).toEqual({ Match: 'r', MatchSignUp: 'c r u' });
  });
});

describe('the one a record uses, from somewhere', () => {
  it.each([['from our list'], ['from the catalogue'], ['from the shelves']])('reads "Each order uses one glaze %s" as a link to the glaze', (where) => {
    const s = spec('An order has a due date. A glaze has a name and a colour.', `Each order uses one glaze ${where}.`);
    expect(field(s, 'Order', 'glaze_id')?.type).toBe('ref(Glaze)');
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('fields said with their type, after the record', () => {
  it('reads "The entry fee and prize money are decimals" as two decimal fields of the record just described', () => {
    const s = spec('A tournament has a name and a start date. The entry fee and prize money are decimals.');
    expect(field(s, 'Tournament', 'entry_fee')?.type).toBe('number');
    expect(field(s, 'Tournament', 'prize_money')?.type).toBe('number');
  });

  it('reads "The seat count is a whole number"', () => {
    const s = spec('A coach trip has a destination. The seat count is a whole number.');
    expect(field(s, 'CoachTrip', 'seat_count')?.type).toBe('integer');
  });

  it('adds no field for fields the record has already, said in the plural ("The scores are whole numbers")', () => {
    const s = spec('A round has a date, a home score and an away score. The scores are whole numbers.');
    expect(field(s, 'Round', 'scores')).toBeUndefined();
    expect(field(s, 'Round', 'home_score')).toBeDefined();
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('room for an optional field', () => {
  it('reads "There\'s room on a visit for a note about allergies, but most guests don\'t need one" as an optional allergy note', () => {
    const s = spec('A visit has a start date and an end date. A guest has a name.', "There's room on a visit for a note about allergies, but most guests don't need one.");
    expect(field(s, 'Visit', 'allergies_note')).toMatchObject({ required: false });
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "..., and there\'s room for a write-up of the heat afterwards, which can be as long as people like" as long text', () => {
    const s = spec('A heat has a date and a lane count. The winning time is a decimal, and there\'s room for a write-up of the heat afterwards, which can be as long as people like.');
    expect(field(s, 'Heat', 'winning_time')?.type).toBe('number');
    expect(field(s, 'Heat', 'write_up')).toMatchObject({ type: 'text', required: false });
  });
});

describe('the state a record starts in', () => {
  it('reads "Every claim starts out as new", after its states, as the first state (the default), and asks nothing about it', () => {
    const s = spec('A claim has a reason. A claim is approved, new or refused.', 'Every claim starts out as new.');
    expect(field(s, 'Claim', 'status')).toMatchObject({ values: ['new', 'approved', 'refused'], default: 'new' });
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads a start state of two words before "then" ("starts as awaiting review, then it is approved or refused")', () => {
    const s = spec('A claim has a reason. Every claim starts as awaiting review, then it is approved or refused.');
    expect(field(s, 'Claim', 'status')?.values).toEqual(['awaiting_review', 'approved', 'refused']);
  });
});

describe('relations said both ways in one sentence', () => {
  const RIDES = 'A driver has a name. A route has a start point. A route stop has a position.';
  it('reads "A route has many route stops and so does a driver" as a link to each', () => {
    const s = spec(RIDES, 'A route has many route stops and so does a driver.');
    expect(field(s, 'RouteStop', 'route_id')?.type).toBe('ref(Route)');
    expect(field(s, 'RouteStop', 'driver_id')?.type).toBe('ref(Driver)');
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "A driver drives many routes, a route is driven by one driver" (a comma between the two sides)', () => {
    const s = spec(RIDES, 'A driver drives many routes, a route is driven by one driver.');
    expect(field(s, 'Route', 'driver_id')?.type).toBe('ref(Driver)');
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "A route is driven week after week, so it has many route stops"', () => {
    const s = spec(RIDES, 'A route is driven week after week, so it has many route stops.');
    expect(field(s, 'RouteStop', 'route_id')?.type).toBe('ref(Route)');
  });

  it('reads "A route can have several route stops against it (some have dozens)"', () => {
    const s = spec(RIDES, 'A route can have several route stops against it (some have dozens).');
    expect(field(s, 'RouteStop', 'route_id')?.type).toBe('ref(Route)');
  });

  it('keeps a field list with "a X that is" whole after "many" (no split at its comma)', () => {
    const s = spec('A route has a name, several stops, a colour that is shown on the map and a length.');
    expect(s.entities.find((e) => e.name === 'Route')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['colour', 'length']));
  });
});

describe('a new user\'s letter about a trade (session 31 probe), on records made up for these tests', () => {
  const INVOICES = 'A bill has an amount, a due date and whether it has been paid.';

  it('reads "If a bill is still unpaid 30 days after its due date, email me" as a wait until then and an email to the admin', () => {
    const s = spec(INVOICES, "I'm the owner and can do everything.", 'If a bill is still unpaid 30 days after its due date, email me.');
    const flow = s.workflows.find((w) => w.trigger?.entity === 'Bill');
    expect(flow?.steps.map((st) => st.kind)).toEqual(['waitUntil', 'task']);
    expect(flow?.steps[0]).toMatchObject({ field: 'due_date', offset: '+P30D' });
    const task = flow?.steps[1];
    expect(task?.kind === 'task' && task.action).toMatchObject({ type: 'notify', to: { role: 'owner' } });
  });

  it('makes no record type of what a helper helps with ("My nephew helps with the admin; he can add bills")', () => {
    const s = spec(INVOICES, 'My nephew helps with the admin; he can add and edit bills, but he shouldn\'t delete anything.');
    expect(s.entities.map((e) => e.name)).toEqual(['Bill']);
    expect(rightsOf(s, 'nephew')).toEqual({ Bill: 'c r u' });
  });

  it('reads "A lesson is for one horse on a date, and has a price" as a date field too', () => {
    const s = spec('A horse has a name.', 'A lesson is for one horse on a date, and has a price.');
    expect(field(s, 'Lesson', 'date')?.type).toBe('date');
    expect(field(s, 'Lesson', 'horse_id')?.type).toBe('ref(Horse)');
  });

  it('adds no time field for "at a time" ("a saddle sits on one horse at a time")', () => {
    const s = spec('A horse has a name. A saddle has a size.', 'A saddle sits on one horse at a time.');
    expect(field(s, 'Saddle', 'time')).toBeUndefined();
  });

  it('reads "Some saddles live in damp sheds, so there\'s a yes/no for that" as a flag', () => {
    const s = spec('A saddle has a size.', "Some saddles live in damp sheds, so there's a yes/no for that.");
    expect(field(s, 'Saddle', 'damp_shed')?.type).toBe('boolean');
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "It would be great if, 6 months after a lesson, the rider got an email ..." as a wait and an email', () => {
    const s = spec('A rider has a name. A lesson has a date.', 'Riders can create lessons.', 'It would be great if, 6 months after a lesson, the rider got an email reminding them to book again.');
    const flow = s.workflows.find((w) => w.trigger?.entity === 'Lesson');
    expect(flow?.steps.map((st) => st.kind)).toEqual(['wait', 'task']);
    expect(flow?.steps[0]).toMatchObject({ duration: 'P6M' });
  });
});

describe('user stories of a club (session 31 probe), on records made up for these tests', () => {
  it('reads "As the warden, I want to manage allotment sites (name, postcode, landlord name) and do everything else too" as a record type with fields', () => {
    const s = spec('- As a grower, I want to register my plots with a plot name and the allotment site it is on.', '- As the warden, I want to manage allotment sites (name, postcode, landlord name) and do everything else too.');
    expect(s.entities.find((e) => e.name === 'AllotmentSite')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'postcode', 'landlord_name']));
    expect(field(s, 'Plot', 'allotment_site_id')?.type).toBe('ref(AllotmentSite)');
    expect(s.adminRole).toBe('warden');
  });

  it('reads "As the warden, I want members of the public to report a leak without logging in, giving ..." as a public LeakReport', () => {
    const s = spec('A plot has a name.', '- As the warden, I want members of the public to report a leak without logging in, giving their phone number, the address and a photo (JPEG, under 5 MB).');
    expect(s.entities.find((e) => e.name === 'LeakReport')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['phone', 'address', 'photo_key']));
    expect(s.access).toEqual(expect.arrayContaining([{ entity: 'LeakReport', operation: 'create', level: 'public' }]));
  });

  it('reads "assign each leak report to a plumber and mark it as fixed, not a leak, or gone" as a user reference and states', () => {
    const s = spec('Anyone can report a leak, giving their phone number and the address.', 'The warden can assign each leak report to a plumber and mark it as fixed, not a leak, or gone.');
    expect(field(s, 'LeakReport', 'assigned_plumber_id')?.type).toBe('ref(User)');
    expect(field(s, 'LeakReport', 'status')?.values).toEqual(['fixed', 'not_a_leak', 'gone']);
    expect(rightsOf(s, 'warden').LeakReport).toContain('u');
  });

  it('reads "As the warden, if a leak report is still open 2 days after it was made, I want to get an email" as a wait and an email to the warden', () => {
    const s = spec('Anyone can report a leak, giving the address. A leak report is open, fixed or gone.', '- As the warden, I can read and update leak reports.', '- As the warden, if a leak report is still open 2 days after it was made, I want to get an email.');
    const flow = s.workflows.find((w) => w.trigger?.entity === 'LeakReport');
    expect(flow?.steps.map((st) => st.kind)).toEqual(['wait', 'task']);
    expect(flow?.steps[0]).toMatchObject({ duration: 'P2D' });
    const task = flow?.steps[1];
    expect(task?.kind === 'task' && task.action).toMatchObject({ type: 'notify', to: { role: 'warden' } });
  });
});

describe('a chatty letter from a one-person business (session 31 probe), on records made up for these tests', () => {
  it('reads "Someone gets in touch, tells me the date of the party, how many guests, what colours they fancy (I do red, gold and silver) ..." as fields of the record just named', () => {
    const s = spec('The big thing is bookings.', 'Someone gets in touch, tells me the date of the party, how many guests it is for, what colours they fancy (I do red, gold, silver and blue), and whether they need it set up.');
    expect(field(s, 'Booking', 'party_date')?.type).toBe('date');
    expect(field(s, 'Booking', 'colours')?.values).toEqual(['red', 'gold', 'silver', 'blue']);
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads states with when they are reached and another way to end ("booked once the deposit\'s in, then delivered (or collected)")', () => {
    const s = spec('A booking has a date.', "Bookings go enquiry, then quoted, then booked once the deposit's in, then delivered (or collected).");
    expect(field(s, 'Booking', 'status')?.values).toEqual(['enquiry', 'quoted', 'booked', 'delivered', 'collected']);
  });

  it('reads "my nephew Sam helps out ... Sam should be able to see bookings" as the rights of a nephew role', () => {
    const s = spec('A booking has a date. A customer has a name.', 'Sometimes my nephew Sam helps out on busy weekends. Sam should be able to see bookings and update them, but not touch customers.');
    expect(rightsOf(s, 'nephew')).toEqual({ Booking: 'r u' });
  });
});

describe('what the writer jots down', () => {
  it('reads "A fitting is for one order, on a date and time, and I jot down which fabrics they tried and how it went" without a field for the writer', () => {
    const s = spec('An order has a date.', 'A fitting is for one order, on a date and time, and I jot down which fabrics they tried and how it went.');
    expect(s.entities.find((e) => e.name === 'Fitting')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['fabrics', 'how_it_went', 'order_id']));
    expect(s.entities.find((e) => e.name === 'Fitting')?.fields.map((f) => f.name).some((n) => /jot/.test(n))).toBe(false);
  });
});

describe('files people send', () => {
  it('reads "People send me reference photos all the time; I\'d love to keep those with the booking. Images only, and nothing massive - say 8MB each"', () => {
    const s = spec('A booking has a date.', "People send me reference photos all the time; I'd love to keep those with the booking. Images only, and nothing massive - say 8MB each.");
    const file = s.entities.find((e) => e.name === 'Booking')?.fields.find((f) => f.type === 'file');
    expect(file?.name).toBe('reference_photo_key');
    expect(file?.file?.maxBytes).toBe(8 * 1024 * 1024);
    expect(file?.notes ?? '').not.toMatch(/massive|say/);
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads the size after it when another record was described last ("A client has a name. People send me ...")', () => {
    const s = spec('A booking has a date.', 'A client has a name and an email.', "People send me reference photos all the time; I'd love to keep those with the booking. Images only, and nothing massive - say 8MB each.");
    const file = s.entities.find((e) => e.name === 'Booking')?.fields.find((f) => f.type === 'file');
    expect(file?.file?.maxBytes).toBe(8 * 1024 * 1024);
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

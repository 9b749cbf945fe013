/**
 * Session 33 (issue 23): readings new users' descriptions showed missing (a bike repair shop's
 * chatty letter, a choir's user stories, a food bank's informal notes, a museum's long page),
 * pinned on records made up for these tests.
 */
import { fieldOf as field, probeSpec as spec, rightsOf } from '../../support/author-probe';

describe('a list kept, its fields after a colon', () => {
  it.each([
    ['We keep a list of tools: the tool name, a serial number, how many we have.'],
    ['We also keep a list of the tools we lend: the tool name, a serial number, how many we have.'],
  ])('reads "%s" as the record type and its fields', (sentence) => {
    const s = spec(sentence);
    expect(s.entities.map((e) => e.name)).toEqual(['Tool']);
    expect(field(s, 'Tool', 'serial_number')?.type).toBe('string');
    expect(field(s, 'Tool', 'quantity')?.type).toBe('integer');
  });
});

describe('what something costs, said as a question', () => {
  it.each([
    ['what we pay for it', 'cost'],
    ['how much it costs us', 'cost'],
    ['what we charge for it', 'price'],
    ['what it sells for', 'price'],
    ['how much we sell it for', 'price'],
  ])('reads "%s" as a decimal %s', (phrase, name) => {
    const s = spec(`Lamps: name, ${phrase}.`);
    expect(field(s, 'Lamp', name)?.type).toBe('number');
  });
});

describe('the record written up when something happens, its fields after a dash', () => {
  it('reads "When someone brings in a watch we write up a service ticket - the owner\'s name, ..." as a service ticket\'s fields', () => {
    const s = spec("When someone brings in a watch we write up a service ticket - the owner's name, a phone number, what's wrong with it, and a rough quote.");
    expect(s.entities.map((e) => e.name)).toEqual(['ServiceTicket']);
    expect(field(s, 'ServiceTicket', 'quote')?.type).toBe('number');
    expect(field(s, 'ServiceTicket', 'phone')).toBeDefined();
    expect(s.workflows).toEqual([]);
  });
});

describe('states said in a chat', () => {
  it('reads "A ticket is open when it comes in, then being fixed, then ready for collection, and finally closed" in order', () => {
    const s = spec('Tickets: owner name, quote.', 'A ticket is open when it comes in, then being fixed, then ready for collection, and finally closed.');
    expect(field(s, 'Ticket', 'status')?.values).toEqual(['open', 'being_fixed', 'ready_for_collection', 'closed']);
  });

  it('reads a state of three words among others ("waiting, in progress, ready for collection or closed")', () => {
    const s = spec('Tickets: owner name, quote.', 'A ticket is waiting, in progress, ready for collection or closed.');
    expect(field(s, 'Ticket', 'status')?.values).toEqual(['waiting', 'in_progress', 'ready_for_collection', 'closed']);
  });

  it.each([
    ['It can also be on hold.', 'on_hold'],
    ['Sometimes a spare has to come in, so it can also be waiting on spares.', 'waiting_on_spares'],
    ['A ticket can also be on hold.', 'on_hold'],
  ])('adds one more state said after them: "%s"', (more, state) => {
    const s = spec('Tickets: owner name, quote.', 'A ticket is open, in progress or closed.', more);
    expect(field(s, 'Ticket', 'status')?.values).toEqual(['open', 'in_progress', 'closed', state]);
  });

  it('adds nothing from "It can also be useful" and "Reviews can be read by anyone, account or not"', () => {
    const s = spec('Tickets: owner name, quote.', 'A ticket is open, in progress or closed.', 'It can also be useful.', 'Reviews: rating, comment.', 'Reviews can be read by anyone, account or not.');
    expect(field(s, 'Ticket', 'status')?.values).toEqual(['open', 'in_progress', 'closed']);
    expect(field(s, 'Review', 'status')).toBeUndefined();
  });

  it('reads "the genre (it\'s always one of fiction, crime or poetry)" without "always one of"', () => {
    const s = spec('For books we want the title and the genre (it\'s always one of fiction, crime or poetry).');
    expect(field(s, 'Book', 'genre')?.values).toEqual(['fiction', 'crime', 'poetry']);
  });
});

describe('an exception to a right said with "only"', () => {
  it('reads "Fitters can see all the tickets and update them, but only I (the owner) should be able to delete anything" without a delete for fitters', () => {
    const s = spec('Tickets: owner name, quote.', 'Fitters can see all the tickets and update them, but only I (the owner) should be able to delete anything.');
    expect(rightsOf(s, 'fitter')).toEqual({ Ticket: 'r u' });
  });

  it('keeps who "they" are after "but only the manager can delete one"', () => {
    const s = spec('Tickets: owner name, quote.', 'Lamps: name.', 'Clerks can create, view and change tickets, but only the manager can delete one. They can see the lamps, but can\'t change them.');
    expect(rightsOf(s, 'clerk')).toEqual({ Ticket: 'c r u', Lamp: 'r' });
    // (The exception names who may: a manager, who deletes them.)
    expect(rightsOf(s, 'manager')).toEqual({ Ticket: 'd' });
  });
});

describe('who gets a message, said first', () => {
  it.each([
    ['The customer should get an email when their ticket is ready.'],
    ['Customers should get a text - well, an email is fine - when their ticket is ready.'],
    ['Send the customer an email when their ticket is ready.'],
  ])('reads "%s" as a handler on the state the word starts, telling the record\'s owner', (sentence) => {
    const s = spec('Tickets: owner name, quote.', 'A ticket is open, in progress, ready for collection or closed.', sentence);
    expect(s.events).toEqual([expect.objectContaining({ on: { entity: 'Ticket', event: 'updated', field: 'status', value: 'ready_for_collection' } })]);
    expect(s.events![0]!.actions[0]).toMatchObject({ type: 'notify', to: { owner: true } });
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('still asks who gets "Send a reminder 24 hours before each visit"', () => {
    const s = spec('Visits: date and time.', 'Send a reminder 24 hours before each visit.');
    expect((s.openQuestions ?? []).join(' ')).toMatch(/Who should receive/);
  });
});

describe('a reminder for what has stayed in a state, and a second after more time', () => {
  it.each([
    ['If a ticket has been ready for two weeks and not collected, remind the customer, and after another two weeks email me.'],
    ['If a watch has been ready for more than two weeks and nobody has picked it up, remind them, and after another two weeks let me know.'],
  ])('reads "%s" from the state reached, waiting for it to be collected twice', (sentence) => {
    const s = spec('Tickets: owner name, quote.', 'A ticket is open, in progress, ready for collection or collected.', sentence);
    const flow = s.workflows[0]!;
    expect(flow.trigger).toEqual({ entity: 'Ticket', event: 'updated', field: 'status', value: 'ready_for_collection' });
    expect(flow.steps.map((step) => step.kind)).toEqual(['waitForEvent', 'task', 'waitForEvent', 'task']);
    expect(flow.steps[0]).toMatchObject({ events: ['collected'], timeout: 'P2W' });
    expect(flow.steps[2]).toMatchObject({ events: ['collected'], timeout: 'P2W' });
    expect(flow.steps[3]).toMatchObject({ action: { type: 'notify', to: { role: 'admin' } } });
  });
});

describe('what is checked online, and how it is found', () => {
  it('reads "Customers can check the status of their ticket online with their ticket number, without logging in" as the public reading tickets', () => {
    const s = spec('Tickets: ticket number, quote.', 'Customers can check the status of their ticket online with their ticket number, without logging in.');
    expect(s.entities.map((e) => e.name)).toEqual(['Ticket']);
    expect(s.access).toEqual(expect.arrayContaining([{ entity: 'Ticket', operation: 'read', level: 'public' }]));
  });
});

describe('a record of which things were used on each job', () => {
  it('reads "Fitters log which spares they used on each ticket and how many" as a record of both, with a quantity', () => {
    const s = spec('When someone brings in a watch we write up a repair ticket - the owner\'s name, a quote.', 'Spares: name, code.', 'Fitters log which spares they used on each ticket and how many.');
    const used = s.entities.find((e) => e.name === 'TicketSpare');
    expect(used?.fields.map((f) => [f.name, f.type])).toEqual([['repair_ticket_id', 'ref(RepairTicket)'], ['spare_id', 'ref(Spare)'], ['quantity', 'integer']]);
  });
});

describe('small talk about the request', () => {
  it('does not ask about "What I want is pretty simple really"', () => {
    const s = spec("I run a small watch repair shop and I'm drowning in paper. What I want is pretty simple really. Tickets have an owner name and a quote.");
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('one role named with and without the business it works for', () => {
  it('reads "As a band leader ..." and "As a leader ..." as one role, by the name said more often', () => {
    const s = spec('- As a band leader, I can create gigs with a date and a venue.', '- As a leader, I can manage players with a name and an instrument.', '- As a leader, I can delete gigs.', '- As a player, I can see gigs.');
    expect(s.roles.map((r) => r.name).sort()).toEqual(['admin', 'leader', 'player']);
    expect(rightsOf(s, 'leader').Gig).toContain('c');
    expect(rightsOf(s, 'leader').Gig).toContain('d');
  });

  it('keeps a rank apart: a "head setter" is no "setter"', () => {
    const s = spec('Routes: grade, colour.', 'Head setters can do anything with routes. Setters can create and update routes.');
    expect(s.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['head_setter', 'setter']));
  });
});

describe('people managed with what each of them has', () => {
  it('reads "Coaches can manage swimmers and their stroke (freestyle, backstroke, breaststroke, butterfly)" as a record of them with its values, and the right', () => {
    const s = spec('Sessions have a date and a pool.', 'Coaches can manage swimmers and their stroke (freestyle, backstroke, breaststroke, butterfly).');
    expect(field(s, 'Swimmer', 'stroke')).toMatchObject({ type: 'enum', values: ['freestyle', 'backstroke', 'breaststroke', 'butterfly'] });
    expect(rightsOf(s, 'coach').Swimmer).toBe('c r u d');
  });
});

describe('people marking themselves as coming', () => {
  it('reads "Players can mark themselves as available or not available for a match" as a record of each answer, theirs to make and change', () => {
    const s = spec('Matches have a date and an opponent.', 'Players can mark themselves as available or not available for a match.');
    const answer = s.entities.find((e) => e.name === 'Availability');
    expect(answer?.fields.map((f) => [f.name, f.type])).toEqual(expect.arrayContaining([['match_id', 'ref(Match)'], ['available', 'boolean']]));
    expect(rightsOf(s, 'player').Availability).toBe('c r:own u:own');
  });
});

describe('records that are files, uploaded by people', () => {
  it('reads "Pupils can upload their own drawings of animals (jpg or png, max 5MB)" as a record holding the file', () => {
    const s = spec('Lessons have a date and a topic.', 'Pupils can upload their own drawings of animals (jpg or png, max 5MB) and only they and the teacher can see them.');
    const file = s.entities.find((e) => e.name === 'Drawing')?.fields.find((f) => f.type === 'file');
    expect(file?.file).toMatchObject({ contentTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * 1048576 });
    expect(rightsOf(s, 'pupil').Drawing).toContain('c');
  });

  it('does not read "record" as making a Recording when subscriptions are recorded', () => {
    const s = spec('Recordings: title, file (mp3).', 'Subscriptions: amount, date paid.', 'Treasurers can record subscriptions.');
    expect(rightsOf(s, 'treasurer')).toEqual({ Subscription: 'c r' });
  });
});

describe('who is told, and what the message lists', () => {
  it('reads "when a new match is posted, I want all players to get an email" as telling every player', () => {
    const s = spec('Matches have a date and an opponent.', 'Players can see matches.', 'As a captain, when a new match is posted, I want all players to get an email.');
    expect(s.events?.[0]?.actions[0]).toMatchObject({ type: 'notify', to: { role: 'player' } });
  });

  it('reads "Email the captain the day before each gig listing who said they\'d come" as a wait until the day before', () => {
    const s = spec('Gigs have a date, a start time and a venue.', 'Captains can create gigs.', "Email the captain the day before each gig listing who said they'd come.");
    expect(s.workflows[0]?.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'date', offset: '-P1D' });
  });
});

describe('a food bank\'s informal notes', () => {
  it('reads "x = a, b, c" after a full stop, and "who gave it" as the donor', () => {
    const s = spec('volunteers log gifts as they come in. gift = who gave it (optional), date received, weight in kg, and notes');
    expect(s.entities.find((e) => e.name === 'Gift')?.fields.map((f) => f.name)).toEqual(['donor', 'received_on', 'weight_kg', 'notes']);
  });

  it('reads "we give out hampers to families" as each hamper being for one family', () => {
    const s = spec('Families have a reference number.', 'Hampers have a date.', 'we give out hampers to families');
    expect(field(s, 'Hamper', 'family_id')?.type).toBe('ref(Family)');
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "support workers (like the council) can add families and see the ones they referred only" without the example', () => {
    const s = spec('Families have a reference number.', 'support workers (like the council) can add families and see the ones they referred only');
    expect(rightsOf(s, 'support_worker')).toEqual({ Family: 'c r:own' });
  });
});

describe('a museum\'s long page', () => {
  it('reads "Every painting in the collection has ..." as what each painting has', () => {
    const s = spec('Every painting in the collection has an inventory number, which is unique and required, a title and a description.', 'Loans have a start date.');
    expect(field(s, 'Painting', 'inventory_number')).toMatchObject({ required: true, unique: true });
  });

  it('reads dimensions said with their parts as one measure each, in the unit said', () => {
    const s = spec('Crates have a label, their dimensions in centimetres (height, width and depth), and a weight.');
    expect(s.entities[0]!.fields.map((f) => [f.name, f.type])).toEqual(expect.arrayContaining([['height_cm', 'number'], ['width_cm', 'number'], ['depth_cm', 'number']]));
    expect(field(s, 'Crate', 'dimensions')).toBeUndefined();
  });

  it('reads "up to ten photographs per crate, JPEG or TIFF" as the photographs, and "a courier required flag" as a flag, no rule', () => {
    const s = spec('Crates have a label, a courier required flag and up to ten photographs per crate (JPEG or TIFF).');
    expect(field(s, 'Crate', 'photograph_key')?.file?.contentTypes).toEqual(['image/jpeg', 'image/tiff']);
    expect(field(s, 'Crate', 'courier_needed')).toMatchObject({ type: 'boolean', required: false });
  });

  it('reads "cannot approve a loan; only the director approves" as the director approving loans, and proposing as making them', () => {
    const s = spec('Loans have a start date and an end date.', 'Curators can propose loans, but cannot approve a loan; only the director approves.');
    expect(rightsOf(s, 'curator').Loan).toBe('c r');
    expect(rightsOf(s, 'director').Loan).toContain('u');
  });

  it('reads "a loan can also be refused" as one more state', () => {
    const s = spec('Loans have a start date.', 'Its status moves through requested, approved and closed; a loan can also be refused.');
    expect(field(s, 'Loan', 'status')?.values).toEqual(['requested', 'approved', 'closed', 'refused']);
  });
});

describe('a kayak hire\'s chatty notes', () => {
  it('reads "staff can see and change rentals, only the manager can refund or cancel" as the manager changing the rentals named before', () => {
    const s = spec('Rentals have a name and a date. Managers can see rentals.', 'staff can see and change rentals for today, only the manager can refund or cancel');
    expect(rightsOf(s, 'manager').Rental).toContain('u');
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "at the end of each day send the manager a summary email" as a daily job in the evening', () => {
    const s = spec('Rentals have a name and a date. Managers can see rentals.', 'at the end of each day send the manager a summary email');
    expect(s.schedules?.[0]).toMatchObject({ expression: 'cron(0 18 * * ? *)', actions: [{ type: 'notify', to: { role: 'manager' } }] });
  });

  it('reads "customers book a session online: 1 hour, 2 hours or half day" as what each booking is for', () => {
    const s = spec('customers book a session online: 1 hour, 2 hours or half day.');
    expect(field(s, 'Booking', 'session')).toMatchObject({ type: 'enum', values: ['1_hour', '2_hours', 'half_day'] });
  });

  it('reads "and they have to tick a box saying they can swim" as a yes/no they must give', () => {
    const s = spec('customers book a session online: 1 hour or 2 hours. we need their name, mobile, and they have to tick a box saying they can swim.');
    expect(field(s, 'Booking', 'swim')).toMatchObject({ type: 'boolean', required: true });
  });

  it('reads "so we have the bikes and trikes - each one has ..." as what each trike has, without asking about the first part', () => {
    const s = spec('so we have the bikes and trikes - each one has a number painted on it, a type (road, hybrid, tandem), and whether its in service or being repaired.');
    expect(s.entities.map((e) => e.name)).toEqual(['Trike']);
    expect(field(s, 'Trike', 'status')?.values).toEqual(['in_service', 'being_repaired']);
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "whether it\'s paid or not" as whether it is paid', () => {
    expect(field(spec('Bills: amount, whether it\'s paid or not.'), 'Bill', 'paid')?.type).toBe('boolean');
  });

  it('reads "we want to record the time they went out and came back" as two moments of the record listed above', () => {
    const s = spec('Rentals: name, mobile. Customers book online.', 'We want to record the time they actually went out and came back.');
    expect(field(s, 'Rental', 'out_at')?.type).toBe('datetime');
    expect(field(s, 'Rental', 'returned_at')?.type).toBe('datetime');
  });

  it('does not ask about "right now its all on a whiteboard and it\'s chaos"', () => {
    const s = spec("hey! we rent out kayaks at the lake from april to october. right now its all on a whiteboard and it's chaos on sunny weekends lol", 'Rentals: name, mobile.');
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('a language school\'s prose', () => {
  it('reads "For every class, the tutor takes a register: which pupils were present, late or absent" as a record of each one\'s attendance', () => {
    const s = spec('Pupils have a name.', 'For every class, the tutor takes a register: which pupils were present, late or absent.');
    expect(field(s, 'Attendance', 'pupil_id')?.type).toBe('ref(Pupil)');
    expect(field(s, 'Attendance', 'status')?.values).toEqual(['present', 'late', 'absent']);
  });

  it('reads "Tutors can also upload worksheets for a class (PDF or Word, up to 10 MB)" as a record holding the file, for one class', () => {
    const s = spec('Classes have a date.', 'Tutors can also upload worksheets for a class (PDF or Word, up to 10 MB).');
    expect(field(s, 'Worksheet', 'class_id')?.type).toBe('ref(Class)');
    expect(field(s, 'Worksheet', 'file_key')?.file?.maxBytes).toBe(10 * 1048576);
  });

  it('reads "take registers" as making attendance records', () => {
    const s = spec('Pupils have a name.', 'For every class, the tutor takes a register: which pupils were present, late or absent.', 'Tutors can see pupils and take registers.');
    expect(rightsOf(s, 'tutor').Attendance).toContain('c');
  });
});

describe('a print shop\'s stories with no comma after the role', () => {
  it('reads "I want to choose the quantity, paper type (matte or gloss) and size for each order" as what each order has', () => {
    const s = spec('As a client I want to choose the quantity, paper type (matte or gloss) and size (A4 or A3) for each order.');
    expect(field(s, 'Order', 'paper_type')?.values).toEqual(['matte', 'gloss']);
    expect(field(s, 'Order', 'size')?.values).toEqual(['A4', 'A3']);
  });

  it('reads "I want to see the status of my orders: received, printing or dispatched" as the states of orders', () => {
    const s = spec('Orders: quantity, size.', 'As a client I want to see the status of my orders: received, printing or dispatched.');
    expect(field(s, 'Order', 'status')?.values).toEqual(['received', 'printing', 'dispatched']);
  });

  it('reads "I want to see all new orders and upload a mock-up for each one" as a record that is a file, for one order', () => {
    const s = spec('Orders: quantity, size.', 'As a designer I want to see all new orders and upload a mockup for each one.');
    expect(field(s, 'Mockup', 'order_id')?.type).toBe('ref(Order)');
    expect(s.entities.find((e) => e.name === 'Mockup')?.fields.some((f) => f.type === 'file')).toBe(true);
  });

  it('reads "I want an email when my proof is ready and another when my order is dispatched" as two messages', () => {
    const s = spec('Orders have a quantity and a size. An order is received, printing or dispatched.', 'Mockups have a file and a caption. A mockup is draft or ready.', 'As a client I want an email when my mockup is ready and another when my order is dispatched.');
    expect((s.events ?? []).map((e) => e.on)).toEqual([{ entity: 'Mockup', event: 'updated', field: 'status', value: 'ready' }, { entity: 'Order', event: 'updated', field: 'status', value: 'dispatched' }]);
  });

  it('reads "I want to approve or reject a mockup and leave a comment" as a comment on each mockup', () => {
    const s = spec('Mockups: file.', 'As a client I want to approve or reject a mockup and leave a comment.');
    expect(field(s, 'Mockup', 'comment')).toMatchObject({ required: false });
  });
});

describe('a plumbing firm\'s long page', () => {
  it('reads "The office creates a call-back for each one: ..." as a call-back\'s fields, not a record named after the office', () => {
    const s = spec('Customers ring or email us to report a problem. The office creates a call-back for each one: the customer, a description of the problem, and how urgent it is (emergency or routine).');
    expect(s.entities.map((e) => e.name)).toContain('CallBack');
    expect(field(s, 'CallBack', 'urgency')?.values).toEqual(['emergency', 'routine']);
  });

  it('reads "Fitters fill in a work sheet on their phone when they finish: ..." as the work sheet\'s fields', () => {
    const s = spec('For each customer we hold a name and a phone number.', 'Fitters fill in a work sheet on their phone when they finish: the time they arrived, the time they left and the work done.');
    expect(field(s, 'WorkSheet', 'arrived_at')?.type).toBe('datetime');
    expect(field(s, 'WorkSheet', 'left_at')?.type).toBe('datetime');
  });

  it('reads "The office raises a bill from each work sheet, with the labour cost, VAT at 20% and the total" as what it is made from, and its sums', () => {
    const s = spec('Work sheets have a date and the work done.', 'The office raises a bill from each work sheet, with the labour cost, VAT at 20% and the total.');
    expect(field(s, 'Bill', 'work_sheet_id')?.type).toBe('ref(WorkSheet)');
    expect(field(s, 'Bill', 'vat')?.type).toBe('number');
  });

  it('reads "If a bill is still unpaid 30 days after it was raised, mark it overdue" as a wait for it to be paid', () => {
    const s = spec('Bills have a total. A bill is unpaid, paid or overdue.', 'If a bill is still unpaid 30 days after it was raised, mark it overdue.');
    expect(s.workflows[0]?.steps[0]).toMatchObject({ kind: 'waitForEvent', events: ['paid'], timeout: 'P30D' });
  });

  it('reads "Each visit is assigned to one fitter" as a user reference, fitters being people with a role', () => {
    const s = spec('Visits have a description and a date.', 'Fitters can see visits.', 'Each visit is assigned to one fitter.');
    expect(field(s, 'Visit', 'fitter_id')?.type).toBe('ref(User)');
  });

  it('reads "Every Monday morning email the owner a list of ..." as telling the administrators', () => {
    const s = spec('Bills have a total and a date. A bill is unpaid, paid or overdue.', "Every Monday morning email the owner a list of last week's unpaid bills.");
    expect(s.schedules?.[0]?.actions[0]).toMatchObject({ type: 'notify', to: { role: 'admin' } });
  });
});

describe('a home baker\'s chatty letter', () => {
  it('reads "Once we\'ve agreed the details I take an order: their name, ..." as the order\'s fields', () => {
    const s = spec("Once we've agreed the details I take an order: their name, phone and email, the date they need it, and whether it's collection or delivery.");
    expect(s.entities.map((e) => e.name)).toEqual(['Order']);
    expect(field(s, 'Order', 'fulfilment')?.values).toEqual(['collection', 'delivery']);
    expect(field(s, 'Order', 'status')).toBeUndefined();
  });

  it('reads "So an order is enquiry, then confirmed once the deposit is in, then baked, then collected or delivered" with both ways it ends', () => {
    const s = spec('Orders have a name and a date.', 'So an order is enquiry, then confirmed once the deposit is in, then baked, then collected or delivered. Sometimes people cancel, and then the deposit isn\'t refundable.');
    expect(field(s, 'Order', 'status')?.values).toEqual(['enquiry', 'confirmed', 'baked', 'collected', 'delivered', 'cancelled']);
  });

  it('reads "It\'d be great to get a reminder two days before each order is due" as a reminder to the writer, the administrators', () => {
    const s = spec('Orders have a name and the date they need it.', "It'd be great to get a reminder two days before each order is due so I can buy ingredients.");
    expect(s.workflows[0]?.steps.map((step) => step.kind)).toEqual(['waitUntil', 'task']);
    expect(s.workflows[0]?.steps[1]).toMatchObject({ action: { type: 'notify', to: { role: 'admin' } } });
  });
});

describe('a transport scheme\'s numbered stories', () => {
  it('reads "I want to request a ride by giving the pickup address, destination, date and time" as what each ride has', () => {
    const s = spec('1. As a passenger, I want to request a ride by giving the pickup address, destination, date and time, and whether I use a wheelchair, so that a volunteer can take me.');
    expect(field(s, 'Ride', 'pickup_address')).toBeDefined();
    expect(field(s, 'Ride', 'destination')).toBeDefined();
  });

  it('reads "I need to keep my van details up to date: registration, make, colour and number of seats" as the van\'s fields', () => {
    const s = spec('Rides have a date.', '5. As a driver, I need to keep my van details up to date: registration, make, colour and number of seats.');
    expect(field(s, 'Van', 'seats')?.type).toBe('integer');
    expect(rightsOf(s, 'driver').Van).toContain('u');
  });

  it('reads "the miles driven, any parking costs, and attach receipts (photos or PDF)" as two sums and the receipt', () => {
    const s = spec('Claims: the miles driven, any parking costs, and attach receipts (photos or PDF).');
    expect(field(s, 'Claim', 'miles_driven')?.type).toBe('number');
    expect(field(s, 'Claim', 'parking_costs')?.type).toBe('number');
    expect(field(s, 'Claim', 'receipt_key')?.type).toBe('file');
  });

  it('reads "Coordinators can see all jobs and assign a fitter to each one" as the right to change them and a user reference', () => {
    const s = spec('Jobs have a date and an address.', 'Fitters can see their jobs.', 'Coordinators can see all jobs and assign a fitter to each one.');
    expect(field(s, 'Job', 'fitter_id')?.type).toBe('ref(User)');
    expect(rightsOf(s, 'coordinator').Job).toContain('u');
  });
});

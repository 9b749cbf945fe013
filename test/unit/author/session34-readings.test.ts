/**
 * Session 34 (issue 23): readings new users' descriptions showed missing (a vet practice's
 * chatty letter, an allotment society's bullets, a gym's user stories, a brewery's long page, a
 * tutoring business's informal notes, a street food festival's prose), pinned on records made
 * up for these tests.
 */
import { fieldOf as field, probeSpec as spec, rightsOf } from '../../support/author-probe';

describe('values of several words', () => {
  it('reads "(weekly, yearly, pay as you go)" as three values, "you" in a name being no remark', () => {
    const s = spec('Studio hire.', 'Renters have a plan (weekly, yearly, pay as you go) and a renewal date.');
    expect(field(s, 'Renter', 'plan')?.values).toEqual(['weekly', 'yearly', 'pay_as_you_go']);
  });
});

describe('a link record with its fields after "with"', () => {
  it('reads "A lease links a tenant to a flat with a start date and an end date (optional)" as its own record', () => {
    const s = spec('Flats: number, floor.', 'Tenants: name, email.', 'A lease links a tenant to a flat with a start date and an end date (optional).');
    expect(field(s, 'Lease', 'tenant_id')?.type).toBe('ref(Tenant)');
    expect(field(s, 'Lease', 'flat_id')?.type).toBe('ref(Flat)');
    expect(field(s, 'Lease', 'end_date')?.required).toBe(false);
    expect(field(s, 'Tenant', 'start_date')).toBeUndefined();
  });
});

describe('people giving their own details, named as a field of the record before', () => {
  it('reads "Keepers give us their name, address, phone and email" as keepers\' fields, not the hive\'s', () => {
    const s = spec('Beekeeping club.', 'For every hive we need its name, its location, the date it was started and the keeper.', 'Keepers give us their name, address, phone and email, and one keeper can have lots of hives.');
    expect(field(s, 'Keeper', 'email')?.type).toBe('email');
    expect(field(s, 'Hive', 'email')).toBeUndefined();
    expect(s.entities.find((e) => e.name === 'Hive')?.fields.some((f) => f.type === 'ref(Keeper)')).toBe(true);
  });
});

describe('states said in a chat, with the way out named', () => {
  it('reads "..., or they get cancelled or the client doesn\'t turn up (we call that a no-show)"', () => {
    const s = spec('Sessions: client name, start time.', "They're requested, then confirmed, then held, or they get cancelled or the client doesn't turn up (we call that a no-show).");
    expect(field(s, 'Session', 'status')?.values).toEqual(['requested', 'confirmed', 'held', 'cancelled', 'no_show']);
  });

  it.each([
    ['Crates have a barcode and are either empty, filled, on the van or returned.'],
    ['Each crate has a barcode, and is either empty, filled, on the van or returned.'],
  ])('reads what each has, then the states it is in: "%s"', (sentence) => {
    const s = spec('Depot.', sentence);
    expect(field(s, 'Crate', 'barcode')?.type).toBe('string');
    expect(field(s, 'Crate', 'status')?.values).toEqual(['empty', 'filled', 'on_the_van', 'returned']);
  });
});

describe('a record a business sends, its fields after a colon', () => {
  it.each([
    ['members pay every quarter, we send statements: member, quarter, amount, paid y/n'],
    ['We send out statements: member, quarter, amount, paid y/n.'],
  ])('reads "%s" as the record\'s fields', (sentence) => {
    const s = spec('Rowing club.', 'members: name, email.', sentence);
    expect(field(s, 'Statement', 'member_id')?.type).toBe('ref(Member)');
    expect(field(s, 'Statement', 'paid')?.type).toBe('boolean');
  });

  it('does not read "a week before, send the joining pack: map, locker code" as a record', () => {
    const s = spec('Rowing club.', 'members: name, email, start date.', 'A week before a member starts, send the joining pack: map, locker code, wifi.');
    expect(s.entities.map((e) => e.name)).toEqual(['Member']);
  });
});

describe('a field list with a number in a unit, then a way it takes place', () => {
  it('reads "length (20, 40 or 60 min), online or in person" as a whole number of minutes and a mode', () => {
    const s = spec('Coaching.', 'coaches: name. clients: name.', 'calls - coach, client, length (20, 40 or 60 min), online or in person');
    expect(field(s, 'Call', 'length_minutes')?.type).toBe('integer');
    expect(field(s, 'Call', 'mode')?.values).toEqual(['online', 'in_person']);
  });

  it('reads "suitable for junior, senior or veteran rowers" as whom it suits', () => {
    const s = spec('Rowing club.', 'Boat: name, length in metres, suitable for junior, senior or veteran rowers, and condition (good, fair or poor).');
    expect(field(s, 'Boat', 'suitable_for')?.values).toEqual(['junior', 'senior', 'veteran']);
    expect(field(s, 'Boat', 'condition')?.values).toEqual(['good', 'fair', 'poor']);
  });

  it('reads "height in hands" as a decimal in hands', () => {
    const s = spec('Pony club.', 'Pony: name, height in hands (e.g. 13.2), colour.');
    expect(field(s, 'Pony', 'height_hands')?.type).toBe('number');
  });
});

describe('what runs the business, said of an event', () => {
  it('reads "Our winter craft fair runs every December ..." as no role', () => {
    const s = spec('Craft fair.', 'Our winter craft fair runs every December over two weekends, and each year we take applications from makers.', 'Applications: maker name, email, stall size.', 'Makers can see their own applications.');
    expect(s.roles.map((r) => r.name).sort()).toEqual(['admin', 'maker']);
  });
});

describe('a refusal from a state on', () => {
  it('keeps the rights said before "..., and they can\'t change a proposal once it\'s been approved"', () => {
    const s = spec('Talks.', 'Speakers: name, email.', 'Proposals: title, abstract.', "Speakers can only see and edit their own proposals, and they can't change a proposal once it's been approved.");
    expect(rightsOf(s, 'speaker').Proposal).toBe('r:own u:own');
  });
});

describe('applying, booking and the records they make', () => {
  it('reads "A stallholder can then apply for one or more markets" as making applications', () => {
    const s = spec('Markets.', 'Stallholders: name, email.', 'Each application says which market date and the stall size.', 'A stallholder can then apply for one or more market dates.');
    expect(rightsOf(s, 'stallholder').Application).toContain('c');
  });

  it('reads "Riders can apply for a slot" as an application for the slot, not a new slot', () => {
    const s = spec('Track days.', 'Slots: date, start time.', 'Each application is for one slot and has a bike model.', 'Riders can apply for a slot.');
    expect(rightsOf(s, 'rider')).toEqual({ Slot: 'r', Application: 'c r' });
  });

  it('reads "Members can book a place on a workshop if it\'s not full" as a booking of it, by the member', () => {
    const s = spec('Maker space.', 'Workshops have a name, a tutor and a start time.', "Members can book a place on a workshop if it's not full.");
    expect(field(s, 'Booking', 'workshop_id')?.type).toBe('ref(Workshop)');
    expect(field(s, 'Booking', 'member_id')?.type).toBe('ref(User)');
    expect(rightsOf(s, 'member').Booking).toContain('c');
    expect(rightsOf(s, 'member').Workshop).toBe('r');
  });

  it('makes no booking record beside one the text describes already', () => {
    const s = spec('Maker space.', 'Workshops have a name and a start time.', 'A reservation is for one workshop and has a seat count.', 'Members can book a place on a workshop.');
    expect(s.entities.map((e) => e.name)).toEqual(['Workshop', 'Reservation']);
  });

  it('reads "Tutors can see who\'s booked on their workshops and mark who turned up" as the bookings read and changed', () => {
    const s = spec('Maker space.', 'Workshops have a name and a start time.', 'Members can book a place on a workshop.', "Tutors can see who's booked on their workshops and mark who turned up.");
    expect(field(s, 'Booking', 'attended')?.type).toBe('boolean');
    expect(rightsOf(s, 'tutor').Booking).toBe('r u');
  });
});

describe('the business owner, said in stories', () => {
  it('reads "As a studio owner I want to manage ..." as the administrative role, with no made-up admin', () => {
    const s = spec('Dance studio.', 'As a studio owner I want to manage classes (name, teacher, start time).', 'As a dancer I can book a place on a class.');
    expect(s.entities.map((e) => e.name)).toEqual(['Class', 'Booking']);
    expect(s.adminRole).toBe('studio_owner');
    expect(s.roles.map((r) => r.name)).not.toContain('admin');
  });
});

describe('a capacity said as a bound', () => {
  it.each([['max 20 people', 20], ['up to 12 places', 12]])('reads "%s" as a whole-number capacity', (phrase, max) => {
    const s = spec('Dance studio.', `Classes: name, start time, ${phrase}.`);
    expect(field(s, 'Class', 'capacity')).toMatchObject({ type: 'integer', max });
  });
});

describe('values said once with their unit', () => {
  it('reads "(2x2, 2x4 or 4x4 metres)" as three sizes', () => {
    const s = spec('Market.', 'Stalls: number, size (2x2, 2x4 or 4x4 metres).');
    expect(field(s, 'Stall', 'size')?.values).toEqual(['2x2', '2x4', '4x4']);
  });
});

describe('what is done to records as the states they end in', () => {
  it('reads "Entries start as received. The judges review them and either accept, reject or shortlist them." with the first state first', () => {
    const s = spec('Photo prize.', 'Entries: title, photographer, image.', 'Entries start as received. The judges review them and either accept, reject or shortlist them.');
    expect(field(s, 'Entry', 'status')?.values).toEqual(['received', 'accepted', 'rejected', 'shortlisted']);
  });

  it('adds the state reached once a thing is done ("once paid it\'s confirmed")', () => {
    const s = spec('Photo prize.', 'Entries: title, photographer.', 'An entry is received, accepted or rejected.', "An accepted entry then needs a fee to be paid; once paid it's confirmed.");
    expect(field(s, 'Entry', 'status')?.values).toEqual(['received', 'accepted', 'rejected', 'confirmed']);
  });
});

describe('a list of something shown, no record of its own', () => {
  it('reads "The published list of winners is shown on the website" as no record type "Published"', () => {
    const s = spec('Photo prize.', 'Entries: title, photographer.', 'The published list of winners for each year is shown on the website for the public.');
    expect(s.entities.map((e) => e.name)).toEqual(['Entry']);
  });
});

describe('a copy of a document, kept as the document', () => {
  it.each([
    ['a copy of their public liability insurance certificate (PDF, max 10 MB)', 'public_liability_insurance_certificate_key', ['application/pdf']],
    ['a copy of their driving licence', 'driving_licence_key', undefined],
  ])('reads "%s" as the file %s', (phrase, name, contentTypes) => {
    const s = spec('Couriers.', `Couriers: name, ${phrase}.`);
    expect(field(s, 'Courier', name)?.type).toBe('file');
    if (contentTypes) expect(field(s, 'Courier', name)?.file?.contentTypes).toEqual(contentTypes);
  });
});

describe('what is written up after each visit', () => {
  it('reads "After each session the physio writes notes and can attach scans or letters (PDF or images, max 20 MB each)"', () => {
    const s = spec('Physio.', 'Sessions have a date and a client.', 'After each session the physio writes notes and can attach scans or letters (PDF or images, max 20 MB each).');
    expect(field(s, 'Session', 'notes')?.type).toBe('text');
    expect(field(s, 'Session', 'attachment_key')).toMatchObject({ type: 'file', file: { maxBytes: 20 * 1024 * 1024 } });
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('a mark given to each record in a field list', () => {
  it('reads "Walkabouts: the warden goes round every month and marks each hut as fine, needs work or unsafe, with a comment"', () => {
    const s = spec('Huts.', 'Huts: name, location.', '- Walkabouts: the warden goes round every month and marks each hut as fine, needs work or unsafe, with a comment');
    expect(field(s, 'Walkabout', 'hut_id')?.type).toBe('ref(Hut)');
    expect(field(s, 'Walkabout', 'result')?.values).toEqual(['fine', 'needs_work', 'unsafe']);
    expect(field(s, 'Walkabout', 'comment')).toBeDefined();
  });

  it('asks about "If it\'s still unsafe at the next walkabout, ..." rather than inventing a state "nexted"', () => {
    const s = spec('Huts.', 'Huts: name, status (open, closed or unsafe).', 'Walkabouts: hut, date, comment.', "If it's still unsafe at the next walkabout, let the warden know.");
    expect(JSON.stringify(s)).not.toMatch(/nexted/);
    expect(s.openQuestions).toContainEqual(expect.stringContaining('next walkabout'));
  });
});

describe('a state of several words held too long', () => {
  it('reads "If a crate has been out at a shop for more than 3 weeks, remind the admin" as a wait from that state', () => {
    const s = spec('Depot.', 'Crates have a barcode and are either empty, filled, on the van or out at a shop.', 'If a crate has been out at a shop for more than 3 weeks, remind the admin.');
    const flow = s.workflows[0]!;
    expect(flow.trigger).toMatchObject({ entity: 'Crate', event: 'updated', value: 'out_at_a_shop' });
    expect(flow.steps[0]).toMatchObject({ kind: 'waitForEvent', timeout: 'P3W' });
  });
});

describe('people needed too, their fields after a dash', () => {
  it('reads "We deliver crates to cafes, so we need cafes too - name, contact person, phone" as a record type', () => {
    const s = spec('Depot.', 'Crates have a barcode and a size.', 'We deliver crates to cafes, so we need cafes too - name, contact person, phone, and their delivery address.');
    expect(s.entities.map((e) => e.name)).toEqual(['Crate', 'Cafe']);
    expect(field(s, 'Cafe', 'delivery_address')).toBeDefined();
  });
});

describe('one of a record on a particular day', () => {
  it('reads "A bake is one run of a recipe on a particular day" as a bake of the recipe, with its date', () => {
    const s = spec('Bakery.', 'Recipes have a name.', 'A bake is one run of a recipe on a particular day; we track the batch size and who baked it.');
    expect(s.entities.map((e) => e.name)).toEqual(['Recipe', 'Bake']);
    expect(field(s, 'Bake', 'recipe_id')?.type).toBe('ref(Recipe)');
    expect(field(s, 'Bake', 'date')?.type).toBe('date');
  });
});

describe('states in a chain after "goes:", and one more now and then', () => {
  it('reads "The order status goes: placed -> packing -> shipped" and "Sometimes ..., then it\'s refunded"', () => {
    const s = spec('Shop.', 'Orders: customer, total.', 'The order status goes: placed -> packing -> shipped -> delivered. Sometimes the customer sends it back, then it\'s refunded.');
    expect(field(s, 'Order', 'status')?.values).toEqual(['placed', 'packing', 'shipped', 'delivered', 'refunded']);
    expect(s.entities.map((e) => e.name)).toEqual(['Order']);
  });
});

describe('a number crossing a line, said of a record\'s field', () => {
  it('asks about "If a bean\'s stock level drops below 3, ..." rather than inventing a state', () => {
    const s = spec('Roastery.', 'Beans: name, origin, stock level (can\'t go below zero).', 'The owner can do everything.', "If a bean's stock level drops below 3, email the owner.");
    expect(field(s, 'Bean', 'stock_level')?.min).toBe(0);
    expect(field(s, 'Bean', 'status')).toBeUndefined();
    expect(s.openQuestions).toContainEqual(expect.stringContaining('drops below 3'));
  });
});

describe('a chatty befriending scheme', () => {
  const s = spec(
    'Lunch club.',
    "We'd need to keep the older people we feed (we call them guests): their name, phone number, any allergies we should know about, and an emergency contact with a name and phone number.",
    'Helpers: name, email.',
    'Coordinators can do everything.',
    'Each guest is matched with one helper, though a helper can have up to five guests.',
    'A meal is logged by the helper afterwards: the date, how long they stayed, how the guest seemed (happy, okay or low) and any notes.',
    'If a helper logs a meal where the guest seemed low, the coordinators should get an email straight away.',
    "And if a guest hasn't had a meal logged for two weeks, we want to know about it.",
  );

  it('names the record as the text calls it, and reads its contact in two fields', () => {
    expect(s.entities.map((e) => e.name)).toEqual(['Guest', 'Helper', 'Meal']);
    expect(field(s, 'Guest', 'allergies')).toBeDefined();
    expect(field(s, 'Guest', 'emergency_contact_phone')).toBeDefined();
    expect(field(s, 'Guest', 'helper_id')?.type).toBe('ref(Helper)');
  });

  it('reads the record logged afterwards, and how long they stayed as a duration', () => {
    expect(field(s, 'Meal', 'duration')?.type).toBe('integer');
    expect(field(s, 'Meal', 'how_guest_seemed')?.values).toEqual(['happy', 'okay', 'low']);
    expect(field(s, 'Helper', 'date')).toBeUndefined();
  });

  it('tells the coordinators of a meal made with that value, and the admin when none is logged in time', () => {
    expect(s.events?.[0]?.on).toMatchObject({ entity: 'Meal', field: 'how_guest_seemed', value: 'low' });
    const flow = s.workflows.find((w) => w.trigger?.entity === 'Guest')!;
    expect(flow.steps[0]).toMatchObject({ kind: 'waitForRecord', timeout: 'P2W' });
    expect(flow.steps.map((x) => x.kind)).toEqual(['waitForRecord', 'task']);
  });
});

describe('record types and their fields in two cells a line', () => {
  it('reads "Boats | name, length (m), ..." lines as record types', () => {
    const s = spec('Sailing club.', 'Boats | name, class (dinghy, keelboat), sail number (unique)\nOutings | boat, member, date out, date back (optional)');
    expect(s.entities.map((e) => e.name)).toEqual(['Boat', 'Outing']);
    expect(field(s, 'Outing', 'boat_id')?.type).toBe('ref(Boat)');
  });
});

describe('a refusal until a state is reached', () => {
  it('keeps "Any member can see the boat list" beside "Members can\'t borrow a boat unless they\'ve been checked"', () => {
    const s = spec('Sailing club.', 'Boats: name, sail number.', 'Loans: boat, member, date out.', 'Any member can see the boat list.', "Members can't borrow a boat unless they've been checked.", 'Officers do everything.');
    expect(rightsOf(s, 'member').Boat).toBe('r');
  });
});

describe('"it" in a time after, said of the workflow before', () => {
  it('reads "If it\'s 3 days overdue, email the officers" after a reminder about when an outing is due back', () => {
    const s = spec('Sailing club.', 'Outings: boat, member, date out, due back.', 'Officers do everything.', 'Email the member the day before an outing is due back. If it\'s 3 days overdue, email the officers.');
    const flow = s.workflows.find((w) => w.steps.some((x) => x.kind === 'waitUntil' && 'offset' in x && x.offset === '+P3D'));
    expect(flow?.trigger).toMatchObject({ entity: 'Outing', event: 'created' });
  });
});

describe('a photographer\'s user stories', () => {
  const s = spec(
    'Photography.',
    'As a photographer I want clients to be able to book a session (headshot, family or event) for a date, with a location and a budget.',
    'As a photographer I want to upload images to an album (JPEG, up to 30 MB each) and mark the album as ready.',
    'As a photographer, I want albums to expire 30 days after they\'re marked ready.',
    'As a client I want an email when my album is ready.',
  );

  it('reads what clients book, described nowhere else, as the record they make, its kinds as its type', () => {
    expect(field(s, 'Session', 'type')?.values).toEqual(['headshot', 'family', 'event']);
    expect(field(s, 'Session', 'budget')?.type).toBe('number');
    expect(rightsOf(s, 'client').Session).toContain('c');
  });

  it('reads images uploaded to an album as files in it', () => {
    expect(field(s, 'Image', 'album_id')?.type).toBe('ref(Album)');
    expect(field(s, 'Image', 'file_key')?.file?.maxBytes).toBe(30 * 1024 * 1024);
    expect(rightsOf(s, 'photographer').Image).toContain('c');
  });

  it('reads "albums to expire 30 days after they\'re marked ready" as a wait from that state', () => {
    const flow = s.workflows.find((w) => w.trigger?.entity === 'Album' && w.steps.some((x) => x.kind === 'wait'));
    expect(flow?.trigger).toMatchObject({ event: 'updated', value: 'ready' });
    expect(flow?.steps[0]).toMatchObject({ kind: 'wait', duration: 'P30D' });
  });
});

describe('what is booked for a time, said with its fields', () => {
  it('reads "Customers can book a fitting for a date, with a size and notes" as the fitting\'s fields', () => {
    const s = spec('Tailor.', 'Customers can book a fitting for a date, with a size and notes.');
    expect(s.entities.map((e) => e.name)).toEqual(['Fitting']);
    expect(field(s, 'Fitting', 'date')?.type).toBe('date');
  });
});

describe('the same message again, said with the time after', () => {
  it('reads "if a bill isnt paid after 14 days send a reminder, then another after 7 more days" as two waits and two reminders', () => {
    const s = spec('Club.', 'bills: member, month, amount, paid y/n.', 'if a bill isnt paid after 14 days send a reminder, then another after 7 more days');
    expect(s.workflows[0]!.steps.map((x) => `${x.kind}${'timeout' in x ? ` ${x.timeout}` : ''}`)).toEqual(['waitForEvent P14D', 'task', 'waitForEvent P7D', 'task']);
  });
});

describe('a length said of text', () => {
  it.each([
    ['bio (up to 200 characters)', 'bio', { type: 'text', max: 200 }],
    ['keyfob number (8 chars)', 'keyfob_number', { type: 'string', min: 8, max: 8 }],
    ['serial (15 digits, unique)', 'serial', { type: 'string', min: 15, max: 15, unique: true }],
  ])('reads "%s" as a length, not a number', (phrase, name, shape) => {
    const s = spec('Club.', `Members: name, ${phrase}.`);
    expect(field(s, 'Member', name)).toMatchObject(shape);
  });
});

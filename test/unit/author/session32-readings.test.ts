/**
 * Session 32 (issue 23): readings three new users' descriptions showed missing (a dog groomer's
 * chatty letter, an allotment society's informal notes, a tutoring agency's plain prose), pinned
 * on records made up for these tests: "PDF or Word", an action on records still in a state a time
 * after one of their dates, what a field of the record "is" (things joined by "or"), "at a
 * particular date and time", one more state said with its own verb, two kinds of one thing said
 * with the thing once ("before and after photos"), a remark after a dash, sums charged on a
 * record, booking with no object, and "if someone is a no-show".
 */
import { authorSpec, editSpec } from '../../../lambdas/core/spec/offline-author';
import { fieldOf as field, probeSpec as spec, rightsOf } from '../../support/author-probe';

const WORD = ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'];

describe('Word named beside another format', () => {
  it.each([
    ['Essays: title, draft file (PDF or Word, max 5 MB).', ['application/pdf', ...WORD]],
    ['Essays: title, draft file (Word or PDF, max 5 MB).', ['application/pdf', ...WORD]],
    ['Essays: title, draft file (PDF, Word or JPEG, max 5 MB).', ['application/pdf', ...WORD, 'image/jpeg']],
  ])('reads "%s" with Word\'s two formats', (sentence, types) => {
    const s = spec(sentence);
    const draft = field(s, 'Essay', 'draft_key');
    expect([...(draft?.file?.contentTypes ?? [])].sort()).toEqual([...types].sort());
    expect(draft?.file?.maxBytes).toBe(5 * 1048576);
    expect(draft?.notes ?? '').toBe('');
  });

  it('keeps "word" anywhere else an ordinary word ("a word count")', () => {
    const s = spec('Essays: title, a word count.');
    expect(field(s, 'Essay', 'word_count')?.type).toBe('integer');
  });
});

describe('an action on records still in a state, a time after one of their dates', () => {
  it('reads "Send bills that are still unpaid 21 days after the issue date a reminder email" as a wait from that date, then the action', () => {
    const s = spec('Bills have a reference, an issue date, an amount and a paid flag.', 'Send bills that are still unpaid 21 days after the issue date a reminder email.');
    const flow = s.workflows[0]!;
    expect(flow.trigger).toEqual({ entity: 'Bill', event: 'created' });
    expect(flow.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'issue_date', offset: '+P21D' });
    expect(flow.steps[1]).toMatchObject({ kind: 'task', name: 'send_reminder_email' });
    // (No state "issue" made up from the date's name.)
    expect(field(s, 'Bill', 'status')).toBeUndefined();
  });
});

describe('what a field of the record is, things joined by "or"', () => {
  it.each([['is'], ['can be']])('reads "The treatment %s a wash, a deep clean or a wax polish" as its values, without articles', (verb) => {
    const s = spec('Each valet is for one car.', `The treatment ${verb} a wash, a deep clean or a wax polish.`, 'Cars have a plate.');
    expect(field(s, 'Valet', 'treatment')).toMatchObject({ type: 'enum', values: ['wash', 'deep_clean', 'wax_polish'] });
    expect(s.entities.map((e) => e.name)).not.toContain('Treatment');
  });

  it('still reads "A shift is a date, a start time and an end time" as the fields of a shift', () => {
    const s = spec('A shift is a date, a start time and an end time.');
    expect(s.entities.find((e) => e.name === 'Shift')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['date', 'start_time', 'end_time']));
  });
});

describe('when a record is', () => {
  it('reads "at a particular date and time" as when it starts', () => {
    const s = spec('Each valet is for one car, at a particular date and time.', 'Cars have a plate.');
    expect(field(s, 'Valet', 'starts_at')?.type).toBe('datetime');
    expect(s.entities.find((e) => e.name === 'Valet')?.fields.map((f) => f.name)).not.toContain('particular_at');
  });

  it('reads "with one of the valeters", valeters being people who use it, as one of them', () => {
    const s = spec('Each valet is for one car, with one of the valeters.', 'Cars have a plate.', 'Valeters can read and update valets.');
    expect(field(s, 'Valet', 'valeter_id')?.type).toBe('ref(User)');
  });
});

describe('one more state, said with its own verb', () => {
  it('reads "..., then done, or they can be a no-show" as the state no_show', () => {
    const s = spec('Fittings have a date.', 'Fittings are booked, then confirmed, then done, or they can be a no-show.');
    expect(field(s, 'Fitting', 'status')?.values).toEqual(['booked', 'confirmed', 'done', 'no_show']);
  });
});

describe('two kinds of one thing, said with the thing once', () => {
  it('reads "before and after photos of each valet - jpg or png, up to 8MB" as two files, each with those rules', () => {
    const s = spec('Each valet is for one car.', 'I take before and after photos of each valet for our website - jpg or png, up to 8MB.', 'Cars have a plate.');
    for (const name of ['before_photo_key', 'after_photo_key']) {
      expect(field(s, 'Valet', name)?.file).toEqual({ contentTypes: ['image/jpeg', 'image/png'], maxBytes: 8 * 1048576 });
    }
  });

  it('reads "start and end dates" and "home and away scores" as one field of each kind', () => {
    const s = spec('Fixtures have a venue, start and end dates, and home and away scores.');
    expect(['start_date', 'end_date', 'home_score', 'away_score'].map((name) => field(s, 'Fixture', name)?.type)).toEqual(['date', 'date', 'integer', 'integer']);
  });

  it('keeps kinds joined by "or" as values ("(pickup or home delivery)")', () => {
    const s = spec('Orders: order date, delivery method (pickup or home delivery).');
    expect(field(s, 'Order', 'delivery_method')?.values).toEqual(['pickup', 'home_delivery']);
  });
});

describe('a remark after a dash', () => {
  it('reads "any allergies or behaviour notes - some of them bite!" without the remark', () => {
    const s = spec('For each cat I need its name and any allergies or behaviour notes - some of them scratch!');
    expect(s.entities.find((e) => e.name === 'Cat')?.fields.map((f) => f.name)).toEqual(['name', 'allergies_or_behaviour_notes']);
  });
});

describe('sums charged on a record', () => {
  it('reads "I charge a price for each one and sometimes add a tip" as two decimals of the record just described, the second optional', () => {
    const s = spec('Each valet is for one car.', 'I charge a price for each one and sometimes add a tip.', 'Cars have a plate.');
    expect(field(s, 'Valet', 'price')?.type).toBe('number');
    expect(field(s, 'Valet', 'tip')).toMatchObject({ type: 'number', required: false });
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "We charge a call-out fee on every visit" on the record it names', () => {
    const s = spec('Visits have a date.', 'Engineers have a name.', 'We charge a call-out fee on every visit.');
    expect(field(s, 'Visit', 'call_out_fee')?.type).toBe('number');
  });
});

describe('booking, said with no object', () => {
  it('reads "Customers should be able to book online" as making the record that starts booked', () => {
    const s = spec('Cars have a plate. Appointments have a date.', 'Appointments are booked, then done.', 'Customers should be able to book online and see their own cars and appointments.');
    expect(rightsOf(s, 'customer')).toEqual({ Car: 'r:own', Appointment: 'c r:own' });
  });

  it('keeps what a booking with an object makes: "book a burial into a plot" makes the burial', () => {
    // (Reservations start booked here too: the object, not the state, says what is made.)
    const s = spec('Plots have a number. Burials have a date. Reservations have a date.', 'Reservations are booked, then taken up.', 'Funeral directors can book a burial into a plot.');
    expect(rightsOf(s, 'funeral_director').Burial).toMatch(/^c\b/);
    expect(rightsOf(s, 'funeral_director').Reservation).toBeUndefined();
  });
});

describe('if someone is in a state', () => {
  it('reads "If someone is a no-show, email me" as a handler on the record whose state that is', () => {
    const s = spec('Fittings have a date.', 'Fittings are booked, then done, or they can be a no-show.', 'If someone is a no-show, email me so I can chase them.');
    expect(s.events?.[0]?.on).toMatchObject({ entity: 'Fitting', field: 'status', value: 'no_show' });
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('Word beside another format, in a chat edit', () => {
  it.each([['Add a contract file (PDF or Word, max 5 MB) to orders'], ['Add a contract file to orders, PDF or Word']])('reads "%s" as a file of those formats named contract', (message) => {
    const out = editSpec(authorSpec({ name: 'P', description: 'An order has a date and a title.' }), message);
    const contract = out.spec.entities[0]!.fields.find((f) => f.type === 'file');
    expect(contract?.name).toBe('contract_key');
    expect([...(contract?.file?.contentTypes ?? [])].sort()).toEqual(['application/pdf', ...WORD].sort());
  });
});

describe('a word of the language near a known word', () => {
  it('keeps "Fittings" (the plural of "fitting"), no near-miss of "findings"', () => {
    const s = spec('Fittings have a date and a tailor.');
    expect(s.entities.map((e) => e.name)).toEqual(['Fitting']);
  });
});

describe('an allotment society\'s informal notes', () => {
  it('reads "rent per year" and "price per night" as sums, "visits per year" as a count', () => {
    const s = spec('berths: berth number (unique), rent per year, price per night, visits per year');
    expect(['rent_per_year', 'price_per_night', 'visits_per_year'].map((name) => field(s, 'Berth', name)?.type)).toEqual(['number', 'number', 'integer']);
  });

  it.each([['is let to one holder'], ['is let out to one holder at a time']])('reads "each berth %s" as a link to the holder', (said) => {
    const s = spec('berths: berth number (unique), length', `each berth ${said}. holders have name, email, phone`);
    expect(field(s, 'Berth', 'holder_id')?.type).toBe('ref(Holder)');
  });

  it.each([['status waiting, offered, accepted or declined'], ['status: waiting, offered, accepted or declined']])('reads "%s" after a dashed field list as that record\'s states', (said) => {
    const s = spec(`berths: berth number, length\nqueue - ppl put their name down w/ email + how many berths they'd like, date added. ${said}`);
    const queue = s.entities.find((e) => e.name === 'Queue');
    expect(queue?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'email', 'status']));
    expect(field(s, 'Queue', 'status')?.values).toEqual(['waiting', 'offered', 'accepted', 'declined']);
  });

  it.each([['anyone can join the waiting list without an account'], ['Anyone can join the waiting list without logging in.']])('reads "%s" as public create on the list\'s entries', (said) => {
    const s = spec('waiting list - name, email, date added.', 'berths: berth number', `committee can do everything. ${said}`);
    expect(s.access).toContainEqual({ entity: 'WaitingList', operation: 'create', level: 'public' });
  });
});

describe("a makerspace's user stories", () => {
  it('reads "I want to report a broken tool with a description and an optional photo" as a fault report for the tool', () => {
    const s = spec('- As a member, I want to report a broken kiln with a description and an optional photo (JPEG or PNG, max 5 MB).\n- As the manager, I want to add kilns. Each kiln has a name and a location.');
    expect(s.entities.find((e) => e.name === 'FaultReport')?.fields.map((f) => f.name)).toEqual(['description', 'photo_key', 'kiln_id']);
    expect(s.entities.find((e) => e.name === 'Kiln')?.fields.map((f) => f.name)).toEqual(['name', 'location']);
    expect(rightsOf(s, 'member').FaultReport).toMatch(/^c/);
    expect(rightsOf(s, 'member').Kiln ?? '').not.toContain('c');
  });

  it('reads "book a kiln for a time slot (start and end)" as when the booking starts and ends', () => {
    const s = spec('- As a member, I want to book a kiln for a time slot (start and end), so that nobody else grabs it.\n- As the manager, I want to add kilns. Each kiln has a name.');
    expect(['starts_at', 'ends_at'].map((name) => field(s, 'Booking', name)?.type)).toEqual(['datetime', 'datetime']);
    expect(field(s, 'Booking', 'time_slot')).toBeUndefined();
  });
});

describe("a podcast network's relations", () => {
  it('reads "(square PNG or JPEG, up to 2 MB)" as the two formats', () => {
    const s = spec('A series has a title and a cover image (square PNG or JPEG, up to 2 MB).');
    expect(field(s, 'Series', 'cover_image_key')?.file).toEqual({ contentTypes: ['image/png', 'image/jpeg'], maxBytes: 2 * 1048576 });
  });

  it('reads "An instalment is a draft, scheduled or published" as its states', () => {
    const s = spec('An instalment has a title and a release date.', 'An instalment is a draft, scheduled or published.');
    expect(field(s, 'Instalment', 'status')?.values).toEqual(['draft', 'scheduled', 'published']);
  });

  it("reads \"When an instalment's release date arrives, publish it\" as a wait until that date, then the state", () => {
    const s = spec('An instalment has a title, a release date and a status: draft, scheduled or published.', "When an instalment's release date arrives, publish it.");
    const flow = s.workflows[0]!;
    expect(flow.trigger).toEqual({ entity: 'Instalment', event: 'created' });
    expect(flow.steps.map((step) => step.kind)).toEqual(['waitUntil', 'task']);
    expect(flow.steps[0]).toMatchObject({ field: 'release_date' });
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe("a recording studio owner's letter", () => {
  it('reads "let\'s keep it simple and treat a label as a client too" as no record', () => {
    const s = spec('A gig has a date.', "Some clients are labels, but let's keep it simple and treat a label as a client too.");
    expect(s.entities.map((e) => e.name)).not.toContain('Let');
  });

  it('reads "A patron is either a school or a family. We need their name, ..." as a record with its kind and fields, patrons logging in too', () => {
    const s = spec('A visit has a date.', 'A patron is either a school or a family. We need their name, a contact person and email.', 'Patrons can see their own visits.');
    expect(s.entities.find((e) => e.name === 'Patron')?.fields.map((f) => f.name)).toEqual(['type', 'name', 'contact_person', 'email']);
    expect(field(s, 'Patron', 'type')?.values).toEqual(['school', 'family']);
  });

  it('reads "two engineers, Sam and Priya" and "Sam and Priya can ..." as the engineer role', () => {
    const s = spec('There are three of us: me (I own the place), and two engineers, Sam and Priya.', 'A mix has a title. An invoice has an amount.', 'Sam and Priya can see and edit everything except invoices.');
    expect(rightsOf(s, 'engineer')).toEqual({ Mix: 'r u' });
  });

  it('reads "A take is a block of studio time: a date, a start time and a room" as the take\'s fields', () => {
    const s = spec('A song has a title.', 'A take is a block of studio time: a date, a start time and a room.');
    expect(s.entities.find((e) => e.name === 'Take')?.fields.map((f) => f.name)).toEqual(['date', 'start_time', 'room']);
  });

  it('reads "A release is something like "the Hollow Pines EP": it belongs to one artist, has a title and a budget"', () => {
    const s = spec('An artist has a name.', 'A release is something like "the Hollow Pines EP": it belongs to one artist, has a title and a budget.');
    expect(s.entities.find((e) => e.name === 'Release')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['title', 'budget', 'artist_id']));
  });
});

describe('"take" as a noun', () => {
  it('reads "A take has a date and a room" as the Take record, no act of creating', () => {
    const s = spec('A take has a date and a room.');
    expect(s.entities.map((e) => e.name)).toEqual(['Take']);
  });

  it('still reads "Stewards take bookings" as creating them', () => {
    const s = spec('A booking has a date.', 'Stewards take bookings.');
    expect(rightsOf(s, 'steward').Booking).toMatch(/^c\b/);
  });
});

describe("the rest of the recording studio's letter", () => {
  it('reads "Things I\'d love it to do: A; and if ..., B" as two automations', () => {
    const s = spec('A gig has a date and a status: requested, confirmed or cancelled. A bill has an amount, a due date and a paid flag.', "Things I'd love it to do: remind the client by email two days before each confirmed gig; and if a bill is still unpaid a week after the due date, email me.");
    expect(s.workflows.map((w) => w.trigger)).toEqual([{ entity: 'Gig', event: 'updated', field: 'status', value: 'confirmed' }, { entity: 'Bill', event: 'created' }]);
    expect(s.workflows[1]!.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'due_date', offset: '+P1W' });
    expect(s.workflows.map((w) => w.description?.charAt(0))).toEqual(['R', 'I']);
  });

  it('keeps "...; if it hasn\'t been sold by then, put it back" with the automation before', () => {
    const s = spec('A lot has a title and a status: in stock, reserved or sold.', "When a lot gets reserved, hold it for 7 days; if it hasn't been sold by then, put it back in stock.");
    expect(s.workflows).toHaveLength(1);
  });

  it('reads "We invoice per project" as each invoice being for one project', () => {
    const s = spec('A project has a title.', 'We invoice per project. An invoice has a number and an amount.');
    expect(field(s, 'Invoice', 'project_id')?.type).toBe('ref(Project)');
  });

  it('reads "After a session we upload the bounces - WAV or MP3, each up to 500 MB - so ..." as records that are files, of the session', () => {
    const s = spec('A session has a date and a room.', 'After a session we upload the mixes - WAV or MP3, each up to 500 MB - so the client can download them. Each mix has a track name.');
    expect(field(s, 'Mix', 'file_key')?.file).toEqual({ contentTypes: ['audio/wav', 'audio/mpeg'], maxBytes: 500 * 1048576 });
    expect(field(s, 'Mix', 'session_id')?.type).toBe('ref(Session)');
    expect(s.entities.find((e) => e.name === 'Session')?.fields.some((f) => f.type === 'file')).toBe(false);
  });
});

describe('what people may do without an account', () => {
  const RECORDS = 'A show has a title. An episode has a title and a status: draft or published.';

  it('reads "Listeners don\'t log in: shows and published episodes are public" after its colon', () => {
    const s = spec(RECORDS, 'Producers can do everything.', "Listeners don't log in: shows and published episodes are public.");
    expect(s.access.filter((r) => r.level === 'public').map((r) => `${r.entity}.${r.operation}`).sort()).toEqual(['Episode.list', 'Episode.read', 'Show.list', 'Show.read']);
  });

  it('reads "Listeners don\'t need an account to see shows and episodes" as both readable by anyone', () => {
    const s = spec(RECORDS, 'Producers can do everything.', "Listeners don't need an account to see shows and episodes.");
    expect(s.access.filter((r) => r.level === 'public').map((r) => `${r.entity}.${r.operation}`).sort()).toEqual(['Episode.list', 'Episode.read', 'Show.list', 'Show.read']);
  });

  it('reads "As a local club or church group, I can send in a hire request without having an account" as public create', () => {
    const s = spec('A hire request has a date and a group name.', 'Drivers can see hire requests.', '- As a local club or church group, I can send in a hire request without having an account');
    expect(s.access).toContainEqual({ entity: 'HireRequest', operation: 'create', level: 'public' });
  });
});

describe('many of each other, with no record said to link them', () => {
  it.each([['A coach can coach many squads and a squad can have several coaches.'], ['A coach can coach many squads, and a squad can have many coaches.']])('reads "%s" as a record linking one of each', (sentence) => {
    const s = spec('Squads have a name. Coaches have a name and a phone.', sentence);
    expect(s.entities.find((e) => e.name === 'CoachSquad')?.fields).toEqual([
      expect.objectContaining({ name: 'coach_id', type: 'ref(Coach)', required: true }),
      expect.objectContaining({ name: 'squad_id', type: 'ref(Squad)', required: true }),
    ]);
  });

  it('drops the single link said before ("Guests appear on episodes"), which the linking record replaces', () => {
    const s = spec('Episodes have a title. Guests have a name.', 'Guests appear on episodes. A guest can be on many episodes, and an episode can have many guests.');
    expect(field(s, 'Guest', 'episode_id')).toBeUndefined();
    expect(s.entities.find((e) => e.name === 'GuestEpisode')?.fields.map((f) => f.name)).toEqual(['guest_id', 'episode_id']);
  });

  it('makes none when the text names the record that links them', () => {
    const s = spec('Tours have a name. Wines have a name.', 'A tour pours several wines and a wine is poured on several tours. We keep that as pourings: a pouring links one tour and one wine, with a pour size.');
    expect(s.entities.map((e) => e.name)).not.toContain('TourWine');
  });

  it('reads "A sponsor can sponsor many episodes, but each episode has at most one sponsor" as one optional link, no other record', () => {
    const s = spec('Episodes have a title.', 'A sponsor can sponsor many episodes, but each episode has at most one sponsor. Sponsors have a company name.');
    expect(s.entities.map((e) => e.name)).toEqual(['Episode', 'Sponsor']);
    expect(field(s, 'Episode', 'sponsor_id')).toMatchObject({ type: 'ref(Sponsor)', required: false });
  });
});

describe("a nail technician's quick notes", () => {
  const RECORDS = ['clients - name, phone (must have), any allergys, notes', 'treatments - name, price', 'bookings: which client, which treatment, date + time, deposit paid y/n, status (pending/confirmed/done/cancelled/no show)'];

  it('reads "allergys" as allergies and "date + time" as when it starts', () => {
    const s = spec(...RECORDS);
    expect(s.entities.find((e) => e.name === 'Client')?.fields.map((f) => f.name)).toContain('allergies');
    expect(field(s, 'Booking', 'starts_at')?.type).toBe('datetime');
  });

  it('reads "Clients book themselves online but it stays pending till I confirm" without giving clients the confirming', () => {
    const s = spec(...RECORDS, 'clients book themselves online but it stays pending till i confirm. i can do everything obvs');
    expect(rightsOf(s, 'client').Booking).toBe('c r');
    expect(Object.values(rightsOf(s, 'client')).join(' ')).not.toContain('u');
  });

  it('reads "clients can log in and see there own stuff only" as their own client record and bookings', () => {
    const s = spec(...RECORDS, 'clients can log in and see there own stuff only');
    expect(rightsOf(s, 'client')).toEqual({ Client: 'r:own', Booking: 'r:own' });
  });

  it('reads "pics of finished nails w/ each booking, jpg only, max 5mb" as a photo of each booking', () => {
    const s = spec(...RECORDS, 'pics of finished nails w/ each booking, jpg only, max 5mb');
    expect(field(s, 'Booking', 'finished_nails_photo_key')?.file).toEqual({ contentTypes: ['image/jpeg'], maxBytes: 5 * 1048576 });
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "remind the client the day b4 there booking" as a wait until the day before', () => {
    const s = spec(...RECORDS, 'remind the client the day b4 there booking');
    expect(s.workflows[0]?.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'starts_at', offset: '-P1D' });
  });
});

describe("a spare-parts warehouse's long page", () => {
  it('reads "Spares have a part number, a quantity on hand, a reorder level and a credit limit" with their types', () => {
    const s = spec('Spares have a part number, a quantity on hand, a reorder level and a credit limit.');
    expect(['quantity_on_hand', 'reorder_level', 'credit_limit'].map((name) => field(s, 'Spare', name)?.type)).toEqual(['integer', 'integer', 'number']);
  });

  it('reads "Parts have a part number and a name" as the Part record (spare parts said bare)', () => {
    expect(spec('Parts have a part number and a name.').entities.map((e) => e.name)).toEqual(['Part']);
  });

  it('reads "Buyers are either farms or dealers. Dealers get a trade discount, a percentage between 0 and 30" as the buyer\'s type and an optional discount', () => {
    const s = spec('Buyers have a business name. Buyers are either farms or dealers. Dealers get a trade discount, a percentage between 0 and 30.');
    expect(s.entities.map((e) => e.name)).toEqual(['Buyer']);
    expect(field(s, 'Buyer', 'type')?.values).toEqual(['farm', 'dealer']);
    expect(field(s, 'Buyer', 'trade_discount')).toMatchObject({ type: 'number', required: false, min: 0, max: 30 });
  });

  it('keeps "a number of seats" a field of its own after a comma', () => {
    const s = spec('We have dining tables, each with a table number, a number of seats, and an area.');
    expect(s.entities[0]?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['table_number', 'seats']));
  });

  it('reads "When an order is shipped we create a shipment for it with ..." and "A delivery note is attached as a PDF of up to 2 MB" as the shipment', () => {
    const s = spec('An order has an order date and a status: received, shipped.', 'When an order is shipped we create a shipment for it with the carrier, the tracking number and the ship date. A delivery note is attached as a PDF of up to 2 MB.');
    expect(s.entities.find((e) => e.name === 'Shipment')?.fields.map((f) => f.name)).toEqual(['carrier', 'tracking_number', 'ship_date', 'delivery_note_key', 'order_id']);
    expect(field(s, 'Shipment', 'delivery_note_key')?.file).toEqual({ contentTypes: ['application/pdf'], maxBytes: 2 * 1048576 });
    expect(s.workflows).toEqual([]);
  });

  it('reads "Every night at 6pm, email the sales team a summary of orders received that day" as a job for the sales staff', () => {
    const s = spec('An order has an order date and a status: received, shipped.', 'Sales staff manage orders.', 'Every night at 6pm, email the sales team a summary of orders received that day.');
    expect(s.schedules?.[0]).toMatchObject({ records: { entity: 'Order', age: { field: 'created_at', within: 'P1D' } }, actions: [{ type: 'notify', to: { role: 'sales_staff' } }] });
    expect(s.schedules?.[0]?.records?.where).toBeUndefined();
  });
});

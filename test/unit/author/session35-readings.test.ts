/**
 * Session 35 (issue 23): readings new users' descriptions showed missing (a dog walker's chatty
 * letter, an escape room's bullets, a wedding venue's prose, a sailing club's user stories, a
 * dental group's colon lists, a radio station's lower-case notes, a coworking space's page, a
 * school's trip consent, a mobile mechanic's headed notes, a recipe site), pinned on records made
 * up for these tests.
 */
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';

const stepsOf = (s: ReturnType<typeof spec>, entity: string) =>
  s.workflows.find((w) => w.trigger?.entity === entity)?.steps.map((x) => `${x.kind}:${x.name}${x.kind === 'task' && x.action ? ` ${x.action.type}` : ''}`);

describe('tenancy', () => {
  it('reads "we send every company an invoice" as a message, not each company kept apart', () => {
    const s = spec('Studio lets.', 'Companies have a name and a billing email.', 'At the end of each month, we send every company an invoice for their staff bookings.');
    expect(s.tenancy).toBe('single');
    expect(s.openQuestions).toContainEqual(expect.stringContaining('we send every company an invoice'));
  });

  it('reads "Each practice in our group is separate" as the practices kept apart', () => {
    const s = spec('Optician group.', 'Clients: name, phone.', "Each practice in our group is separate - staff only see their own practice's clients.");
    expect(s.tenancy).toBe('multi');
  });
});

describe('a job at the end of each month', () => {
  it('runs "At the end of each month" late on the last day', () => {
    const s = spec('Lets.', 'Flats have a name and a rent.', 'At the end of each month, email the admins a summary of new flats.');
    expect(s.schedules?.[0]?.expression).toBe('cron(0 23 L * ? *)');
  });
});

describe('a booking from one time to another', () => {
  it.each([
    ['Bookings: a member books a room from a start to an end time.'],
    ['A member books a room from a start time to an end time.'],
  ])('reads "%s" as a booking of the room by the member, with both times', (sentence) => {
    const s = spec('Studio.', 'Every room has a name. Members have a name.', sentence);
    expect(field(s, 'Booking', 'start_time')?.type).toBe('datetime');
    expect(field(s, 'Booking', 'end_time')?.type).toBe('datetime');
    expect(field(s, 'Booking', 'room_id')?.type).toBe('ref(Room)');
    expect(field(s, 'Booking', 'member_id')?.type).toBe('ref(Member)');
  });
});

describe('workflows that would do nothing', () => {
  it('asks about "can be changed up to 3 hours before it starts", no list of states', () => {
    const s = spec('Studio.', 'Reservations have a start time and a room.', 'A reservation can be changed up to 3 hours before it starts.');
    expect(s.openQuestions).toContainEqual(expect.stringContaining('changed up to 3 hours'));
  });

  it('makes no workflow of waits alone, and asks about the sentence', () => {
    const s = spec('Studio.', 'Reservations have a start time and a room.', 'A reservation can be cancelled up to 3 hours before it starts.');
    expect(s.workflows).toEqual([]);
    expect(s.openQuestions).toContainEqual(expect.stringContaining('up to 3 hours before it starts'));
  });
});

describe('what the system does, said in the third person', () => {
  it('reads "the system waits until ... and sends a renewal email" as a wait, then the email', () => {
    const s = spec('Club.', 'Members have a name and a renewal date.', 'When a member joins, the system waits until 10 days before their renewal date and sends a renewal email.');
    expect(stepsOf(s, 'Member')).toEqual(['waitUntil:wait_until_renewal_date', 'task:send_renewal_email']);
  });

  it('reads "it should ping the captains" as a task', () => {
    const s = spec('League.', 'Matches have a start time.', "Three days before a match's start time it should ping the admins to pick their teams.");
    expect(stepsOf(s, 'Match')).toEqual(['waitUntil:wait_until_start_time', 'task:ping_admins notify']);
  });

  it('reads a request asked as a question, "could it remind them? that would be great"', () => {
    const s = spec('Mural.', 'Painters have a name and an insurance expiry date.', "oh and two weeks before a painter's insurance expiry date could it remind them? that would be great.");
    expect(stepsOf(s, 'Painter')).toEqual(['waitUntil:wait_until_insurance_expiry_date', 'task:remind notify']);
  });
});

describe('what was waited for, then what happens if it did not come', () => {
  it('goes on with "If it still isn\'t, post a reminder letter", the payment ending the wait', () => {
    const s = spec('Rent.', 'Invoices have an amount, a due date and a status (unpaid or paid).', "Once an invoice is created, wait until its due date, then give it another 10 days to be paid. If it still isn't, post a reminder letter.");
    expect(s.workflows).toHaveLength(1);
    const wait = s.workflows[0]!.steps.find((x) => x.kind === 'waitForEvent');
    expect(wait?.kind === 'waitForEvent' && wait.on).toEqual([{ event: 'paid', next: { end: 'paid' } }]);
    expect(stepsOf(s, 'Invoice')).toEqual(['waitUntil:wait_until_due_date', 'waitForEvent:wait_for_paid', 'task:post_reminder_letter']);
  });

  it('goes on with "If the deposit doesn\'t arrive in that time, the hold is released"', () => {
    const s = spec('Hall.', 'Bookings have a date, a deposit and a status (held, confirmed, released).', "When a booking is put on hold, we wait up to 72 hours for the hirer to pay the deposit. If the deposit doesn't arrive in that time, the hold is released.");
    expect(stepsOf(s, 'Booking')).toEqual(['waitForEvent:wait_for_hirer', 'task:release update']);
  });

  it.each([
    ['when someone books, if they havent paid in 4 days cancel the booking'],
    ['when someone books, if the deposit is not in within 4 days cancel the booking'],
  ])('reads "%s": paid, the time no particle, and the booking the record itself', (sentence) => {
    const s = spec('Kayaks.', 'Hires have a date and a status (booked, paid, cancelled).', sentence);
    expect(stepsOf(s, 'Hire')).toEqual(['waitForEvent:wait_for_paid', 'task:cancel update']);
  });
});

describe('a chatty letter: who adds what, booked, and for how many', () => {
  it.each([
    ['Basically owners sign up and add their cats - name, breed, any medical stuff we should know and a photo if they like.'],
    ['Owners add their cats - name, breed, any medical stuff we should know and a photo if they like.'],
  ])('reads "%s" after another sentence of the paragraph', (sentence) => {
    const s = spec('Cattery.', `I am tired of paper. ${sentence}`);
    expect(field(s, 'Cat', 'breed')?.type).toBe('string');
    expect(field(s, 'Cat', 'photo_key')?.type).toBe('file');
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "Owners book visits for a day and a time slot (...)" as the visits, the day a date', () => {
    const s = spec('Cattery.', 'Cats have a name.', 'Owners book visits for a day and a time slot (morning or evening).');
    expect(field(s, 'Visit', 'date')?.type).toBe('date');
    expect(field(s, 'Visit', 'time_slot')?.values).toEqual(['morning', 'evening']);
  });

  it('keeps "Travellers book seats for a trip" a relation, the trip a record type described', () => {
    const s = spec('Coaches.', 'Trips have a date. Seats have a number.', 'Travellers book seats for a trip.');
    expect(field(s, 'Seat', 'trip_id')?.type).toBe('ref(Trip)');
    expect(s.entities.map((e) => e.name)).not.toContain('Booking');
  });

  it('reads "A visit is for one or more cats and it\'s either a home visit or a boarding stay" as many on both sides, and its type', () => {
    const s = spec('Cattery.', 'Cats have a name. Visits have a date.', "A visit is for one or more cats and it's either a home visit or a boarding stay.");
    expect(field(s, 'VisitCat', 'cat_id')?.type).toBe('ref(Cat)');
    expect(field(s, 'VisitCat', 'visit_id')?.type).toBe('ref(Visit)');
    expect(field(s, 'Visit', 'type')?.values).toEqual(['home_visit', 'boarding_stay']);
  });

  it('emails the writer for "I\'d like to get an email so I can sort it"', () => {
    const s = spec('Cattery.', 'Visits have a date.', "If a visit hasn't been confirmed 24 hours before it's due, I'd like to get an email so I can sort it.");
    const task = s.workflows[0]?.steps.find((x) => x.kind === 'task');
    expect(task?.kind === 'task' && task.action).toMatchObject({ type: 'notify', to: { role: 'admin' } });
  });

  it('asks nothing about "I\'d love something simple"', () => {
    const s = spec('Cattery.', "I'd love something simple. Cats have a name.");
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('a venue\'s prose: what people send, how it moves on, and who works at many', () => {
  it('reads "Couples send us an enquiry with their names, email, ..." as the enquiry\'s fields', () => {
    const s = spec('Hall.', 'Couples send us an enquiry with their names, email, phone, how many guests they expect and their budget.');
    expect(field(s, 'Enquiry', 'email')?.type).toBe('email');
    expect(field(s, 'Enquiry', 'budget')?.type).toBe('number');
  });

  it('reads states named in brackets after what people do, and the state it becomes', () => {
    const s = spec('Hall.', 'Enquiries have a date.', "An enquiry starts as new, then we reply and it becomes answered, then they may come round (viewing booked), and then either they book (won) or they don't (lost).");
    expect(field(s, 'Enquiry', 'status')?.values).toEqual(['new', 'answered', 'viewing_booked', 'won', 'lost']);
  });

  it('ends a sentence at "etc." before "A"', () => {
    const s = spec('Hall.', 'Parties have a date. Each party has a list of caterers - bakers, butchers, bar staff etc. A caterer has a company name and a phone.');
    expect(field(s, 'Caterer', 'company_name')?.type).toBe('string');
  });

  it('reads many of each other, said in two sentences, as many on both sides', () => {
    const s = spec('Hall.', 'Parties have a date. A caterer has a company name.', 'Each party has a list of caterers - bakers, butchers, bar staff etc. The same caterer works at lots of our parties.');
    expect(field(s, 'PartyCaterer', 'caterer_id')?.type).toBe('ref(Caterer)');
    expect(field(s, 'Party', 'caterer_id')).toBeUndefined();
    expect(field(s, 'Caterer', 'party_id')).toBeUndefined();
  });

  it('reads "The couples get a login once they book and can see their own party" as a role\'s right, not a record', () => {
    const s = spec('Hall.', 'Parties have a date.', 'The couples get a login once they book and can see their own party.');
    expect(s.entities.map((e) => e.name)).toEqual(['Party']);
    expect(s.roles.find((r) => r.name === 'couple')?.rights.Party?.read).toBe('own');
  });
});

describe('records a record is made of, each with its fields', () => {
  it.each([
    ['A quote is made of quote lines, each with a description, a quantity and a price.'],
    ['A quote has quote lines, each with a description, a quantity and a price.'],
  ])('reads "%s" as the lines of the quote', (sentence) => {
    const s = spec('Builders.', 'Quotes: customer name, total.', sentence);
    expect(field(s, 'QuoteLine', 'quote_id')?.type).toBe('ref(Quote)');
    expect(field(s, 'QuoteLine', 'quantity')?.type).toBe('integer');
    expect(field(s, 'Quote', 'each')).toBeUndefined();
  });

  it('reads "It has parts (each with ...) and numbered stages (each stage has ...)" as two records of it, the stages by number', () => {
    const s = spec('Kits.', 'A kit has a title and a price. It has parts (each with a name and a quantity) and numbered stages (each stage has text and an optional photo).');
    expect(field(s, 'Part', 'kit_id')?.type).toBe('ref(Kit)');
    expect(field(s, 'Part', 'quantity')?.type).toBe('integer');
    expect(field(s, 'Stage', 'kit_id')?.type).toBe('ref(Kit)');
    expect(field(s, 'Stage', 'stage_number')?.type).toBe('integer');
    expect(field(s, 'Kit', 'stage_id')).toBeUndefined();
  });

  it('reads "length (15, 30 or 60 mins)" as whole minutes, the choices a note, and asks nothing', () => {
    const s = spec('Clinic.', 'Sessions: client name, length (15, 30 or 60 mins), room.');
    expect(field(s, 'Session', 'length_minutes')?.type).toBe('integer');
    expect(field(s, 'Session', 'length_minutes')?.notes).toBe('15, 30 or 60');
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('people in general, and what moderators do', () => {
  it('makes a user role of "Users can post recipes" when no other people are named', () => {
    const s = spec('Cookbook.', 'A recipe has a title and a cuisine. Users can post recipes.');
    expect(s.roles.find((r) => r.name === 'user')?.rights.Recipe?.create).toBe('all');
  });

  it('reads "Moderators can hide any comment" as an update', () => {
    const s = spec('Forum.', 'Comments have a body.', 'Moderators can hide any comment.');
    expect(s.roles.find((r) => r.name === 'moderator')?.rights.Comment?.update).toBe('all');
  });
});

describe('lower-case notes of a radio station', () => {
  it('reads "each episode of a show has ..." as the episode, the show its parent', () => {
    const s = spec('Podcasts.', 'shows have a title.', 'each episode of a show has an air date and a recording (mp3, max 200mb).');
    expect(field(s, 'Episode', 'show_id')?.type).toBe('ref(Show)');
    expect(s.entities.map((e) => e.name)).not.toContain('EpisodeOfShow');
  });

  it('reads "the editor approves new articles before ... (draft -> approved or rejected)" as a right and the states', () => {
    const s = spec('Newsletter.', 'articles have a title.', 'the editor approves new articles before they go out (draft -> approved or rejected).');
    expect(field(s, 'Article', 'status')?.values).toEqual(['draft', 'approved', 'rejected']);
    expect(s.roles.find((r) => r.name === 'editor')?.rights.Article?.update).toBe('all');
    expect(s.entities.map((e) => e.name)).toEqual(['Article']);
  });

  it('reads "setlist = list of songs, each song has ..." as the songs of a setlist', () => {
    const s = spec('Band.', 'gigs have a date and a setlist.', 'setlist = list of songs, each song has a title, a key and whether it is a cover.');
    expect(field(s, 'Song', 'setlist_id')?.type).toBe('ref(Setlist)');
    expect(field(s, 'Song', 'cover')?.type).toBe('boolean');
  });
});

describe('a school trip\'s consent and payments', () => {
  it('reads "... in instalments - we record each payment with ..." as the payments\' fields after the dash', () => {
    const s = spec('Trips.', 'A trip has a title.', 'Payment can be in full or in instalments - we record each payment with an amount, the date and the method (card, cash or voucher).');
    expect(field(s, 'Payment', 'method')?.values).toEqual(['card', 'cash', 'voucher']);
  });

  it('reads "Parents then give or refuse consent for their child, and can add medical notes" as a consent they make', () => {
    const s = spec('Trips.', 'A trip has a title.', 'Parents then give or refuse consent for their child, and can add medical notes and dietary needs.');
    expect(field(s, 'Consent', 'answer')?.values).toEqual(['given', 'refused']);
    expect(field(s, 'Consent', 'medical_notes')?.type).toBe('text');
    expect(s.roles.find((r) => r.name === 'parent')?.rights.Consent?.create).toBe('all');
  });

  it('reads "A carer has a name, email, mobile and can have more than one client" without a field of the last part', () => {
    const s = spec('Care.', 'A carer has a name, email, mobile and can have more than one client at a time.');
    expect(s.entities.find((e) => e.name === 'Carer')?.fields.map((f) => f.name)).toEqual(['name', 'email', 'mobile']);
  });

  it('reads "a year built" as a whole number', () => {
    const s = spec('Mills.', 'A mill has a name and a year built.');
    expect(field(s, 'Mill', 'year_built')?.type).toBe('integer');
  });

  it('reads "a max of 6 trainees" as a capacity bound', () => {
    const s = spec('Courses.', 'Courses: level, start date, a max of 6 trainees.');
    expect(field(s, 'Course', 'capacity')).toMatchObject({ type: 'integer', max: 6 });
  });
});

describe('what did not happen, as the state of the record that says so', () => {
  it('reads "If a client doesn\'t attend, send them a message the next day" on the session\'s did-not-attend state, after a day', () => {
    const s = spec('Physio.', 'Clients: name, phone.', 'Sessions: client, start time, status (booked, arrived, completed, did not attend, cancelled).', "If a client doesn't attend, send them a message the next day asking them to rebook.");
    expect(s.workflows[0]?.trigger).toEqual({ entity: 'Session', event: 'updated', field: 'status', value: 'did_not_attend' });
    expect(s.workflows[0]?.steps.map((x) => x.kind)).toEqual(['wait', 'task']);
    expect(field(s, 'Client', 'status')).toBeUndefined();
  });
});

describe('signing up for a course', () => {
  it.each([['Members can sign up for a workshop.'], ['As a member I want to sign up for a workshop.'], ['Members can enrol on a workshop.']])('reads "%s" as an enrolment of the member in the workshop', (sentence) => {
    const s = spec('Studio.', 'Workshops have a title and a start date. Members have a name.', sentence);
    expect(field(s, 'Enrolment', 'workshop_id')?.type).toBe('ref(Workshop)');
    expect(field(s, 'Enrolment', 'member_id')?.type).toBe('ref(Member)');
    expect(s.roles.find((r) => r.name === 'member')?.rights.Enrolment?.create).toBe('all');
  });
});

describe('a state a record goes back to when it waited in vain', () => {
  it.each([
    ['A held table goes back to free if it isn\'t booked within 10 minutes.'],
    ['When a table is held, if it isn\'t booked within 10 minutes, mark it as free.'],
  ])('reads "%s" as a wait from held, then the state set', (sentence) => {
    const s = spec('Restaurant.', 'Tables: a number, a status: free, held, booked, closed.', sentence);
    const flow = s.workflows[0]!;
    expect(flow.trigger).toEqual({ entity: 'Table', event: 'updated', field: 'status', value: 'held' });
    const task = flow.steps.find((x) => x.kind === 'task');
    expect(task?.kind === 'task' && task.action).toEqual({ type: 'update', set: [{ field: 'status', value: 'free' }] });
  });
});

describe('a coworking page: kinds, and what some members have', () => {
  it('reads "There are three kinds of space you can book: hot desks, fixed desks and meeting rooms" as the kind of each', () => {
    const s = spec('Hub.', 'Every space has a name and a floor.', 'There are three kinds of space you can book: hot desks, fixed desks and meeting rooms.');
    expect(field(s, 'Space', 'kind')?.values).toEqual(['hot_desk', 'fixed_desk', 'meeting_room']);
  });

  it('reads "Members on a 10-day pack have a number of days left, which can\'t go negative" as a count of theirs, at least zero', () => {
    const s = spec('Hub.', 'Members have a name and a plan (day pass, 10-day pack, full time).', "Members on a 10-day pack have a number of days left, which can't go negative.");
    expect(field(s, 'Member', 'days_left')).toMatchObject({ type: 'integer', min: 0 });
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

/**
 * Session 29 (issue 23): how chatty writers move from one record to the next and talk around what
 * they say, on records made up for these tests (not from the corpus): the count before a topic
 * ("First there are ...", "Secondly, ..."), fillers ("Anyway,", "OK so"), a plural said alone
 * before "Each one has", "which I'll call ...", "X: we need ... for every one", a rule said once
 * for several fields, "starts life as", "ends up as", "which for us is either ...", and why an item
 * is kept ("because ...") being no part of it.
 */
import { normalizeInformal } from '../../../lambdas/core/spec/author/wording';
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';

const namesOf = (s: ReturnType<typeof spec>, entity: string) => s.entities.find((e) => e.name === entity)?.fields.map((f) => f.name) ?? [];

describe('how a writer moves on to the next record', () => {
  it.each([
    'Firstly, kites.',
    'First of all, kites.',
    'To start with, kites.',
    'Secondly, kites.',
    'Lastly, kites.',
    'On top of that, kites.',
    'Anyway, kites.',
    'OK so kites.',
    'Basically, kites.',
    'Kites.',
    'First there are the kites themselves.',
    'Secondly there are kites.',
  ])('"%s Each one has a name, a wingspan and a price." gives the kite its fields', (lead) => {
    const s = spec(`${lead} Each one has a name, a wingspan and a price.`, 'Flyers have a name.');
    expect(namesOf(s, 'Kite')).toEqual(expect.arrayContaining(['name', 'wingspan', 'price']));
  });

  it('small talk said alone ("Details.", "Thanks.") is no record for "each one"', () => {
    const s = spec('Kites have a name. Details. Each one has a colour.', 'Thanks. Each one has a price.');
    expect(s.entities.map((e) => e.name)).not.toEqual(expect.arrayContaining(['Detail']));
    expect(s.entities.map((e) => e.name)).not.toEqual(expect.arrayContaining(['Thank']));
  });

  it('reads "the places we fly at, which I\'ll call sites even though ...: we need the name ... for every one" as the record so named', () => {
    const s = spec('Kites have a name.', "Then the places we fly at, which I'll call sites even though most of them are beaches: we need the name and a contact email for every one, plus the address.");
    expect(namesOf(s, 'Site')).toEqual(expect.arrayContaining(['name', 'contact_email', 'address']));
    expect(s.entities.map((e) => e.name)).not.toContain('Place');
  });

  it('reads "Pitches: we need the name and a contact email for each of them" as the list', () => {
    const s = spec('Kites have a name.', 'Pitches: we need the name and a contact email for each of them, plus the address.');
    expect(namesOf(s, 'Pitch')).toEqual(['name', 'contact_email', 'address']);
  });
});

describe('rules and states said in passing', () => {
  it.each([
    'The kite, the fee and the date all have to be filled in.',
    'The kite, the fee and the date are all required.',
    'The kite, the fee and the date must all be given.',
  ])('"%s" makes each of the three required', (rule) => {
    const s = spec('Kites have a name.', `A lesson is for one kite and has a date, a fee and a note. ${rule}`);
    expect(field(s, 'Lesson', 'kite_id')?.required).toBe(true);
    expect(field(s, 'Lesson', 'fee')?.required).toBe(true);
    expect(field(s, 'Lesson', 'date')?.required).toBe(true);
    expect(field(s, 'Lesson', 'note')?.required).not.toBe(true);
    expect(namesOf(s, 'Lesson').filter((n) => /all|have|given/.test(n))).toEqual([]);
  });

  it('reads "It starts life as an enquiry, then becomes pencilled or confirmed, and ends up as flown, or cancelled ..." as the states', () => {
    const s = spec('Kites have a name.', 'A lesson is for one kite and has a date. It starts life as an enquiry, then becomes pencilled or confirmed, and ends up as flown, or cancelled if the wind drops.');
    expect(field(s, 'Lesson', 'status')?.values).toEqual(['enquiry', 'pencilled', 'confirmed', 'flown', 'cancelled']);
  });

  it('reads "which level it is for, which for us is either beginner, improver or expert" as one field with its values', () => {
    const s = spec("Each kite has a name and which level it's meant for, which for us is either beginner, improver or expert.");
    expect(field(s, 'Kite', 'level')?.values).toEqual(['beginner', 'improver', 'expert']);
    expect(namesOf(s, 'Kite')).not.toContain('which');
  });

  it('reads "the temperature, which for us can only be between -30 and 8" as its bounds', () => {
    const s = spec('Each freezer has a name and the temperature, which for us can only be between -30 and 8.');
    expect(field(s, 'Freezer', 'temperature')).toMatchObject({ min: -30, max: 8 });
  });

  it('keeps why an item is recorded out of the list ("..., because that changes ...")', () => {
    const s = spec('For each flyer we need their full name. We record whether the flyer holds a licence, because that changes how we insure them and who we call in an emergency.');
    expect(namesOf(s, 'Flyer').filter((n) => /call|insure|emergency/.test(n))).toEqual([]);
  });

  it('keeps the items after the reason ("..., because it affects X, and the colour")', () => {
    const s = spec('Kites have a name. We also record how many lines it has, as a whole number, because it affects the price, and the colour.');
    expect(namesOf(s, 'Kite')).toContain('colour');
  });
});

describe('found in a probe of its own: a costume store in chatty paragraphs', () => {
  const s = spec(
    "So, first up, the costumes. For every costume we need a code (no two the same), a short description, what size it is, which period it's from (Victorian, 1920s, modern or fantasy) and a photo if we've got one, just a JPEG under 4 MB.",
    "Then there are the hires. A hire is when another group borrows some costumes for a show. We note the group's name, a contact phone, the date they pick up and the date they bring it back, and the fee. A hire is requested at first, then approved or turned down, then out, and finally returned.",
  );

  it('keeps the record announced before a sentence saying what it is ("A hire is when ..."), and asks nothing about the announcement', () => {
    expect(namesOf(s, 'Hire')).toEqual(expect.arrayContaining(['group_name', 'contact_phone', 'fee']));
    expect(namesOf(s, 'Costume')).not.toContain('fee');
    expect(s.openQuestions ?? []).not.toContain('Then there are the hires');
    expect(s.openQuestions ?? []).not.toContain('First up, the costumes');
  });

  it('names the date of a move by the move ("the date they pick up", "the date they bring it back")', () => {
    expect(field(s, 'Hire', 'pickup_date')?.type).toBe('date');
    expect(field(s, 'Hire', 'return_date')?.type).toBe('date');
  });

  it('reads "is requested at first, then approved or turned down, then out, and finally returned" as the states', () => {
    expect(field(s, 'Hire', 'status')?.values).toEqual(['requested', 'approved', 'turned_down', 'out', 'returned']);
  });

  it('reads "a photo if we\'ve got one, just a JPEG under 4 MB" as one file', () => {
    expect(field(s, 'Costume', 'photo_key')?.file).toEqual({ contentTypes: ['image/jpeg'], maxBytes: 4 * 1048576 });
    expect(namesOf(s, 'Costume').filter((n) => n.startsWith('just'))).toEqual([]);
  });

  it('still asks about a record announced that the spec does not have', () => {
    const t = spec('Kites have a name.', 'Then there are the hires. Sadly it rained.');
    expect(t.openQuestions).toContain('Then there are the hires');
  });
});

describe('two record types that each require the other', () => {
  it('keeps only the later one\'s reference ("Every hut has a warden" and "the hut they belong to"), so both can be created', () => {
    const s = spec('Every hut has a name and a warden.', 'For each warden we keep their name, their phone and the hut they belong to.');
    expect(field(s, 'Warden', 'hut_id')).toMatchObject({ type: 'ref(Hut)', required: true });
    expect(field(s, 'Hut', 'warden_id')).toBeUndefined();
  });

  it('keeps an optional reference back ("a captain, who is one of its players")', () => {
    const s = spec('Each team has a name and an optional captain, which is a player.', 'Each player has a name and belongs to one team.');
    expect(field(s, 'Player', 'team_id')?.required).toBe(true);
    expect(field(s, 'Team', 'captain_id')).toMatchObject({ type: 'ref(Player)', required: false });
  });
});

describe('found in a probe of its own: a community choir', () => {
  it('reads "When a concert is a week away, remind everyone" as a wait until a week before the concert\'s date', () => {
    const s = spec('Concerts have a title and a date.', 'Members can read concerts.', 'When a concert is 3 days away, email the members.');
    const workflow = s.workflows.find((w) => w.trigger?.entity === 'Concert');
    expect(workflow?.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'date', offset: '-P3D' });
  });

  it('asks about a condition it cannot read ("When the hall is half empty, ...") rather than taking it for states', () => {
    const s = spec('Concerts have a title and a date.', 'Members can read concerts.', 'When the hall is half empty, ring the caretaker.');
    expect(s.openQuestions).toContain('When the hall is half empty, ring the caretaker');
  });

  it.each([
    ['a pass/fail result', 'result', ['pass', 'fail']],
    ['a low/medium/high priority', 'priority', ['low', 'medium', 'high']],
    ['a yes, no or maybe', 'response', ['yes', 'no', 'maybe']],
  ])('reads "%s" as the field %s with its values', (phrase, name, values) => {
    const s = spec(`Each test has a date and ${phrase}.`);
    expect(field(s, 'Test', name)?.values).toEqual(values);
  });
});

describe('found in a probe of its own: an allotment society in user stories', () => {
  it('reads "I can report a problem (a description, a photo up to 5 MB, and how urgent it is: low, medium or high)" as a problem report and its fields', () => {
    const s = spec('As a plot holder, I can report a problem (a description, a photo up to 5 MB, and how urgent it is: low, medium or high).');
    expect(namesOf(s, 'ProblemReport')).toEqual(['description', 'photo_key', 'urgency']);
    expect(field(s, 'ProblemReport', 'urgency')?.values).toEqual(['low', 'medium', 'high']);
  });

  it('reads "Plot holders can log a problem report with a description and a photo up to 5 MB" as the record they make', () => {
    const s = spec('Plot holders can log a problem report with a description and a photo up to 5 MB.');
    expect(namesOf(s, 'ProblemReport')).toEqual(['description', 'photo_key']);
  });

  it('still reads "Receptionists can record a payment with ..." as the payment, not the receptionist', () => {
    const s = spec('As a receptionist, I can record a payment with the amount, the method (cash, card or bank transfer), and whether it was the deposit.');
    expect(s.entities.map((e) => e.name)).not.toContain('Receptionist');
  });

  it('reads "change the status of a problem report to open, in hand or fixed" as its states', () => {
    const s = spec('Problem reports have a description.', 'As the secretary, I want to change the status of a problem report to open, in hand or fixed.');
    expect(field(s, 'ProblemReport', 'status')?.values).toEqual(['open', 'in_hand', 'fixed']);
  });
});

describe('found in a probe of its own: a tool library in bullets', () => {
  it('reads "If a loan is 7 days overdue, notify the coordinators" as a wait until a week after the loan is due', () => {
    const s = spec('Loans have a borrowed on date and a due back date.', 'Coordinators can do everything.', 'If a loan is 7 days overdue, notify the coordinators.');
    const workflow = s.workflows.find((w) => w.trigger?.entity === 'Loan');
    expect(workflow?.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'due_back_date', offset: '+P7D' });
    expect(field(s, 'Loan', 'status')).toBeUndefined();
  });
});

describe('found in a probe of its own: quick notes for a mobile nail business', () => {
  const s = spec(
    'clients - name, phone no, adress, any alergies\nappts - which client, date n time, price, paid y/n\neach appt is for 1 client obvs, a client can have loads of appts\npics of finished nails w/ each appt, jpg only, keep em under 5mb',
  );

  it('ends a line of quick notes on "paid y/n" (no "n" for "and" there)', () => {
    expect(field(s, 'Appointment', 'paid')?.type).toBe('boolean');
    expect(s.openQuestions?.some((q) => /paid y\/n/.test(q))).not.toBe(true);
  });

  it('corrects the plural of a near-miss ("alergies" -> allergies) and leaves real words ("whereas", "status")', () => {
    expect(namesOf(s, 'Client')).toContain('allergies');
    expect(normalizeInformal('A crew can rig many hires, whereas a hire has a status, on some basis, with no noones.')).toBe('A crew can rig many hires, whereas a hire has a status, on some basis, with no noones.');
    expect(normalizeInformal('the adresses and bookngs')).toBe('the addresses and bookings');
  });

  it('reads two clauses joined by a comma alone ("each appt is for 1 client obvs, a client can have loads of appts") and makes no record of "client obviously"', () => {
    expect(s.entities.map((e) => e.name).sort()).toEqual(['Appointment', 'Client']);
    expect(s.openQuestions?.some((q) => /is for 1 client/.test(q))).not.toBe(true);
  });

  it('invents no record from "pics of finished nails w/ each appt" (it asks instead)', () => {
    expect(s.entities.map((e) => e.name)).not.toContain('Nail');
  });
});

describe('found in a probe of its own: an escape room in field tables', () => {
  const s = spec(
    '## Rooms\n| Field | Type | Notes |\n|---|---|---|\n| Name | text | required |\n| Duration | minutes | usually 60 |\n| Photo | image | png/jpg, 5MB max |',
    '## Bookings\n| Field | Type | Notes |\n|---|---|---|\n| Room | link to Rooms | required |\n| Theme | text | starts on the hour |\n| Status | pending / confirmed / played | starts pending |',
  );

  it('reads "usually 60" and "starts pending" as defaults, and asks nothing about them', () => {
    expect(field(s, 'Room', 'duration_minutes')?.default).toBe(60);
    expect(field(s, 'Booking', 'status')?.default).toBe('pending');
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('keeps "starts on ..." out of the defaults', () => {
    expect(field(s, 'Booking', 'theme')?.default).toBeUndefined();
  });

  it('keeps the formats a note names ("png/jpg") in place of every image the type word allows', () => {
    expect(field(s, 'Room', 'photo_key')?.file).toEqual({ contentTypes: ['image/png', 'image/jpeg'], maxBytes: 5 * 1048576 });
  });

  it('reads "Subs are 40 a term and we record whether they have paid" as a field of the record before', () => {
    const t = spec('Members have a name.', 'Subs are 40 pounds a term and we record whether they have paid.');
    expect(field(t, 'Member', 'has_paid')?.type).toBe('boolean');
  });

  it('asks about a message step with a condition it cannot hold as a phrase, not as who receives it', () => {
    const t = spec('Bikes have a frame number.', 'Owners can read bikes.', 'When a bike is reported stolen, notify the owner if there is a match.');
    expect(t.openQuestions?.some((q) => q.startsWith('Who should receive'))).not.toBe(true);
  });
});

/**
 * Session 25 (issue 23): readings pinned on records made up for them (a diving club's divers,
 * meets and dives, a bakery's ovens): bounds said in a sentence of their own ("Marks go from 0 to
 * 10 with decimals", "Lane numbers start at 1", "Capacity can't go over 12"), a yes/no question
 * about someone else ("whether the parent has given photo consent"), "where it's up to: ..." said
 * alone, and sentences that look like a record's definition but are not: an automation's title,
 * what a law says, people going home with something, a list seen with its prices.
 */
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';

const names = (s: ReturnType<typeof spec>) => s.entities.map((e) => e.name);

describe('bounds said in a sentence of their own', () => {
  const dives = spec('Diving club', 'Divers', 'Name (unique), a home club and a date of birth.', 'Dives', 'The dive number, the diver, the mark and the position. Marks go from 0 to 10 with decimals, the judges give things like 7.5. Position starts at 1.');

  it('reads "Marks go from 0 to 10 with decimals" as a decimal between 0 and 10, and no states', () => {
    expect(field(dives, 'Dive', 'mark')).toMatchObject({ type: 'number', min: 0, max: 10 });
    expect(names(dives)).toEqual(['Diver', 'Dive']);
  });

  it('reads "Position starts at 1" as a whole number of at least 1', () => {
    expect(field(dives, 'Dive', 'position')).toMatchObject({ type: 'integer', min: 1 });
  });

  it('reads "Capacity can\'t go over 12" and "The count can\'t go below nought" as the bounds of those fields', () => {
    const s = spec('Ovens have a name, a capacity and a tray count. Capacity can\'t go over 12, that\'s what the racks hold. The tray count can\'t go below nought, obviously.');
    expect(field(s, 'Oven', 'capacity')?.max).toBe(12);
    expect(field(s, 'Oven', 'tray_count')?.min).toBe(0);
  });
});

describe('fields asked as questions', () => {
  it('reads "whether the parent has given photo consent" as a photo_consent yes/no on the record, no record of its own', () => {
    const s = spec('Diving league', 'Clubs', 'Name (unique), a town and a contact email.', 'Divers', 'First name and last name are a must. Their club number (unique), whether the parent has given photo consent, and a parent\'s email, which we have to have.');
    expect(names(s)).toEqual(['Club', 'Diver']);
    expect(field(s, 'Diver', 'photo_consent')?.type).toBe('boolean');
    expect(field(s, 'Diver', 'parent_email')?.type).toBe('email');
  });

  it('reads "Plus where it\'s up to: planned, entries open, entries closed or finished" as the status with those values', () => {
    const s = spec('Teams', 'Name (unique) and a coach.', 'Meets', 'Name and date, both required, and the pool. Plus where it\'s up to: planned, entries open, entries closed or finished.');
    expect(field(s, 'Meet', 'status')?.values).toEqual(['planned', 'entries_open', 'entries_closed', 'finished']);
  });
});

describe('sentences that define no record', () => {
  it('reads a bold automation title "**Chasing invoices.**" as no record type', () => {
    const s = spec('## Invoices', 'An invoice has an amount, a due date and a status (draft, sent or paid).', '## Automations', "**Chasing invoices.** Once an invoice is marked as sent, wait until the invoice's due date. On that date it emails the payer a polite reminder.");
    expect(names(s)).toEqual(['Invoice']);
  });

  it('reads "The law says we keep ticket records for three years" as no record type', () => {
    const s = spec('A ticket has a number and a date.', 'The law says we keep ticket records for three years.');
    expect(names(s)).toEqual(['Ticket']);
  });

  it('reads "Most divers go home with exercises to do" as no record type', () => {
    const s = spec('A diver has a name and a club number.', 'Most divers go home with exercises to do between sessions.');
    expect(names(s)).toEqual(['Diver']);
  });

  it('reads "anyone can see the list of lanes with their hourly rates" as a public read, no record type of rates', () => {
    const s = spec('Lanes have a name and an hourly rate.', 'Without an account, anyone can see the list of lanes with their hourly rates.');
    expect(names(s)).toEqual(['Lane']);
  });

  it('reads "Every bookable corner of the hall is a lane, with a name ..." as the lane\'s fields', () => {
    const s = spec('Every bookable corner of the hall is a lane, with a name (required), a depth in metres and an hourly rate.');
    expect(names(s)).toEqual(['Lane']);
    expect(field(s, 'Lane', 'name')).toBeDefined();
  });
});

describe('reminders to the people booked on a record', () => {
  const s = spec('Sessions have a title and a start time (date and time). Bookings are for a session and have a name. One hour before a session starts, everyone booked onto it gets a reminder email.');
  const workflow = s.workflows[0];

  it('reads "everyone booked onto it gets a reminder" as a workflow per booking, waiting for its session\'s start', () => {
    expect(workflow?.trigger).toMatchObject({ entity: 'Booking', event: 'created' });
    expect(workflow?.steps[0]).toMatchObject({ kind: 'waitUntil', via: 'session_id', field: 'start_time', offset: '-PT1H' });
  });

  it('sends it to the one who booked, and asks nothing about it', () => {
    expect(workflow?.steps[1]).toMatchObject({ kind: 'task', action: { type: 'notify', to: { owner: true } } });
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('names the task after the message sent, not after who gets it', () => {
    expect(workflow?.steps.map((step) => step.name)).toContain('send_reminder_email');
  });
});

describe('a file\'s rules said with no subject', () => {
  it('reads "PDF only and no bigger than 25 MB." after a file as that file\'s rules', () => {
    const s = spec('A result sheet has the date it was posted, a summary as free text, and one attachment, where we bundle all the scores into a single PDF. PDF only and no bigger than 25 MB.');
    expect(field(s, 'ResultSheet', 'attachment_key')?.file).toEqual({ contentTypes: ['application/pdf'], maxBytes: 25 * 1048576 });
  });
});

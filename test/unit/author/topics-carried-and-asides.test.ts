/**
 * Session 22 (issue 23): records a writer brings up in one sentence and describes in the next
 * ("Then the trade customers. For each one ...", "It starts with pitches.", "Sessions are the
 * day-to-day bit. Each one is for ..."), lists after a colon whatever the verb before it, asides
 * that must not swallow what they sit in, and lists no reader took, which are asked about rather
 * than dropped. Pinned on records made up for it: a plant nursery, a bike workshop, a choir, a
 * village hall, a smokehouse.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { isBareFieldList } from '../../../lambdas/core/spec/author/bare-lists';
import { colonListTopic, introducedTopic, madeWithList } from '../../../lambdas/core/spec/author/topics';
import { splitFieldList } from '../../../lambdas/core/spec/author/fields';
import { entityNameOf } from '../../../lambdas/core/spec/author/entity-names';
import { statesListed } from '../../../lambdas/core/spec/author/list-leads';
import { peopleAsRoles } from '../../../lambdas/core/spec/author/role-sentences';
import { fieldsOf } from '../../support/spec-lookups';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join(' ') });
const field = (s: ReturnType<typeof spec>, entity: string, name: string) => s.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);

describe('a record brought up in one sentence and described in the next', () => {
  it('reads "Then the X." as the topic the next list describes', () => {
    const s = spec('A plant nursery.', 'Each plant has a name and a price.', 'Then the wholesale buyers.', 'For each one I want the business name, their phone and a delivery address.');
    expect(fieldsOf(s, 'WholesaleBuyer')).toEqual(expect.arrayContaining(['business_name', 'phone', 'delivery_address']));
    expect(fieldsOf(s, 'Plant')).not.toContain('business_name');
  });

  it('reads "Then the regular customers. For each one I want ..." as those customers, though customers also send orders', () => {
    const s = spec('A small bakery.', 'It starts with orders.', 'A customer sends an order with a pickup date and some notes, and says which loaf they want: sourdough, rye or seeded.', 'Then the regular customers.', 'For each one I want their name, a phone number and an email (has to be unique).');
    expect(fieldsOf(s, 'RegularCustomer')).toEqual(['name', 'phone', 'email']);
    expect(field(s, 'Order', 'loaf')?.values).toEqual(['sourdough', 'rye', 'seeded']);
  });

  it('reads "Sessions are the day-to-day bit. Each one is for ..." as the sessions', () => {
    const s = spec('A choir.', 'Every singer has a name and a voice part.', 'Rehearsals are the day-to-day bit.', 'Each one is for one singer, with a date and start time and some notes.');
    expect(fieldsOf(s, 'Rehearsal')).toEqual(expect.arrayContaining(['date', 'singer_id', 'notes']));
  });

  it('finds the topic in "It starts with X", "X are straightforward" and "Then X, which ..." whatever the tagger makes of the word', () => {
    expect(introducedTopic('It starts with pitches.')).toBe('pitches');
    expect(introducedTopic('Invoices are straightforward')).toBe('invoices');
    expect(introducedTopic('Then invoices, which is where the chasing comes in.')).toBe('invoices');
    expect(introducedTopic('Then the trade customers.')).toBe('trade customers');
  });

  it('takes no clause with a verb for a topic ("the frobnicator wibbles on tuesdays", "The description is mandatory")', () => {
    expect(introducedTopic('the frobnicator wibbles on tuesdays')).toBeUndefined();
    expect(introducedTopic('The description is mandatory')).toBeUndefined();
    expect(introducedTopic('Our van drivers only need to see the rounds')).toBeUndefined();
  });

  it('reads the list after "X are straightforward:" as the fields of X', () => {
    const s = spec('A magazine.', 'A commission has a fee.', 'Issues are straightforward: an issue number, which is unique of course, the cover date, the theme if there is one and the print deadline, which is required.');
    expect(fieldsOf(s, 'Issue')).toEqual(['issue_number', 'cover_date', 'theme', 'print_deadline']);
    expect(field(s, 'Issue', 'issue_number')?.unique).toBe(true);
    expect(field(s, 'Issue', 'print_deadline')?.required).toBe(true);
  });
});

describe('lists after a colon', () => {
  it('reads "we put up each X: ..." and "X go to Y monthly: ..." as the fields of X', () => {
    expect(colonListTopic('Every morning we put up each loaf: the name, the price and how many we baked')?.topic).toBe('loaf');
    expect(colonListTopic('Invoices go to parents monthly: an invoice number, the amount and a due date')?.topic).toBe('invoices');
  });

  it('keeps a reference among the fields after a colon ("the child")', () => {
    const s = spec('A nursery.', 'Every child has a name.', 'Invoices go to parents monthly: invoice number (unique), the child, the amount and a due date.');
    expect(fieldsOf(s, 'Invoice')).toEqual(expect.arrayContaining(['invoice_number', 'child_id', 'amount', 'due_date']));
  });

  it('reads "does a check and logs it: ..." as the check, yes/no questions and all', () => {
    const s = spec('A village hall.', 'Each room has a name.', 'Every week the caretaker does a check and logs it: which room, date of check, is the boiler on y/n, any notes.');
    expect(fieldsOf(s, 'Check')).toEqual(expect.arrayContaining(['room_id', 'boiler_on', 'notes']));
    expect(field(s, 'Check', 'boiler_on')?.type).toBe('boolean');
  });

  it('reads "raises an X against their Y with ..." as X, which belongs to Y', () => {
    expect(madeWithList('the writer raises an invoice against their commission with the amount and the date they sent it')).toMatchObject({ record: 'invoice', against: 'commission' });
    const s = spec('A magazine.', 'A commission has a fee and a due date.', 'The writer raises an invoice against their commission with the amount and the date they sent it.');
    expect(fieldsOf(s, 'Invoice')).toEqual(expect.arrayContaining(['amount', 'commission_id']));
  });
});

describe('values, files and asides', () => {
  it('reads values after a dash, hyphenated words and all ("who referred them - self-referral, GP or other")', () => {
    expect(splitFieldList('their name, and the referrer - self-referral, GP, school or other')).toEqual(['their name', 'the referrer (self-referral, GP, school or other)']);
  });

  it('reads "where they are with us: ..." as the status', () => {
    const s = spec('A clinic.', 'For every patient we need their name and where they are with us: waiting list, assessment, active or discharged.');
    expect(field(s, 'Patient', 'status')?.values).toEqual(['waiting_list', 'assessment', 'active', 'discharged']);
  });

  it('gives a sentence of only file rules to the file said just before ("pics only, keep em under 5mb")', () => {
    const s = spec('A smokehouse.', 'Each batch has a name and a smoke date.', 'plus a pic of the rack so people know which is which.', 'pics only, keep em under 5mb.');
    const photo = s.entities.find((e) => e.name === 'Batch')?.fields.find((f) => f.type === 'file');
    expect(photo?.file).toEqual({ contentTypes: ['image/*'], maxBytes: 5 * 1048576 });
  });

  it('keeps the comma after an aside, so the next item stays a field of its own', () => {
    const s = spec('A choir.', 'Concerts are simple: a concert number, which is unique of course, the venue and the date.');
    expect(fieldsOf(s, 'Concert')).toEqual(['concert_number', 'venue', 'date']);
  });

  it('drops a word saying what state a document is in ("the signed consent form", "a scanned copy")', () => {
    const s = spec('A tattoo studio.', 'Each client has a name and a signed consent form (PDF).');
    expect(fieldsOf(s, 'Client')).toContain('consent_form_key');
    expect(isBareFieldList('a picture of the box so people know what to look for', true)).toBe(true);
  });

  it('names no record by an activity or the writer\'s lead-in ("the order-taking", "basically each defib")', () => {
    expect(entityNameOf('the order-taking', new Set())).toBeUndefined();
    expect(entityNameOf('the pre-booking', new Set())).toBe('PreBooking');
    const s = spec('A defibrillator group.', 'basically each defib has a name, a postcode and a status - ready or out of service.');
    expect(s.entities.map((e) => e.name)).toEqual(['Defibrillator']);
  });
});

describe('what no reader took is asked about', () => {
  it('asks about a list it could not read rather than taking "are" and a comma for states', () => {
    const s = spec('A magazine.', 'A commission has a fee.', 'Issues are straightforward: an issue number, the cover date, and when the thing we print hangs off the wall because we like it.');
    expect(s.openQuestions?.some((q) => q.startsWith('Issues are straightforward'))).toBe(true);
  });

  it('still takes states said after the verb as read', () => {
    const s = spec('A bike workshop.', 'Each repair has a description and a status.', 'A repair is booked, in progress or done.');
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('long pages and people by name', () => {
  it('reads "We call them X. For each one we need:" and its bullets under a heading that names no record', () => {
    const s = authorSpec({ name: 'Probe', description: '# Meals\n\n## The people we cook for\n\nWe call them diners. For each one we need:\n\n- full name, address and postcode - all three are a must, or we cannot find them\n- a phone number\n\n## Rounds\n\nA round has a name.\n' });
    expect(fieldsOf(s, 'Diner')).toEqual(expect.arrayContaining(['full_name', 'address', 'postcode', 'phone']));
    expect(['full_name', 'address', 'postcode'].map((f) => field(s, 'Diner', f)?.required)).toEqual([true, true, true]);
  });

  it('reads "The status goes like this:" over a bullet per state as the states of the heading\'s record', () => {
    expect(statesListed('The status goes like this:', ['**enquiry**: someone has asked;', '**confirmed**: deposit received;', '**cancelled**;'])).toBe('The status is enquiry, confirmed or cancelled');
    expect(statesListed('We also keep these:', ['a name', 'a date'])).toBeUndefined();
    const s = authorSpec({ name: 'Probe', description: '## Bookings\n\nA booking has an arrival date.\n\nThe status goes like this:\n\n- **enquiry**: someone has asked;\n- **confirmed**: deposit received;\n- **cancelled**.\n' });
    expect(field(s, 'Booking', 'status')?.values).toEqual(['enquiry', 'confirmed', 'cancelled']);
    expect(s.entities.map((e) => e.name)).toEqual(['Booking']);
  });

  it('reads "X sit on a Y" and "is also for one Y" as links, and "one van\'s route on one day" as none', () => {
    const s = spec('A yard.', 'Each site has an address.', 'Scaffolds sit on a site. Each one carries a tag number.', 'An alteration request is also for one scaffold, with a description.', 'A round is one van\'s route on one day. It has a name.');
    expect(fieldsOf(s, 'Scaffold')).toEqual(expect.arrayContaining(['tag_number', 'site_id']));
    expect(fieldsOf(s, 'AlterationRequest')).toEqual(expect.arrayContaining(['description', 'scaffold_id']));
    expect(s.entities.map((e) => e.name)).not.toContain('Day');
  });

  it('reads a wish that someone gets a reminder as a message sent them', () => {
    const s = spec('A practice.', 'Every session has a date and a parent email.', "The day before a session I'd really like the parent to get an automatic reminder, because no-shows hurt.");
    expect(s.workflows.map((w) => w.trigger)).toEqual([{ entity: 'Session', event: 'created' }]);
  });

  it('says of the role what is said of a person named with it ("Priya, our practice manager", "Jim the driver")', () => {
    expect(peopleAsRoles('Me and Priya, our practice manager, who keeps it going. Priya handles invoices.')).toBe('Me and Priya, our practice manager, who keeps it going. The practice manager handles invoices.');
    expect(peopleAsRoles('Jim the driver needs to see orders.')).toBe('The driver needs to see orders.');
    expect(peopleAsRoles('Jo the baker can see orders.')).toBe('The baker can see orders.');
    expect(peopleAsRoles('When the audiologist is done, email us.')).toBe('When the audiologist is done, email us.');
  });
});

/**
 * Session 21 (issue 23): record types described by what people give when they make one ("Most
 * work starts as an enquiry ... They give us their name, ..."), and the wording inside such lists
 * ("an email address so we can reply", "the request details"). Pinned on records made up for it:
 * a window cleaner's quotes, a piano tuner's bookings, a parish hall's hire requests.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { givenList, introducedRecords } from '../../../lambdas/core/spec/author/given-lists';
import { isBareFieldList } from '../../../lambdas/core/spec/author/bare-lists';
import { fieldsOf } from '../../support/spec-lookups';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join(' ') });

describe('what people give when they make a record', () => {
  it('reads "They give us X, Y and Z" as the fields of the record the sentence before introduced', () => {
    const s = spec('A window cleaning round.', 'Most work starts as a quote request off the website, and anybody can fill that in without logging in.', 'They give us their name, a phone number, the house address and how many windows there are.', 'Each round has a name and a day of the week.');
    expect(fieldsOf(s, 'QuoteRequest')).toEqual(expect.arrayContaining(['name', 'phone_number', 'house_address']));
  });

  it('reads the list after a colon, the record being the one the clause before the colon introduced', () => {
    const s = spec('A parish hall.', 'Anyone should be able to send us a hire request from the website without making an account: they give their name, an email address so we can reply, the date they want and the request details.', 'Rooms have a name and a capacity.');
    expect(fieldsOf(s, 'HireRequest')).toEqual(expect.arrayContaining(['name', 'email', 'request_details']));
    expect(fieldsOf(s, 'HireRequest')).not.toContain('email_address_so_we_can_reply');
  });

  it('does not read record types named after the verb as fields ("Tuners submit visits and invoices")', () => {
    const s = spec('A piano tuning business. A visit has a date and a piano model.', 'An invoice has an amount and a due date.', 'Tuners submit visits and invoices and see only their own.');
    expect(s.entities.map((e) => e.name).sort()).toEqual(['Invoice', 'Visit']);
  });

  it('finds the giving clause and the record introduced, and nothing in a clause that gives no list', () => {
    expect(givenList('They give us their name and a phone number, an email and a photo')?.list).toBe('their name and a phone number, an email and a photo');
    expect(givenList('Customers can give feedback whenever they like')).toBeUndefined();
    expect(introducedRecords('Most work starts as an enquiry off the website, and anybody can fill that in')).toEqual(['enquiry']);
    expect(introducedRecords('send us a hire request from the website without making an account')).toEqual(['hire request']);
  });

  it('reads a plural noun closing a field\'s name as a noun ("the request details")', () => {
    expect(isBareFieldList('their name, an email address and the request details')).toBe(true);
    expect(isBareFieldList('the driver checks the van, the office books it')).toBe(false);
  });
});

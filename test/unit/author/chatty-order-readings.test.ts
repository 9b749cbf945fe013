/**
 * Session 25 (issue 23): readings a chatty email needs, pinned on records made up for them (a
 * piano-restoration workshop's customers, jobs and visits): a record brought up as "Customers
 * first." and described by "We keep their ...", states said as "move along through", "Then
 * visits: ..." as a colon list after "then", "what it's for" as the purpose, and "who referred
 * them" or "how they came to us" as where they came from.
 */
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';


describe('a chatty email about a workshop', () => {
  const s = spec(
    'I run a piano restoration workshop.',
    'Customers first. We keep their full name, which is a must, an email address, a mobile number, and how they came to us: a dealer, a tuner or the website.',
    'Each customer can have several jobs. A job has the make of the piano, the serial number and the quoted price. Jobs move along through assessed, stripped, restrung, regulated, delivered - or abandoned.',
    "Then visits: which customer, the date and time (has to be set, obviously), what it's for - assessment, delivery or tuning - and a few notes.",
  );

  it('reads "Customers first. We keep their full name, ..." as the customer\'s fields', () => {
    expect(field(s, 'Customer', 'full_name')?.required).toBe(true);
    expect(field(s, 'Customer', 'email')?.type).toBe('email');
    expect(field(s, 'Customer', 'mobile_number')).toBeDefined();
  });

  it('reads "how they came to us: a dealer, a tuner or the website" as the referral source', () => {
    expect(field(s, 'Customer', 'referral_source')?.values).toEqual(['dealer', 'tuner', 'website']);
  });

  it('reads "Jobs move along through assessed, ..., delivered - or abandoned" as the job\'s states', () => {
    expect(field(s, 'Job', 'status')?.values).toEqual(['assessed', 'stripped', 'restrung', 'regulated', 'delivered', 'abandoned']);
  });

  it('reads "Then visits: which customer, the date and time, what it\'s for - ..." as the visit\'s fields, what it is for its purpose', () => {
    expect(field(s, 'Visit', 'customer_id')?.type).toBe('ref(Customer)');
    expect(field(s, 'Visit', 'purpose')?.values).toEqual(['assessment', 'delivery', 'tuning']);
    expect(field(s, 'Visit', 'notes')?.type).toBe('text');
  });
});

describe('where someone came from', () => {
  it('reads "who referred them (self-referral, GP, school or other)" as the referral source', () => {
    const s = spec('A pupil has a name and who referred them (self-referral, GP, school or other).');
    expect(field(s, 'Pupil', 'referral_source')?.values).toEqual(['self_referral', 'GP', 'school', 'other']);
  });
});

/**
 * Session 28 (issue 23): a chatty description of a dog-grooming salon, written for this test (not
 * from the corpus), and the readings it needed: "any X or Y" is a field, not values; how sure the
 * writer is ("obviously") is no part of a name; "Appointments are for one dog and one groomer";
 * "and can be a, b, or c" is the kind; "Us groomers"; a status named in passing with its states;
 * "1 or higher" is a bound.
 */
import { fieldOf as field, probeSpec as spec, rightsOf } from '../../support/author-probe';

describe('found in a probe of its own: a dog-grooming salon in chatty paragraphs', () => {
  const s = spec(
    "Hi! So I run a little dog grooming salon with two other groomers, and honestly the diary is a mess. For each dog we need its name, breed, and any allergies or behaviour notes, plus the owner's contact details obviously. Appointments are for one dog and one groomer, at a date and time, and can be a full groom, a bath and brush, or a nail trim.",
    'Customers should only see their own dogs and appointments. Us groomers need to see everything and change the status of an appointment (booked, arrived, done, no-show).',
  );
  const names = (entity: string) => s.entities.find((e) => e.name === entity)?.fields.map((f) => f.name) ?? [];

  it('reads "its name, breed, and any allergies or behaviour notes" as three fields, and no "obviously" in a name', () => {
    expect(names('Dog')).toEqual(expect.arrayContaining(['name', 'breed', 'owner_contact_details']));
    expect(names('Dog').some((n) => /allergies/.test(n))).toBe(true);
    expect(names('Dog').filter((n) => /obviously/.test(n))).toEqual([]);
  });

  it('reads "Appointments are for one dog and one groomer, at a date and time, and can be a, b, or c"', () => {
    expect(field(s, 'Appointment', 'dog_id')?.type).toBe('ref(Dog)');
    expect(field(s, 'Appointment', 'starts_at')?.type).toBe('datetime');
    expect(field(s, 'Appointment', 'type')?.values).toEqual(['full_groom', 'bath_and_brush', 'nail_trim']);
  });

  it('reads "Us groomers need to see everything and change the status of an appointment (booked, ...)" as the groomers\' rights and the states', () => {
    expect(rightsOf(s, 'groomer')).toMatchObject({ Dog: 'r', Appointment: 'r u' });
    expect(field(s, 'Appointment', 'status')?.values).toEqual(['booked', 'arrived', 'done', 'no_show']);
  });
});

describe('bounds said as "or higher"', () => {
  it.each([
    ['a placing, which is 1 or higher', 'placing', { min: 1 }],
    ['an age, 18 or over', 'age', { min: 18 }],
    ['a score, 10 or lower', 'score', { max: 10 }],
  ])('"%s" is a bound on %s, no values', (phrase, name, bound) => {
    const f = field(spec(`Entries have a title and ${phrase}.`), 'Entry', name);
    expect(f).toMatchObject({ type: 'integer', ...bound });
    expect(f?.values).toBeUndefined();
  });
});

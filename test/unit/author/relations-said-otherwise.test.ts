/**
 * Session 23 (issue 23): relations said in ways the patterns did not read ("A payment is made
 * against one invoice", "A tariff is used by many meters, while a meter is on one tariff at
 * most"), and a time said before who does something ("After the tour people can leave a
 * review") that was read as a kind of staff. Pinned on records made up for it.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { readRelations } from '../../../lambdas/core/spec/author/relations';
import { fieldsOf } from '../../support/spec-lookups';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join(' ') });

describe('relations said otherwise', () => {
  it('reads "X is made against one Y" and "X is against one Y" as X for one Y', () => {
    expect(readRelations('A refund is made against one invoice')?.pairs).toEqual([{ child: 'refund', parent: 'invoice' }]);
    expect(readRelations('each refund is against exactly one invoice')?.pairs).toEqual([{ child: 'refund', parent: 'invoice' }]);
    expect(readRelations('A site note is logged against a job')?.pairs).toEqual([{ child: 'site note', parent: 'job' }]);
  });

  it('reads "X is used by many Y" as each Y on one X, and "one X at most" as an optional one', () => {
    expect(readRelations('A tariff is used by many meters')?.pairs).toEqual([{ child: 'meters', parent: 'tariff' }]);
    const both = readRelations('A tariff is used by many meters, while a meter is on one tariff at most');
    expect(both?.pairs).toEqual([{ child: 'meter', parent: 'tariff' }]);
    expect(both?.optional).toBe(true);
    const s = spec('Tariffs have a name and a rate.', 'Meters have a serial number.', 'A tariff is used by many meters, while a meter is on one tariff at most.');
    expect(s.entities.find((e) => e.name === 'Meter')?.fields.find((f) => f.name === 'tariff_id')).toMatchObject({ type: 'ref(Tariff)', required: false });
  });

  it('reads "After the tour people can leave a review ..." as people leaving reviews, not as "the tour staff"', () => {
    const s = spec('Bookings have a date and a status.', "After the tour people can leave a review that's linked to their booking, with a star rating from 1 to 5 and a comment.");
    expect(fieldsOf(s, 'Review')).toEqual(expect.arrayContaining(['booking_id', 'comment']));
    expect(s.roles.map((r) => r.name)).not.toContain('tour_staff');
  });
});

describe('a trigger read from a word that names no state', () => {
  it('reads "As soon as the parcel is in the locker, ..." as no state "in", and adds no such value', () => {
    const s = spec('Parcels have a tracking number and a status (waiting, collected or returned).', 'Lockers have a site name.', 'As soon as the parcel is in the locker, text the recipient their pickup code.');
    const values = s.entities.find((e) => e.name === 'Parcel')?.fields.find((f) => f.name === 'status')?.values ?? [];
    for (const junk of ['should', 'still', 'in', 'on']) expect(values).not.toContain(junk);
  });
});

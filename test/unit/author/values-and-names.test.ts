/**
 * Session 23 (issue 23): names and types the corpus's writers use most ("a phone number" is a
 * `phone`; requirements, a transcription, a footnote are long text), and values said with a
 * reason or a place ("EUR or CHF, because ...", "card, bank transfer or cash at the hut"), but
 * not a remark read as values ("a bit of text on why they'd like to read it").
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { readFieldPhrase } from '../../../lambdas/core/spec/author/fields';
import { valueList } from '../../../lambdas/core/spec/author/fields/values';
import { readStates } from '../../../lambdas/core/spec/author/states';

const read = (phrase: string) => readFieldPhrase(phrase, { entities: [] })?.field;

describe('names and types as the writers use them', () => {
  it('names a phone number `phone`, and a parent\'s phone number `parent_phone`', () => {
    expect(read('a phone number')?.name).toBe('phone');
    expect(read("the parent's phone number")?.name).toBe('parent_phone');
    expect(read('a mobile number')?.name).toBe('mobile_number');
  });

  it('names dates by their preposition or their act ("valid-until date", "the date paid") and a star rating the rating', () => {
    expect(read('a valid-until date')?.name).toBe('valid_until');
    expect(read('the week commencing date')?.name).toBe('week_commencing');
    expect(read('the date paid')).toMatchObject({ name: 'paid_on', type: 'date' });
    expect(read('a due date')?.name).toBe('due_date');
    expect(read('a star rating from 1 to 5')).toMatchObject({ name: 'rating', type: 'integer', min: 1, max: 5 });
  });

  it('reads "the author" beside a title as the name of who wrote the work, and alone as the record\'s creator', () => {
    const books = authorSpec({ name: 'Probe', description: 'Books have a title, the author and a page count.' });
    expect(books.entities[0]?.fields.find((f) => f.name === 'author')?.type).toBe('string');
    const notes = authorSpec({ name: 'Probe', description: 'Notes have a body and the author.' });
    expect(notes.entities[0]?.fields.some((f) => f.name === 'author')).toBe(false);
  });

  it('types requirements, a transcription, the wording and a footnote as long text', () => {
    for (const phrase of ['any dietary requirements', 'the transcription', 'the exact wording', 'a footnote']) expect({ phrase, type: read(phrase)?.type }).toEqual({ phrase, type: 'text' });
  });
});

describe('"always" after a field', () => {
  it('reads "the pickup date, always, and some notes" as a required pickup date, and no field "always"', () => {
    const s = authorSpec({ name: 'Probe', description: 'Orders have the pickup date, always, and some notes.' });
    const fields = s.entities[0]?.fields ?? [];
    expect(fields.find((f) => f.name === 'pickup_date')?.required).toBe(true);
    expect(fields.map((f) => f.name)).not.toContain('always');
  });
});

describe('values said with a reason or a place', () => {
  it('reads "EUR or CHF, because ..." as two values, and "cash at the hut" as one', () => {
    expect(valueList('EUR or CHF, because two of our huts sit right on the border')).toEqual(['EUR', 'CHF']);
    expect(valueList('card, bank transfer or cash at the hut')).toEqual(['card', 'bank transfer', 'cash at the hut']);
    expect(read('the payment method (card, bank transfer or cash at the hut)')).toMatchObject({ type: 'enum', values: ['card', 'bank_transfer', 'cash_at_the_hut'] });
  });

  it('reads no values in a remark: "a bit of text on why they\'d like to read it"', () => {
    expect(valueList("bit of text on why they'd like to read it")).toBeUndefined();
    expect(read("a bit of text on why they'd like to read it")).toMatchObject({ name: 'reason', type: 'text' });
  });
});

describe('states said as a chain', () => {
  it('reads "go A, then B, C, D of three words - or E if ..." as each state in order, and the way out', () => {
    expect(readStates('Jobs go booked, then confirmed, loaded, out for delivery, delivered - or cancelled if the customer changes their mind')?.values).toEqual(['booked', 'confirmed', 'loaded', 'out_for_delivery', 'delivered', 'cancelled']);
    expect(readStates('Jobs go booked, then confirmed, then out for delivery, then delivered')?.values).toEqual(['booked', 'confirmed', 'out_for_delivery', 'delivered']);
    expect(readStates('A job goes booked, then loaded, then delivered, and it can be cancelled at any point')?.values).toEqual(['booked', 'loaded', 'delivered', 'cancelled']);
  });
});

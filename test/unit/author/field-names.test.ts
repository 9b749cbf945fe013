/**
 * How a field is named from the words a person writes for it, on wording the corpus showed once
 * or twice, each here on records made up for it (a lighthouse trust, a choir, a brass band).
 */
import { readFieldPhrase } from '../../../lambdas/core/spec/author/fields';

const read = (phrase: string, owner = 'Visit') => readFieldPhrase(phrase, { entities: ['Visit', 'Keeper', 'Lighthouse'], owner })?.field;

describe('a part of a thing named with its article: the compound', () => {
  it('names "the X of the Y" as "Y X", and the record\'s own part as the part', () => {
    expect(read('the colour of the lantern')).toMatchObject({ name: 'lantern_colour' });
    expect(read('the registration of the boat they usually arrive in')).toMatchObject({ name: 'boat_registration' });
    expect(read('the renewal date of the insurance policy')).toMatchObject({ name: 'insurance_policy_renewal_date', type: 'date' });
    expect(read('the start time of the visit')).toMatchObject({ name: 'start_time' });
  });

  it('keeps what is no part of a thing: a count, a kind, a date of birth', () => {
    expect(read('the date of birth')).toMatchObject({ name: 'date_of_birth', type: 'date' });
    expect(read('the number of the guests', 'Visit')).toMatchObject({ type: 'integer' });
  });

  it('names a photo of a thing by the thing, not by where it was taken', () => {
    expect(read('a photo of the lamp in the lantern room')).toMatchObject({ name: 'lamp_photo_key', type: 'file' });
  });
});

describe('who did something, and how much is written', () => {
  it('names "the name of the person who signed" as who signed', () => {
    expect(read('the name of the person who inspected the lamp')).toMatchObject({ name: 'inspected_by', type: 'string' });
    expect(read('the name of whoever checked')).toMatchObject({ name: 'checked_by' });
  });

  it('drops the amount of text from its name, and reads "text on why" as the reason', () => {
    expect(read('a few lines of notes')).toMatchObject({ name: 'notes', type: 'text' });
    expect(read('a line or two of comments')).toMatchObject({ name: 'comments', type: 'text' });
    expect(read('a bit of text on why they want to join')).toMatchObject({ name: 'reason', type: 'text' });
  });

  it('reads the type a value is kept as from a note about it', () => {
    expect(read('the billing period (we keep the first day of the period as a date)')).toMatchObject({ name: 'billing_period', type: 'date' });
    expect(read('the tide height (stored as a decimal)')).toMatchObject({ type: 'number' });
  });
});

/**
 * Session 28 (issue 23): readings pinned on records made up for them. People who join make their
 * own record, never every record type; a record said to happen "at a date and time" or to last
 * "at most 90 minutes" has those fields; "without having an account" names no record.
 */
import { phrasalVerb, rightVerb } from '../../../lambdas/core/spec/offline-author/lexicon';
import { fieldOf as field, levelsOf, probeSpec as spec, rightsOf } from '../../support/author-probe';

const RECORDS = ['Climbers: name, email (unique), phone.', 'Sessions: title, capacity.', 'Passes: climber, session, number of guests.'];

describe('people who join', () => {
  it('"As a climber, I can register once with my details" lets climbers make their own climber record, and nothing else', () => {
    const s = spec(...RECORDS, 'As a climber, I can register once with my details.');
    expect(rightsOf(s, 'climber')).toEqual({ Climber: 'c r:own' });
  });

  it('a verb of making with no record after it ("can post from their phone") makes no record type at all, rather than every one', () => {
    const s = spec(...RECORDS, 'Climbers can post from their phone.');
    expect(s.roles.find((r) => r.name === 'climber')?.rights ?? {}).toEqual({});
  });

  it('"register as a climber" with no account makes a climber record, open to the public to create but not to read', () => {
    const s = spec(...RECORDS, 'People can register as a climber on the website without creating an account first.');
    expect(levelsOf(s, 'Climber').create).toBe('public');
    expect(levelsOf(s, 'Climber').read).toBeUndefined();
    expect(levelsOf(s, 'Session').create).toBeUndefined();
  });

  it('", and a new climber can sign up without having an account" is a clause of its own after a public read', () => {
    const s = spec(...RECORDS, 'People can see sessions without signing in, and a new climber can sign up without having an account first.');
    expect(levelsOf(s, 'Session').read).toBe('public');
    expect(levelsOf(s, 'Climber').create).toBe('public');
    expect(levelsOf(s, 'Climber').read).toBeUndefined();
  });

  it('"a new climber can sign up without having an account first" invents no record type named "Without"', () => {
    const s = spec(...RECORDS, 'A new climber can sign up without having an account first.');
    expect(s.entities.map((e) => e.name)).toEqual(['Climber', 'Session', 'Pass']);
  });

  it.each([
    ['and a session will get booked many times', 'Session'],
    ['so a climber must only ever see their own passes', 'Climber'],
  ])('", %s" after a comma is a rule or a fact, no new subject with rights', (tail) => {
    const s = spec(...RECORDS, `Staff can read passes, ${tail}.`);
    expect(s.roles.map((r) => r.name)).not.toContain('session');
  });
});

describe('when a record happens and how long it lasts', () => {
  it('"Then slots. Each one is at a date and time." gives slots a start', () => {
    const s = spec('Visitors book slots.', 'Then slots. Each one is at a date and time. A slot lasts at most 90 minutes.');
    expect(field(s, 'Slot', 'starts_at')?.type).toBe('datetime');
  });

  it('"A slot lasts at most 90 minutes" is a duration in minutes with that bound', () => {
    const s = spec('Slots: title.', 'A slot lasts at most 90 minutes.');
    expect(field(s, 'Slot', 'duration_minutes')).toMatchObject({ type: 'integer', max: 90 });
  });

  it('"Each tour runs for up to 3 hours" is a duration in hours', () => {
    const s = spec('Tours: name, price.', 'Each tour runs for up to 3 hours.');
    expect(field(s, 'Tour', 'duration_hours')).toMatchObject({ type: 'integer', max: 3 });
  });

  it('"A tour is on a date" is the day it happens, no link to a record called Date', () => {
    const s = spec('Tours: name, price.', 'A tour is on a date.');
    expect(s.entities.map((e) => e.name)).toEqual(['Tour']);
    expect(s.entities[0]!.fields.some((f) => f.type === 'date' || f.type === 'datetime')).toBe(true);
  });
});

describe('the verb tables', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty'])('"%s" is no verb of a right (the tables have no prototype)', (word) => {
    expect(rightVerb(word)).toBeUndefined();
    expect(phrasalVerb(word, 'in')).toBeUndefined();
  });

  it('still undoes -s and -es ("reads", "Updates"; "signs up" is registering)', () => {
    expect(rightVerb('reads')).toBe('read');
    expect(rightVerb('Updates')).toBe('update');
    expect(phrasalVerb('signs', 'up')).toBe('register');
  });
});

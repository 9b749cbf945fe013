/**
 * Tenancy from wording (lambdas/core/spec/offline-author/tenancy.ts): how people say that many
 * organisations share the service, each kept to its own, and how they say it is for one only.
 * Each wording is read inside a small description of records made up for it, as a new user
 * would write it, so the whole author decides.
 */
import { authorSpec } from '../../../lambdas/core/spec/offline-author';
import { detectMultiTenant, tenancyUnits } from '../../../lambdas/core/spec/offline-author/tenancy';

const RECORDS = 'Members have a name and an email. Classes have a title and a start time. Trainers can manage classes; members can read classes.';
const tenancyOf = (sentence: string) => authorSpec({ name: 'Gym app', description: `${sentence}\n${RECORDS}` }).tenancy;

describe('many organisations, each kept to its own', () => {
  it.each([
    "It's a SaaS for dental practices - each practice only sees its own patients.",
    'Tenants are the individual farms.',
    "Lots of different leisure centres will sign up, and they shouldn't be able to see each other's stuff.",
    'The app is used by about 30 clubs across the county, each running its own classes.',
    'Each branch keeps its data to itself.',
    "One account per business, and businesses can't see each other.",
    'Other clubs in the league will use it too, each separately.',
    "Each gym has its own members and classes, and one gym must never see another's.",
    "We sell this to many schools; every school's data is kept separate.",
  ])('multi-tenant: %s', (sentence) => {
    expect(tenancyOf(sentence)).toBe('multi');
  });

  it('names the organisations as the tenancy unit, never as a record type', () => {
    expect(tenancyUnits('The app is used by about 30 clubs across the county, each running its own classes.')).toContain('club');
    const spec = authorSpec({ name: 'x', description: `Lots of different leisure centres will sign up.\n${RECORDS}` });
    expect(spec.entities.map((e) => e.name)).toEqual(['Member', 'Class']);
  });
});

describe('one organisation', () => {
  it.each([
    'This is just for our one shop.',
    "It's for our club only; no other clubs will use it.",
    "There's just the one hall, so no other halls or organisations will be on this.",
    'Not multi-tenant.',
    'Everyone works for the same company.',
    "There's one trust and one set of records; we are not planning to offer it to other trusts, so no separation between organisations is needed.",
    "We won't sell it to other gyms.",
    '',
  ])('single-tenant: %s', (sentence) => {
    expect(tenancyOf(sentence)).toBe('single');
  });

  it('does not take people or records that keep their own things for organisations', () => {
    expect(detectMultiTenant('Each member only sees their own bookings.')).toBe(false);
    expect(detectMultiTenant('Many customers will use the app to order.')).toBe(false);
    expect(detectMultiTenant('Tenants rent flats from landlords.')).toBe(false);
  });
});

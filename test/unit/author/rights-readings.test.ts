/**
 * Readings of roles, rights and endpoint levels (lambdas/core/spec/offline-author/{rights,roles,
 * access}.ts, lambdas/core/spec/author/stories.ts): each wording a rule exists for, on a short
 * text, with the rights or levels it gives.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { storyAsStatements } from '../../../lambdas/core/spec/author/stories';
import { EntityIndex } from '../../../lambdas/core/spec/offline-author/entity-index';
import { parseRightsClause } from '../../../lambdas/core/spec/offline-author/rights';
import { jointSubjects, splitClauses } from '../../../lambdas/core/spec/offline-author/clauses';
import type { SpecDocument } from '../../../lambdas/core/spec/spec-model';
import { levelsOf, rightsOf } from '../../support/author-probe';

const RECORDS = 'Walls have a name and a height. Routes have a grade. Kits have a serial number.';

function author(text: string): SpecDocument {
  return authorSpec({ name: 'Test', description: `${RECORDS} ${text}` });
}

const index = new EntityIndex(['Wall', 'Route', 'Kit']);

describe('rights wording', () => {
  it('"can do whatever she likes with X" is every right on X', () => {
    const parsed = parseRightsClause('Our head setter can do whatever she likes with walls and routes', { index });
    expect(parsed?.subject).toEqual(['head', 'setter']);
    expect(parsed?.groups).toEqual([expect.objectContaining({ letters: ['create', 'read', 'update', 'delete'], entities: ['Wall', 'Route'], adminWording: false })]);
    expect(rightsOf(author('Our head setter can do whatever she likes with walls and routes.'), 'head_setter')).toMatchObject({ Wall: 'c r u d', Route: 'c r u d' });
  });

  it('"can do whatever they want" with no object is every right on everything', () => {
    const spec = author('The boss can do whatever she wants. Setters can read routes.');
    expect(spec.adminRole).toBe('boss');
  });

  it('"the other Xs" are the Xs: "other" is no part of the role name', () => {
    const spec = author('The head setter can manage walls and routes. The other setters can add routes and edit them but not delete them, and they can look at the walls.');
    expect(rightsOf(spec, 'setter')).toEqual({ Route: 'c r u', Wall: 'r' });
  });

  it('"have full control of X" is every right on X only', () => {
    const spec = author('Front desk staff have full control of the kits. Setters can read routes.');
    expect(rightsOf(spec, 'front_desk_staff')).toMatchObject({ Kit: 'c r u d' });
    expect(rightsOf(spec, 'front_desk_staff')).not.toHaveProperty('Route');
    expect(spec.adminRole).toBe('admin');
  });

  it('"full control of" something that is no record type gives no right on everything', () => {
    const parsed = parseRightsClause('Front desk staff have full control of the gear log', { index });
    expect(parsed?.groups[0]?.entities).toEqual([]);
  });
});

describe('the writer naming their role', () => {
  it('"I\'m the owner and can do everything" is the owner\'s sentence', () => {
    expect(storyAsStatements("I'm the owner and can do everything")).toEqual(['The owner can do everything']);
    expect(storyAsStatements('I am the head coach, so I can manage the squads')).toEqual(['The head coach can manage the squads']);
    const spec = author("Setters can read routes. I'm the owner and can do everything.");
    expect(spec.adminRole).toBe('owner');
  });
});

describe('public reads', () => {
  it('"X should be up on our website for anybody to look at" is a public read of X, and of the X before "and"', () => {
    const spec = author('Setters can manage routes. The walls and the routes should be up on our website for anybody to look at, no account needed.');
    expect(levelsOf(spec, 'Wall')).toMatchObject({ list: 'public', read: 'public' });
    expect(levelsOf(spec, 'Route')).toMatchObject({ list: 'public', read: 'public' });
    expect(levelsOf(spec, 'Kit')).not.toHaveProperty('read');
  });
});

describe('own records and tenants', () => {
  it('"keep them up to date" is updating them; what one sees only of one\'s own, one updates only of one\'s own', () => {
    const parsed = parseRightsClause('customers log in to add their kits and keep them up to date', { index });
    expect(parsed?.groups.map((g) => g.letters)).toEqual([['create'], ['update']]);
    const spec = author('Customers log in to add their kits and keep them up to date, but they only see their own kits.');
    expect(rightsOf(spec, 'customer')).toMatchObject({ Kit: 'c r:own u:own' });
  });

  it('"each group should get its own space" is about tenants, no role', () => {
    const spec = author('We support a dozen local groups and each group should get its own space in the app. Setters can read routes.');
    expect(spec.roles.map((r) => r.name)).not.toContain('group');
  });

  it('"My husband and I are the managers and can do anything at all" is the managers\' sentence', () => {
    expect(storyAsStatements('My husband and I are the managers and can do anything at all')).toEqual(['The managers can do anything at all']);
    expect(author('Setters can read routes. My husband and I are the managers and can do anything at all.').adminRole).toBe('manager');
  });
});

describe('user stories', () => {
  const STORIES = [
    'Meetups have a title. Rsvps have a note. Profiles have a bio.',
    '- As a member, I can RSVP to a meetup and take my RSVP back later; I only ever see my own RSVPs.',
    '- As a member, I can create a profile with the languages I speak, and only I can edit mine.',
    "- As a member, I can look at other members' profiles.",
    "- As a visitor who hasn't signed up yet, I can look through the list of meetups, so I can decide whether to come.",
  ].join('\n');

  it('"RSVP to a meetup" makes an RSVP, not a meetup; "take my RSVP back" deletes it; "I only ever see my own" limits both', () => {
    expect(rightsOf(authorSpec({ name: 'T', description: STORIES }), 'member')).toMatchObject({ Rsvp: 'c r:own d:own' });
  });

  it('"and only I can edit mine" is updating one\'s own of what the story named', () => {
    expect(storyAsStatements('As a member, I can create a profile, and only I can edit mine')).toEqual(['members can create a profile, and they can only edit their own']);
    expect(rightsOf(authorSpec({ name: 'T', description: STORIES }), 'member')).toMatchObject({ Profile: 'c r u:own' });
  });

  it('"As a visitor who hasn\'t signed up yet, I can look through the list of X" is a public read', () => {
    expect(levelsOf(authorSpec({ name: 'T', description: STORIES }), 'Meetup')).toMatchObject({ list: 'public', read: 'public' });
  });

  it('"Meetups take place at one venue" names no role', () => {
    const spec = authorSpec({ name: 'T', description: 'Venues have a name. Meetups take place at one venue. Members can read meetups.' });
    expect(spec.roles.map((r) => r.name).sort()).toEqual(['admin', 'member']);
  });
});

describe('tenancy', () => {
  it('"each city chapter is run on its own" is multi-tenant, the chapter the tenant, its admins the admin role', () => {
    const spec = authorSpec({ name: 'T', description: "We run evenings in several cities, and each city chapter is run on its own. Meetups have a title. As a chapter admin, I can do anything within my chapter. Members can read meetups." });
    expect(spec.tenancy).toBe('multi');
    expect(spec.adminRole).toBe('admin');
  });
});

describe('stories without an article, and parts of records', () => {
  it('"As counter staff, I want to ..." names the role without an article', () => {
    expect(storyAsStatements('As counter staff, I want to create kits and see every kit.')).toEqual(['counter staff can create kits and see every kit.']);
    expect(storyAsStatements('As soon as a kit is added, I want an email.')).toEqual(['As soon as a kit is added, I want an email.']);
  });

  it('"change the dates of their own X" updates their own X', () => {
    const parsed = parseRightsClause('customers can change the dates of their own kits', { index });
    expect(parsed?.groups).toEqual([expect.objectContaining({ letters: ['update'], entities: ['Kit'], own: true })]);
  });
});

describe('tenancy clauses name no role', () => {
  it('"resorts never see each other\'s data" is about tenants; "members can see each other\'s kits" is a right', () => {
    const spec = authorSpec({ name: 'T', description: "Each resort is its own tenant; resorts never see each other's data. Kits have a name. Members can see each other's kits." });
    expect(spec.roles.map((r) => r.name)).not.toContain('resort');
    expect(rightsOf(spec, 'member')).toMatchObject({ Kit: 'r' });
  });
});

describe('the public and access wording', () => {
  it('"Guests book kits without signing up" is a public create, no guest role', () => {
    const spec = author('Guests book kits without signing up. Setters can read routes.');
    expect(spec.roles.map((r) => r.name)).not.toContain('guest');
    expect(levelsOf(spec, 'Kit')).toMatchObject({ create: 'public' });
  });

  it('"has every right on everything" is every right', () => {
    const parsed = parseRightsClause('The estate manager has every right on everything', { index });
    expect(parsed?.groups).toEqual([expect.objectContaining({ letters: ['create', 'read', 'update', 'delete'], entities: 'all', adminWording: true })]);
  });
});

describe('who is no role', () => {
  const REGATTA = [
    'Several clubs use this. Every club runs its own regattas: a club\'s regattas and entries are never shown to another club.',
    'Regattas have a name. Entries have a sail number. Races have a number. Results have a position. Protests have a description.',
    'Boats enter it, and every boat gets a result in every race.',
    'Competitors log in to enter a regatta. They can also lodge protests.',
    'The protest committee reads protests and updates them. The committee must schedule a hearing within 24 hours.',
    'The regatta list, the race schedule and the results are public: anyone can read them without an account.',
  ].join(' ');

  it('"a club\'s regattas are never shown to another club" is multi-tenant, and the club that "runs its own regattas" is the tenant, no role', () => {
    const spec = authorSpec({ name: 'T', description: REGATTA });
    expect(spec.tenancy).toBe('multi');
    expect(spec.roles.map((r) => r.name).sort()).toEqual(['admin', 'competitor', 'protest_committee']);
  });

  it('"enter a regatta" makes an entry; "lodge protests" makes protests', () => {
    expect(rightsOf(authorSpec({ name: 'T', description: REGATTA }), 'competitor')).toMatchObject({ Entry: 'c r', Protest: 'c r' });
  });

  it('tenants that are people ("each operator is a tenant", "operators: everything") keep their role', () => {
    const spec = authorSpec({ name: 'T', description: 'We sell this to operators, and each operator is a tenant of its own. Spaces have a name. Operators can do everything. Members can read spaces.' });
    expect(spec.adminRole).toBe('operator');
  });
});

describe('access amounts', () => {
  it('"..., full control over all three" after a role names no role "full"', () => {
    const spec = author('The orchard manager looks after the walls, the routes and the kits, full control over all three.');
    expect(spec.roles.map((r) => r.name)).not.toContain('full');
  });
});

describe('everyday wordings of rights (rights-wording.ts)', () => {
  const BOOKINGS = 'Sessions have a title and a start time. Bookings are for one session and have a member name. Payments are for one booking and have an amount. Invoices have a number and a total.';
  const roleRights = (text: string, role: string) => rightsOf(authorSpec({ name: 'Test', description: `${BOOKINGS}\n${text}` }), role);
  const adminOf = (text: string) => authorSpec({ name: 'Test', description: `${BOOKINGS}\n${text}` }).adminRole;

  it.each([
    ['The receptionist takes care of bookings.', 'receptionist'],
    ['My two assistants handle the bookings.', 'assistant'],
    ['Clerks are in charge of the bookings.', 'clerk'],
    ["There's a treasurer who deals with bookings.", 'treasurer'],
    ['Only the treasurer touches bookings.', 'treasurer'],
  ])('"%s" is every right on those records, and no administrator', (text, role) => {
    expect(roleRights(text, role).Booking).toBe('c r u d');
    expect(adminOf(text)).toBe('admin');
  });

  it('reads what someone needs or helps with, and a writer naming their role in parentheses', () => {
    expect(roleRights('Our accountant needs read-only access to invoices.', 'accountant')).toEqual({ Invoice: 'r' });
    expect(roleRights('Volunteers help out by updating bookings.', 'volunteer').Booking).toBe('r u');
    expect(roleRights('Parents just need to see their own invoices.', 'parent')).toEqual({ Invoice: 'r:own' });
    expect(adminOf('I (the owner) need full access.')).toBe('owner');
    expect(roleRights('Then there is the groundskeeper, who logs payments.', 'groundskeeper').Payment).toBe('c r');
  });

  it('"sign up for X" makes the record that refers to X, and reads X', () => {
    expect(roleRights('Members sign up for sessions.', 'member')).toEqual({ Session: 'r', Booking: 'c r' });
  });

  it('"everything except X" and "everything but delete X" hold those back, and make no administrator', () => {
    expect(roleRights('Staff can manage everything except invoices.', 'staff')).toEqual({ Session: 'c r u d', Booking: 'c r u d', Payment: 'c r u d' });
    expect(roleRights('Staff should be able to edit anything except payments.', 'staff')).toEqual({ Session: 'r u', Booking: 'r u', Invoice: 'r u' });
    expect(roleRights('Stewards can do everything apart from deleting bookings.', 'steward').Booking).toBe('c r u');
    expect(adminOf('Stewards can do everything apart from deleting bookings.')).toBe('admin');
  });

  it('takes no first name for a role ("Bev in the office deals with bookings")', () => {
    const spec = authorSpec({ name: 'Test', description: `${BOOKINGS}\nBev in the office deals with bookings. She's our office assistant, and she can create and view bookings.` });
    expect(spec.roles.map((r) => r.name).sort()).toEqual(['admin', 'office_assistant']);
  });
});

describe('accounts, and records made by an act', () => {
  const CLASSES = 'Classes have a title and a start time. Enrolments have a student name and an email. Pieces have a name and a price.';
  const spec = (text: string) => authorSpec({ name: 'Test', description: `${CLASSES}\n${text}` });

  it('"sign up for a class by making an enrolment" makes enrolments and reads classes, never every record type', () => {
    const s = spec('Students sign up for a class by making an enrolment.');
    expect(rightsOf(s, 'student')).toEqual({ Class: 'r', Enrolment: 'c r' });
  });

  it('"they need an account to enrol" asks for an account to make an enrolment; "shouldn\'t need an account" does not', () => {
    const levels = (text: string) => spec(text).access.filter((a) => a.operation === 'create').map((a) => `${a.entity}.${a.operation}=${a.level}`);
    expect(levels('Students can enrol. You need an account to enrol.')).toEqual(['Enrolment.create=authenticated']);
    expect(levels("Students can enrol. People shouldn't need an account to enrol; they just fill the form in.")).not.toContain('Enrolment.create=authenticated');
  });

  it('"customers need an account to order" gives no one else the right to order', () => {
    const s = authorSpec({ name: 'Test', description: 'Orders have a total. Menu items have a name. Customers do need an account to order; they place orders. Cooks can read orders.' });
    expect(rightsOf(s, 'cook')).toEqual({ Order: 'r' });
  });

  it('"can add and edit their own pieces": creating has no scope', () => {
    expect(rightsOf(spec("Potters can add and edit their own pieces but nobody else's."), 'potter').Piece).toBe('c r:own u:own');
  });
});

describe('a right on some, and only one\'s own of others', () => {
  it('"can see all boats and bookings but only their own outings"', () => {
    const s = authorSpec({ name: 'Test', description: 'Boats have a name. Bookings are for one boat and have a date. Outings are for one booking and have a distance. Members can see all boats and bookings but only their own outings.' });
    expect(rightsOf(s, 'member')).toEqual({ Boat: 'r', Booking: 'r', Outing: 'r:own' });
  });
});

describe('who the people are, however they are said', () => {
  const roleOf = (sentence: string) => author(sentence).roles.filter((r) => r.name !== 'admin').map((r) => `${r.name} ${Object.values(rightsOf(author(sentence), r.name)).join(',')}`);

  it.each([
    ['Members of staff can view all routes.', ['staff r']],
    ['Anyone on the committee can edit walls.', ['committee_member r u']],
    ['The people in the office can see routes.', ['office_staff r']],
    ['The finance folks can read kits.', ['finance_staff r']],
    ['A couple of part-time setters take routes and edit them.', ['setter c r u']],
  ])('%s', (sentence, roles) => {
    expect(roleOf(sentence)).toEqual(roles);
  });

  it('"Boats enter it" names no role: no modal, nothing named, no word for people', () => {
    expect(author('Boats enter it. Setters can add routes.').roles.map((r) => r.name)).toEqual(['admin', 'setter']);
  });

  it('"take a look at" is reading', () => {
    expect(author('Setters take a look at walls.').roles.find((r) => r.name === 'setter')?.rights).toEqual({ Wall: { read: 'all' } });
  });
});

describe('public record types listed before the comma', () => {
  it('"The wall list, the route schedule and the kits are public": all three, and nothing asked back', () => {
    const spec = author('The wall list, the route schedule and the kits are public.');
    for (const entity of ['Wall', 'Route', 'Kit']) expect(levelsOf(spec, entity)).toMatchObject({ list: 'public', read: 'public' });
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('several people named as one subject', () => {
  it('"X, Y and Z can ..." is one clause each, with the same rights', () => {
    expect(splitClauses('Setters, coaches and the front desk can read routes.')).toEqual(['Setters can read routes.', 'coaches can read routes.', 'the front desk can read routes.']);
    expect(splitClauses('Coaches can see walls and parents can see routes.')).toEqual(['Coaches can see walls', 'parents can see routes.']);
    const spec = author('Setters and coaches can read routes and edit walls.');
    expect(rightsOf(spec, 'setter')).toEqual(rightsOf(spec, 'coach'));
    expect(rightsOf(spec, 'coach')).toMatchObject({ Route: 'r', Wall: 'r u' });
  });

  it('leaves lists that are not people alone', () => {
    expect(jointSubjects('Walls and routes have a name.')).toEqual(['Walls and routes have a name.']);
    expect(jointSubjects('Setters can read walls.')).toEqual(['Setters can read walls.']);
  });
});

describe('the default level of deleting never refuses a right the text gives', () => {
  it('a record that holds others is admin-level to delete, unless a role may delete its own: then owner-level', () => {
    expect(levelsOf(author('Routes belong to a wall. Setters can add routes.'), 'Wall')).toEqual({ delete: 'admin' });
    const spec = author('Routes belong to a wall. Setters can add walls and delete their own walls.');
    expect(rightsOf(spec, 'setter').Wall).toContain('d:own');
    expect(levelsOf(spec, 'Wall')).toEqual({ delete: 'owner' });
  });
});

describe('rights said of what was just named, and relations said of people', () => {
  const TEXT = [
    'Walkers and routes. A walker looks after any number of routes, but each route is looked after by one walker only.',
    'A route has a name. A walk is for one route and has a date. A photo is for one walk and has a caption.',
    'Walkers register their own routes and can see and change only those; likewise they add walks and photos and see and change only their own.',
  ].join('\n');
  const spec = authorSpec({ name: 'Walks', description: TEXT });

  it('reads "can see and change only those" as their own of the records just named, after "likewise they ..." too', () => {
    const walker = spec.roles.find((r) => r.name === 'walker')!.rights;
    expect(walker.Route).toEqual({ create: 'all', read: 'own', update: 'own' });
    expect(walker.Walk).toEqual({ create: 'all', read: 'own', update: 'own' });
    expect(walker.Photo).toEqual({ create: 'all', read: 'own', update: 'own' });
  });
});

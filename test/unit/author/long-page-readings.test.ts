/**
 * Wordings of long, structured pages (issue 23), each pinned on records made up for it: a darts
 * league, a choir's practice rooms, a kayak club.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { readDefinition } from '../../../lambdas/core/spec/author/definitions';
import { readRelations } from '../../../lambdas/core/spec/author/relations';
import { readStates } from '../../../lambdas/core/spec/author/states';
import { readFieldPhrase, splitFieldList } from '../../../lambdas/core/spec/author/fields';

const phrase = (text: string, entities = ['Fixture', 'Player', 'Board']) => readFieldPhrase(text, { entities, owner: entities[0] })?.field;

describe('record types and relations on a long page', () => {
  it('reads "belongs to one X and takes place on a Y", "is for exactly one X and records:" and no aim as a record type', () => {
    expect(readRelations('A fixture belongs to one league and takes place at a venue')?.pairs).toEqual([
      { child: 'fixture', parent: 'league' },
      { child: 'fixture', parent: 'venue' },
    ]);
    expect(readRelations('A rehearsal is for exactly one room and records:')?.pairs).toEqual([{ child: 'rehearsal', parent: 'room' }]);
    expect(readDefinition('The aim is to replace all three with one app that players can use from their phones')).toBeUndefined();
  });

  it('reads "names two Xs: the A and the B" as two references', () => {
    expect(splitFieldList('two players: the thrower and the marker, and both are required').map((p) => phrase(p))).toEqual([
      expect.objectContaining({ name: 'thrower_id', type: 'ref(Player)', required: true }),
      expect.objectContaining({ name: 'marker_id', type: 'ref(Player)', required: true }),
    ]);
  });
});

describe('fields and states on a long page', () => {
  it('reads what a record is for with its values, a count of people, what they agree to, and what a date is used for', () => {
    expect(splitFieldList('what the fixture is for: a league match, a cup tie or a friendly')).toEqual(['fixture type (league match, cup tie or friendly)']);
    expect(phrase('fixture type (league match, cup tie or friendly)')).toMatchObject({ name: 'fixture_type', values: ['league_match', 'cup_tie', 'friendly'] });
    expect(phrase('the number of players, from 2 to 8')).toMatchObject({ name: 'number_of_players', type: 'integer', min: 2, max: 8 });
    expect(phrase('the number of darts thrown')).toMatchObject({ name: 'darts_thrown' });
    expect(phrase('a yes/no for whether the player is happy to appear on the results page')).toMatchObject({ name: 'appear_on_results_page', type: 'boolean' });
    expect(splitFieldList('a nickname, and their date of birth, which we use to work out age groups')).toEqual(['a nickname', 'their date of birth (which we use to work out age groups)']);
  });

  it('reads "either X or out of Y", "Those are the four states: ..." and the states after a semicolon', () => {
    expect(readStates('A board is either available or out of action (a broken light, a bent wire)')).toMatchObject({ topic: 'board', values: ['available', 'out_of_action'] });
    expect(readStates('Those are the four states: pending, confirmed, cancelled, no-show')).toEqual({ topic: 'its', values: ['pending', 'confirmed', 'cancelled', 'no_show'] });
    expect(readStates('A challenge moves from open to accepted or declined; accepted challenges end up settled, and one nobody answers becomes a forfeit')?.values).toEqual(['open', 'accepted', 'declined', 'settled', 'forfeit']);
  });
});

describe('access and automation on a long page', () => {
  const spec = authorSpec({
    name: 'Darts',
    description: [
      'A player has a name, an email and a membership expiry date. Boards have a name and a status.',
      'A challenge belongs to one player and has a date and a status (open, accepted, declined, forfeit).',
      'Captains can do everything.',
      'Anyone, whether logged in or not, can look at the players and at the boards.',
      'When a challenge is created, the challenged player has 5 days to accept or decline it. If they have done neither by then, the system awards the match to the challenger and then notifies both players.',
      'For each player, 21 days before their membership expiry date the system sends a renewal reminder email.',
    ].join('\n\n'),
  });

  it('reads "Anyone, whether logged in or not, can look at the Xs and at the Ys"', () => {
    expect(spec.access).toEqual(expect.arrayContaining([
      { entity: 'Player', operation: 'read', level: 'public' },
      { entity: 'Board', operation: 'read', level: 'public' },
    ]));
  });

  it('reads a wait for either of two acts, what is done when neither happens, and a reminder before each record\'s date', () => {
    const challenge = spec.workflows.find((w) => w.trigger?.entity === 'Challenge');
    expect(challenge?.steps.map((s) => s.kind)).toEqual(['waitForEvent', 'task', 'task']);
    expect(challenge?.steps[0]).toMatchObject({ events: ['accepted', 'declined'], timeout: 'P5D' });
    expect(challenge?.steps[1]).toMatchObject({ name: 'award_match' });
    const renewal = spec.workflows.find((w) => w.trigger?.entity === 'Player');
    expect(renewal?.trigger).toMatchObject({ event: 'created' });
    expect(renewal?.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'membership_expiry_date', offset: '-P21D' });
    expect(renewal?.steps[1]).toMatchObject({ kind: 'task' });
  });
});

describe('records described under bold subjects, with their relations listed first (a seed library)', () => {
  const spec = authorSpec({
    name: 'Seeds',
    description: [
      '## How things hang together',
      '- A branch has many members; each member belongs to one branch.',
      '- A member has many borrowings over time; a borrowing belongs to one member.',
      '## The records',
      '**Branches** have a name and an opening day.',
      '**Members** have a full name and an email (required).',
      '**Seed packets** are what we hand out in a given season: the variety (required), the price, and the little leaflet we put in the packet, uploaded as a PDF of no more than 2 MB.',
      '**Borrowings** have the borrowing date, a returned-at time (date and time), and a photo the member can take as proof (any image, max 3 MB). A borrowing goes from open to reminded, and ends up either returned or lost.',
      '## Who uses it',
      '- The branch office is the admin and manages all of the above.',
      '- This season\'s seed packets are public, so anyone can see them without logging in.',
      '- When a new member signs up, send a welcome email straight away.',
    ].join('\n'),
  });
  const fields = (entity: string) => spec.entities.find((e) => e.name === entity)?.fields.map((f) => `${f.name}:${f.type}`) ?? [];

  it('reads a bold subject as its sentence\'s subject, what a record is before its fields, and no record type of "over time"', () => {
    expect(spec.entities.map((e) => e.name).sort()).toEqual(['Borrowing', 'Branch', 'Member', 'SeedPacket']);
    expect(fields('SeedPacket')).toEqual(expect.arrayContaining(['variety:string', 'price:number', 'leaflet_key:file']));
    expect(fields('Borrowing')).toEqual(expect.arrayContaining(['returned_at:datetime', 'photo_key:file', 'member_id:ref(Member)']));
    expect(spec.entities.find((e) => e.name === 'Borrowing')?.fields.find((f) => f.name === 'status')?.values).toEqual(['open', 'reminded', 'returned', 'lost']);
  });

  it('reads the admin said as who holds it, this season\'s records as public, and signing up as the record made', () => {
    expect(spec.roles.map((r) => r.name)).toEqual(['admin']);
    expect(spec.access).toContainEqual({ entity: 'SeedPacket', operation: 'read', level: 'public' });
    const welcome = spec.workflows.find((w) => w.trigger?.entity === 'Member');
    expect(welcome?.trigger).toEqual({ entity: 'Member', event: 'created' });
    expect(welcome?.steps[0]).toMatchObject({ kind: 'task', name: 'send_welcome_email' });
  });
});

describe('a club page with its records under headings (a bowls club)', () => {
  const spec = authorSpec({
    name: 'Bowls',
    description: [
      '### Rinks',
      'Each of our rinks has a name ("Rink 1"), a surface, either artificial or natural grass, a yes/no for whether it has a cover, and another yes/no for whether it\'s floodlit.',
      '### Rink bookings',
      'A rink booking is for one rink. It records a starts-at date and time (required), and the contact name and contact phone of whoever booked it.',
      '### Coaches',
      'We keep a record for each coach: full name, email and a DBS expiry date.',
      '### Sessions',
      'A session has a title and its coach (one coach runs each session). Sessions are scheduled, then either completed or cancelled.',
      '## Who can do what',
      '- **Club admins** (the committee) can do everything.',
      '- **Coaches** can read and update sessions.',
      '## Automation',
      '1. **Session reminders.** For every session, 24 hours before it starts, email the coach.',
    ].join('\n'),
  });
  const fields = (entity: string) => spec.entities.find((e) => e.name === entity)?.fields.map((f) => `${f.name}:${f.type}`) ?? [];

  it('reads each record type under its heading, coaches too, and no record type of a workflow\'s label', () => {
    expect(spec.entities.map((e) => e.name).sort()).toEqual(['Coach', 'Rink', 'RinkBooking', 'Session']);
    expect(fields('Rink')).toEqual(expect.arrayContaining(['name:string', 'has_cover:boolean', 'floodlit:boolean']));
    expect(fields('RinkBooking')).toEqual(expect.arrayContaining(['starts_at:datetime', 'contact_name:string', 'contact_phone:string']));
    expect(fields('Coach')).toEqual(expect.arrayContaining(['full_name:string', 'email:email', 'dbs_expiry_date:date']));
    expect(spec.entities.find((e) => e.name === 'Session')?.fields.find((f) => f.name === 'status')?.values).toEqual(['scheduled', 'completed', 'cancelled']);
  });

  it('names the club admins, who can do everything, admin', () => {
    expect(spec.adminRole).toBe('admin');
    expect(spec.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['admin', 'coach']));
  });
});

describe('states with arrows and workflows over two records (a face-painting agency)', () => {
  const spec = authorSpec({
    name: 'Faces',
    description: [
      'A gig has a venue and a start date and time. A gig goes enquiry → held → confirmed → done, and it can be cancelled at any point along the way.',
      'A painter has a name. A slot links one painter with one gig.',
      'Staff can do everything.',
      'When a gig is put on hold, wait up to 48 hours for the deposit to be paid.',
      'For every slot, 24 hours before the gig starts, email the painter.',
    ].join('\n'),
  });

  it('reads the states said with arrows, and no workflow from them', () => {
    expect(spec.entities.find((e) => e.name === 'Gig')?.fields.find((f) => f.name === 'status')?.values).toEqual(['enquiry', 'held', 'confirmed', 'done', 'cancelled']);
    expect(spec.workflows.map((w) => w.trigger)).not.toContainEqual(expect.objectContaining({ value: 'enquiry' }));
  });

  it('reads "put on hold" as held, and a time before another record\'s start for each of these', () => {
    expect(spec.workflows.map((w) => w.trigger)).toContainEqual({ entity: 'Gig', event: 'updated', field: 'status', value: 'held' });
    const slot = spec.workflows.find((w) => w.trigger?.entity === 'Slot');
    expect(slot?.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'starts_at', offset: '-PT24H', via: 'gig_id' });
  });
});

/**
 * Session 27 (issue 23): readings pinned on records made up for them: a paragraph that takes up a
 * record goes on describing it, whatever its asides mention; a moment said alone; a question
 * about which one of something a record is tied to; the writer as "the boss"; visitors who are
 * records of their own are no public.
 */
import { introducedTopic } from '../../../lambdas/core/spec/author/topics';
import { participle } from '../../../lambdas/core/spec/author/workflow-phrases';
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';

describe('a paragraph that takes up a record', () => {
  const s = spec(
    'Potters are just name, phone and email.',
    'Kilns, obviously. Name is a must, plus its size in litres and which potter they belong to.',
    "Then firings. Each one is for a kiln, at a date and time (that has to be filled in!), and is either a bisque, a glaze or a raku firing. Length in hours - never more than 12, the kilns get tired and the elements suffer. Which of us technicians is loading it, our notes afterwards, and whether it's booked, fired or cancelled.",
  );
  const names = (entity: string) => s.entities.find((e) => e.name === entity)?.fields.map((f) => f.name) ?? [];

  it('gives a list with no verb, two sentences after the topic, to the paragraph\'s record, not to one an aside names ("the kilns get tired")', () => {
    expect(names('Firing')).toEqual(expect.arrayContaining(['notes', 'status']));
    expect(field(s, 'Firing', 'status')?.values).toEqual(['booked', 'fired', 'cancelled']);
    expect(names('Kiln')).not.toContain('status');
    expect(names('Kiln')).not.toContain('notes');
  });

  it('reads "at a date and time" said alone as when the record starts', () => {
    expect(field(s, 'Firing', 'starts_at')).toMatchObject({ type: 'datetime', required: true });
    expect(names('Firing')).not.toContain('date_time');
  });

  it('reads "which potter they belong to" as a link to that record, under a name the server\'s owner_id leaves free', () => {
    expect(field(s, 'Kiln', 'potter_id')?.type).toBe('ref(Potter)');
  });
});

describe('a link to owners who are records', () => {
  const s = spec('Owners are just name, phone and email.', 'The boats. Name is a must, plus length in metres and which owner they belong to.');

  it('reads "which owner they belong to" as owned_by_id, since owner_id is the server\'s (the record\'s creator)', () => {
    expect(field(s, 'Boat', 'owned_by_id')?.type).toBe('ref(Owner)');
    expect(field(s, 'Boat', 'owner_id')).toBeUndefined();
  });
});

describe('the question "which X ..." names the field after X', () => {
  const s = spec('Vans have a plate number.', 'Each delivery has a date, which van it went out in, and which driver takes it.', 'Drivers can see deliveries.');

  it.each([
    ['van_id', 'ref(Van)'],
    ['driver_id', 'ref(User)'],
  ])('reads %s as %s', (name, type) => {
    expect(field(s, 'Delivery', name)?.type).toBe(type);
  });
});

describe('what brings up a record, and what does not', () => {
  it.each([
    ["So that's a big part of it.", undefined],
    ["That's most of the job.", undefined],
    ["Every time we go out, that's a call-out.", 'call-out'],
    ['The boats.', 'boats'],
    ['Kilns, obviously.', 'kilns'],
    ['Cheers.', undefined],
    ['Provisional holds.', undefined],
  ])('reads "%s" as bringing up %s', (sentence, topic) => {
    expect(introducedTopic(sentence)).toBe(topic);
  });
});

describe('the writer as the boss', () => {
  it.each(["I'm the boss, so I need everything.", "I'm the boss and I can do everything."])('reads "%s" as the admin role', (sentence) => {
    const s = spec('Each dog has a name and a breed.', sentence, 'Groomers can read dogs.');
    expect(s.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['admin', 'groomer']));
    expect(s.roles.map((r) => r.name)).not.toContain('boss');
  });
});

describe('visitors who are records of their own', () => {
  const s = spec(
    'As a visitor, I can register once with my details, see my own bookings and cancel one.',
    "As a visitor, I can't see anyone else's bookings.",
    'As the manager (admin), I can do everything.',
    'Visitors: full name and date of birth are both required, plus email and phone.',
    'A booking links one visitor and one slot, with the number of children.',
    'Slots have a start time and a capacity.',
  );

  it('gives visitors a role of their own, not the public\'s access', () => {
    expect(s.roles.map((r) => r.name)).toContain('visitor');
    expect(s.roles.find((r) => r.name === 'visitor')?.rights.Booking?.read).toBe('own');
    expect(s.access.filter((a) => a.level === 'public')).toEqual([]);
  });

  it('still reads visitors with no record of their own as the public', () => {
    const p = spec('Slots have a start time and a capacity.', 'Visitors can see the slots without logging in.');
    expect(p.access).toEqual(expect.arrayContaining([{ entity: 'Slot', operation: 'read', level: 'public' }]));
  });
});

describe('rules said in passing', () => {
  it('reads "I do need the email for every single one" as the email required', () => {
    const s = spec("Members are just name, phone and email, and I do need the email for every single one because that's how everything goes out.");
    expect(field(s, 'Member', 'email')?.required).toBe(true);
    expect(field(s, 'Member', 'phone')?.required).toBe(false);
  });

  it('reads a bound after a dash, with why after it, as the field\'s bound ("Length in minutes - never more than 30, the kilns ...")', () => {
    const s = spec('Then firings. Each one is for a kiln, at a date and time. Length in minutes - never more than 30, the kilns get tired and the elements suffer.');
    expect(field(s, 'Firing', 'length_minutes')).toMatchObject({ type: 'integer', max: 30 });
  });
});

describe('what starts an automation', () => {
  const s = spec(
    'Each dog has a name, a breed, the vet\'s email and a status: waiting, assessed or discharged.',
    'When a new dog comes to us, email the vet. When a dog is assessed, text the owner.',
  );

  it('reads "when a new dog comes to us" as the dog being made, not a state "comed"', () => {
    expect(s.workflows.map((w) => w.trigger)).toEqual(expect.arrayContaining([{ entity: 'Dog', event: 'created' }]));
    expect(JSON.stringify(s.workflows)).not.toMatch(/comed|came/);
  });
});

describe('the past participle of a verb, from the tagger', () => {
  it.each([
    ['drive', 'driven'],
    ['cancel', 'cancelled'],
    ['lead', 'led'],
    ['book', 'booked'],
    ['send', 'sent'],
  ])('%s -> %s', (verb, done) => {
    expect(participle(verb)).toBe(done);
  });
});

describe('a quick informal note about a hire business', () => {
  const s = spec(
    "so what i need. a list of our marquees, we've got about 9 at the mo (big ones, small ones). each one has a name, no 2 the same obvs or the lads take the wrong one, the size (like 6x9m just as text), price per day, who its suitible for - weddings, parties or fetes - and y/n if it can go on gravel. plus a pic of eachone, jpg only, keep them under 5mb",
    'then the hires. customer name and phone number r a must, email if they have one, the adress we put it up at (must have that too obvs), the date of the event (must), which marquee (must), deposit paid y/n, and any notes like "park round the back, by the gate". status is booked, up, down or cancelled',
    'also damage reports. they write what happened and add a repair cost. each report is for 1 hire',
  );
  const names = (entity: string) => s.entities.find((e) => e.name === entity)?.fields.map((f) => f.name) ?? [];

  it('reads "a list of our marquees, we\'ve got ..." and "then the hires" as the records described next', () => {
    expect(s.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Marquee', 'Hire']));
  });

  it('reads the marquee\'s fields as said informally', () => {
    expect(field(s, 'Marquee', 'name')?.unique).toBe(true);
    expect(field(s, 'Marquee', 'size')?.type).toBe('string');
    expect(field(s, 'Marquee', 'suitable_for')?.values).toEqual(['weddings', 'parties', 'fetes']);
    expect(field(s, 'Marquee', 'photo_key')?.type).toBe('file');
    expect(names('Marquee').some((n) => /gravel/.test(n) && field(s, 'Marquee', n)?.type === 'boolean')).toBe(true);
  });

  it('reads "X and Y r a must, ..." as a list that goes on after the rule, each item with its own', () => {
    expect(field(s, 'Hire', 'customer_name')?.required).toBe(true);
    expect(field(s, 'Hire', 'phone')?.required).toBe(true);
    expect(field(s, 'Hire', 'email')?.required).toBe(false);
    expect(field(s, 'Hire', 'marquee_id')).toMatchObject({ type: 'ref(Marquee)', required: true });
    expect(field(s, 'Hire', 'deposit_paid')?.type).toBe('boolean');
    expect(field(s, 'Hire', 'notes')?.type).toBe('text');
  });

  it('reads "each report is for 1 hire" as the report\'s link to its hire', () => {
    expect(field(s, 'DamageReport', 'hire_id')?.type).toBe('ref(Hire)');
  });
});

describe("an alpaca farm's letter: people who are records, records kept by a team", () => {
  const s = spec(
    "The alpacas are the heart of it. Each one has a name and the date they came to us. Each alpaca gets one nice photo too, JPEG only please as that's what the website likes, and under 4 MB.",
    "Then the adopters. We keep their name, email and postal address. An adoption links an adopter with one of the alpacas: the plan (monthly or annual), the start date, which we always need, and if it's a gift, who the lucky recipient is.",
    "The farm team also keep a record of shearing and health checks for each alpaca, mainly so we can tell adopters what their alpaca has been up to: the date, who came out, notes, and what it cost.",
    'Our volunteers look after adopters and adoptions (add, view, edit, no deleting) and can look at the alpacas. Adopters who log in can see their own adoptions.',
  );
  const names = (entity: string) => s.entities.find((e) => e.name === entity)?.fields.map((f) => f.name) ?? [];

  it('reads "Then the adopters. We keep their name, ..." as the adopters\' record, though adopters also log in', () => {
    expect(names('Adopter')).toEqual(expect.arrayContaining(['name', 'email', 'postal_address']));
    expect(names('Alpaca')).not.toContain('email');
    expect(field(s, 'Adoption', 'adopter_id')?.type).toBe('ref(Adopter)');
  });

  it('reads "one nice photo too, JPEG only please as that\'s what the website likes, and under 4 MB" as one photo', () => {
    expect(field(s, 'Alpaca', 'photo_key')?.file).toEqual({ contentTypes: ['image/jpeg'], maxBytes: 4 * 1024 * 1024 });
    expect(names('Alpaca').filter((n) => n.endsWith('_key'))).toEqual(['photo_key']);
  });

  it('reads "and if it\'s a gift, who the lucky recipient is" as one more field, optional', () => {
    expect(field(s, 'Adoption', 'start_date')?.required).toBe(true);
    expect(names('Adoption').some((n) => /recipient/.test(n))).toBe(true);
  });

  it('reads "keep a record of shearing and health checks for each alpaca, ...: list" as health checks of an alpaca, whoever keeps them', () => {
    expect(field(s, 'HealthCheck', 'alpaca_id')?.type).toBe('ref(Alpaca)');
    expect(names('HealthCheck')).toEqual(expect.arrayContaining(['date', 'notes', 'cost']));
    expect(s.entities.map((e) => e.name)).not.toContain('FarmTeam');
  });

  it('reads "(add, view, edit, no deleting)" after the records as rights, no fields', () => {
    expect(names('Adoption')).not.toEqual(expect.arrayContaining(['add']));
    expect(names('Adopter')).not.toContain('view');
  });
});

describe('a long page with a background section', () => {
  const s = spec(
    '## Why we need this',
    'The county council has a small licensing office (three people) that handles requests from market traders who want to trade on council land: streets, parks, car parks and the beach.',
    '## Pitches',
    'Each pitch has a name (required) and a ward.',
    '## Applications',
    'A trader applies for one of our pitches. We record when trading starts and when it ends, both required.',
  );

  it('reads no record type in the story around the backend ("The county council has a small office that handles ...")', () => {
    expect(s.entities.map((e) => e.name)).not.toContain('CountyCouncil');
    expect(s.entities.map((e) => e.name)).toContain('Pitch');
  });

  it('reads "when trading starts" as the moment it starts, trading_starts_at', () => {
    expect(s.entities.flatMap((e) => e.fields).find((f) => f.name === 'trading_starts_at')?.type).toBe('datetime');
  });
});

describe("a dog show secretary's letter", () => {
  const s = spec(
    "Every year I swear I'll stop doing the entries with a paper form and a cash tin, so this is me finally doing something about it.",
    "The people entering dogs are handlers. We need their name and email, and a phone number.",
    'Then there are the shows themselves: a title, the date, the venue, and a status, which is planned, open or held.',
    'Handlers can see the shows and their own entries.',
  );

  it('reads "doing the entries with a paper form and a cash tin" as no record type', () => {
    expect(s.entities.map((e) => e.name).some((n) => /Doing|Entry/.test(n))).toBe(false);
  });

  it('reads "The people entering dogs are handlers. We need their name ..." as the handlers\' record', () => {
    expect(field(s, 'Handler', 'email')?.type).toBe('email');
  });

  it('reads "Then there are the shows themselves: a title, ..." as the shows\' fields', () => {
    expect(field(s, 'Show', 'title')?.type).toBe('string');
    expect(field(s, 'Show', 'status')?.values).toEqual(['planned', 'open', 'held']);
  });
});

/**
 * Session 24 (issue 23): readings a shop counter's chatty note and an archive's long page need,
 * pinned on records made up for them (a butcher's orders, a bakery's trade customers, a choir's
 * recordings): how something was done or is wanted, who to talk to, the day it is wanted for,
 * collecting or delivery, kinds given as tags, a rule said after why, a writer who needs
 * everything, a wish for someone to act in time, who a role is in an aside, the public's right
 * with an aside, stages said with whose they are, words to find a record by, a paragraph, one of
 * the people who log in, who chooses a value, and the sentences after a bulleted file.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join('\n\n') });
const field = (s: ReturnType<typeof spec>, entity: string, name: string) => s.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);
const access = (s: ReturnType<typeof spec>, entity: string, operation: string) => s.access.find((a) => a.entity === entity && a.operation === operation)?.level;

describe('questions about how and when', () => {
  const cut = (said: string) => spec(`Each cut has a name, the price per kilo and ${said}.`);

  it('reads "how it was reared (free range, organic or indoor)" as the rearing method, with its values', () => {
    expect(field(cut('how it was reared (free range, organic or indoor)'), 'Cut', 'rear_method')).toMatchObject({ type: 'enum', values: ['free_range', 'organic', 'indoor'] });
  });

  it('reads "how they want it prepped: whole, diced or minced" as the preparation', () => {
    expect(field(cut('how they want it prepped: whole, diced or minced'), 'Cut', 'preparation')?.values).toEqual(['whole', 'diced', 'minced']);
  });

  it('reads "who to talk to" as a contact name and "the day they want it for" as the date wanted', () => {
    expect(field(cut('who to talk to'), 'Cut', 'contact_name')?.type).toBe('string');
    expect(field(cut('the day they want it for'), 'Cut', 'wanted_for')?.type).toBe('date');
  });

  it('reads "whether they\'re collecting or want it delivered" as collection or delivery, not as states', () => {
    const s = spec('An order has the day they want it for, plus whether they\'re collecting or want it delivered, and any notes.', 'Orders go placed, then confirmed, ready - or cancelled if they change their mind.');
    expect(field(s, 'Order', 'fulfilment')?.values).toEqual(['collection', 'delivery']);
    expect(field(s, 'Order', 'status')?.values).toEqual(['placed', 'confirmed', 'ready', 'cancelled']);
  });
});

describe('kinds and rules said in a sentence of their own', () => {
  it('reads "I\'d also tag them as cafe, hotel or shop" as the kind of the record just described, named by it', () => {
    const s = spec('Trade customers have a business name and an email.', "I'd also tag them as cafe, hotel or shop, mainly for my own curiosity.");
    expect(field(s, 'TradeCustomer', 'customer_type')).toMatchObject({ type: 'enum', values: ['cafe', 'hotel', 'shop'] });
  });

  it('reads "The email\'s how they log in so it\'s required and can\'t be shared between two accounts" as required and unique', () => {
    const s = spec('Trade customers have a business name and an email.', "The email's how they'll log in so it's required and can't be shared between two accounts.");
    expect(field(s, 'TradeCustomer', 'email')).toMatchObject({ required: true, unique: true });
  });

  it('reads "These are large, so please allow up to 500 MB" as the size of the file just listed', () => {
    const s = spec('Recordings have a title and the master audio, as WAV or MP3. These are large, so please allow up to 500 MB.');
    expect(field(s, 'Recording', 'master_audio_key')?.file?.maxBytes).toBe(500 * 1048576);
  });
});

describe('who may do what', () => {
  it('reads "I\'m the manager so I need everything" as the manager, with every right', () => {
    const s = spec('Cuts have a name.', "I'm the manager so I need everything.", 'Counter staff can read cuts.');
    expect(s.adminRole).toBe('manager');
  });

  it('reads "Librarians (at present myself and one other) may read scores" as librarians, whoever they are now', () => {
    const s = spec('Scores have a title.', 'Librarians (at present myself and one other) may read scores.');
    expect(s.roles.find((r) => r.name === 'librarian')?.rights.Score).toEqual({ read: 'all' });
  });

  it('reads "Members of the public, without logging in, may listen to recordings" as a public read', () => {
    const s = spec('Recordings have a title.', 'Members of the public, without logging in, may listen to recordings on the website.');
    expect(access(s, 'Recording', 'read')).toBe('public');
  });
});

describe('a wish for someone to act in time', () => {
  it('reads "I want someone to confirm it within 2 hours, and if nobody has, text me" as a wait for the confirmation', () => {
    const s = spec('Orders have a date and a status (placed, confirmed or cancelled).', 'The staff can edit orders.', 'When an order comes in I want someone to confirm it within 2 hours, and if nobody has, text me on my mobile.');
    const steps = s.workflows[0]?.steps ?? [];
    expect(steps[0]).toMatchObject({ kind: 'waitForEvent', events: ['confirmed'], timeout: 'PT2H' });
    expect(steps[1]?.kind).toBe('task');
  });
});

describe('states said with whose they are', () => {
  it('reads "Separately, recordings move through our working stages: a, b and c"', () => {
    const s = spec('Recordings have a title.', 'Separately, recordings move through our working stages: recorded, edited, mastered and published.');
    expect(field(s, 'Recording', 'status')?.values).toEqual(['recorded', 'edited', 'mastered', 'published']);
  });

  it('reads "We mark each request pending, granted or refused and keep a short note" as the request\'s states', () => {
    const s = spec('A request gives a name and an email.', 'We mark each request pending, granted or refused and keep a short note of the decision.');
    expect(field(s, 'Request', 'status')?.values).toEqual(['pending', 'granted', 'refused']);
  });
});

describe('the words of a field', () => {
  const recording = (said: string) => spec(`A recording has a title, ${said}, and a date.`);

  it('reads subject tags as a list of words, not a count', () => {
    expect(field(recording('a handful of subject tags: "war", "the mills" and so forth'), 'Recording', 'subject_tags')?.type).toBe('list(string)');
  });

  it('reads "a summary paragraph" as the summary, long text', () => {
    expect(field(recording('a summary paragraph'), 'Recording', 'summary')?.type).toBe('text');
  });

  it('reads "the engineer (one of our volunteers, all of whom log in)" as a user', () => {
    expect(field(recording('the engineer (one of our volunteers, all of whom log in)'), 'Recording', 'engineer_id')?.type).toBe('ref(User)');
  });

  it('reads "an access level, chosen by the singer on the release form: open, on request, or closed" as the level and its values', () => {
    const s = spec('Every recording has a title.', 'Every recording has an access level, chosen by the singer on the release form: open, on request, or closed.');
    expect(field(s, 'Recording', 'access_level')?.values).toEqual(['open', 'on_request', 'closed']);
  });
});

describe('the sentences after a bulleted file', () => {
  it('reads the size and the requirement said after each file, and leaves the rest to the sentence readers', () => {
    const s = spec(
      '## Recordings\n\nA recording must carry a title.\n\nTwo files belong to each recording:\n\n- the master audio, as WAV or MP3. These are large, so please allow up to 500 MB;\n- the release form, a PDF of no more than 10 MB. No recording is to be stored without it. This is not negotiable.',
    );
    expect(field(s, 'Recording', 'master_audio_key')).toMatchObject({ type: 'file', file: { maxBytes: 500 * 1048576 } });
    expect(field(s, 'Recording', 'release_form_key')).toMatchObject({ type: 'file', required: true, file: { contentTypes: ['application/pdf'], maxBytes: 10 * 1048576 } });
    expect(s.entities.find((e) => e.name === 'Recording')?.fields.map((f) => f.name)).not.toContain('so_please_allow_key');
  });
});

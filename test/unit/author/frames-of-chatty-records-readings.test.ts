/**
 * Wordings of chatty descriptions found in session 20's blind round and probes (issue 23): the
 * frames a busy writer puts a record type in ("For every X that comes in we write down ...",
 * "X are kept in a list of their own: ...", "they upload an X. That has ...", "X can have several
 * Ys under it, each with ..."), states said along the way ("can get stuck in customs hold, and
 * finishes as delivered"), lists that carry their own values ("a status running from A, to B"),
 * and what the author must not make of asides. Each is pinned on records made up for it, away
 * from the description it was found in: a bike workshop, a seed bank, a choir's library, a
 * museum's loans, a film society, a lifeboat station, a bakery, a tool hire shop.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { readStates, readExceptionState } from '../../../lambdas/core/spec/author/states';
import { readRelations } from '../../../lambdas/core/spec/author/relations';
import { readDefinition } from '../../../lambdas/core/spec/author/definitions';
import { splitSentences } from '../../../lambdas/core/spec/author/sentences';
import { detectMultiTenant } from '../../../lambdas/core/spec/offline-author/tenancy';
import { entity, fieldOf, fieldsOf, rightsOf } from '../../support/spec-lookups';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join(' ') });

describe('a record in the frame a busy writer puts it in', () => {
  it('reads "For every bike that comes in we write down ..." and "With each X we note ..." as the record\'s fields, each named by what it asks', () => {
    const s = spec('Customers have a name and a phone number.', 'For every bike that comes in we write down roughly how big it is, what state the chain\'s in, who brought it in and a couple of photos.', 'Each bike belongs to a customer.');
    expect(fieldsOf(s, 'Bike')).toEqual(expect.arrayContaining(['size', 'chain_condition', 'brought_by', 'photo_key']));
    const noted = spec('Customers have a name and a phone number.', 'With each parcel we note its weight, when it arrived and who signed it off.', 'Each parcel belongs to a customer.');
    expect(fieldsOf(noted, 'Parcel')).toEqual(expect.arrayContaining(['weight', 'arrived_at', 'signed_by']));
  });

  it('reads "Seeds are kept in a list of their own: ..." and "Scores are our master list: ..." as record types with those fields', () => {
    const s = spec('Batches have a sowing date and a tray count.', 'Varieties are kept in a list of their own: the common name, the Latin name, where we got the seed from and how long it normally takes to germinate in days.');
    expect(fieldsOf(s, 'Variety')).toEqual(['common_name', 'latin_name', 'source', 'time_to_germinate_days']);
    const listed = spec('Concerts have a date and a venue.', 'Scores are our master list: the title, the composer and the number of copies.');
    expect(fieldsOf(listed, 'Score')).toEqual(expect.arrayContaining(['title', 'composer']));
  });

  it('reads "the curator writes up a condition report for the loan: ..." as a record made for another, and no field of a collection kept', () => {
    const s = spec('A loan has a borrower name and a start date.', 'When we send something out, the curator writes up a condition report for the loan: the date it was checked, the outcome (fine, minor damage or major damage) and a covering note as free text.', 'We keep a little object library too.');
    expect(fieldsOf(s, 'ConditionReport')).toEqual(expect.arrayContaining(['outcome', 'loan_id']));
    expect(fieldOf(s, 'ConditionReport', 'outcome')).toMatchObject({ type: 'enum', values: ['fine', 'minor_damage', 'major_damage'] });
    expect(fieldsOf(s, 'Loan')).not.toContain('object_library');
  });

  it('reads "X can have several Ys under it, each with ..." and "If ..., they can ask for a Z, which is linked to the X and records ..." after a condition', () => {
    const s = spec(
      'A screening has a film title and a date.',
      'If the projector fails we have to log a fault, so a screening can have several faults under it, each with the time it happened, a short title and the engineer\'s notes.',
      'If a member is unhappy they can ask for a refund request, which is linked to the original screening and records the date they asked, the amount and whether it was approved.',
    );
    expect(fieldsOf(s, 'Fault')).toEqual(expect.arrayContaining(['title', 'screening_id']));
    expect(fieldsOf(s, 'RefundRequest')).toEqual(expect.arrayContaining(['amount', 'approved', 'screening_id']));
    expect(readDefinition('If a pass expires with classes left, email the student')).toBeUndefined();
  });

  it('reads "We start with the crews, our volunteers. For each we hold ..." and "they upload a callout log. That has ..."', () => {
    const s = spec(
      'We start with the crews, our volunteer teams. For each we hold a crew code, which is unique and required, the crew name and the station they are based at.',
      'When a shout is over, they upload a callout log. That has the date, the vessel name, the number of people rescued and a written summary.',
    );
    expect(fieldsOf(s, 'Crew')).toEqual(expect.arrayContaining(['crew_code', 'crew_name']));
    expect(fieldOf(s, 'Crew', 'crew_code')).toMatchObject({ required: true, unique: true });
    expect(fieldsOf(s, 'CalloutLog')).toEqual(expect.arrayContaining(['vessel_name', 'people_rescued']));
  });

  it('reads "Then the tasting itself, which we call a session. It\'s for one batch and has ..." and "A note belongs to a session and to the taster who wrote it, and holds ..."', () => {
    const s = spec(
      'Batches have a recipe name and a bake date.',
      'Then the tasting itself, which we call a session. It\'s for one batch and has the date and time of the tasting and a location.',
      'Tasters are kept as a simple list: name and email.',
      'A note belongs to a session and to the taster who wrote it, and holds the score, the date they submitted it and any comments.',
    );
    expect(fieldsOf(s, 'Session')).toEqual(expect.arrayContaining(['location', 'batch_id']));
    expect(fieldsOf(s, 'Note')).toEqual(expect.arrayContaining(['score', 'session_id', 'taster_id']));
  });

  it('reads "Repairs are the actual jobs on the bench, each one for a tool, with ..." and "Every mechanic has his tickets, and each one has ..." with no "his" in the name', () => {
    const s = spec(
      'A tool has a name and a serial number.',
      'Repairs are the actual jobs on the bench, each one for a tool, with the date, the hours spent and which mechanic did it.',
      'Every mechanic has his certificates, and each one has a certificate number (unique), the expiry date and a scan as a PDF, up to 5 MB.',
    );
    expect(fieldsOf(s, 'Repair')).toEqual(expect.arrayContaining(['date', 'tool_id']));
    expect(entity(s, 'Certificate')).toBeDefined();
    expect(s.entities.some((e) => /^His/.test(e.name))).toBe(false);
  });

  it('reads "Our members are the film clubs. For each we keep ..." as the record type, and "The ushers are the biggest group; they ..." as people', () => {
    const s = spec('Our members are the local film clubs. For each we keep the club name, a contact email and the town.', 'The ushers are the biggest group; they need to look up members and can read screenings.');
    expect(fieldsOf(s, 'Member')).toEqual(expect.arrayContaining(['club_name', 'contact_email', 'town']));
    expect(entity(s, 'Usher')).toBeUndefined();
  });

  it('reads "we set them up as a member, which is basically name, email and the town" as a record type', () => {
    const s = spec('Enquiries have a name and a message.', 'Once they have paid we set them up as a member, which is basically name, email and the town, plus a notes box.');
    expect(fieldsOf(s, 'Member')).toEqual(expect.arrayContaining(['name', 'email', 'town', 'notes']));
  });

  it('reads "the public should be able to see the list of upcoming open days, which have a date, ..." as public records with those fields, not the last record\'s', () => {
    const s = spec('Members have a name and an email.', 'Scores are for one member and have a round name and a total.', 'The public should be able to see the list of upcoming open days, which have a date, a start time and the number of places left.');
    expect(fieldsOf(s, 'OpenDay')).toEqual(expect.arrayContaining(['date', 'places_left']));
    expect(fieldsOf(s, 'Score')).not.toContain('places_left');
    expect(s.access).toEqual(expect.arrayContaining([{ entity: 'OpenDay', operation: 'read', level: 'public' }]));
  });

  it('reads "Each hire gets logged, usually by the counter staff: ..." as a record type with the fields after the colon', () => {
    const s = spec('Tools have a name and a day rate.', 'Each hire gets logged, usually by the counter staff when the customer walks out: which tool it is for, the start date, the number of days and the deposit taken.');
    expect(fieldsOf(s, 'Hire')).toEqual(expect.arrayContaining(['tool_id', 'start_date', 'days', 'deposit_taken']));
  });

  it('reads "there\'s a survey record too, linked to a job, with ..." and "they add a sign-off, which belongs to that job, with ..."', () => {
    const s = spec(
      'A job has a title and an address.',
      "We visit first, so there's a survey record too, linked to a job, with the survey date, notes and a floor plan, PDF only, up to 15 MB because the scans are big.",
      'When the roofer finishes they add a sign-off, which belongs to that job, with the name of whoever signed and a photo (any image, 5 MB max).',
    );
    expect(fieldsOf(s, 'Survey')).toEqual(expect.arrayContaining(['survey_date', 'notes', 'job_id']));
    expect(fieldOf(s, 'Survey', 'floor_plan_key')).toMatchObject({ type: 'file', file: { contentTypes: ['application/pdf'], maxBytes: 15 * 1024 * 1024 } });
    expect(fieldsOf(s, 'SignOff')).toEqual(expect.arrayContaining(['signed_by', 'photo_key', 'job_id']));
  });
});

describe('states and values said along the way', () => {
  it('reads "Sometimes a job gets cancelled" and "Occasionally a customer cancels a job" as one more state, and "Customers can cancel a job" as a right only', () => {
    expect(readExceptionState('Sometimes a job gets cancelled before we start')).toEqual({ topic: 'job', value: 'cancelled' });
    expect(readExceptionState('Occasionally a customer cancels a job.')).toEqual({ topic: 'job', value: 'cancelled' });
    expect(readExceptionState('Customers can cancel a job')).toBeUndefined();
    expect(readExceptionState('Bookings can be cancelled by the customer')).toBeUndefined();
    const s = spec('A job has a price and a start date. Jobs go from booked to stripped, then ready, and finally collected. A job can also be cancelled.');
    expect(fieldOf(s, 'Job', 'status')?.values).toEqual(['booked', 'stripped', 'ready', 'collected', 'cancelled']);
  });

  it('reads "Now and again a batch gets contaminated" as one more state, of any word, when it is said to happen now and then', () => {
    expect(readExceptionState('Now and again a loaf gets spoiled and we have to bin it')).toEqual({ topic: 'loaf', value: 'spoiled' });
    expect(readExceptionState('A loaf gets burnt')).toBeUndefined();
    expect(readExceptionState('Sometimes a loaf gets sold early')).toBeUndefined();
  });

  it('reads "moves from A to B to C, can get stuck in D, and finishes as E" as five states in order', () => {
    expect(readStates('A parcel moves from booked to collected to in transit, can get stuck in customs hold, and finishes as delivered')?.values).toEqual(['booked', 'collected', 'in_transit', 'customs_hold', 'delivered']);
  });

  it('reads "a status running from being arranged, to scheduled, to held" and "a status that goes requested, measured, ..., or cancelled if ..." inside a field list', () => {
    const s = spec('A hearing has a date, a room and a status running from being arranged, to scheduled, to held, to decided.');
    expect(fieldOf(s, 'Hearing', 'status')?.values).toEqual(['being_arranged', 'scheduled', 'held', 'decided']);
    const t = spec('An order has a price and a status that goes requested, cut, sewn, or cancelled if it falls through.');
    expect(fieldOf(t, 'Order', 'status')?.values).toEqual(['requested', 'cut', 'sewn', 'cancelled']);
  });

  it('reads "..., which is one of award, ..., award of a lower degree, or fail" as values however long, and "that kind of thing" as examples', () => {
    const s = spec('A review has a date and the verdict, which is one of pass, minor changes, major changes, award of a lower grade, or fail.');
    expect(fieldOf(s, 'Review', 'verdict')?.values).toEqual(['pass', 'minor_changes', 'major_changes', 'award_of_a_lower_grade', 'fail']);
    const t = spec('A tree has a variety and a rootstock (M25, MM106, that kind of thing).');
    expect(fieldOf(t, 'Tree', 'rootstock')?.type).not.toBe('enum');
  });

  it('reads "the route, which for now is just north, south or east", "say \\"Atlas\\"" and "(can be a half, like 27.5)"', () => {
    const s = spec('A van has a plate, the model, say "Transit Custom", the length in metres (can be a half, like 5.5) and the round, which for now is just north, south or east.');
    expect(fieldOf(s, 'Van', 'round')?.values).toEqual(['north', 'south', 'east']);
    expect(fieldsOf(s, 'Van')).toContain('model');
    expect(fieldOf(s, 'Van', 'length_m')?.type).not.toBe('enum');
  });

  it('reads "(capped at 100,000 words)" as one number', () => {
    const s = spec('An essay has a title and a word count (capped at 100,000 words).');
    expect(fieldOf(s, 'Essay', 'word_count')).toMatchObject({ type: 'integer', max: 100000 });
  });

  it('reads "a status showing where it\'s at: ..." as the status, and "which mechanic went" as the mechanic', () => {
    const s = spec('A callout has an address and a status showing where it\'s at: new, booked or done. A visit is for a callout and has the date and which mechanic went.');
    expect(fieldOf(s, 'Callout', 'status')?.values).toEqual(['new', 'booked', 'done']);
    expect(fieldsOf(s, 'Visit')?.some((f) => /^mechanic/.test(f))).toBe(true);
  });
});

describe('sentences, links, tenancy and jobs', () => {
  it('ends a sentence at "8 MB max." before a capital, and not inside "e.g. JPEG"', () => {
    expect(splitSentences('A photo, 8 MB max. Quotes are for a job.')).toEqual(['A photo, 8 MB max', 'Quotes are for a job']);
    expect(splitSentences('A photo, e.g. JPEG files.')).toHaveLength(1);
  });

  it('reads "..., although that\'s optional until ..." and "If the customer has one of our cards we attach it to the sale" as optional links', () => {
    expect(readRelations("Each order also goes onto a delivery round, although that's optional until the planner gets round to it")).toMatchObject({ pairs: [{ child: 'order', parent: 'delivery round' }], optional: true });
    expect(readRelations("If the customer has one of our membership cards we attach it to the sale, but that's optional")).toMatchObject({ pairs: [{ child: 'sale', parent: 'membership card', optional: true }] });
  });

  it('reads "Each studio is its own separate little world" and "neither of us should ever see the other\'s" as separate organisations', () => {
    expect(detectMultiTenant('Each studio is its own separate little world in there.')).toBe(true);
    expect(detectMultiTenant("Her clients are hers and mine are mine, and neither of us should ever see the other's.")).toBe(true);
  });

  it('reads "Each Monday morning the system should email every member a summary of ..." as a weekly job at 08:00 to that role', () => {
    const s = spec('Members have a name and an email. Members can log in to see events. Events have a title and a date.', "Each Monday morning the system should email every member a summary of what's on that week.");
    expect(s.schedules?.[0]).toMatchObject({ expression: 'cron(0 8 ? * MON *)', actions: [{ type: 'notify', to: { role: 'member' } }] });
  });

  it('reads "When a loaf has been proving for 2 hours, ping the bakers" as a wait of that long in that state, not an alert at once', () => {
    const s = spec('A loaf has a recipe and a bake date. A loaf is mixing, proving, baked or sold.', 'When a loaf has been proving for 2 hours, ping the bakers. Bakers can edit loaves.');
    const flow = s.workflows[0];
    expect(flow?.trigger).toMatchObject({ entity: 'Loaf', field: 'status', value: 'proving' });
    expect(flow?.steps[0]).toMatchObject({ kind: 'waitForEvent', timeout: 'PT2H' });
  });

  it('reads "First, when ...", "Second, 24 hours after ..." as the workflows they number, keeping their capital', () => {
    const s = spec('A request has a title and a status (new, accepted or declined). A visit has a date and a status (booked or completed). Dispatchers can read requests.', 'First, when a request comes in, wait up to 15 minutes for a dispatcher to accept or decline it.', 'Second, 24 hours after a visit is marked completed, email the admin.');
    expect(s.workflows.map((w) => w.trigger)).toEqual([{ entity: 'Request', event: 'created' }, expect.objectContaining({ entity: 'Visit', value: 'completed' })]);
    expect(s.workflows[0]?.description).toMatch(/^When a request comes in/);
  });

  it('reads "Could it email a member when a loan has been out for 60 days?" as a workflow, the action said before its trigger', () => {
    const s = spec('Members have a name and an email. A loan is for one member and has an out date and a status (out or returned). Members can read loans.', 'Could it email a member when a loan has been out for 60 days?');
    expect(s.workflows[0]?.trigger).toMatchObject({ entity: 'Loan' });
    expect(s.workflows[0]?.steps[0]).toMatchObject({ kind: 'waitForEvent', timeout: 'P60D' });
  });

  it('reads "The coordinators (four of us) can do anything" as the coordinators, and keeps "The garden committee (admins)" naming its role', () => {
    const s = spec('Plots have a number. Rentals have a start date.', 'The coordinators (four of us) can do anything. Gardeners can read plots.');
    expect(rightsOf(s, 'coordinator')).toMatchObject({ Plot: 'crud', Rental: 'crud' });
    const t = spec('Plots have a number. Rentals have a start date.', 'The garden committee (admins) can do everything. Gardeners can read plots.');
    expect(t.adminRole).toBe('admin');
  });

  it('denies "..., but can\'t change them" only on what the clause before named', () => {
    const s = spec('Guests have a name. Stays have a date. Referrals have a reason.', "Key workers can edit guests and can see stays, but can't change them.");
    expect(rightsOf(s, 'key_worker')).toMatchObject({ Guest: 'ru', Stay: 'r' });
  });

  it('makes people who "record refills, look at products and update them" a role, not a record type', () => {
    const s = spec('Products have a name and a price. Refills have a weight and a product.', 'The shop assistants record refills, look at products and update them, and they can read deliveries.');
    expect(entity(s, 'ShopAssistant')).toBeUndefined();
    expect(rightsOf(s, 'shop_assistant')).toMatchObject({ Refill: expect.stringContaining('c') });
  });

  it('asks about a "when ..." sentence no workflow was read from, instead of passing it for one', () => {
    const s = spec('Requests have a title and a status (open or closed).', 'Separately, when someone opens a grumble, wait 30 days and then nudge the reviewer.');
    expect(s.openQuestions ?? []).toEqual(expect.arrayContaining([expect.stringContaining('nudge the reviewer')]));
  });
});

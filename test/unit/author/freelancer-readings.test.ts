/**
 * Session 30 (issue 23): what three new-user probes (a freelancer's chatty letter, user stories of
 * volunteers, a club's plain page) showed the author missing, pinned on records made up for these
 * tests (not the probes' own): what someone sends and what is then needed of it, a score "out of
 * N", states with a way back ("they ask for changes and it goes back to editing"), a state held too
 * long said as "has been sitting in review", "how they like to be billed", "some of them are on a
 * plan", a file wished for ("I'd like to attach the PDF too"), a helper introduced after who the
 * writer is, "all the X", an organisation at work, public records read by every role, time logged,
 * and a right used ("can cancel a tasting, and everyone booked should get an email").
 */
import { fieldOf as field, probeSpec as spec, rightsOf } from '../../support/author-probe';

const namesOf = (s: ReturnType<typeof spec>, entity: string) => s.entities.find((e) => e.name === entity)?.fields.map((f) => f.name) ?? [];
const entitiesOf = (s: ReturnType<typeof spec>) => s.entities.map((e) => e.name);

describe('what someone sends, and what is then needed of it', () => {
  it('reads "When a student hands in an essay I need ..." as the essay\'s fields, with the file\'s formats and size', () => {
    const s = spec('When a student hands in an essay I need the essay file (usually a PDF or DOCX, and they can be big, up to 20 MB), the title, the date they want it back by, and any notes about what to check.');
    expect(namesOf(s, 'Essay')).toEqual(expect.arrayContaining(['title', 'needed_by', 'notes']));
    const file = s.entities.find((e) => e.name === 'Essay')?.fields.find((f) => f.type === 'file');
    expect(file?.file?.contentTypes).toEqual(expect.arrayContaining(['application/pdf']));
    expect(file?.file?.contentTypes).not.toEqual(expect.arrayContaining(['image/*']));
    expect(file?.file?.maxBytes).toBe(20 * 1024 * 1024);
    expect(file?.notes ?? '').not.toMatch(/big/);
  });

  it('reads "the date they want it back by" as the date it is needed by', () => {
    const s = spec('A repair has a description and the date they want it back by.');
    expect(field(s, 'Repair', 'needed_by')?.type).toBe('date');
  });
});

describe('scores out of a number', () => {
  it.each([
    ['a mark out of 20', 'mark', 20],
    ['a score out of 100', 'score', 100],
    ['a rating out of 5 stars', 'rating', 5],
  ])('reads "%s" as a whole number from 0', (phrase, name, max) => {
    const s = spec(`An essay has a title and ${phrase}.`);
    expect(field(s, 'Essay', name)).toMatchObject({ type: 'integer', min: 0, max });
  });

  it('reads "Examiners give each essay a mark out of 20 and may add a remark" as two fields of the essay', () => {
    const s = spec('An essay has a title.', 'Examiners give each essay a mark out of 20 and may add a remark.');
    expect(field(s, 'Essay', 'mark')).toMatchObject({ type: 'integer', min: 0, max: 20 });
    expect(field(s, 'Essay', 'remark')).toBeDefined();
    expect(entitiesOf(s)).toEqual(['Essay']);
  });

  it('gives no examiner a record type of their own', () => {
    const s = spec('An essay has a title.', 'Examiners give each essay a mark out of 20.');
    expect(entitiesOf(s)).not.toContain('Examiner');
  });
});

describe('states with a way back', () => {
  it('reads "... and then it\'s either accepted or they ask for changes and it goes back to editing" as five states', () => {
    const s = spec('A manuscript has a title.', "A manuscript goes from received to editing to proofing and then it's either accepted or they ask for changes and it goes back to editing.");
    expect(field(s, 'Manuscript', 'status')?.values).toEqual(['received', 'editing', 'proofing', 'accepted', 'changes_requested']);
  });
});

describe('a state held too long', () => {
  const states = 'A claim has a title and an assessor email. A claim goes from received to review to settled.';

  it.each([
    'If a claim stays in review for two days, email the assessor.',
    'When a claim has been in review for two days, email the assessor.',
    'Oh, and when a claim has been sitting in review for two days without an answer, it would be great to nudge the assessor by email.',
  ])('"%s" starts when the claim reaches review and waits two days', (sentence) => {
    const s = spec(states, sentence);
    const flow = s.workflows[0];
    expect(flow?.trigger).toEqual({ entity: 'Claim', event: 'updated', field: 'status', value: 'review' });
    expect(flow?.steps[0]).toMatchObject({ kind: 'waitForEvent', timeout: 'P2D' });
    expect(flow?.steps.map((step) => step.name)).not.toContain('review');
  });
});

describe('how someone likes things done', () => {
  it.each([
    ['how they like to be billed (monthly or per visit)', 'billing_method', ['monthly', 'per_visit']],
    ["how they'd like to be contacted (post, phone or email)", 'contact_method', ['post', 'phone', 'email']],
    ['how they pay (cash or card)', 'payment_method', ['cash', 'card']],
  ])('reads "%s" as %s', (phrase, name, values) => {
    const s = spec(`For each patient I keep their name and ${phrase}.`);
    expect(field(s, 'Patient', name)?.values).toEqual(values);
  });
});

describe('what some of the records are', () => {
  it.each(['Some of them are on a payment plan.', 'Some customers are on a payment plan.', 'A few of them are in a union.'])('"%s" makes no record type of it', (sentence) => {
    const s = spec('For each customer I keep their name and an email.', sentence);
    expect(entitiesOf(s)).toEqual(['Customer']);
    expect(namesOf(s, 'Customer')).toEqual(['name', 'email']);
  });

  it('still reads "A car is on one plan" as a link', () => {
    const s = spec('A plan has a name.', 'A car has a plate. A car is on one plan.');
    expect(field(s, 'Car', 'plan_id')?.type).toBe('ref(Plan)');
  });
});

describe('a file wished for', () => {
  it.each(["I'd like to attach the PDF too.", 'We would like to attach the PDF as well.', "I'd love to be able to upload the PDF too."])('"%s" is a PDF of the record just described', (wish) => {
    const s = spec(`A receipt is for one customer and has an amount and a date. ${wish}`, 'A customer has a name.');
    const pdf = s.entities.find((e) => e.name === 'Receipt')?.fields.find((f) => f.type === 'file');
    expect(pdf?.file?.contentTypes).toEqual(['application/pdf']);
  });
});

describe('people and their rights', () => {
  const records = 'For each owner I keep their name. An appointment has a date. An invoice has an amount.';

  it('reads a helper introduced after who the writer is, and "move them along" as updating', () => {
    const s = spec(records, "I'm the only vet here but I have a part-time nurse who can see all the appointments and move them along, but she shouldn't touch invoices at all.");
    expect(rightsOf(s, 'nurse')).toEqual({ Appointment: 'r u' });
  });

  it.each([
    ['The nurse can see all the appointments.', { Appointment: 'r' }],
    ['The nurse can see all of our appointments.', { Appointment: 'r' }],
    ['The nurse can see all.', { Owner: 'r', Appointment: 'r', Invoice: 'r' }],
  ])('"%s" reads only what is named after "all"', (sentence, rights) => {
    expect(rightsOf(spec(records, sentence), 'nurse')).toEqual(rights);
  });

  it('reads "The society runs a register of members and their boats" as no role', () => {
    const s = spec('A member has a name. A boat has a name.', 'The society runs a register of members and their boats.');
    expect(s.roles.map((r) => r.name)).not.toContain('society');
  });

  it('gives a role every record it may read anyway: anyone reads the recipes, members edit their own', () => {
    const s = spec('A recipe has a title and a method.', 'Members can add recipes and edit or delete only their own.', 'Anyone can browse the recipes without signing in.');
    expect(rightsOf(s, 'member')).toEqual({ Recipe: 'c r u:own d:own' });
  });
});

describe('user stories of records made and used', () => {
  it('reads "I want to log the hours I taught, with the date and what I did" as a time entry of theirs', () => {
    const s = spec('As a tutor, I want to log the hours I taught, with the date and what I did.', 'As a tutor, I can see only my own hours.');
    expect(field(s, 'TimeEntry', 'hours')?.type).toBe('number');
    expect(field(s, 'TimeEntry', 'date')?.type).toBe('date');
    expect(field(s, 'TimeEntry', 'work_done')?.type).toBe('text');
    expect(rightsOf(s, 'tutor')).toEqual({ TimeEntry: 'c r:own' });
  });

  it('reads "I want to log the birds we ring: species, ring number, and a photo (JPEG only)" as the bird\'s fields', () => {
    const s = spec('As a warden, I want to log the birds we ring: species, ring number, and a photo (JPEG only).');
    expect(namesOf(s, 'Bird')).toEqual(expect.arrayContaining(['species', 'ring_number']));
    expect(s.entities.find((e) => e.name === 'Bird')?.fields.find((f) => f.type === 'file')?.file?.contentTypes).toEqual(['image/jpeg']);
  });

  it('reads "I can cancel a tasting, and everyone booked should get an email" as the right and the state it leads to', () => {
    const s = spec('A tasting has a date and a venue.', 'As an organiser, I can cancel a tasting, and everyone booked should get an email.');
    expect(field(s, 'Tasting', 'status')?.values).toContain('cancelled');
    expect(s.workflows.map((w) => w.trigger)).toContainEqual({ entity: 'Tasting', event: 'updated', field: 'status', value: 'cancelled' });
    expect(rightsOf(s, 'organiser').Tasting).toContain('u');
  });
});

describe('quick notes and long pages (a coding club, a zine distributor)', () => {
  it('reads "max players (usually 8)" as a count with its default, no link to a player', () => {
    const s = spec('players - first name, age', 'matches - date, venue, max players (usually 8)');
    expect(field(s, 'Match', 'max_players')).toMatchObject({ type: 'integer', default: 8 });
    expect(s.entities.find((e) => e.name === 'Match')?.fields.some((f) => f.type === 'ref(Player)')).toBe(false);
  });

  it('reads "insurance expiry" as a date', () => {
    expect(field(spec('coaches: name, email, insurance expiry'), 'Coach', 'insurance_expiry')?.type).toBe('date');
  });

  it('reads "which coach is running it" as a link to the coach', () => {
    const s = spec('coaches: name, email', 'lessons - date, level, which coach is running it');
    expect(s.entities.find((e) => e.name === 'Lesson')?.fields.find((f) => f.type === 'ref(Coach)')).toBeDefined();
  });

  it('reads a label with who makes them, "recipes the members share - title, ...", as the records', () => {
    const s = spec('members - name, email', 'recipes the members share - title, a method, a photo (jpg only)');
    expect(entitiesOf(s)).toContain('Recipe');
    expect(namesOf(s, 'Recipe')).toEqual(expect.arrayContaining(['title', 'method']));
  });

  it('reads "Every month we send an invoice to each client: the amount, ..." as the invoice, for the client', () => {
    const s = spec('A client has a name.', 'Every month we send an invoice to each client: the amount, the date sent and a reference.');
    expect(namesOf(s, 'Invoice')).toEqual(expect.arrayContaining(['amount', 'reference']));
    expect(field(s, 'Invoice', 'client_id')?.type).toBe('ref(Client)');
  });

  it('reads "A delivery has one or more items, each for one product with a quantity" as the delivery\'s items', () => {
    const s = spec('A product has a name. A delivery has a date.', 'A delivery has one or more items, each for one product with a quantity.');
    expect(field(s, 'DeliveryItem', 'delivery_id')?.type).toBe('ref(Delivery)');
    expect(field(s, 'DeliveryItem', 'product_id')?.type).toBe('ref(Product)');
    expect(field(s, 'DeliveryItem', 'quantity')?.type).toBe('integer');
  });
});

describe('a long page of a small business (a zine distributor)', () => {
  it.each([
    ['Volunteers sign a code of conduct, which we scan.', 'Volunteer', 'code_of_conduct_key', undefined],
    ['Hirers sign a hire agreement, which I scan and keep (PDF only, under 5 MB).', 'Hirer', 'hire_agreement_key', ['application/pdf']],
  ])('reads "%s" as a file of theirs', (sentence, entity, name, types) => {
    const s = spec(`${entity === 'Hirer' ? 'A hirer' : 'A volunteer'} has a name and an email. ${sentence}`);
    expect(field(s, entity, name)?.type).toBe('file');
    if (types) expect(field(s, entity, name)?.file?.contentTypes).toEqual(types);
  });

  it('reads "At a market I record what sold: the jar, how many and the price" as the sales at each market', () => {
    const s = spec('A jar has a flavour. Each market has a name, a town and a date.', 'At a market I record what sold: the jar, how many and the price I sold them at.');
    expect(field(s, 'MarketSale', 'market_id')?.type).toBe('ref(Market)');
    expect(field(s, 'MarketSale', 'jar_id')?.type).toBe('ref(Jar)');
    expect(field(s, 'MarketSale', 'price')?.type).toBe('number');
    expect(namesOf(s, 'Market')).toEqual(['name', 'town', 'date']);
  });

  it('reads "When a jar\'s stock drops to zero, mark it sold out" as the update that sets the number', () => {
    const s = spec('A jar has a flavour and a stock count. A jar is either on sale, sold out or withdrawn.', "When a jar's stock drops to zero, mark it sold out and email me.");
    expect(field(s, 'Jar', 'status')?.values).toEqual(['on_sale', 'sold_out', 'withdrawn']);
    const handler = s.events?.[0];
    expect(handler?.on).toEqual({ entity: 'Jar', event: 'updated', field: 'stock_count', value: '0' });
    expect(handler?.name).toBe('on_jar_stock_count_0');
  });

  it('reads "Online orders come from the shop: an order has ..." as the order, belonging to no shop', () => {
    const s = spec('A jar has a flavour.', 'Online orders come from the shop: an order has the buyer email, the total and a status (paid, packed or shipped).');
    expect(entitiesOf(s)).toEqual(['Jar', 'Order']);
    expect(namesOf(s, 'Order')).toEqual(expect.arrayContaining(['buyer_email', 'total', 'status']));
  });
});

describe('bullets, acceptance criteria and a gallery page', () => {
  it.each([
    ['- condition, one of good / worn / needs repair', 'condition', ['good', 'worn', 'needs_repair']],
    ['- size, one of S/M/L', 'size', ['S', 'M', 'L']],
  ])('reads the bullet "%s" as one field with its values', (bullet, name, values) => {
    const s = spec('Riders have a name.', `Bikes\n- name\n${bullet}`);
    expect(field(s, 'Bike', name)?.values).toEqual(values);
    expect(namesOf(s, 'Bike')).toEqual(['name', name]);
  });

  it('reads "dimensions" as words, not a count', () => {
    expect(field(spec('Paintings have a title, a medium, dimensions and a year.'), 'Painting', 'dimensions')?.type).toBe('string');
  });

  it('asks nothing about a label of acceptance criteria', () => {
    const s = spec('As a member\nI want to book a kayak\nSo that I can paddle at weekends', 'Acceptance criteria:\n- A booking is for one kayak and one member.\n- A booking has a start time.', 'Story: returning a kayak', 'Acceptance criteria:\n- A kayak has a number.');
    expect(s.openQuestions ?? []).not.toContain('Acceptance criteria:');
  });
});

describe('chatty paragraphs of a community network and a choir', () => {
  it('reads "a beat is basically an area with a name and a rough boundary description" as the beat\'s fields', () => {
    const s = spec('Every patrol looks after a beat, and a beat is basically an area with a name and a rough boundary description.');
    expect(namesOf(s, 'Beat')).toEqual(['name', 'boundary_description']);
    expect(entitiesOf(s)).not.toContain('RoughBoundaryDescription');
  });

  it('reads "Whenever a crew goes out, the skipper logs a trip afterwards - the date, ..." as the trip\'s fields', () => {
    const s = spec('A crew has a name.', 'Whenever a crew goes out, the skipper logs a trip afterwards - the date, how many people came, and anything odd they saw.');
    expect(namesOf(s, 'Trip')).toEqual(expect.arrayContaining(['date']));
    expect(field(s, 'Trip', 'date')?.type).toBe('date');
  });

  it('reads "each bit of kit belongs to a crew" and what is known of it', () => {
    const s = spec('A crew has a name.', 'Each bit of kit belongs to a crew. We just need to know what it is, how many they have and whether any of it is broken.');
    expect(field(s, 'KitItem', 'crew_id')?.type).toBe('ref(Crew)');
    expect(field(s, 'KitItem', 'broken')?.type).toBe('boolean');
    expect(field(s, 'KitItem', 'name')).toBeDefined();
    expect(entitiesOf(s)).not.toContain('Bit');
  });

  it.each([
    ['the day they usually meet', 'meeting_day'],
    ['the evening they train', 'training_evening'],
  ])('reads "%s" as %s', (phrase, name) => {
    expect(field(spec(`Crews have a name and ${phrase}.`), 'Crew', name)).toBeDefined();
  });

  it.each([
    ['Volunteers just want to see when trips are happening.', 'volunteer'],
    ["The harbour team would love read-only access to the trip logs so they can plan moorings.", 'harbour_team'],
  ])('reads "%s" as reading the trips', (sentence, role) => {
    expect(rightsOf(spec('A trip has a date.', sentence), role)).toEqual({ Trip: 'r' });
  });

  it('reads "whether they\'ve paid their subs this term" as subs_paid, a yes or no', () => {
    expect(field(spec("Singers have a name, an email and whether they've paid their subs this term."), 'Singer', 'subs_paid')?.type).toBe('boolean');
  });

  it('reads "maybe a note about what we\'re working on" as an optional note', () => {
    const s = spec("Rehearsals just need a date and maybe a note about what we're working on.");
    expect(namesOf(s, 'Rehearsal')).toEqual(['date', 'note']);
    expect(field(s, 'Rehearsal', 'note')?.required).toBe(false);
  });

  it('reads "we want to take attendance - just who was there at which practice" as an attendance record', () => {
    const s = spec('Players have a name. Practices just need a date.', 'We practise every Monday and we want to take attendance - just who was there at which practice.');
    expect(field(s, 'Attendance', 'practice_id')?.type).toBe('ref(Practice)');
    expect(s.entities.find((e) => e.name === 'Attendance')?.fields.some((f) => f.name === 'attendee_id')).toBe(true);
  });
});

describe('user stories of a pantry and a long page of a society', () => {
  it('reads "I want to log donations that come in: who donated, what it was, ..." as the donation\'s fields', () => {
    const s = spec('As a volunteer, I want to log parcels that arrive: who sent it, what it was, the weight in kg and the date.');
    expect(namesOf(s, 'Parcel')).toEqual(expect.arrayContaining(['sent_by_id', 'name', 'weight_kg', 'date']));
  });

  it('reads "I want to maintain that needs list (item name, priority: high/medium/low)" as the items of the list', () => {
    const s = spec('A parcel has a weight.', 'As the manager, I want to maintain that wish list (item name, priority: high/medium/low).');
    expect(field(s, 'WishItem', 'priority')?.values).toEqual(['high', 'medium', 'low']);
    expect(field(s, 'WishItem', 'item_name')).toBeDefined();
  });

  it('reads "Members. Name, email, ..." as the members\' fields, and a section named alone as nothing to ask', () => {
    const s = spec('Boats. Every boat has a name.', 'Members. Name, email, phone, membership number, and whether they are a qualified skipper.', 'Access. Committee members can do anything.', 'Automation. When a boat becomes seaworthy, email all members.');
    expect(namesOf(s, 'Member')).toEqual(['name', 'email', 'phone', 'membership_number', 'qualified_skipper']);
    expect((s.openQuestions ?? []).filter((q) => /^(?:Access|Automation|Members)\b/.test(q))).toEqual([]);
  });

  it('still reads "Shows. Each one has a title" as the shows', () => {
    expect(namesOf(spec('Shows. Each one has a title and a date.'), 'Show')).toEqual(['title', 'date']);
  });
});

describe('links, parts and what is recorded on whom (a society\'s long page)', () => {
  it('reads "Race entries link a rider to a race and a class (junior, senior or veteran)" as one record of each', () => {
    const s = spec('A rider has a name. A race has a date.', 'Race entries link a rider to a race and a class (junior, senior or veteran).');
    expect(field(s, 'RaceEntry', 'rider_id')?.type).toBe('ref(Rider)');
    expect(field(s, 'RaceEntry', 'race_id')?.type).toBe('ref(Race)');
    expect(field(s, 'RaceEntry', 'class')?.values).toEqual(['junior', 'senior', 'veteran']);
  });

  it('reads "Spares used on a repair are listed with a price" as each spare, for one repair', () => {
    const s = spec('A repair has a date.', 'Spares used on a repair are listed with a price.');
    expect(field(s, 'Spare', 'repair_id')?.type).toBe('ref(Repair)');
    expect(field(s, 'Spare', 'price')?.type).toBe('number');
  });

  it('reads "Skippers must hold a ticket, so we record the ticket expiry date on the member" as the member\'s field, no skipper record', () => {
    const s = spec('A member has a name.', 'Skippers must hold a ticket, so we record the ticket expiry date on the member.', 'Thirty days before a ticket expires, email the member.');
    expect(field(s, 'Member', 'ticket_expiry_date')?.type).toBe('date');
    expect(entitiesOf(s)).toEqual(['Member']);
  });
});

describe('user stories of an allotment site', () => {
  it('reads "I need to be able to report a problem on my plot, with ..." as a problem report for a plot', () => {
    const s = spec('A bed has a name.', 'As a gardener I need to be able to report a problem on my bed, with a short description and optionally a photo.');
    expect(field(s, 'ProblemReport', 'bed_id')?.type).toBe('ref(Bed)');
    expect(field(s, 'ProblemReport', 'description')).toBeDefined();
    expect(rightsOf(s, 'gardener').ProblemReport).toContain('c');
  });

  it('reads "record inspections of beds: the date, a score from 1 to 5 and comments" as an inspection for a bed', () => {
    const s = spec('A bed has a name.', 'As a warden, I want to record inspections of beds: the date, a score from 1 to 5 and comments.');
    expect(entitiesOf(s)).toContain('Inspection');
    expect(field(s, 'Inspection', 'bed_id')?.type).toBe('ref(Bed)');
    expect(field(s, 'Inspection', 'score')).toMatchObject({ min: 1, max: 5 });
  });

  it('reads "raise fee invoices for beds, each with an amount and a due date, and mark them paid" as the invoice with whether it is paid', () => {
    const s = spec('A bed has a name.', 'As the treasurer I want to raise fee invoices for beds, each with an amount and a due date, and mark them paid.');
    expect(field(s, 'FeeInvoice', 'bed_id')?.type).toBe('ref(Bed)');
    expect(field(s, 'FeeInvoice', 'paid')?.type).toBe('boolean');
    expect(rightsOf(s, 'treasurer').FeeInvoice).toContain('c');
  });

  it('reads "when their invoice is 14 days overdue" as that long after it is due', () => {
    const s = spec('An invoice has an amount and a due date.', 'As the treasurer, I want gardeners to get a reminder when their invoice is 14 days overdue.');
    const flow = s.workflows.find((w) => w.trigger?.entity === 'Invoice');
    expect(flow?.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'due_date', offset: '+P14D' });
    expect(field(s, 'Invoice', 'status')?.values ?? []).not.toContain('n_14');
  });
});

describe('who sends it', () => {
  it('reads "When a student hands in an essay I need ..." with the student, a link when students are records', () => {
    const s = spec('Students have a name and an email.', 'When a student hands in an essay I need the essay file, the title and any notes.');
    expect(field(s, 'Essay', 'student_id')?.type).toBe('ref(Student)');
  });
});

describe('what a choir says around its records', () => {
  it.each(["We're a community choir, about 60 singers.", 'Basically my clients are podcasters.', "Then there's the music."])('asks nothing about "%s"', (sentence) => {
    const s = spec('Singers have a name and an email.', sentence, 'Pieces have a title and a composer.');
    expect(s.openQuestions ?? []).toEqual([]);
  });

  it('reads "Section leaders can take attendance" as making attendance records', () => {
    const s = spec('Players have a name. Practices just need a date.', 'We want to take attendance - just who was there at which practice.', 'Team captains can take attendance for their own team.');
    expect(rightsOf(s, 'team_captain').Attendance).toContain('c');
  });
});

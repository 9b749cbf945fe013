/**
 * Session 26 (issue 23): readings pinned on records made up for them: a role introduced with
 * the person who holds it and what they may do in one breath ("I have got one apprentice, Sam,
 * who can ..."), in the writer's own voice as well as the business's.
 */
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';

describe('a role introduced with the people who hold it', () => {
  const rightsOf = (sentence: string) => spec('For each job I keep the customer name and the price.', sentence).roles.find((r) => r.name === 'apprentice')?.rights.Job;

  it.each([
    "I've got one apprentice, Sam, who can see the jobs and update them but not delete anything.",
    'I have got one apprentice, Sam, who can see the jobs and update them but not delete anything.',
    'I have two apprentices, Sam and Jo, who can see the jobs and update them but not delete anything.',
    'We have an apprentice, Sam, who can see the jobs and update them but not delete anything.',
  ])('reads "%s" as the apprentice who reads and updates jobs', (sentence) => {
    expect(rightsOf(sentence)).toMatchObject({ read: 'all', update: 'all' });
    expect(rightsOf(sentence)?.delete).toBeUndefined();
  });
});

describe("a pet-sitting agency's letter: records asked for in passing", () => {
  const s = spec(
    'A sitting is really just an owner (or sometimes a neighbour) asking us to look in on a pet while they are away.',
    "They'd need to give us the pet's name and the address – both must be there, the sitter can't find anyone otherwise – plus the key safe code, and what diet or medication the pet has, if any. Please don't make that a fixed list; owners describe it in their own words. Then the preferred sitter, a line or two about why they're going away, and how often we should call in: once, twice or three times a day.",
    "We'd also like a simple list of areas, with the area name (each one unique), which town it's in – Ashford, Bexley or Crayford – and its postcode prefix.",
    "Lastly, a list of our vets. For each we'd want their name, a phone number (essential – we ring them at night), which days they're generally available, what kind of practice it is (small animal, exotic or farm), and a copy of their out-of-hours agreement as a PDF, which is only a page, so 2 MB would do.",
  );

  it('reads "A sitting is really just an owner ... asking us to" as the sitting, with no field of who asks', () => {
    const fields = s.entities.find((e) => e.name === 'Sitting')?.fields.map((f) => f.name);
    expect(fields).toContain('pet_name');
    expect(fields?.some((f) => /owner|neighbour/.test(f))).toBe(false);
  });

  it('reads "They\'d need to give us A and B – both must be there, ... – plus C" as the sitting\'s fields, the first two required', () => {
    expect(field(s, 'Sitting', 'pet_name')?.required).toBe(true);
    expect(field(s, 'Sitting', 'address')?.required).toBe(true);
    expect(field(s, 'Sitting', 'key_safe_code')?.required).toBe(false);
    expect(field(s, 'Sitting', 'diet_or_medication')?.type).toBe('string');
  });

  it('reads "Then the ..." after an aside as more of the same record', () => {
    expect(field(s, 'Sitting', 'preferred_sitter')).toBeDefined();
    expect(field(s, 'Sitting', 'reason')?.type).toBe('text');
  });

  it('reads "We\'d also like a simple list of areas, with the area name, ..." as the area and its fields', () => {
    expect(field(s, 'Area', 'area_name')).toBeDefined();
    expect(field(s, 'Area', 'town')?.values).toEqual(['ashford', 'bexley', 'crayford']);
  });

  it('reads "Lastly, a list of our vets. For each we\'d want ..." as the vet\'s fields, with the size that would do', () => {
    expect(field(s, 'Vet', 'phone')?.required).toBe(true);
    expect(field(s, 'Vet', 'available_days')?.type).toBe('string');
    expect(field(s, 'Vet', 'practice_type')?.values).toEqual(['small_animal', 'exotic', 'farm']);
    expect(field(s, 'Vet', 'out_of_hours_agreement_key')?.file).toEqual({ contentTypes: ['application/pdf'], maxBytes: 2 * 1048576 });
  });
});

describe("a lifeboat station's letter: what is written up each time, and who may do what", () => {
  const s = spec(
    'A launch request is really just the coastguard telling us that someone needs help at sea.',
    "They'd need to give us the position and the casualty count – both must be there – plus the weather.",
    "Each time the boat goes out we'd write up a shout against the launch request – who went, roughly how long in minutes, what kind of rescue it was (tow, medical or search), and some brief notes.",
    'Lastly, a list of our moorings. For each we want its name and a depth in metres.',
    'On who sees what: I and our station mechanic would look after everything.',
    'Helms need to read and update launch requests, do anything at all with shouts, and read the mooring list.',
    'Crew should be able to make a launch request and see the ones they themselves have made, and look at the mooring list.',
  );

  it('reads "Each time ..., we\'d write up a shout against the launch request – ..." as the shout, its fields and its request', () => {
    expect(field(s, 'Shout', 'launch_request_id')).toMatchObject({ type: 'ref(LaunchRequest)', required: true });
    expect(field(s, 'Shout', 'duration_minutes')?.type).toBe('integer');
    expect(field(s, 'Shout', 'rescue_type')?.values).toEqual(['tow', 'medical', 'search']);
  });

  it('reads "I and our station mechanic would look after everything" as the administrators', () => {
    expect(s.roles.find((r) => r.name === 'admin')?.rights.Shout).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
    expect(s.roles.map((r) => r.name)).not.toContain('station_mechanic_would');
  });

  it('reads "do anything at all with shouts" as every right on shouts alone', () => {
    const helm = s.roles.find((r) => r.name === 'helm')!;
    expect(helm.rights.Shout).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
    expect(helm.rights.Mooring).toEqual({ read: 'all' });
  });

  it('reads "see the ones they themselves have made" as reading their own', () => {
    expect(s.roles.find((r) => r.name === 'crew')?.rights.LaunchRequest).toEqual({ create: 'all', read: 'own' });
  });
});

describe("a bike library's data paragraph: colon lines, a rule said as a clause, and a record that links three", () => {
  const s = spec(
    "Bikes: frame number (like WTU123 – it's unique and we always need it), the make, and the size: small, medium or large.",
    'Visitors: full name and date of birth are both required (we check age for the child seats), plus email and phone.',
    'Depots are the sheds in the estate yard: a name (required), what kind of shed it is – open, locked or staffed – and how many racks there are, which is never more than 12.',
    'A loan links one visitor, one bike and one depot (all three must be set), with the number of days and a loan reference that is unique.',
  );

  it('reads "(like WTU123 – it\'s unique and we always need it)" as an example, then the rules', () => {
    expect(field(s, 'Bike', 'frame_number')).toMatchObject({ required: true, unique: true, notes: 'like WTU123' });
  });

  it('reads "Visitors: A and B are both required (...), plus C" as the visitor, A and B required', () => {
    expect(field(s, 'Visitor', 'full_name')?.required).toBe(true);
    expect(field(s, 'Visitor', 'date_of_birth')).toMatchObject({ type: 'date', required: true });
    expect(field(s, 'Visitor', 'email')?.required).toBe(false);
  });

  it('reads "Depots are the sheds in the estate yard: ..." as the depot\'s fields', () => {
    expect(field(s, 'Depot', 'shed_type')?.values).toEqual(['open', 'locked', 'staffed']);
    expect(field(s, 'Depot', 'racks')).toMatchObject({ type: 'integer', max: 12 });
  });

  it('reads "A loan links one visitor, one bike and one depot (...), with ..." as the loan, its three records and its fields', () => {
    for (const [name, ref] of [['visitor_id', 'Visitor'], ['bike_id', 'Bike'], ['depot_id', 'Depot']] as const) expect(field(s, 'Loan', name)).toMatchObject({ type: `ref(${ref})`, required: true });
    expect(field(s, 'Loan', 'loan_reference')?.unique).toBe(true);
  });
});

describe("a county archive's brief: records called records, a request opened against one, and a helper named under a role", () => {
  const s = spec(
    '## The records',
    'For each record we want:\n\n- reference and title (both mandatory, obviously)\n- the date range, as free text',
    'The record also says whether it is fragile (yes or no).',
    'Researchers need an account to order copies.',
    'If they want a copy, the researcher opens a copy request against the record. They choose a format (not as scanned, printed, or certified), write some details, and can attach a photo, any image format, up to 5 MB. A copy request starts as requested and we approve or refuse it.',
    '- **Volunteer**: on Tuesdays Nell comes in to help. Nell needs to see records and copy requests and update copy requests.',
  );

  it('reads "## The records ... For each record we want:" as the record, and "The record also says" as more of it', () => {
    expect(field(s, 'Record', 'reference')?.required).toBe(true);
    expect(field(s, 'Record', 'fragile')?.type).toBe('boolean');
  });

  it('reads "Researchers need an account to ..." as no record of theirs', () => {
    expect(s.entities.map((e) => e.name)).not.toContain('Researcher');
  });

  it('reads "opens a copy request against the record. They choose ..., write ..., and can attach ..." as the request\'s fields', () => {
    expect(field(s, 'CopyRequest', 'format')?.values).toEqual(['not_as_scanned', 'printed', 'certified']);
    expect(field(s, 'CopyRequest', 'details')).toBeDefined();
    expect(field(s, 'CopyRequest', 'photo_key')?.file).toEqual({ contentTypes: ['image/*'], maxBytes: 5 * 1048576 });
    expect(s.entities.find((e) => e.name === 'CopyRequest')?.fields.filter((f) => f.type === 'file')).toHaveLength(1);
  });

  it('reads the person named under "**Volunteer**:" as the volunteer, and "A copy request starts as requested" as no one\'s rights', () => {
    expect(s.roles.find((r) => r.name === 'volunteer')?.rights.CopyRequest).toEqual({ read: 'all', update: 'all' });
    expect(s.roles.map((r) => r.name)).not.toContain('nell');
    expect(s.roles.map((r) => r.name)).not.toContain('copy_request');
  });
});

describe("a print shop's email: who the customers are, what a job basically is, and what they give it", () => {
  const s = spec(
    'The bands we print for are our accounts. For each one we keep the band name (unique), plus the name of whoever we deal with there, and their email.',
    'Each account sends us designs. A design is basically one print: they give it a design number which has to be unique across everything, a short description, and the artwork, which is always a PDF and can be big with all the layers in it, say up to 40 MB. We also tick whether the proof has been approved, because we never print before it has.',
  );

  it('reads "The bands we print for are our accounts. For each one we keep ..." as the account\'s fields', () => {
    expect(field(s, 'Account', 'band_name')?.unique).toBe(true);
    expect(field(s, 'Account', 'contact_name')).toBeDefined();
  });

  it('reads "A design is basically one print: they give it ..." as the design\'s fields, unique across everything', () => {
    expect(field(s, 'Design', 'design_number')).toMatchObject({ unique: true });
    expect(field(s, 'Design', 'artwork_key')?.file).toEqual({ contentTypes: ['application/pdf'], maxBytes: 40 * 1048576 });
  });

  it('reads "We also tick whether the proof has been approved, because ..." as a yes/no of the design', () => {
    expect(field(s, 'Design', 'proof_approved')?.type).toBe('boolean');
  });
});

describe("a grooming parlour's note: one field a must plus the rest, a state said as whether, and who of us takes it", () => {
  const s = spec(
    'The groomers can book and update appointments.',
    'The cats, obviously. Name is a must, plus breed, date of birth and coat length.',
    'Appointments have a start time, which of us groomers is taking it, our notes afterwards, and whether it is booked, attended, cancelled or a no-show.',
  );

  it('reads "Name is a must, plus breed, ..." as the cat\'s name, required, and the rest', () => {
    expect(field(s, 'Cat', 'name')?.required).toBe(true);
    expect(field(s, 'Cat', 'breed')?.required).toBe(false);
    expect(field(s, 'Cat', 'coat_length')).toBeDefined();
  });

  it('reads "whether it is booked, attended, cancelled or a no-show" as the status', () => {
    expect(field(s, 'Appointment', 'status')?.values).toEqual(['booked', 'attended', 'cancelled', 'no_show']);
  });

  it('reads "which of us groomers is taking it" as the groomer, and "our notes afterwards" as the notes', () => {
    expect(field(s, 'Appointment', 'groomer_id')?.type).toBe('ref(User)');
    expect(field(s, 'Appointment', 'notes')?.type).toBe('text');
  });
});

describe('a kind said with articles after a relation', () => {
  const s = spec('Horses have a name.', 'Each lesson is for a horse, at a date and time, and is either a private lesson, a group hack, or a jumping clinic.');

  it('reads "and is either a private lesson, a group hack, or a jumping clinic" as the lesson\'s type', () => {
    expect(field(s, 'Lesson', 'type')?.values).toEqual(['private_lesson', 'group_hack', 'jumping_clinic']);
    expect(field(s, 'Lesson', 'horse_id')?.type).toBe('ref(Horse)');
  });
});

describe("a skip-hire firm's page: a field needed at minimum, a heading's records called by what they make up, and a number that can't appear twice", () => {
  const s = spec(
    '## Customers',
    'Anyone we bill. We need the name at minimum, then phone, email and billing address.',
    '## Lorries',
    "Just the fleet: registration (must be filled in and can't appear twice), and a payload in tonnes.",
  );

  it('reads "We need the name at minimum, then ..." as the name, required, and the rest', () => {
    expect(field(s, 'Customer', 'name')?.required).toBe(true);
    expect(field(s, 'Customer', 'phone')?.required).toBe(false);
  });

  it('reads "## Lorries  Just the fleet: ..." as the lorry, its registration unique', () => {
    expect(s.entities.map((e) => e.name)).toEqual(['Customer', 'Lorry']);
    expect(field(s, 'Lorry', 'registration')).toMatchObject({ required: true, unique: true });
  });
});

describe('what one record of a kind does', () => {
  it('reads "Each account sends us designs" as no role of accounts, but "Each client sends us styles" as the clients adding styles', () => {
    const print = spec('Accounts have a band name. Designs have a number.', 'Each account sends us designs. Printers need to read designs and update them.');
    expect(print.roles.map((r) => r.name).sort()).toEqual(['admin', 'printer']);
    const garments = spec('Clients have a brand name. Styles have a style number.', 'Each client sends us styles.');
    expect(garments.roles.find((r) => r.name === 'client')?.rights.Style).toMatchObject({ create: 'all' });
  });
});

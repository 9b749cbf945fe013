/**
 * The offline author's stages one by one (lambdas/core/spec/author): layout, statements, user
 * stories, sentences, and the clause readers (relations, states, definitions, workflows). The
 * whole pipeline is measured by the F1 gate and the paraphrase test; these pin each stage's
 * reading of the wordings it exists for.
 */
import { readDefinition, PREVIOUS } from '../../../lambdas/core/spec/author/definitions';
import { readBookingAct } from '../../../lambdas/core/spec/author/booking-acts';
import { readRelations } from '../../../lambdas/core/spec/author/relations';
import { segment } from '../../../lambdas/core/spec/author/segment';
import { splitSentences } from '../../../lambdas/core/spec/author/sentences';
import { colonList, statementsOf, topicOf } from '../../../lambdas/core/spec/author/statements';
import { rightsLine } from '../../../lambdas/core/spec/author/rights-lines';
import { introducedRole, namedRole } from '../../../lambdas/core/spec/author/role-sentences';
import { readStates } from '../../../lambdas/core/spec/author/states';
import { storyAsStatement, storyAsStatements } from '../../../lambdas/core/spec/author/stories';
import { readWorkflows } from '../../../lambdas/core/spec/author/workflow-reader';
import { EntityIndex } from '../../../lambdas/core/spec/offline-author/entity-index';
import type { SpecDocument, SpecEntity } from '../../../lambdas/core/spec/spec-model';
import { tenantAdminAsAdmin } from '../../../lambdas/core/spec/author/role-names';
import { valueList } from '../../../lambdas/core/spec/author/fields/values';
import { splitFieldList } from '../../../lambdas/core/spec/author/fields';
import { authorSpec } from '../../../lambdas/core/spec/author';

/** A record type's fields as `name:type`, in order (undefined when the spec has no such record type). */
const fieldsOf = (spec: SpecDocument, entity: string): string[] | undefined => spec.entities.find((e) => e.name === entity)?.fields.map((f) => `${f.name}:${f.type}`);
/** One field of a record type of the spec, by name. */
const fieldOf = (spec: SpecDocument, entity: string, name: string) => spec.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);

describe('segment', () => {
  it('reads tables with and without outer pipes, with their title', () => {
    const blocks = segment('Plant fields:\n\nname | type\n--- | ---\nname | string\nprice | decimal\n\n| Field | Type |\n|---|---|\n| code | string |');
    expect(blocks.map((b) => b.kind)).toEqual(['table', 'table']);
    expect(blocks[0]).toMatchObject({ title: 'Plant fields', header: ['name', 'type'], rows: [['name', 'string'], ['price', 'decimal']] });
    expect(blocks[1]).toMatchObject({ header: ['Field', 'Type'], rows: [['code', 'string']] });
  });

  it('nests bullets by indentation and joins wrapped lines', () => {
    const [list] = segment('* Teams\n  * name (unique)\n  * home\n    ground\n* Players');
    expect(list).toMatchObject({ kind: 'list', items: [{ text: 'Teams', children: [{ text: 'name (unique)' }, { text: 'home ground' }] }, { text: 'Players', children: [] }] });
  });

  it('keeps "X: a, b" lines apart and joins hard-wrapped prose', () => {
    expect(segment('products: name, price\norders: product, qty').map((b) => b.kind === 'paragraph' && b.text)).toEqual(['products: name, price', 'orders: product, qty']);
    expect(segment('A task has a title\nand a due date.').map((b) => b.kind === 'paragraph' && b.text)).toEqual(['A task has a title and a due date.']);
    // Quick notes: one statement a line in lower case, a dash for the colon.
    expect(segment('shop app, no tenants\ncars - make, model\nowners: name, phone\nstaff see cars').map((b) => b.kind === 'paragraph' && b.text)).toEqual(['shop app, no tenants', 'cars: make, model', 'owners: name, phone', 'staff see cars']);
  });
});

describe('sentences', () => {
  it('splits before lower case too, but not after an abbreviation or inside parentheses', () => {
    expect(splitSentences('staff manage pitches. the warden can only look at bookings.')).toEqual(['staff manage pitches', 'the warden can only look at bookings']);
    expect(splitSentences('A code (e.g. CS101. unique) and a grade of A or F. Anyone may browse.')).toEqual(['A code (e.g. CS101. unique) and a grade of A or F', 'Anyone may browse']);
  });
});

describe('statements', () => {
  it('turns layout into field lists and sentences with their topic', () => {
    const { statements, fieldLists } = statementsOf(segment('- Players\n  - belong to a team\n  - full name\n- Permissions\n  - league admins: full access'));
    expect(fieldLists).toMatchObject([{ topic: 'Players', phrases: [{ text: 'full name' }] }]);
    expect(statements.map((s) => s.text)).toEqual(['Players belong to a team', 'league admins can do everything']);
  });

  it('reads a table headed by its record type', () => {
    const { fieldLists } = statementsOf(segment('| Wine | |\n|---|---|\n| name | required |\n| vintage | year |'));
    expect(fieldLists).toMatchObject([{ topic: 'Wine', rows: [{ name: 'name', type: 'required' }, { name: 'vintage', type: 'year' }] }]);
  });

  it('tells record types from requests, groups and sentences', () => {
    expect(topicOf('Attendance records')).toBe('Attendance records');
    expect(topicOf('Add a Review entity')).toBeUndefined();
    expect(topicOf('Permissions')).toBeUndefined();
    expect(topicOf('Students hand in submissions')).toBeUndefined();
  });

  it('reads "X: a, b" as fields, role lines as rights, and roles named in parentheses', () => {
    expect(colonList('Vehicles: plate number (unique), make, model')).toEqual({ topic: 'Vehicles', list: 'plate number (unique), make, model' });
    expect(colonList('Production running: publish the schedule, then notify the box office')).toBeUndefined();
    expect(rightsLine('counter staff: create/read/update orders + read products')).toBe('counter staff can create, read and update orders and read products');
    expect(rightsLine('everybody, even without login: read teams')).toBe('everybody can read teams without login');
    expect(rightsLine('Coaches: Full control of training sessions; read players')).toBe('Coaches can manage training sessions; Coaches can read players');
    expect(rightsLine('Guardians: Log in to view and update their own details')).toBe('Guardians can view and update their own details');
    expect(rightsLine('Academy director: Everything.')).toBe('Academy director can do everything');
    expect(rightsLine('Music director: everything, on everything.')).toBe('Music director can do everything');
    expect(rightsLine('Orchestra manager: manages ensembles, players and concerts, and can read auditions')).toBe('Orchestra manager can manage ensembles, players and concerts, and can read auditions');
    expect(colonList('Orchestra manager: manages ensembles, players and concerts')).toBeUndefined();
    expect(namedRole('my friends (guests) can only read wines')).toBe('guests can only read wines');
  });

  it('reads a role introduced by its existence ("There\'s also a receptionist who can ...")', () => {
    expect(introducedRole("There's also a receptionist who can add clients and look at them")).toBe('The receptionist can add clients and look at them');
    expect(introducedRole("We've got two drivers who can see the routes")).toBe('The drivers can see the routes');
    expect(introducedRole('There are rooms that hold up to ten people')).toBe('There are rooms that hold up to ten people');
    expect(introducedRole('There is someone who can help')).toBe('There is someone who can help');
  });

  it('reads the public emphasised and a workflow after a lead-in with a colon', () => {
    const texts = statementsOf(segment('Anybody at all can read the catalogue. The deposit is the automation that matters most: when a booking comes in, wait 2 days.')).statements.map((st) => st.text);
    expect(texts).toEqual(['Anybody can read the catalogue', 'when a booking comes in, wait 2 days']);
  });
});

describe('user stories', () => {
  it('are rights sentences of the role', () => {
    expect(storyAsStatement('As a tutor, I want to edit only my own profile')).toBe('tutors can edit only their own profile');
    expect(storyAsStatements('As a clerk, I can register patients with their name, and I can read and update patients')).toEqual(['clerks can register patients with their name', 'clerks can read and update patients']);
    expect(storyAsStatement('As a student, after a lesson I want to leave a review for it')).toBe('students can leave a review after a lesson');
    expect(storyAsStatement('As the director, when a production starts running, I want the schedule published')).toBe('when a production starts running, the schedule published');
  });
});

describe('clause readers', () => {
  it('reads relations both ways, with the child fields that follow', () => {
    expect(readRelations('A marina has many docks')).toEqual({ pairs: [{ child: 'docks', parent: 'marina' }] });
    expect(readRelations('each dock belongs to one marina')).toEqual({ pairs: [{ child: 'dock', parent: 'marina' }] });
    expect(readRelations('A berth assignment links one boat to one berth for a season')).toMatchObject({ pairs: [{ child: 'berth assignment', parent: 'boat' }, { child: 'berth assignment', parent: 'berth' }], link: true });
    expect(readRelations('Service records belong to a vehicle: service date, cost')).toEqual({ pairs: [{ child: 'Service records', parent: 'vehicle' }], list: 'service date, cost' });
    expect(readRelations('Every module must belong to one course')).toEqual({ pairs: [{ child: 'module', parent: 'course' }] });
    expect(readRelations('Many tracks belong to each album')).toEqual({ pairs: [{ child: 'tracks', parent: 'album' }] });
  });

  it('reads relations any verb states, marked loose (only between described record types)', () => {
    expect(readRelations('A teacher teaches many classes')).toEqual({ pairs: [{ child: 'classes', parent: 'teacher' }], loose: true });
    expect(readRelations('an employee works in one department')).toEqual({ pairs: [{ child: 'employee', parent: 'department' }], loose: true });
    expect(readRelations('Every student is enrolled in one class')).toEqual({ pairs: [{ child: 'student', parent: 'class' }], loose: true });
    expect(readRelations('An album is made up of many tracks')).toEqual({ pairs: [{ child: 'tracks', parent: 'album' }], loose: true });
    expect(readRelations('a grade is given for one subject and belongs to one student')).toEqual({ pairs: [{ child: 'grade', parent: 'subject' }, { child: 'grade', parent: 'student' }], loose: true });
  });

  it('reads a booking made on a record, with its fields ("people book a room for ...")', () => {
    expect(readBookingAct('People book a room for a start time and an end time, give the meeting a title')).toEqual({ record: 'booking', of: 'room', list: 'a start time and an end time', by: 'People' });
    expect(readBookingAct('parents can book a camp week for one of their children')).toBeUndefined();
  });

  it('reads an act on a record as a record of its own ("agents reply to tickets")', () => {
    expect(readRelations('Agents reply to tickets')).toEqual({ pairs: [{ child: 'reply', parent: 'tickets' }], list: 'a body (required)' });
    expect(readRelations('Members can comment on posts with a text and a date')).toEqual({ pairs: [{ child: 'comment', parent: 'posts' }], list: 'a text and a date' });
  });

  it('reads states', () => {
    expect(readStates('A request is open, scheduled, in progress or resolved')).toEqual({ topic: 'request', values: ['open', 'scheduled', 'in_progress', 'resolved'] });
    expect(readStates('A ticket moves through new, open, waiting and closed')).toEqual({ topic: 'ticket', values: ['new', 'open', 'waiting', 'closed'] });
    expect(readStates('A request is for a dining table')).toBeUndefined();
  });

  it('reads definitions, and not what only looks like one', () => {
    expect(readDefinition('We have dining tables, each with a table number and a number of seats')).toEqual({ topic: 'dining tables', list: 'a table number and a number of seats' });
    expect(readDefinition('It also has a colour')).toEqual({ topic: PREVIOUS, list: 'a colour' });
    expect(readDefinition('Each organization has projects')).toEqual({ topic: 'organization', children: ['projects'] });
    expect(readDefinition('The coordinator has full access')).toBeUndefined();
    expect(readDefinition('the spreadsheet has had its day')).toBeUndefined();
    expect(readDefinition('For each wall we just want its name and its height')).toEqual({ topic: 'wall', list: 'its name and its height' });
    expect(readDefinition('When our setters put a route up they note the grade and the hold colour')).toEqual({ topic: 'route', list: 'the grade and the hold colour' });
    expect(readDefinition('A photo of the route would be great as well, JPEG or PNG and no more than 5 MB')).toEqual({ topic: 'route', list: 'A photo (JPEG or PNG and no more than 5 MB)' });
    expect(readDefinition('Climbers log their ascents: the route, the date of the climb')).toEqual({ topic: 'ascents', list: 'the route, the date of the climb' });
    expect(readDefinition("Officers are responsible for the vehicles register: adding, changing and removing vehicles")).toBeUndefined();
  });

  it('reads a record placed between two others, and rules about the record just described', () => {
    expect(readDefinition('A stay is one dog in one kennel from a check-in date to a check-out date, at a nightly rate')).toEqual({ topic: 'stay', parent: 'dog', parent2: 'kennel', list: 'a check-in date, a check-out date, a nightly rate' });
    expect(readDefinition('The description is mandatory')).toEqual({ topic: PREVIOUS, list: 'The description (mandatory)' });
    expect(readDefinition('the rest is the repair cost and the severity')).toEqual({ topic: PREVIOUS, list: 'the repair cost and the severity' });
    expect(readDefinition("It'd be nice to attach the instruction manual too, PDFs up to 20 MB")).toEqual({ topic: PREVIOUS, list: 'the instruction manual (PDFs up to 20 MB)' });
    expect(readDefinition('The estate manager has every right on everything')).toBeUndefined();
    expect(readDefinition('the deposit gets charged')).toBeUndefined();
    expect(readDefinition('Send an email with the key-safe code 24 hours before their booking starts')).toBeUndefined();
    expect(readDefinition('It just says whether the member is bringing a friend')).toEqual({ topic: PREVIOUS, list: 'whether the member is bringing a friend' });
    expect(readDefinition('a badge has a list of requirements')).toBeUndefined();
    expect(readDefinition('a badge is worked on by many young people')).toBeUndefined();
    expect(readDefinition('We track that as badge progress')).toBeUndefined();
    expect(readDefinition("And we'd love a photo of each one: JPEGs only, and nothing over 8 MB please")).toEqual({ topic: PREVIOUS, list: 'a photo (JPEGs only, and nothing over 8 MB please)' });
    expect(readDefinition('We grade the condition as fine, very good, good, fair or poor')).toEqual({ topic: PREVIOUS, list: 'the condition (fine, very good, good, fair or poor)' });
    expect(readDefinition("Then there's the price, whether it's a first edition, and the shelf code")).toEqual({ topic: PREVIOUS, list: "the price, whether it's a first edition, and the shelf code" });
    expect(readDefinition("For the nicer books I'd like a photo as well, optional, under 4 MB")).toEqual({ topic: PREVIOUS, list: 'a photo (optional, under 4 MB)' });
    expect(readStates('Its status is in stock, reserved or sold')?.values).toEqual(['in_stock', 'reserved', 'sold']);
    expect(readStates('The receipt goes through the payment provider, which sometimes fails')).toBeUndefined();
    expect(colonList('TripSlip: school trip consent and payments')).toBeUndefined();
    expect(splitFieldList('the training night, any weekday from Monday to Friday')).toEqual(['the training night, any weekday from Monday to Friday']);
    expect(splitFieldList('which flags are flying: red and yellow, black and white, red, or none')).toEqual(['which flags are flying: red and yellow, black and white, red, or none']);
    expect(splitFieldList('status: new, open and closed, the price')).toEqual(['status: new, open and closed', 'the price']);
    expect(splitFieldList('a photo of the device, so there are no arguments later (an image, 5 MB max), and a status')).toEqual(['a photo of the device (an image, 5 MB max)', 'a status']);
    expect(statementsOf(segment('Job parts record the parts used on a job: each one is for one repair job and one part.')).statements[0]!.text).toBe('Job parts record the parts used on a job: each job part is for one repair job and one part');
    expect(splitFieldList("the ISBN, though that one's optional since older books have none")).toEqual(["the ISBN, that one's optional"]);
    expect(statementsOf(segment('Stuck laundry: a collection that has been ready for 48 hours without being delivered gets flagged to the manager.')).statements[0]!.text).toBe("Stuck laundry: When a collection is ready, wait up to 48 hours for it to be delivered; if it isn't, flag it to the manager");
    expect(readDefinition('We also like to put the high tide and a short forecast note on it')).toEqual({ topic: PREVIOUS, list: 'the high tide and a short forecast note' });
    expect(splitFieldList("a level that's beginner, improver or advanced and nothing else, the price")).toEqual(["a level that's beginner, improver or advanced", 'the price']);
    expect(splitFieldList('the price, and the status, which runs new, assigned, picked up, delivered, failed')).toEqual(['the price', 'the status, which runs new, assigned, picked up, delivered or failed']);
    expect(splitFieldList("a proof photo, which isn't always taken (JPEG only, max 3 MB)")).toEqual(["a proof photo, which isn't always taken (JPEG only, max 3 MB)"]);
    expect(splitFieldList('the maximum group size, no more than 16; the minimum age, never below 18')).toEqual(['the maximum group size, no more than 16', 'the minimum age, never below 18']);
  });

  it('reads examples as no values, a section title on its own line, and a maker\'s document by its own name', () => {
    expect(valueList('Power tools, Access, Gardening...')).toBeUndefined();
    expect(valueList('oak, pine etc')).toBeUndefined();
    expect(segment('Data\nPatients have a name and a phone.')).toMatchObject([{ kind: 'heading', text: 'Data' }, { kind: 'paragraph', text: 'Patients have a name and a phone.' }]);
    expect(readDefinition("A driver record holds the driver's name and phone")).toEqual({ topic: 'driver record', list: "the driver's name and phone" });
    const tools = authorSpec({ name: 'Tools', description: "Tools: a name each, the manufacturer's manual as a PDF.\nThe owner can do everything." });
    expect(tools.entities[0]!.fields.map((f) => f.name)).toEqual(['name', 'manual_key']);
  });

  it('reads a form\'s questions as the record\'s fields, and values with "and" inside them', () => {
    const fridges = authorSpec({
      name: 'Fridges',
      description: [
        'Each group obviously has its fridges. A fridge has a name and its opening hours written however they like.',
        'Each donation goes into one fridge. The form asks for the category (one of: fruit and veg, dairy, bread, other), roughly how much it weighs in kg and when it was dropped off (date and time).',
        'The coordinator can do everything.',
      ].join('\n'),
    });
    expect(fridges.entities.map((e) => e.name)).toEqual(['Group', 'Fridge', 'Donation']);
    expect(fridges.entities.find((e) => e.name === 'Fridge')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'opening_hours']));
    const donation = fridges.entities.find((e) => e.name === 'Donation')!;
    expect(donation.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['fridge_id', 'category', 'weight_kg', 'dropped_off_at']));
    expect(donation.fields.find((f) => f.name === 'category')?.values).toEqual(['fruit_and_veg', 'dairy', 'bread', 'other']);
    expect(valueList('planned, fermenting, conditioning and packaged')).toEqual(['planned', 'fermenting', 'conditioning', 'packaged']);
  });

  it('reads emphasis, a sentence in parentheses, and when a record is made as no part of a definition', () => {
    const orchard = authorSpec({
      name: 'Orchard',
      description: [
        'We grow a lot of **varieties**. For each variety we keep its name.',
        'Every **tree** is of one variety (a variety has lots of trees). For a tree: the row number and the year it was planted.',
        'At harvest time we record every harvest from a tree: the date picked, the weight in kg and any notes.',
        'A **press run** is one session on the press. It has the press date. Each batch comes from one press run. A batch has a batch code.',
        'The partners can do everything.',
      ].join('\n'),
    });
    expect(orchard.entities.map((e) => e.name).sort()).toEqual(['Batch', 'Harvest', 'PressRun', 'Tree', 'Variety']);
    const field = (entity: string, name: string) => orchard.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);
    expect(field('Tree', 'variety_id')?.type).toBe('ref(Variety)');
    expect(field('Tree', 'year_planted')?.type).toBe('integer');
    expect(field('Harvest', 'tree_id')?.type).toBe('ref(Tree)');
    expect(field('Batch', 'press_run_id')?.type).toBe('ref(PressRun)');
  });

  it('reads "We hold ..." as the fields of the record before, and "on file" as no file', () => {
    const academy = authorSpec({ name: 'Academy', description: 'Guardians: full name, email.\nA player belongs to one squad. We hold the first name, the date of birth and the shirt number from 1 to 99. Every player must have a main guardian on file.\nSquads: name, age group.\nThe director can do everything.' });
    const player = academy.entities.find((e) => e.name === 'Player')!;
    expect(player.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['squad_id', 'first_name', 'date_of_birth', 'shirt_number']));
    expect(player.fields.find((f) => f.name === 'shirt_number')).toMatchObject({ min: 1, max: 99 });
    expect(player.fields.some((f) => f.type === 'file')).toBe(false);
  });

  it('reads a role said as "I\'m the owner, and I have ..." or "She\'s our office assistant, and she can ..."', () => {
    const yard = authorSpec({ name: 'Yard', description: "Boats: name, berths.\nBookings: boat, start date.\nStaff side: I'm the owner, and I have full control of everything. Bev in the office deals with bookings. She's our office assistant, and she can create, view and change bookings, just not delete them." });
    expect(yard.entities.map((e) => e.name)).toEqual(['Boat', 'Booking']);
    expect(yard.roles.map((r) => r.name)).toEqual(['owner', 'office_assistant']);
    expect(yard.roles[1]!.rights.Booking).toEqual({ create: 'all', read: 'all', update: 'all' });
  });

  it('reads a menu announced before its items, lines that point at two records, and a truck\'s own orders as tenancy', () => {
    const trucks = authorSpec({
      name: 'Trucks',
      description: [
        "Every truck's stuff has to stay private to that truck.",
        "A stop is where it'll be parked, when it opens and when it closes (date and time for both).",
        "Then the menu items: every item needs a name, and has a price and a short description.",
        "Orders: the customer's name and phone number, and both must be filled in, plus where it's up to: received, being cooked, ready or collected.",
        'Order lines: a line belongs to one order and points at one menu item, with a quantity of 1 to 20.',
        'The truck owner can do everything. Their cooks can read orders and update menu items.',
      ].join('\n'),
    });
    expect(trucks.tenancy).toBe('multi');
    expect(trucks.entities.map((e) => e.name)).toEqual(['Stop', 'MenuItem', 'Order', 'OrderLine']);
    const field = (entity: string, name: string) => trucks.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);
    expect(field('Stop', 'starts_at')?.type).toBe('datetime');
    expect(field('MenuItem', 'name')?.required).toBe(true);
    expect(field('Order', 'phone')?.required).toBe(true);
    expect(field('Order', 'status')?.values).toEqual(['received', 'being_cooked', 'ready', 'collected']);
    expect(field('OrderLine', 'menu_item_id')?.type).toBe('ref(MenuItem)');
    expect(trucks.roles.map((r) => r.name)).toContain('cook');
  });

  it('reads "every right there is" as every right, and a system that "sometimes declines" as no role', () => {
    const shows = authorSpec({ name: 'Shows', description: 'Shows: name, date.\nThe show secretary has every right there is, on everything.\nWhen a show is created, charge the fee. The provider sometimes declines for no reason, so retry up to twice.' });
    expect(shows.roles.map((r) => r.name)).toEqual(['show_secretary']);
    expect(shows.roles[0]!.rights.Show).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
  });

  it('reads a list after a colon whose items are set apart by semicolons, and who runs the business as no record type', () => {
    const hall = authorSpec({ name: 'Hall', description: 'The hall is run by a small charity committee.\nBookings: start, end.\nAn issue is about one booking: a type out of damage, cleaning or other; a description, which mustn\'t be empty; and a photo (JPEG, up to 6 MB).\nAn enquiry has the enquirer\'s name and email (both required).\nThe chair can do everything.' });
    expect(hall.entities.map((e) => e.name)).toEqual(['Booking', 'Issue', 'Enquiry']);
    expect(hall.entities[1]!.fields.map((f) => f.name)).toEqual(['type', 'description', 'photo_key', 'booking_id']);
    expect(hall.entities[2]!.fields.map((f) => [f.name, f.required])).toEqual([['enquirer_name', true], ['enquirer_email', true]]);
  });

  it('reads "a guardian can have several children" as no record type Child when children are never described', () => {
    const academy = authorSpec({ name: 'Academy', description: 'Players: name, date of birth.\nGuardians: full name, email.\nEvery player has one guardian. One guardian can have several children at the academy.\nThe director can do everything.' });
    expect(academy.entities.map((e) => e.name)).toEqual(['Player', 'Guardian']);
  });

  it('reads a form\'s questions before the paragraph names its record as that record\'s fields', () => {
    const cafe = authorSpec({ name: 'Cafe', description: "Sessions: venue, start time.\n\nBefore a session, visitors register the thing they're bringing. It's just a form: their email, the item name, what kind of thing it is (electrical, textiles or other), and a photo if they like. Every registered item is tied to one session.\n\nThe coordinator can do everything." });
    expect(cafe.entities.find((e) => e.name === 'Item')?.fields.map((f) => f.name)).toEqual(['email', 'item_name', 'category', 'photo_key', 'session_id']);
  });

  it('reads "a booking" as the thing people book when nothing else describes it, and apart from a described one', () => {
    const press = authorSpec({ name: 'Press', description: 'They book a pressing slot on our website without creating an account. A booking needs a name and an email, both required, and the slot they want (date and time).\nThe partners can do everything.' });
    expect(press.entities.map((e) => e.name)).toEqual(['PressingSlot']);
    const hotel = authorSpec({ name: 'Hotel', description: 'Rooms: number, floor.\nGuests book a room on our website. A booking is for one room and has a check-in date.\nThe manager can do everything.' });
    expect(hotel.entities.map((e) => e.name)).toEqual(['Room', 'Booking']);
  });

  it('reads "a client account" as the client when clients are described', () => {
    const couriers = authorSpec({ name: 'Couriers', description: 'Clients: company name, billing email.\nJobs: reference, price.\nA client account places many jobs; each job is placed by exactly one client account.\nThe owner can do everything.' });
    expect(couriers.entities.map((e) => e.name)).toEqual(['Client', 'Job']);
    expect(couriers.entities[1]!.fields.find((f) => f.name === 'client_id')?.type).toBe('ref(Client)');
  });

  it('reads relations with what follows them, numbers among names, and a possessor shared by "and"', () => {
    expect(readRelations('An entry belongs to one regatta and is one boat with its helm')).toEqual({ pairs: [{ child: 'entry', parent: 'regatta' }] });
    expect(readRelations('A protest is about one race and involves two entries')).toEqual({ pairs: [{ child: 'protest', parent: 'race' }] });
    expect(readRelations('A beach has many incidents logged against it')?.pairs).toEqual([{ child: 'incidents', parent: 'beach' }]);
    expect(readRelations('each site is looked after by one observer only')).toEqual({ pairs: [{ child: 'site', parent: 'observer' }] });
    expect(readRelations('a visit is always to one site')).toEqual({ pairs: [{ child: 'visit', parent: 'site' }] });
    expect(readRelations('Each handover goes with exactly one booking, and we note the date and the fuel level')).toEqual({ pairs: [{ child: 'handover', parent: 'booking' }], list: 'the date and the fuel level', loose: true });
    expect(readRelations('A booking is always for one boat, from a start date to an end date')).toEqual({ pairs: [{ child: 'booking', parent: 'boat' }], list: 'a start date, an end date' });
    expect(readStates("A booking starts off provisional, becomes confirmed once the deposit's in, and after that it's either completed or cancelled")).toEqual({ topic: 'booking', values: ['provisional', 'confirmed', 'completed', 'cancelled'] });
    expect(readDefinition("On it we need the lead hirer's name, their email, the party size and the deposit")).toEqual({ topic: PREVIOUS, list: "the lead hirer's name, their email, the party size and the deposit" });
    expect(valueList('Laser, 420, Optimist, Topper or Other')).toEqual(['Laser', '420', 'Optimist', 'Topper', 'Other']);
    expect(valueList('from 10 to 20')).toBeUndefined();
    expect(splitFieldList("the helm's name and email, the handicap, a whole number such as 1100")).toEqual(["the helm's name", "the helm's email", 'the handicap, a whole number such as 1100']);
    expect(readStates('Its status tells us where it is: draft, open for entries, closed or finished')?.values).toEqual(['draft', 'open_for_entries', 'closed', 'finished']);
    expect(colonList('Incident: when it happened (date and time), the type, a description')).toEqual({ topic: 'Incident', list: 'when it happened (date and time), the type, a description' });
    expect(colonList('Reminders: when a booking is made, email the guest')).toBeUndefined();
  });

  it('reads the bullets after "An audition application holds:" as that record\'s fields, whatever the heading', () => {
    const { fieldLists } = statementsOf(segment('## Auditions\n\nAn audition application holds:\n\n- the applicant\'s name;\n- a recording of them playing, MP3 only.\n'));
    expect(fieldLists.map((l) => [l.topic, l.phrases.map((p) => p.text)])).toEqual([['audition application', ["the applicant's name;", 'a recording of them playing, MP3 only.']]]);
  });

  it('reads a list\'s closing words as no part of it', () => {
    expect(readStates('A route is active or stripped, nothing in between')).toEqual({ topic: 'route', values: ['active', 'stripped'] });
    expect(splitFieldList("a name too, but that's optional, the style, one of flash, redpoint or repeat")).toEqual(["a name too, that's optional", 'the style (one of flash, redpoint or repeat)']);
  });

  it('reads workflows: triggers, waits, events with timeouts and retries', () => {
    const entities: SpecEntity[] = [
      { name: 'Batch', fields: [{ name: 'status', type: 'enum', required: true, values: ['planned', 'fermenting'] }] },
      { name: 'Lesson', fields: [{ name: 'starts_at', type: 'datetime', required: false }] },
      { name: 'Reservation', fields: [] },
    ];
    const ctx = { index: new EntityIndex(entities.map((e) => e.name)), entities };
    const { workflows } = readWorkflows(
      [
        'When a batch starts fermenting, wait 14 days, then remind the brewer',
        'The day before each lesson, send the student a reminder',
        "If a reservation isn't confirmed within 2 hours, email the manager, retrying up to 3 times",
      ],
      ctx,
    );
    expect(workflows.map((w) => w.trigger)).toEqual([
      { entity: 'Batch', event: 'updated', field: 'status', value: 'fermenting' },
      { entity: 'Lesson', event: 'created' },
      { entity: 'Reservation', event: 'created' },
    ]);
    expect(workflows[0]!.steps).toMatchObject([{ kind: 'wait', duration: 'P14D' }, { kind: 'task', name: 'remind_brewer' }]);
    expect(workflows[1]!.steps).toMatchObject([{ kind: 'waitUntil', field: 'starts_at', offset: '-P1D' }, { kind: 'task' }]);
    expect(workflows[2]!.steps).toMatchObject([{ kind: 'waitForEvent', events: ['confirmed'], timeout: 'PT2H' }, { kind: 'task', retries: 3 }]);
  });

  it('names an awaited act after what is acted on, unless that is the record itself', () => {
    const entities: SpecEntity[] = [{ name: 'Appointment', fields: [] }, { name: 'Customer', fields: [] }, { name: 'Vehicle', fields: [{ name: 'due_date', type: 'date', required: false }] }];
    const ctx = { index: new EntityIndex(entities.map((e) => e.name)), entities };
    const { workflows } = readWorkflows(
      [
        'When an appointment is created, the client has 72 hours to pay the deposit; if they do not, cancel it',
        'When an appointment is created, the client has 3 days to confirm the appointment; if they do not, cancel it',
        'When a vehicle is added, wait until a month before its due date and text the customer',
        'Text gateways fail from time to time, so retry the text up to three times',
        "If the customer hasn't booked a test within two weeks of that reminder, send them an email",
      ],
      ctx,
    );
    expect(workflows).toHaveLength(3);
    expect(workflows[0]!.steps[0]).toMatchObject({ kind: 'waitForEvent', events: ['deposit_paid'], timeout: 'PT72H' });
    expect(workflows[1]!.steps[0]).toMatchObject({ kind: 'waitForEvent', events: ['confirmed'], timeout: 'P3D' });
    expect(workflows[2]!.steps).toMatchObject([{ kind: 'waitUntil' }, { kind: 'task', retries: 3 }, { kind: 'waitForEvent', events: ['test_booked'], timeout: 'P2W' }, { kind: 'task' }]);
  });
});

describe('whole descriptions', () => {
  const garage = [
    'Customers: name, email.',
    'Vehicles: customer, registration (unique), weight in pounds (decimals fine, e.g. 12.75).',
    'Tests: vehicle, result (pass or fail).',
    'Owners can do everything. Reception looks after customers and vehicles entirely, and can see tests without changing them.',
    'When a vehicle is added, wait up to 14 days for the customer to confirm it; if they do not, email the owner.',
    "As soon as a test's result is fail, email the customer. Ten days later, send them a reminder.",
  ].join('\n');
  const spec = authorSpec({ name: 'Garage', description: garage });

  it('read "looks after ... entirely" as every right, and a later "can" clause with the same subject', () => {
    expect(spec.roles.find((r) => r.name === 'reception')?.rights).toMatchObject({ Customer: { create: 'all', read: 'all', update: 'all', delete: 'all' }, Test: { read: 'all' } });
    expect(spec.roles.find((r) => r.name === 'reception')?.rights.Test).not.toHaveProperty('update');
  });

  it('read an example in parentheses as no allowed values', () => {
    expect(valueList('decimals fine, e.g. 12.75')).toBeUndefined();
    expect(spec.entities.find((e) => e.name === 'Vehicle')?.fields.find((f) => f.name.startsWith('weight'))?.type).not.toBe('enum');
  });

  it('trigger on a field named before its value, and go on "ten days later"', () => {
    const failed = spec.workflows.find((w) => w.trigger?.entity === 'Test');
    expect(failed?.trigger).toMatchObject({ field: 'result', value: 'fail' });
    expect(failed?.steps.map((step) => step.kind)).toEqual(['task', 'wait', 'task']);
  });

  it('name record types without the order or stress of the text, and split a contrast with a new subject', () => {
    const kennels = authorSpec({
      name: 'Kennels',
      description: [
        'Customers first: their name, phone and email.',
        'A customer can have several dogs, but on our books a dog only ever has the one owner. For each dog we need its name and the breed.',
        'The kennels themselves have a code painted on the door like K12 (no two the same), and a size of small, medium or large.',
        'A tool sits in one kennel. It has a name and a daily rate.',
      ].join('\n'),
    });
    expect(kennels.entities.map((e) => e.name).sort()).toEqual(['Customer', 'Dog', 'Kennel', 'Tool']);
    expect(kennels.entities.find((e) => e.name === 'Dog')?.fields.map((f) => f.type)).toContain('ref(Customer)');
    expect(kennels.entities.find((e) => e.name === 'Kennel')?.fields.find((f) => f.name === 'code')).toMatchObject({ unique: true });
    expect(kennels.entities.find((e) => e.name === 'Tool')?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['kennel_id', 'name', 'daily_rate']));
  });

  it('give no status to a record whose awaited event the text never names as its state', () => {
    expect(spec.entities.find((e) => e.name === 'Vehicle')?.fields.some((f) => f.name === 'status')).toBe(false);
  });
});

describe('the administrators of a tenant', () => {
  const base: SpecDocument = { title: 'T', overview: '', tenancy: 'multi', entities: [{ name: 'Hall', fields: [{ name: 'name', type: 'string', required: true }] }], roles: [], adminRole: '', defaultRole: '', access: [], workflows: [] };
  const withRoles = (names: string[], admin: string): SpecDocument => ({ ...base, roles: names.map((name) => ({ name, rights: {} })), adminRole: admin, defaultRole: names[names.length - 1]! });
  it('are admin when named after the tenant or, as the administrative role, after a part of it', () => {
    expect(tenantAdminAsAdmin(withRoles(['university_admin', 'warden'], 'university_admin'), new Set(['university'])).adminRole).toBe('admin');
    expect(tenantAdminAsAdmin(withRoles(['housing_office_admin', 'warden'], 'housing_office_admin'), new Set(['university'])).roles.map((r) => r.name)).toEqual(['admin', 'warden']);
  });
  it('are the admin made up for the tenant, not a second role, when the text named them without every right', () => {
    const made = { ...withRoles(['admin', 'scheme_admin', 'driver'], 'admin'), defaultRole: 'scheme_admin' };
    const spec = tenantAdminAsAdmin(made, new Set(['scheme']));
    expect(spec.roles.map((r) => r.name)).toEqual(['admin', 'driver']);
    expect(spec.defaultRole).toBe('admin');
    expect(tenantAdminAsAdmin({ ...made, tenancy: 'single' }, new Set()).roles.map((r) => r.name)).toEqual(['admin', 'scheme_admin', 'driver']);
  });
  it('are admin in one organisation too, as the administrative role, and keep their name when another role is the administrative one', () => {
    expect(tenantAdminAsAdmin({ ...withRoles(['club_admin', 'player'], 'club_admin'), tenancy: 'single' }, new Set()).adminRole).toBe('admin');
    expect(tenantAdminAsAdmin({ ...withRoles(['club_admin', 'owner'], 'owner'), tenancy: 'single' }, new Set()).roles.map((r) => r.name)).toEqual(['club_admin', 'owner']);
    expect(tenantAdminAsAdmin(withRoles(['owner', 'housing_office_admin'], 'owner'), new Set(['university'])).roles.map((r) => r.name)).toEqual(['owner', 'housing_office_admin']);
  });
});

describe('readings: one-field colon lines, the goal of a story, public record types', () => {
  it('reads a one-field colon line as a record type among colon lines, not alone and not as the title', () => {
    const spec = authorSpec({ name: 'x', description: 'Tandem: language meetups\nTour: name, price\nWine: name\nBooking: guest name' });
    expect(spec.entities.map((e) => [e.name, e.fields.map((f) => f.name)])).toEqual([['Tour', ['name', 'price']], ['Wine', ['name']], ['Booking', ['guest_name']]]);
    expect(authorSpec({ name: 'x', description: 'Note: fragile\nParcels have a weight and a destination.' }).entities.map((e) => e.name)).toEqual(['Parcel']);
  });

  it('drops the goal of a story ("so every visit has a driver"): no record types from it', () => {
    expect(storyAsStatements('As a coordinator, I manage patients and drivers, so every appointment has a lift.')).toEqual(['coordinators can manage patients and drivers']);
    // (A consequence the writer asks for stays: "so retry it 3 times".)
    expect(storyAsStatements('As a driver, I want my badge printed; the service is unreliable, so retry it 3 times.')[0]).toMatch(/retry it 3 times/);
  });

  it('gives no role a read of a public record type for choosing it', () => {
    const spec = authorSpec({ name: 'x', description: 'Sailings have a departure time. Tickets are for one sailing and have a passenger name. Anyone can look at sailings without logging in. Travellers can book tickets.' });
    expect(spec.roles.find((r) => r.name === 'traveller')?.rights).toEqual({ Ticket: { create: 'all', read: 'all' } });
    const closed = authorSpec({ name: 'x', description: 'Sailings have a departure time. Tickets are for one sailing and have a passenger name. Travellers can book tickets.' });
    expect(closed.roles.find((r) => r.name === 'traveller')?.rights.Sailing).toEqual({ read: 'all' });
  });
});

describe('record types defined in everyday sentences', () => {
  /** Each record type as "Name: field:type[!] ..." (! required, U unique, with bounds). */
  const defined = (text: string) =>
    authorSpec({ name: 'x', description: text }).entities.map((e) => `${e.name}: ${e.fields.map((f) => `${f.name}:${f.type}${f.unique ? ' U' : ''}${f.max !== undefined ? ` max${f.max}` : ''}${f.min !== undefined ? ` min${f.min}` : ''}`).join(', ')}`);

  it.each([
    ["For each dog we need to know its name, breed, date of birth, whether it's been neutered, and the owner's phone.", 'Dog: name:string, breed:string, date_of_birth:date, neutered:boolean, owner_phone:string'],
    ['We keep track of items: how much each item costs and how many are left.', 'Item: price:number, stock:integer'],
    ['Every booking should say when it starts and ends, how many people are coming, and any dietary requirements.', 'Booking: starts_at:datetime, ends_at:datetime, people:integer, dietary_requirements:text'],
    ["Each member's got a membership number that must be unique, a join date, and a level (bronze/silver/gold).", 'Member: membership_number:string U, join_date:date, level:enum'],
    ['Tours come with a max group size (never more than 20) and a price per person.', 'Tour: max_group_size:integer max20, price_per_person:number'],
    ['Complaints have a description and up to 3 photos (jpg/png, max 5MB each).', 'Complaint: description:text, photo_key:file'],
    ['The invoice should include the amount due, the due date, and whether it has been paid.', 'Invoice: amount_due:number, due_date:date, paid:boolean'],
    ['A shift is a date, a start time, an end time and the number of volunteers needed (at least 1).', 'Shift: date:date, start_time:datetime, end_time:datetime, volunteers_needed:integer min1'],
    ["We'd store each guest's name, their email, how many nights they're staying, and a note.", 'Guest: name:string, email:email, nights:integer, note:text'],
  ])('%s', (text, expected) => {
    expect(defined(text)).toEqual([expected]);
  });

  it('reads no list in a parenthesis of examples ("the walls are the physical sections (the Cave, the Slab and so on)")', () => {
    expect(defined('The walls are the physical sections (the Cave, the Slab, the Comp Wall and so on). Each wall has a name and a height in metres.')).toEqual(['Wall: name:string, height_m:number']);
  });
});

describe('allowed values in everyday sentences', () => {
  const enums = (text: string) =>
    authorSpec({ name: 'x', description: text }).entities.flatMap((e) => e.fields.filter((f) => f.type === 'enum').map((f) => `${e.name}.${f.name}: ${f.values!.join(' ')}`));

  it.each([
    ['Rooms have a number and a nightly rate. Rooms are single, double or family rooms.', 'Room.type: single double family'],
    ['Orders have a total. Orders go from placed to packed to shipped to delivered.', 'Order.status: placed packed shipped delivered'],
    ['Dogs have a name. A dog can be small, medium or large.', 'Dog.size: small medium large'],
    ['Plots have a number. A plot is either vacant or let.', 'Plot.status: vacant let'],
    ['Courses have a title and a level, which goes from beginner through intermediate to advanced.', 'Course.level: beginner intermediate advanced'],
    ['Shirts have a colour and the size is S, M, L or XL.', 'Shirt.size: S M L XL'],
    ['Tables have a number. Each table is in one of three areas: terrace, bar or main room.', 'Table.area: terrace bar main_room'],
  ])('%s', (text, expected) => {
    expect(enums(text)).toEqual([expected]);
  });
});

describe('relations in everyday sentences', () => {
  const refs = (text: string) => authorSpec({ name: 'x', description: text }).entities.flatMap((e) => e.fields.filter((f) => /^ref\(/.test(f.type)).map((f) => `${e.name}.${f.name} -> ${f.type}`));

  it.each([
    ['Projects have a title. Clients have a name. Projects are owned by clients.', ['Project.client_id -> ref(Client)']],
    ['Trips have a date. Buses have a plate. Drivers have a name. A trip uses one bus and one driver.', ['Trip.bus_id -> ref(Bus)', 'Trip.driver_id -> ref(Driver)']],
    ['Appointments have a time. Vets have a name. Pets have a name. An appointment is with a vet, for a pet.', ['Appointment.vet_id -> ref(Vet)', 'Appointment.pet_id -> ref(Pet)']],
    ['Loans have a due date. Books have a title. Members have a name. A loan is one book borrowed by one member.', ['Loan.book_id -> ref(Book)', 'Loan.member_id -> ref(Member)']],
    ['Orders have a date. Products have a name. Order lines have a quantity. Orders contain order lines, each pointing at a product.', ['OrderLine.order_id -> ref(Order)', 'OrderLine.product_id -> ref(Product)']],
  ])('%s', (text, expected) => {
    expect(refs(text)).toEqual(expected);
  });

  it('makes no record type of whoever runs the business ("the hall is managed by a small committee")', () => {
    expect(authorSpec({ name: 'x', description: 'The hall is managed by a small committee. Bookings have a date and a hirer name.' }).entities.map((e) => e.name)).toEqual(['Booking']);
  });
});

describe('records said of others, and records that stand alone', () => {
  const refs = (text: string) => authorSpec({ name: 'x', description: text }).entities.flatMap((e) => e.fields.filter((f) => /^ref\((?!User)/.test(f.type)).map((f) => `${e.name}.${f.name}`));

  it('links what joining makes to what is joined ("attendees register for events; a registration has ...")', () => {
    expect(refs('Events have a name. Attendees register for events; a registration has an email.')).toEqual(['Registration.event_id']);
    expect(refs('Classes have a title. People sign up for a class by making an enrolment; an enrolment needs a name.')).toEqual(['Enrolment.class_id']);
  });

  it('links notes written about a record to it ("write incident notes about a child")', () => {
    expect(refs('Children have a name. Incident notes have a date and a description. Counsellors can see children and write incident notes about a child.')).toEqual(['IncidentNote.child_id']);
  });

  it('gives a record with no name a parent only when it is said about one (a comment, a rating), never a standalone one', () => {
    expect(refs('Recipes have a title. Comments have a rating and a body.')).toEqual(['Comment.recipe_id']);
    expect(refs('Classes have a title and a start time. Workshops have a date and a fee.')).toEqual([]);
  });

  it('says nothing back about small talk ("Here\'s what I need", "Thanks!")', () => {
    const spec = authorSpec({ name: 'x', description: "Hi! Here's what I need. Tools have a name and a daily rate. Thanks!" });
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('workflows on a record that refers to the one with the date', () => {
  it('"If an enrolment still isn\'t paid 3 days before the class, remind the student" waits per enrolment until its class', () => {
    const spec = authorSpec({ name: 'x', description: 'Classes have a title and a start time (date and time). Enrolments are for one class and have a student email and whether they have paid. If an enrolment still isn\'t paid 3 days before the class, remind the student.' });
    expect(spec.workflows).toHaveLength(1);
    expect(spec.workflows[0]).toMatchObject({ trigger: { entity: 'Enrolment', event: 'created' }, steps: [{ kind: 'waitUntil', field: 'start_time', offset: '-P3D', via: 'class_id' }, { kind: 'task' }] });
  });

  it('"send them a confirmation email" after "when someone enrols" goes to who made the record', () => {
    const spec = authorSpec({ name: 'x', description: 'Classes have a title. Enrolments are for one class and have an email. When someone enrols, send them a confirmation email.' });
    expect(spec.events?.[0]?.actions[0]).toMatchObject({ type: 'notify', to: { owner: true } });
  });
});

describe('a long description with headings (a rowing club)', () => {
  const CLUB = [
    '## Members',
    'Members have a first name, a last name, an email and a membership category (junior, senior or social). Juniors also need an emergency contact name.',
    '## Bookings and outings',
    'Boats have a name and a type. A member books a boat for a date and a time slot. The time slot is one of early morning, morning, afternoon or evening.',
    'When the crew actually goes out, the coxswain or the member logs an outing against the booking with the time they launched, the time they got back and the distance rowed in km.',
    '## Damage',
    'Anyone who notices damage to a boat should be able to file a damage report: which boat, a description, how serious it is (minor, major, unsafe) and optionally up to one photo (JPEG or PNG, max 10MB).',
    '## Automation',
    'One day after a booking\'s date, remind the member to log the outing.',
  ].join('\n');
  const spec = authorSpec({ name: 'Rowing', description: CLUB });
  const fields = (entity: string) => fieldsOf(spec, entity);

  it('finds every record type, and a kind of member is no record type of its own', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Member', 'Boat', 'Booking', 'Outing', 'DamageReport']);
    expect(fields('Member')).toContain('emergency_contact_name:string');
  });

  it('reads the fields said in passing', () => {
    expect(fields('Booking')).toEqual(expect.arrayContaining(['date:date', 'time_slot:enum', 'boat_id:ref(Boat)']));
    expect(fields('Outing')).toEqual(['launched_at:datetime', 'returned_at:datetime', 'distance_rowed_km:number', 'booking_id:ref(Booking)']);
    expect(fields('DamageReport')).toEqual(['boat_id:ref(Boat)', 'description:text', 'severity:enum', 'photo_key:file']);
  });

  it('waits until a day after the booking\'s date', () => {
    expect(spec.workflows[0]).toMatchObject({ trigger: { entity: 'Booking', event: 'created' }, steps: [{ kind: 'waitUntil', field: 'date', offset: '+P1D' }, { kind: 'task' }] });
  });
});

describe('a quick informal note (a dog walker)', () => {
  const NOTE = 'need an app 4 my dog walking biz. clients sign up w/ name, email, phone n adress. each client has 1 or more dogs - dog has name, breed, size (small/med/large) + a pic. walks: date, time, which dog(s), duration (30 or 60 mins), price, paid y/n. walkers can see all walks n mark them done. me = admin. remind client the nite before a walk.';
  const spec = authorSpec({ name: 'Walks', description: NOTE });

  it('reads a record type after a dash, "1 or more", "which dog(s)" and "(30 or 60 mins)"', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Walk', 'Client', 'Dog']);
    const walk = spec.entities.find((e) => e.name === 'Walk')!.fields.map((f) => `${f.name}:${f.type}`);
    expect(walk).toEqual(expect.arrayContaining(['dog_id:ref(Dog)', 'duration_minutes:integer']));
    expect(spec.entities.find((e) => e.name === 'Dog')!.fields.map((f) => f.name)).toContain('client_id');
  });

  it('reads "me = admin" as the writer\'s role and "the nite before a walk" as a wait until its date', () => {
    expect(spec.adminRole).toBe('admin');
    expect(spec.workflows[0]).toMatchObject({ trigger: { entity: 'Walk', event: 'created' }, steps: [{ kind: 'waitUntil', field: 'date', offset: '-P1D' }, { kind: 'task' }] });
    expect(spec.openQuestions ?? []).not.toContain('me = admin');
  });
});

describe('relations stated both ways, with at most one', () => {
  it('"a purchase order ... can cover several harvests, while each harvest is sold on at most one purchase order": an optional reference', () => {
    const spec = authorSpec({ name: 'x', description: 'Buyers have a company name. Harvests have a weight in kg. Purchase orders have an order date. A purchase order is placed by exactly one buyer and can cover several harvests, while each harvest is sold on at most one purchase order.' });
    const ref = spec.entities.find((e) => e.name === 'Harvest')!.fields.find((f) => f.name === 'purchase_order_id');
    expect(ref).toMatchObject({ type: 'ref(PurchaseOrder)', required: false, onDelete: 'set_null' });
    expect(spec.entities.find((e) => e.name === 'PurchaseOrder')!.fields.map((f) => f.name)).toEqual(['order_date', 'buyer_id']);
  });
});

describe('a chatty workshop note', () => {
  const NOTE = "So basically I run a small bike repair workshop with two mechanics. For every bike we want the make, the model and the colour, plus the owner's name and mobile. A repair job is for one bike and has what's wrong with it, our quote, the parts we used (free text is fine) and whether the customer has collected it. Jobs go booked in, in progress, waiting for parts, ready and collected. The mechanics should be able to see and update every job. Customers don't log in at all.";
  const spec = authorSpec({ name: 'Bikes', description: NOTE });

  it('makes no record type of "two mechanics", and reads the states said with "go ... and"', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Bike', 'RepairJob']);
    const job = spec.entities.find((e) => e.name === 'RepairJob')!.fields;
    expect(job.find((f) => f.name === 'status')?.values).toEqual(['booked_in', 'in_progress', 'waiting_for_parts', 'ready', 'collected']);
    expect(job.map((f) => `${f.name}:${f.type}`)).toEqual(expect.arrayContaining(['parts:text', 'collected:boolean']));
  });

  it('asks nothing about "Customers don\'t log in at all"', () => {
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('a long page where "it" holds the fields (a sailing club)', () => {
  const PAGE = [
    'We run regattas for one sailing club. The club secretary can do everything.',
    'A regatta has a name and a start date. Boats enter it, and every boat gets a result in every race.',
    '## Races',
    'A race belongs to a regatta and has a number and a start time.',
    '## Results',
    'A result is for one race. It holds the finish time (date and time), the elapsed time in seconds, the finishing position (1 or more) and, when one applies, a scoring code: DNF, DNS, DSQ or OCS.',
    '## Protests',
    'A protest is about one race. It holds the rules alleged (short text like "10, 14"), a description of the incident and the decision: pending, upheld, dismissed or withdrawn.',
    '## Counts',
    'Visit: when they started counting (date and time), the duration in minutes (10 at least, 120 at most), the cloud cover as a percentage from 0 to 100, the weather, one of dry, drizzle, rain or snow, and any notes.',
  ].join('\n');
  const spec = authorSpec({ name: 'Regattas', description: PAGE });
  const fields = (entity: string) => spec.entities.find((e) => e.name === entity)?.fields.map((f) => `${f.name}:${f.type}${f.required ? '' : '?'}`);

  it('gives "It holds ..." to the record the sentence before described, an optional field after "and, when one applies,"', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Regatta', 'Race', 'Result', 'Protest', 'Visit']);
    expect(fields('Result')).toEqual(expect.arrayContaining(['finish_time:datetime', 'elapsed_time_seconds:integer?', 'finishing_position:integer?', 'scoring_code:enum?', 'race_id:ref(Race)']));
    expect(fields('Protest')).toEqual(expect.arrayContaining(['rules_alleged:string', 'description:text?', 'decision:enum']));
  });

  it('reads "every boat gets a result in every race" as a result per race, and "Boats enter it" as no role', () => {
    expect(spec.roles.map((r) => r.name)).toEqual(['club_secretary']);
    expect(spec.entities.some((e) => e.name === 'Boat')).toBe(false);
  });

  it('reads a colon line whose first item is "when they started counting" as fields, with bounds after their numbers', () => {
    expect(fields('Visit')).toEqual(expect.arrayContaining(['started_at:datetime', 'duration_minutes:integer?', 'cloud_cover_percent:number?', 'weather:enum', 'notes:text?']));
    expect(spec.entities.find((e) => e.name === 'Visit')!.fields.find((f) => f.name === 'duration_minutes')).toMatchObject({ min: 10, max: 120 });
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('a chatty studio note', () => {
  const NOTE = [
    "Hi! I own a small yoga studio and I'm tired of juggling spreadsheets. Here's roughly what I need.",
    'Our teachers each have a profile with their name, a short bio, a photo (JPEG or PNG, 2 MB max) and the styles they teach. Teachers can update their own profile but nobody else\'s.',
    'For each student we keep their name, email (must be unique) and any injuries we should know about.',
    'A pass has a type (single, 5-class or 10-class), the price paid, how many classes are left and an expiry date.',
    'My front desk people can see everything but they can\'t delete anything.',
    'If a pass expires with classes left, email the student.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Yoga', description: NOTE });
  const fields = (entity: string) => fieldsOf(spec, entity);

  it('reads "each have a profile with ..." as their fields, and plurals described in words as no counts', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Teacher', 'Student', 'Pass']);
    expect(fields('Teacher')).toEqual(['name:string', 'bio:text', 'photo_key:file', 'styles:string']);
    expect(fields('Student')).toContain('injuries:string');
    expect(fields('Pass')).toContain('classes_left:integer');
  });

  it('reads "their own profile" as the teacher\'s own record, and "my front desk people" as front desk staff', () => {
    expect(spec.roles.find((r) => r.name === 'teacher')?.rights.Teacher).toEqual({ read: 'own', update: 'own' });
    expect(spec.roles.map((r) => r.name)).toContain('front_desk_staff');
  });

  it('makes no record type of a condition ("If a pass expires with classes left, ..."), and asks nothing about the small talk', () => {
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('user stories over colon lists (a tool library)', () => {
  const TEXT = [
    'Community tool library',
    "We lend tools to our neighbours. There's only one library.",
    '- As a volunteer, I can add new tools and edit their details, but only the coordinator can retire a tool.',
    '- As a member, I want to reserve a tool for a date, and see and cancel my own reservations.',
    '- As the coordinator, I want full control over everything.',
    '- As the coordinator, I want to be told when a tool comes back damaged.',
    'Tools: name (required), condition (good, worn or damaged), and whether it is retired.',
    'Members: full name, email (unique).',
    "Loans: which tool, which member, when it went out, when it's due back, when it came back.",
    'Reservations: which tool, which member, the date wanted, and a status (requested, confirmed, cancelled).',
  ].join('\n');
  const spec = authorSpec({ name: 'Tools', description: TEXT });
  const rights = (role: string, entity: string) => spec.roles.find((r) => r.name === role)?.rights[entity];

  it('gives each story its rights: "edit their details", "only the coordinator can retire", "full control"', () => {
    expect(spec.adminRole).toBe('coordinator');
    expect(rights('volunteer', 'Tool')).toMatchObject({ create: 'all', update: 'all' });
    expect(rights('member', 'Reservation')).toMatchObject({ create: 'all', read: 'own', update: 'own' });
  });

  it('reads "when it went out / is due back / came back" as moments, and stops a booking\'s fields at what else they may do', () => {
    expect(spec.entities.find((e) => e.name === 'Loan')!.fields.map((f) => `${f.name}:${f.type}`)).toEqual(expect.arrayContaining(['went_out_at:datetime', 'due_back:date', 'returned_at:datetime']));
    expect(spec.entities.find((e) => e.name === 'Reservation')!.fields.map((f) => f.name)).not.toContain('see');
  });

  it('triggers on the value of a field ("comes back damaged": the condition), never a made-up status, and asks nothing back', () => {
    expect([...(spec.events ?? []).map((e) => e.on), ...spec.workflows.map((w) => w.trigger)]).toContainEqual({ entity: 'Tool', event: 'updated', field: 'condition', value: 'damaged' });
    expect(spec.entities.find((e) => e.name === 'Tool')!.fields.map((f) => f.name)).not.toContain('status');
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('relations stated both ways, with a record for each pair (festival volunteers)', () => {
  const TEXT = [
    'Volunteers and shifts: a volunteer can work many shifts over the weekend, and a shift needs several volunteers, so we keep an assignment for each volunteer on each shift.',
    'Shifts and team leads: each shift is run by one team lead; a team lead can run several shifts.',
    'A shift has a start time. A volunteer has a name. An assignment records whether the volunteer checked in.',
    'The volunteer coordinator can do everything. Team leads can see all shifts and assignments, and update assignments for shifts they run.',
  ].join('\n');
  const spec = authorSpec({ name: 'Festival', description: TEXT });
  const refs = spec.entities.flatMap((e) => e.fields.filter((f) => /^ref\((?!User)/.test(f.type)).map((f) => `${e.name}.${f.name}`));

  it('reads "we keep an assignment for each volunteer on each shift" as an assignment referring to both', () => {
    expect(refs).toEqual(expect.arrayContaining(['Assignment.volunteer_id', 'Assignment.shift_id']));
    expect(refs).not.toContain('Volunteer.shift_id');
  });

  it('gives "a team lead can run several shifts" no rights, and reads "for shifts they run" as which ones, not a right to run', () => {
    expect(spec.adminRole).toBe('volunteer_coordinator');
    const lead = spec.roles.find((r) => r.name === 'team_lead')!.rights;
    expect(lead.Shift).toEqual({ read: 'all' });
    expect(lead.Assignment).toEqual({ read: 'all', update: 'all' });
  });
});

describe('a long page with headings (a community theatre)', () => {
  const PAGE = [
    '## Productions and performances',
    "A production is a show we stage: it has a title, a director's name and a synopsis (can be long). Each production has one or more performances.",
    'A performance belongs to exactly one production and has a date and a status that moves from scheduled to on sale to sold out, or to cancelled.',
    '## Tickets',
    "A ticket is for one performance and records the buyer's name and their email. Buyers don't have accounts, but they need to be able to buy tickets without logging in.",
    '## Volunteers',
    'Each volunteer has a name and an email. A volunteer signs up for a performance by creating a rota slot, which records the role (usher, bar or box office) and whether they turned up.',
    'The theatre manager can do anything.',
  ].join('\n');
  const spec = authorSpec({ name: 'Theatre', description: PAGE });
  const fields = (entity: string) => spec.entities.find((e) => e.name === entity)?.fields.map((f) => f.name);

  it('reads "A production is a show we stage: it has ..." as the production\'s fields, and ", which records ..." as the rota slot\'s', () => {
    expect(fields('Production')).toEqual(expect.arrayContaining(['title', 'director_name', 'synopsis']));
    expect(fields('RotaSlot')).toEqual(expect.arrayContaining(['role', 'attended', 'performance_id']));
  });

  it('reads "... to sold out, or to cancelled" as one more state, and "Buyers don\'t have accounts" as no record type and nothing to ask', () => {
    expect(spec.entities.find((e) => e.name === 'Performance')!.fields.find((f) => f.name === 'status')?.values).toEqual(['scheduled', 'on_sale', 'sold_out', 'cancelled']);
    expect(spec.entities.map((e) => e.name)).not.toContain('Account');
    expect(spec.access).toContainEqual({ entity: 'Ticket', operation: 'create', level: 'public' });
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('relations said from both ends, with topics as bullets (an orchard co-op)', () => {
  const PAGE = [
    'Orchard co-op. This would only ever be used by us, one co-op, nobody else.',
    'The relationships:',
    '* Rows and trees. A row ends up with lots of trees; a tree stands in exactly one row.',
    '* Trees and pickers. A tree is picked by many pickers and a picker picks many trees. We keep that as pickings: a picking links one tree and one picker.',
    "A row is just a name plus a two-letter row code that's unique to it, and a row obviously ends up with lots of harvests while a harvest comes from exactly one row.",
    "A picker record holds the picker's name, email, how many crates they can carry (1 to 6) and the date their food hygiene certificate expires.",
    "A tree has a variety, where it is in the process: planted, fruiting, resting or felled, the yield in kg (decimals allowed) and, optionally, the sponsor's email.",
    "A harvest has a date and a weight in kg. The picker who weighs it is stored on the harvest too, but it's left empty until somebody weighs it.",
    'A picking has the date and the number of crates.',
    'As a picker, I can see and update my own picker record.',
  ].join('\n');
  const spec = authorSpec({ name: 'Orchard', description: PAGE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('names the record of a person after the person, and reads how many they can carry and when their certificate expires', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Row', 'Tree', 'Picking', 'Picker', 'Harvest']));
    expect(fieldsOf(spec, 'Picker')).toEqual(['name:string', 'email:email', 'crate_capacity:integer', 'food_hygiene_certificate_expiry_date:date']);
    expect(spec.roles.find((r) => r.name === 'picker')?.rights.Picker).toEqual({ read: 'own', update: 'own' });
  });

  it('reads "where it is in the process: ...", "decimals allowed", "and, optionally, the X", and a code whose form is a note', () => {
    expect(field('Tree', 'status')?.values).toEqual(['planted', 'fruiting', 'resting', 'felled']);
    expect(field('Tree', 'yield_kg')?.type).toBe('number');
    expect(spec.entities.find((e) => e.name === 'Tree')!.fields.map((f) => f.name)).toEqual(['variety', 'status', 'yield_kg', 'sponsor_email', 'row_id']);
    expect(field('Row', 'row_code')).toMatchObject({ type: 'string', unique: true });
  });

  it('reads ", and a row obviously ends up with lots of harvests while ..." as a relation, and "stored on the harvest too, but left empty" as an optional one', () => {
    expect(field('Harvest', 'row_id')).toMatchObject({ type: 'ref(Row)', required: true });
    expect(field('Harvest', 'picker_id')).toMatchObject({ type: 'ref(Picker)', required: false });
    expect(field('Tree', 'row_id')).toMatchObject({ type: 'ref(Row)' });
    expect(spec.entities.find((e) => e.name === 'Row')!.fields.map((f) => f.name)).toEqual(['name', 'row_code']);
  });

  it('makes no role or reference of "many pickers ... many trees", links them through the picking, and asks nothing back', () => {
    expect(spec.roles.map((r) => r.name).sort()).toEqual(['admin', 'picker']);
    expect(fieldsOf(spec, 'Picking')).toEqual(expect.arrayContaining(['tree_id:ref(Tree)', 'picker_id:ref(Picker)']));
    expect(field('Tree', 'picker_id')).toBeUndefined();
    expect(spec.tenancy).toBe('single');
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('a tasting-room page: contact clauses, shared rules and counts of a group', () => {
  const PAGE = [
    'Session: start date and time, the language the session is given in (English, Welsh or Irish), and a status that goes scheduled, running or cancelled.',
    "Reservation: the main guest's name and email (neither may be empty), how many of the party are designated drivers, and whether it's paid.",
    "Tasting: the glass size in ml and the order it's served in.",
    'Flight: the name; the minimum age, never below 18 (the law here); and whether it is vegan.',
  ].join('\n');
  const spec = authorSpec({ name: 'Tastings', description: PAGE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('reads "the language the session is given in (...)" as the language, and "the order it\'s served in" as a number', () => {
    expect(field('Session', 'language')?.values).toEqual(['english', 'welsh', 'irish']);
    expect(field('Tasting', 'serve_order')).toMatchObject({ type: 'integer' });
  });

  it('gives "(neither may be empty)" and the possessor to both fields, and counts "how many of the party are ..."', () => {
    expect(field('Reservation', 'main_guest_name')).toMatchObject({ required: true });
    expect(field('Reservation', 'main_guest_email')).toMatchObject({ type: 'email', required: true });
    expect(field('Reservation', 'designated_drivers')).toMatchObject({ type: 'integer' });
  });

  it('keeps a bound whose reason follows in parentheses', () => {
    expect(field('Flight', 'min_age')).toMatchObject({ type: 'integer', min: 18 });
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('relations with "any one", a compound whose head is described, and links a record may have', () => {
  const PAGE = [
    'Harbour pilots for the Eastport Pilotage Service. The service is the only organisation using this; no tenants.',
    'Relationships first:',
    'Harbours have many pilot jobs, and any one job is at a single harbour.',
    'A vessel can also be linked to the job it arrived on, though it does not have to be.',
    'Harbour: name, how many berths it has, and whether tugs are available.',
    'Job: starts at (date and time), and which flags are flying: red, yellow, or none.',
    'Vessel: name and gross tonnage.',
    'Pilots log jobs and can edit only the jobs they logged themselves; and they log vessels.',
  ].join('\n');
  const spec = authorSpec({ name: 'Pilots', description: PAGE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('reads "Harbours have many pilot jobs, and any one job is at a single harbour" as jobs of a harbour', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Harbour', 'Job', 'Vessel']);
    expect(field('Job', 'harbour_id')).toMatchObject({ type: 'ref(Harbour)', required: true });
  });

  it('reads "can also be linked to the job ..., though it does not have to be" as an optional reference', () => {
    expect(field('Vessel', 'job_id')).toMatchObject({ type: 'ref(Job)', required: false });
  });

  it('reads "how many berths it has" as a count, "which flags are flying: ..." as the flags, and "they log jobs" as no fields', () => {
    expect(field('Harbour', 'berth_count')).toMatchObject({ type: 'integer' });
    expect(field('Job', 'flags')?.values).toEqual(['red', 'yellow', 'none']);
    expect(spec.entities.find((e) => e.name === 'Vessel')!.fields.map((f) => f.name)).toEqual(['name', 'gross_tonnage', 'job_id']);
    expect(spec.tenancy).toBe('single');
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('asides in subjects and rules, measures of a part, the year of an act (a carillon society)', () => {
  const PAGE = [
    'Relationships:',
    '- Towers and recitals. A tower holds many recital evenings over the year; a recital is always at one tower.',
    '- A concert (a recital or a festival) is rung at one tower.',
    'Tower: the name, the weight of the bourdon in kg, the regular recital night (any day of the week, Monday to Sunday).',
    'Bell: its number in the ring, from 1 (the bourdon) to 50, and the year it was cast.',
    'Recital: the start (date and time).',
    'Concert: the date and a status of planned or held.',
    'Player: full name and the year they learned to play.',
    'Anyone, with or without an account, can see towers, recitals and concerts.',
    'Players can submit a concert with its recitals and can correct only the concerts they submitted themselves.',
  ].join('\n');
  const spec = authorSpec({ name: 'Carillons', description: PAGE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('reads "many recital evenings" as recitals, and "is rung at one tower" as a relation', () => {
    expect(spec.entities.map((e) => e.name)).not.toContain('RecitalEvening');
    expect(field('Recital', 'tower_id')).toMatchObject({ type: 'ref(Tower)' });
    expect(field('Concert', 'tower_id')).toMatchObject({ type: 'ref(Tower)' });
  });

  it('names measures of a part as compounds, drops "regular", keeps a range with an aside, and names the year of an act', () => {
    expect(field('Tower', 'bourdon_weight_kg')).toMatchObject({ type: 'number' });
    expect(field('Tower', 'recital_night')?.values).toHaveLength(7);
    expect(field('Bell', 'number_in_ring')).toMatchObject({ type: 'integer', min: 1, max: 50 });
    expect(field('Bell', 'year_cast')).toMatchObject({ type: 'integer' });
    expect(field('Player', 'year_learned')).toMatchObject({ type: 'integer' });
  });

  it('reads "Anyone, with or without an account, can see ..." as public reading, and "with its recitals" as no fields', () => {
    for (const entity of ['Tower', 'Recital', 'Concert']) expect(spec.access).toContainEqual({ entity, operation: 'read', level: 'public' });
    expect(spec.entities.find((e) => e.name === 'Concert')!.fields.map((f) => f.name)).toEqual(['date', 'status', 'tower_id']);
  });
});

describe('a show-jumping page: shared nouns and rules, acts that record fields, headings of workflows', () => {
  const PAGE = [
    'Riders register with us. We keep their full name and an email address that must be unique.',
    'A horse is owned by one rider.',
    'Class: its name, required; the lowest and the highest height allowed to enter, each between 60 and 160.',
    'A round is one horse in one class. When the round is booked we store the start position and the fee. After the round, the steward fills in the time in seconds, the number of faults (zero or more), and the placing, which stays empty for most horses, so it\'s optional. After the jump-off, the steward adds the rider\'s signature as an image of at most 2 MB.',
    'Classes are public: anyone can look at them without logging in. The system is for our club alone.',
    '1. Round booked. Email the admin a confirmation.',
  ].join('\n');
  const spec = authorSpec({ name: 'Jumping', description: PAGE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('reads "Riders register with us" as no field, and what follows as the rider\'s', () => {
    expect(spec.entities.find((e) => e.name === 'Rider')!.fields.map((f) => f.name)).toEqual(['full_name', 'email']);
    expect(field('Horse', 'rider_id')).toMatchObject({ type: 'ref(Rider)' });
  });

  it('gives "the lowest and the highest height ..., each between 60 and 160" a noun and a rule each', () => {
    expect(field('Class', 'lowest_height')).toMatchObject({ type: 'number', min: 60, max: 160 });
    expect(field('Class', 'highest_height')).toMatchObject({ type: 'number', min: 60, max: 160 });
  });

  it('reads what is stored when a record is made and what is filled in after, as its fields', () => {
    expect(spec.entities.find((e) => e.name === 'Round')!.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['start_position', 'fee', 'time_seconds', 'faults', 'placing']));
    expect(field('Round', 'faults')).toMatchObject({ type: 'integer', min: 0 });
    expect(field('Round', 'placing')).toMatchObject({ required: false });
    expect(field('Round', 'rider_signature_key')).toMatchObject({ type: 'file', file: { maxBytes: 2 * 1024 * 1024 } });
  });

  it('asks nothing about a public statement after a colon, "for our club alone", or a workflow\'s heading', () => {
    expect(spec.access).toContainEqual({ entity: 'Class', operation: 'read', level: 'public' });
    expect(spec.tenancy).toBe('single');
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('a chatty workshop note: a log of things not counted, who did it, and reminders to do something', () => {
  const NOTE = [
    "I run a small bike workshop. It's only us, one workshop, there's nobody else whose data needs keeping apart.",
    'A repair has a description. When a mechanic books a repair in they note which mechanic took it (all the mechanics have logins) and the date it was set.',
    'Then the safety side. We keep a kit log of the stands, pumps and so on: a serial number (unique), the kind of kit (stand, pump or press) and the date of its last inspection.',
    'Mechanics can edit repairs. The front desk staff have full control of the kit log.',
    'Two automatic things. When a repair is created, wait 3 days and remind the mechanic to call the customer. And when a piece of kit is added, wait six months and then prompt the front desk to inspect it.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Workshop', description: NOTE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('names a log of kit as its items, and reads its fields after the colon', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Repair', 'KitItem']);
    expect(fieldsOf(spec, 'KitItem')).toEqual(['serial_number:string', 'kind:enum', 'last_inspection_date:date']);
    expect(spec.roles.find((r) => r.name === 'front_desk_staff')?.rights.KitItem).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
  });

  it('reads "which mechanic took it (all the mechanics have logins)" as a user, and "the date it was set"', () => {
    expect(field('Repair', 'mechanic_id')).toMatchObject({ type: 'ref(User)' });
    expect(field('Repair', 'set_date')).toMatchObject({ type: 'date' });
  });

  it('triggers on "a piece of kit is added", reminds people of what to do, and asks nothing about lead-ins', () => {
    expect(spec.workflows.map((w) => w.trigger?.entity)).toEqual(['Repair', 'KitItem']);
    const tasks = spec.workflows.flatMap((w) => w.steps.filter((s) => s.kind === 'task'));
    expect(tasks.map((t) => (t.kind === 'task' ? t.action?.type : undefined))).toEqual(['notify', 'notify']);
    expect(spec.tenancy).toBe('single');
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('a requirements page with bold headings (a window-cleaning round)', () => {
  const PAGE = [
    '# Window round',
    '## What we keep track of',
    '**Customers.** Business name (required), the contact person, a phone number, and how often we clean: weekly, fortnightly or monthly.',
    '**Services.** This is our price list: the name of the service (Front only, Front and back, Conservatory ...), and the price per visit. Our prices are published on the website, so anybody at all can read the price list.',
    '**Visits.** Every visit is for a single customer. We record the date, notes from the cleaner, and the status: booked, done or skipped. When a window is found cracked, we attach a photo (JPEG/PNG, under 6 MB).',
    '**Visit lines.** A visit line belongs to one visit and is for one service. Each line holds the quantity.',
    '## People',
    '- The owner can do it all.',
    '- Office staff, the people working at the desk, see visits and update their status, and they record visit lines.',
    '- Cleaners see customers and create visits. Invoices are none of their business.',
    '- Customers log in too.',
    '## Automations',
    '- When a visit is done, create its invoice in our accounting system. Retry up to 3 times.',
    '- A visit that has been booked for 14 days without being done gets flagged to the owner.',
  ].join('\n');
  const spec = authorSpec({ name: 'Windows', description: PAGE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('reads how often, a contact person in words, notes from someone, a photo attached when it applies, and examples that trail off', () => {
    expect(field('Customer', 'cleaning_frequency')?.values).toEqual(['weekly', 'fortnightly', 'monthly']);
    expect(field('Customer', 'contact_person')).toMatchObject({ type: 'string' });
    expect(field('Visit', 'cleaner_notes')).toMatchObject({ type: 'text' });
    expect(field('Visit', 'photo_key')).toMatchObject({ type: 'file' });
    expect(field('Service', 'name')?.values).toBeUndefined();
  });

  it('reads "the price list" as the services, public; the office staff\'s rights through an aside; parts go to no one else', () => {
    expect(spec.access).toContainEqual({ entity: 'Service', operation: 'read', level: 'public' });
    const office = spec.roles.find((r) => r.name === 'office_staff')!.rights;
    expect(office.Visit).toMatchObject({ read: 'all', update: 'all' });
    expect(office.VisitLine).toMatchObject({ create: 'all' });
    expect(spec.roles.find((r) => r.name === 'cleaner')!.rights.VisitLine).toBeUndefined();
  });

  it('calls the accounting system, flags to the owner, and asks nothing back', () => {
    const actions = [...spec.workflows.flatMap((w) => w.steps).map((s) => (s.kind === 'task' ? s.action : undefined)), ...(spec.events ?? []).flatMap((e) => e.actions)];
    expect(actions).toContainEqual(expect.objectContaining({ type: 'call', endpoint: 'accounting_system' }));
    expect(actions).toContainEqual(expect.objectContaining({ type: 'notify', to: { role: 'owner' } }));
    expect(spec.workflows.flatMap((w) => w.steps)).toContainEqual(expect.objectContaining({ kind: 'waitForEvent', events: ['done'] }));
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('a chatty studio: pieces of work, the whole named alone, and what people made themselves', () => {
  const NOTE = [
    "Okay so I've got a pottery studio and we want a backend for classes and our gallery. It's just the one studio.",
    'Potters have a name and a short bio. Classes have a title and a date.',
    'Then the gallery. Each piece of finished work has a title, the potter who made it, the glaze (matte, gloss or raw), a photo (any image, 8 MB) and a published checkbox. The gallery is what the website shows, so that\'s open to everyone, account or not.',
    'Potters can see all the classes, and they can book classes, but they can only edit the ones they booked themselves. They post their own gallery pieces and they\'re the only ones who can change or remove a piece they posted.',
    'Me, I\'m the studio manager: full access to everything.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Pottery', description: NOTE });

  it('names "each piece of finished work" after the gallery it is in, and reads "any image"', () => {
    // (Potters booking classes make bookings of them, session 34: no potter makes a class.)
    expect(spec.entities.map((e) => e.name)).toEqual(['Potter', 'Class', 'GalleryPiece', 'Booking']);
    expect(fieldsOf(spec, 'GalleryPiece')).toEqual(['title:string', 'potter_id:ref(Potter)', 'glaze:enum', 'photo_key:file', 'published:boolean']);
    expect(spec.access).toContainEqual({ entity: 'GalleryPiece', operation: 'read', level: 'public' });
  });

  it('gives "the ones they booked themselves" and "a piece they posted" to their makers, and "They post" to the people before', () => {
    const potter = spec.roles.find((r) => r.name === 'potter')!.rights;
    expect(potter.Class).toEqual({ read: 'all' });
    expect(potter.Booking).toEqual({ create: 'all', read: 'all', update: 'own' });
    expect(potter.GalleryPiece).toEqual({ create: 'all', read: 'all', update: 'own', delete: 'own' });
  });
});

describe('a bike kitchen network: outcomes of many words, asides, quoted examples, and what fixers put in', () => {
  const NOTE = [
    "We'd like a backend for our network of bike kitchens. There are kitchens in four towns and each one is its own little organisation, so their records are nobody else's business.",
    'A session has a venue, when it starts, and a mechanic count, i.e. how many volunteer mechanics have said they are coming.',
    'Before a session, riders register the bike they are bringing: their email, the bike name (required — "commuter", "tourer"), and what kind of bike it is (road, mountain or hybrid). Every registered bike is tied to one session.',
    'After the session the mechanic records how it went: the outcome is fixed, partly fixed, not fixable, or come back with a part. They also put in the work time in minutes and some repair notes.',
    'The coordinators run everything. Mechanics can see sessions and bikes and update bikes, that\'s how they record outcomes.',
    'If a bike comes out as "come back with a part", wait three weeks and then email them.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Kitchens', description: NOTE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('reads an outcome whose values are phrases, and no record type from "that\'s how they record outcomes"', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Session', 'Bike']);
    expect(field('Bike', 'outcome')?.values).toEqual(['fixed', 'partly_fixed', 'not_fixable', 'come_back_with_a_part']);
    expect(field('Bike', 'repair_notes')).toMatchObject({ type: 'text' });
  });

  it('keeps "i.e. ..." and quoted examples as notes', () => {
    expect(field('Session', 'mechanic_count')).toMatchObject({ type: 'integer', notes: expect.stringContaining('i.e.') });
    expect(field('Bike', 'bike_name')).toMatchObject({ required: true, notes: expect.stringContaining('commuter') });
  });

  it('triggers on the value of many words, and asks nothing about the tenancy sentence', () => {
    expect(spec.workflows[0]!.trigger).toEqual({ entity: 'Bike', event: 'updated', field: 'outcome', value: 'come_back_with_a_part' });
    expect((spec.openQuestions ?? []).filter((q) => /organisation|how they record/.test(q))).toEqual([]);
  });
});

describe('user stories of a swap shop: being the only one who can, taking down, and requests named by their verb', () => {
  const TEXT = [
    'Toy swap for our nursery. Just for our nursery, so one organisation.',
    'As a parent, I want to create a listing for a toy my child has grown out of, with a photo.',
    'As a parent, I want to be the only one (apart from the volunteers) who can edit or take down a listing I put up.',
    'As a parent, I want to request an item and see my requests.',
    'As a volunteer, I want to manage all listings and all requests.',
    'Listings: toy type (puzzle, book, game or other), age range as printed on the box ("3-5 yrs"), and a photo (images only, 3 MB max).',
    "Requests: each one is for a listing. The child's room (0 for Babies up to 3), and a status (pending, collected, expired).",
  ].join('\n');
  const spec = authorSpec({ name: 'Swap', description: TEXT });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('gives "the only one (apart from ...) who can edit or take down a listing I put up" as the maker\'s own', () => {
    expect(spec.roles.find((r) => r.name === 'parent')!.rights.Listing).toEqual({ create: 'all', read: 'own', update: 'own', delete: 'own' });
  });

  it('reads "request an item" as making a request', () => {
    expect(spec.roles.find((r) => r.name === 'parent')!.rights.Request).toMatchObject({ create: 'all' });
  });

  it('keeps a size written with words as text, and reads "0 for Babies up to 3" as bounds', () => {
    expect(field('Listing', 'age_range')).toMatchObject({ type: 'string' });
    expect(spec.entities.find((e) => e.name === 'Request')!.fields.find((f) => f.min === 0)).toMatchObject({ min: 0, max: 3 });
  });
});

describe('a chatty book-box note: what people may add, states kept up to date, units of two words', () => {
  const NOTE = [
    'We run little free libraries: a box on a street corner where anyone can leave a book and anyone can take one.',
    'A box has a name, its opening hours written however they like, and whether it has a roof.',
    'The main thing is drop-offs. Each drop-off goes into one box. The form asks for the genre (one of: fiction, children, other), when it was dropped off (date and time), and whether it contains any of the big series. Givers can leave their name but don\'t have to, and they can add a photo if they want (an image, max 2 MB). After that the volunteers keep each drop-off\'s status up to date: in the box, taken or recycled.',
    'A check is for one box and records the reading in degrees Celsius.',
    'Volunteers can see boxes and update drop-offs.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Boxes', description: NOTE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('reads what people may leave or add as optional fields of the record, not a role', () => {
    expect(field('DropOff', 'giver_name')).toMatchObject({ type: 'string', required: false });
    expect(field('DropOff', 'photo_key')).toMatchObject({ type: 'file', required: false });
    expect(spec.roles.map((r) => r.name)).not.toContain('giver');
  });

  it('reads states kept up to date, free text written however they like, and a unit of two words', () => {
    expect(field('DropOff', 'status')?.values).toEqual(['in_the_box', 'taken', 'recycled']);
    expect(field('DropOff', 'contains_big_series')).toMatchObject({ type: 'boolean' });
    expect(field('Box', 'opening_hours')).toMatchObject({ type: 'string' });
    expect(field('Check', 'reading_c')).toMatchObject({ type: 'number' });
  });
});

describe('a survey page: "run by" is no role, lists that name records, and how the people are named', () => {
  const PAGE = [
    'Pond Watch: a citizen survey run by one county trust. A single project, one database, no separate organisations inside it.',
    'Pond: the pond name, and whether it is on private land.',
    'Species: common name (required and unique).',
    'Visit: a title, the water level as plain text, whether the volunteer is bringing a net, and the reading in degrees Celsius.',
    'The species list and the ponds can be looked at by anyone, signed in or not.',
    'The project officer has full rights on everything.',
  ].join('\n');
  const spec = authorSpec({ name: 'Ponds', description: PAGE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('makes no role of "a citizen survey run by one county trust", and reads "no separate organisations" as one tenant', () => {
    expect(spec.roles.map((r) => r.name)).toEqual(['project_officer']);
    expect(spec.tenancy).toBe('single');
  });

  it('reads "The species list and the ponds can be looked at by anyone" as both public', () => {
    for (const entity of ['Species', 'Pond']) expect(spec.access).toContainEqual({ entity, operation: 'read', level: 'public' });
  });

  it('reads a type said after the name, and drops who a yes/no question is about', () => {
    expect(field('Visit', 'water_level')).toMatchObject({ type: 'string' });
    expect(field('Visit', 'bringing_net')).toMatchObject({ type: 'boolean' });
  });
});

describe('a long page with bulleted fields (a museum\'s guides)', () => {
  const PAGE = [
    '## Guides',
    'For each guide we keep:',
    '- full name, which is required;',
    '- email, required as well, and no two guides may share one;',
    '- the date their first aid check was done;',
    '- the date they started with us.',
    '',
    'People apply to guide through a form on our website. They don\'t have an account at that point, so anyone can create a guide record as an applicant.',
    '## Tours',
    'A tour has a title and the hours actually worked, as a decimal, which is filled in afterwards and is therefore optional.',
    'A training record belongs to one guide and has the course name.',
  ].join('\n');
  const spec = authorSpec({ name: 'Guides', description: PAGE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('reads a bullet with its rules ("required as well, and no two guides may share one") as a field, and dates of acts', () => {
    expect(field('Guide', 'email')).toMatchObject({ type: 'email', required: true, unique: true });
    expect(field('Guide', 'first_aid_check_date')).toMatchObject({ type: 'date' });
    expect(field('Guide', 'start_date')).toMatchObject({ type: 'date' });
  });

  it('reads "..., which is filled in afterwards and is therefore optional" as rules of the field before, "actually" as no name', () => {
    expect(field('Tour', 'hours_worked')).toMatchObject({ type: 'number', required: false });
    expect(spec.entities.find((e) => e.name === 'Tour')!.fields.map((f) => f.name)).not.toContain('is_therefore');
  });

  it('makes creating a guide record public when they have no account, and "record" alone names no training record', () => {
    expect(spec.access).toContainEqual({ entity: 'Guide', operation: 'create', level: 'public' });
    expect(spec.access).not.toContainEqual(expect.objectContaining({ entity: 'TrainingRecord', operation: 'create' }));
  });
});

describe('bullets whose rules say "must", "can" or why (a choir\'s singers)', () => {
  const PAGE = [
    '## Singers',
    'For each singer we keep:',
    '- full name (required);',
    '- their current grade, a whole number that must be between 1 and 8;',
    "- a guardian email, which is required, since most of our singers are under 18;",
    '- whether photo consent has been given;',
    '- medical information, if there is any (optional, and it can be long).',
  ].join('\n');
  const spec = authorSpec({ name: 'Choir', description: PAGE });
  const field = (name: string) => spec.entities.find((e) => e.name === 'Singer')?.fields.find((f) => f.name === name);

  it('reads each bullet as a field, with its rules, and asks nothing back', () => {
    expect(field('current_grade')).toMatchObject({ type: 'integer', min: 1, max: 8 });
    expect(field('guardian_email')).toMatchObject({ type: 'email', required: true });
    expect(field('photo_consent')).toMatchObject({ type: 'boolean' });
    expect(field('medical_information')).toMatchObject({ type: 'text', required: false });
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('a chatty nursery note: the business run, stock, flags wanted, what each one is, and "us"', () => {
  const NOTE = [
    "Hiya, so I run a little plant nursery with my sister and we're drowning in paper.",
    "We sell plants, obviously. Every plant's got a common name, a price, how many we've got in stock, and which bed it's sitting in. Some plants are seasonal so we want a little flag for that. The beds are just numbered (1 to 40) and each one's either sunny or shady.",
    'Customers place orders online - they need an account for that - and an order is basically a list of plants. We need the date it was placed, the delivery address, and a gift note.',
    'Me and my sister can do anything. Customers only ever see their own orders.',
    'When an order is placed, email us so we can start picking.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Nursery', description: NOTE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('makes no record type of the business, and reads stock, a wanted flag, the number and what each one is', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Plant', 'Bed', 'Order']);
    expect(field('Plant', 'stock')).toMatchObject({ type: 'integer' });
    expect(field('Plant', 'seasonal')).toMatchObject({ type: 'boolean' });
    expect(field('Bed', 'number')).toMatchObject({ type: 'integer', min: 1, max: 40 });
    expect(field('Bed', 'status')?.values).toEqual(['sunny', 'shady']);
  });

  it('gives "We need ..." to the order named at the end of the sentence before, and emails "us" as the administrators', () => {
    expect(spec.entities.find((e) => e.name === 'Order')!.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['placed_on', 'delivery_address']));
    const actions = [...spec.workflows.flatMap((w) => w.steps).map((s) => (s.kind === 'task' ? s.action : undefined)), ...(spec.events ?? []).flatMap((e) => e.actions)];
    expect(actions).toContainEqual(expect.objectContaining({ type: 'notify', to: { role: spec.adminRole } }));
    expect((spec.openQuestions ?? []).filter((q) => /sell plants|plant nursery/.test(q))).toEqual([]);
  });
});

describe('a chatty studio: a record that is one of another at a time, and what people need to do', () => {
  const NOTE = [
    'Hey! I manage a small pottery studio, just the one site.',
    'We have workshops - each workshop has a name and a description. Workshops happen as sessions on particular dates, so a session is one workshop at a start time, and it can be cancelled.',
    'Members book a spot on a session. A booking just needs the session, plus whether they need to borrow an apron.',
    '2 hours before a session starts, email the admin.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Studio', description: NOTE });
  const field = (entity: string, name: string) => fieldOf(spec, entity, name);

  it('reads "a session is one workshop at a start time" as the workshop and the time, and waits until that time', () => {
    expect(field('Session', 'workshop_id')).toMatchObject({ type: 'ref(Workshop)' });
    expect(field('Session', 'start_time')).toMatchObject({ type: 'datetime' });
    expect(spec.workflows[0]!.steps[0]).toMatchObject({ kind: 'waitUntil', field: 'start_time', offset: '-PT2H' });
  });

  it('reads "whether they need to borrow an apron" as what they would do', () => {
    expect(field('Booking', 'borrow_apron')).toMatchObject({ type: 'boolean' });
  });
});

describe('plural relations and fields filled in afterwards (a library van)', () => {
  const TEXT = [
    'Our library van needs a simple system. It is just our service, nobody else uses it.',
    'A stop has a name and a time. A route has a name. Stops belong to routes.',
    "A visit is for one stop. We note why they're coming in and, afterwards, what was borrowed.",
  ].join('\n\n');
  const spec = authorSpec({ name: 'Van', description: TEXT });

  it('reads "Stops belong to routes" as each stop on one route, and "and, afterwards," as no field', () => {
    expect(spec.entities.find((e) => e.name === 'Stop')!.fields.find((f) => f.name === 'route_id')).toMatchObject({ type: 'ref(Route)' });
    expect(spec.entities.find((e) => e.name === 'Visit')!.fields.map((f) => f.name)).not.toContain('afterwards');
    expect(spec.tenancy).toBe('single');
  });
});

describe('values said once and pointed at again (a rowing club)', () => {
  const TEXT = [
    'A rower has a name and a boat class (single, double, four or eight).',
    'A race entry is for one rower. It has a heat number and a boat class (the same four as for rowers).',
    'A coach note has a name and a focus (the same as for squads).',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Rowing', description: TEXT });

  it('gives "the same four as for rowers" the values of the rower\'s field of that name', () => {
    expect(fieldOf(spec, 'RaceEntry', 'boat_class')).toMatchObject({ type: 'enum', values: ['single', 'double', 'four', 'eight'] });
    expect(fieldOf(spec, 'RaceEntry', 'boat_class')?.notes).toBeUndefined();
  });

  it('keeps the pointer as a note when the record type it names has no such field', () => {
    expect(fieldOf(spec, 'CoachNote', 'focus')).toMatchObject({ type: 'string' });
    expect(fieldOf(spec, 'CoachNote', 'focus')?.notes).toMatch(/same as for squads/);
  });
});

describe('a record that links two others, said after a lead-in, with its fields as verbs (a tennis club)', () => {
  const TEXT = [
    'A court has a name. A member has a name and an email.',
    "Bookings are kept per court: one booking links one court and one member, says whether it was paid, and may carry a coach's note (optional; most have none).",
  ].join('\n\n');
  const spec = authorSpec({ name: 'Courts', description: TEXT });

  it('reads the relation after the colon, and "says ..., and may carry ..." as its fields', () => {
    expect(fieldOf(spec, 'Booking', 'court_id')).toMatchObject({ type: 'ref(Court)', required: true });
    expect(fieldOf(spec, 'Booking', 'member_id')).toMatchObject({ type: 'ref(Member)', required: true });
    expect(fieldOf(spec, 'Booking', 'paid')).toMatchObject({ type: 'boolean' });
    expect(fieldOf(spec, 'Booking', 'coach_note')).toMatchObject({ required: false });
    expect(spec.openQuestions ?? []).toEqual([]);
  });
});

describe('a chatty swap club: record types announced, entries said as the thing, wishes and asides (comics)', () => {
  const TEXT = [
    'Hello! Priya and I run a comic swap at the community centre. The heart of it is the comics.',
    'Anyone with spare issues puts a comic entry up with the title, the publisher, the condition — for us that\'s one of mint, good or a wreck — and the page count, just as a whole number. Some folks are fussy about that.',
    'A cover scan would be great so people can judge the condition; JPEG or PNG, and please cap it at 4 MB.',
    'Could there also be a yes/no for "signed copy"?',
    'Then there are the reading lists. Each one must have a name, and can have a theme (superheroes, manga or a mix).',
    'We also hold swap fairs every few months; a fair has a date and a venue.',
    'When you fancy somebody\'s comic, you send a swap request for that comic with a short note. A request starts out pending and is then either accepted or declined, and once the comics have changed hands it\'s marked as done.',
    'Priya and I are the organisers and we need to be able to do absolutely everything. Ordinary members can add comics and edit only the ones they posted themselves.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Comics', description: TEXT });
  const names = spec.entities.map((e) => e.name);

  it('names the record types the text describes, and none for "folks" or a word for the entry', () => {
    expect(names).toEqual(expect.arrayContaining(['Comic', 'ReadingList', 'SwapFair', 'SwapRequest']));
    expect(names).not.toContain('Folk');
    expect(names).not.toContain('ComicEntry');
  });

  it('reads asides, articles in values, "just as a whole number" and what is wished for', () => {
    expect(fieldOf(spec, 'Comic', 'condition')).toMatchObject({ type: 'enum', values: ['mint', 'good', 'wreck'] });
    expect(fieldOf(spec, 'Comic', 'page_count')).toMatchObject({ type: 'integer' });
    expect(fieldOf(spec, 'Comic', 'cover_scan_key')).toMatchObject({ type: 'file', file: { contentTypes: ['image/jpeg', 'image/png'], maxBytes: 4 * 1048576 } });
    expect(fieldOf(spec, 'Comic', 'signed_copy')).toMatchObject({ type: 'boolean' });
    expect(fieldOf(spec, 'ReadingList', 'theme')).toMatchObject({ type: 'enum', values: ['superheroes', 'manga', 'mix'] });
    expect(fieldOf(spec, 'SwapFair', 'venue')).toBeDefined();
  });

  it('reads the life of a request, and no state from what the writer fancies', () => {
    expect(fieldOf(spec, 'SwapRequest', 'status')?.values).toEqual(['pending', 'accepted', 'declined', 'done']);
    expect(fieldOf(spec, 'SwapRequest', 'comic_id')).toMatchObject({ type: 'ref(Comic)' });
    expect(fieldOf(spec, 'Comic', 'status')).toBeUndefined();
  });

  it('reads the writer and another as one role, and "ordinary members" as the members', () => {
    expect(spec.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['organiser', 'member']));
    expect(spec.roles.find((r) => r.name === 'organiser')?.rights.Comic).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
    expect(spec.roles.find((r) => r.name === 'member')?.rights.Comic).toMatchObject({ create: 'all', update: 'own' });
  });
});

describe('a chatty note that starts with one record type and says "each one" (a window-cleaning round)', () => {
  const TEXT = [
    'Start with the customers, since everything hangs off them. For each one we keep their full name, their address and a phone number.',
    'Then the cleaners themselves: name, email (which has to be unique) and whether they have a van.',
    'A job belongs to one customer, and it must have a cleaner assigned, so the cleaner is required too. It has a start (date and time), how long it should last in minutes, and a status that goes from booked to in progress to done, though it can also end up as skipped.',
    'After a job cleaners write job notes. Each one belongs to a job and records the note text (required), when it was written, and an outcome: either fine, damaged or not reachable. They can attach a photo if it helps (of a cracked pane, say), JPEG or PNG, 4 MB at most.',
    'Whenever a job goes into the diary, text the cleaner a reminder a day before its start.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Round', description: TEXT });

  it('reads the record type started with, "for each one", and "then the X themselves:"', () => {
    expect(fieldOf(spec, 'Customer', 'full_name')).toBeDefined();
    expect(fieldOf(spec, 'Cleaner', 'email')).toMatchObject({ unique: true });
    expect(spec.entities.map((e) => e.name)).not.toContain('One');
  });

  it('reads "a cleaner assigned", "how long it should last", a state it may also end up in', () => {
    expect(fieldOf(spec, 'Job', 'cleaner_id')).toMatchObject({ type: 'ref(Cleaner)', required: true });
    expect(fieldOf(spec, 'Job', 'duration_minutes')).toMatchObject({ type: 'integer' });
    expect(fieldOf(spec, 'Job', 'status')?.values).toEqual(['booked', 'in_progress', 'done', 'skipped']);
  });

  it('reads "each one" as one of what the sentence before ended on, with "when it was ..." and a list after a colon', () => {
    expect(fieldOf(spec, 'JobNote', 'job_id')).toMatchObject({ type: 'ref(Job)' });
    expect(fieldOf(spec, 'JobNote', 'written_at')).toMatchObject({ type: 'datetime' });
    expect(fieldOf(spec, 'JobNote', 'outcome')).toMatchObject({ type: 'enum', values: ['fine', 'damaged', 'not_reachable'] });
    expect(fieldOf(spec, 'JobNote', 'photo_key')).toMatchObject({ required: false, file: { contentTypes: ['image/jpeg', 'image/png'], maxBytes: 4 * 1048576 } });
  });

  it('reads "goes into the diary" as the record made', () => {
    expect(spec.workflows.map((w) => w.trigger)).toContainEqual({ entity: 'Job', event: 'created' });
  });
});

describe('a long page on one council service: people named where they work, who they are, then "they" (a bulky waste service)', () => {
  const TEXT = [
    'Demand has far outstripped capacity since 2021 and the queue now runs to weeks.',
    'A round has a name and a date. A collection is for one round and has an address and a status (booked, collected or missed).',
    '- Coordinators in the Waste team can do everything.',
    '- Crew leaders are council drivers who run each round. They can read rounds and update collections, but nothing more.',
    '- Staff in the office can read collections. Staff at the depot can read rounds.',
    '- Loaders on the lorry can read collections.',
  ].join('\n');
  const spec = authorSpec({ name: 'Waste', description: TEXT });
  const rights = (role: string) => spec.roles.find((r) => r.name === role)?.rights;

  it('reads no record type from a perfect tense ("Demand has far outstripped ...")', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(['Round', 'Collection']);
  });

  it('names people by what they do, a place qualifying only a generic word for them', () => {
    expect(spec.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['coordinator', 'crew_leader', 'office_staff', 'depot_staff', 'loader']));
    expect(rights('coordinator')?.Collection).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
    expect(rights('crew_leader')).toEqual({ Round: { read: 'all' }, Collection: { read: 'all', update: 'all' } });
  });
});

describe('stories and a data paragraph: a record it may have, a form-like record, visitors with no account (a rehearsal space)', () => {
  const TEXT = [
    '- As the manager (the admin), I can do everything.',
    '- As a visitor to our website, I can browse the studios without having to make an account.',
    '- As a visitor with no account, I can send a hire enquiry.',
    '- As a band, I can book a slot in one of the studios.',
    '',
    'A studio has a name that must be unique and an hourly rate. Technicians have a full name and an email.',
    "A slot belongs to a studio and can have a technician, though that's optional because most bands set up themselves. It records the band name and when it starts (date and time).",
    'Enquiries take a name and an email (both required), a phone number and a message.',
  ].join('\n');
  const spec = authorSpec({ name: 'Rehearsals', description: TEXT });

  it('reads the relation and a record it may have, then "It records" as the same record', () => {
    expect(fieldOf(spec, 'Slot', 'studio_id')).toMatchObject({ type: 'ref(Studio)', required: true });
    expect(fieldOf(spec, 'Slot', 'technician_id')).toMatchObject({ type: 'ref(Technician)', required: false });
    expect(fieldOf(spec, 'Slot', 'band_name')).toBeDefined();
    expect(fieldOf(spec, 'Technician', 'band_name')).toBeUndefined();
  });

  it('reads "Enquiries take ..." as a record type and its fields', () => {
    expect(fieldOf(spec, 'Enquiry', 'email')).toMatchObject({ type: 'email', required: true });
    expect(fieldOf(spec, 'Enquiry', 'message')).toBeDefined();
  });

  it('reads visitors with no account, and "(the admin)" as the administrators', () => {
    expect(spec.access).toEqual(expect.arrayContaining([
      { entity: 'Studio', operation: 'read', level: 'public' },
      { entity: 'Enquiry', operation: 'create', level: 'public' },
    ]));
    expect(spec.adminRole).toBe('admin');
    expect(spec.roles.map((r) => r.name)).not.toContain('manager');
  });
});

describe('paragraphs that open with the record type alone (a music exam board)', () => {
  const TEXT = [
    '- A candidate can sit many exams; every exam belongs to one candidate.',
    '',
    "Candidates. We keep the candidate's full name (required), an email address and their date of birth.",
    '',
    'Exams. Apart from the candidate it belongs to, an exam stores when it was taken (date and time), a mark from 0 to 150, a recording of the performance part (MP3 only) and a status that moves from booked to sat and later to marked (or withdrawn at any point), whether the fee has been paid and the examiner notes.',
  ].join('\n');
  const spec = authorSpec({ name: 'Exams', description: TEXT });

  it('reads "Candidates. We keep ..." as the candidate\'s fields and "Apart from ..., an exam stores" as the exam\'s', () => {
    expect(fieldOf(spec, 'Candidate', 'full_name')).toMatchObject({ required: true });
    expect(fieldOf(spec, 'Exam', 'taken_at')).toMatchObject({ type: 'datetime' });
    expect(fieldOf(spec, 'Exam', 'mark')).toMatchObject({ min: 0, max: 150 });
    expect(fieldOf(spec, 'Exam', 'performance_recording_key')).toMatchObject({ type: 'file' });
  });

  it('reads states said in order, then later, or instead at any point, and the field after them', () => {
    expect(fieldOf(spec, 'Exam', 'status')?.values).toEqual(['booked', 'sat', 'marked', 'withdrawn']);
    expect(fieldOf(spec, 'Exam', 'fee_paid')).toMatchObject({ type: 'boolean' });
  });
});

describe('records named with "of", a place it is held at, a message left on a page (a memorial service firm)', () => {
  const TEXT = [
    "It's only for our own firm (two branches, one business), so there's a single set of data shared by all of us, not separate tenants.",
    'A family has a name. A chapel has a name and a capacity.',
    'A memorial service belongs to one family and takes place at a chapel; it has a start date and time and a status of booked, held or cancelled.',
    'A book of remembrance belongs to a memorial service and has a cover photo (any image up to 10 MB) and the number of pages.',
    "A tribute message is left on one family's memorial page, with the writer's name and the message itself, which is required.",
    'The director can do everything.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Memorials', description: TEXT });

  it('reads the firm as one tenant, whatever "separate tenants" says after "not"', () => {
    expect(spec.tenancy).toBe('single');
  });

  it('names "a memorial service" and "a book of remembrance" as record types, with their relations', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['MemorialService', 'BookOfRemembrance', 'TributeMessage']));
    expect(fieldOf(spec, 'MemorialService', 'family_id')).toMatchObject({ type: 'ref(Family)' });
    expect(fieldOf(spec, 'MemorialService', 'chapel_id')).toMatchObject({ type: 'ref(Chapel)' });
    expect(fieldOf(spec, 'BookOfRemembrance', 'memorial_service_id')).toMatchObject({ type: 'ref(MemorialService)' });
    expect(fieldOf(spec, 'TributeMessage', 'family_id')).toMatchObject({ type: 'ref(Family)' });
    expect(fieldOf(spec, 'TributeMessage', 'message')).toMatchObject({ required: true });
  });
});

describe('stories for a hosted scheme: towns kept apart by name, roles busy with something, "I have read-only access" (a canoe hire network)', () => {
  const TEXT = [
    "We host the software for several towns' canoe hire schemes. Every town's scheme is its own world: Henley must never see Marlow's paddlers, canoes or money.",
    '',
    '- As a paddler, I can see my trip history, but only my own trips, never anybody else\'s.',
    '- As a bank hand doing launches, I can see every canoe.',
    '- As a finance officer, I have read-only access to trips.',
    '- As a scheme admin, I can manage everything in my own town\'s scheme.',
    '',
    'A canoe has a hull number that must be unique. A trip is for one canoe and records when it started. A damage note links to a canoe and has a description.',
  ].join('\n');
  const spec = authorSpec({ name: 'Canoes', description: TEXT });

  it('reads the towns as tenants, and a town named as the subject as no role', () => {
    expect(spec.tenancy).toBe('multi');
    expect(spec.roles.map((r) => r.name)).not.toContain('henley');
    expect(spec.adminRole).toBe('admin');
  });

  it('reads "doing launches" as no part of the role, and "I have read-only access" as its rights', () => {
    expect(spec.roles.find((r) => r.name === 'bank_hand')?.rights.Canoe).toMatchObject({ read: 'all' });
    expect(spec.roles.find((r) => r.name === 'finance_officer')?.rights.Trip).toEqual({ read: 'all' });
  });

  it('reads "but only my own" as narrowing what was said before it, and "links to" as a relation', () => {
    expect(spec.roles.find((r) => r.name === 'paddler')?.rights.Trip).toEqual({ read: 'own' });
    expect(fieldOf(spec, 'DamageNote', 'canoe_id')).toMatchObject({ type: 'ref(Canoe)' });
  });
});

describe('a chatty rink note: examples, a field said as "its X is one of", nobody needing an account (a curling club)', () => {
  const TEXT = [
    'We run one curling rink in one building, nothing clever needed there.',
    'Sheets are our bread and butter. Each sheet has a name, something like "Sheet A", and a price. Its surface type is one of standard, pebbled or practice-only, and a sheet is on sale, sold out or closed — we do lose the ice to a league match now and again.',
    'People book onto a sheet, and every booking is for exactly one sheet. We need a contact name and the party size. The important thing: nobody should need an account to make a booking or to look at the sheets.',
    'Then the stones. We keep track of every stone set: its colour, its weight in kg and the last polished date.',
    'The rink managers can do everything. Coaches are read-only: they can look at sheets and bookings, but not change them.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Curling', description: TEXT });

  it('reads an example as a note, "its X is one of" as a field, and states with an aside after a dash', () => {
    expect(fieldOf(spec, 'Sheet', 'something')).toBeUndefined();
    expect(fieldOf(spec, 'Sheet', 'name')?.notes).toMatch(/Sheet A/);
    expect(fieldOf(spec, 'Sheet', 'surface_type')).toMatchObject({ type: 'enum', values: ['standard', 'pebbled', 'practice_only'] });
    expect(fieldOf(spec, 'Sheet', 'status')?.values).toEqual(['on_sale', 'sold_out', 'closed']);
    expect(spec.entities.map((e) => e.name)).not.toContain('SurfaceType');
  });

  it('reads "We keep track of every X: its ..." whole, and "nobody should need an account to ..." as public', () => {
    expect(fieldOf(spec, 'StoneSet', 'weight_kg')).toMatchObject({ type: 'number' });
    expect(spec.access).toEqual(expect.arrayContaining([
      { entity: 'Booking', operation: 'create', level: 'public' },
      { entity: 'Sheet', operation: 'read', level: 'public' },
    ]));
  });

  it('reads "Coaches are read-only: they can look at ..." as the coaches\' rights', () => {
    expect(spec.roles.find((r) => r.name === 'coach')?.rights).toEqual({ Sheet: { read: 'all' }, Booking: { read: 'all' } });
  });
});

describe('a hosted car park platform: walled-off accounts, colon lists whose fields say "that", people who record records (car parks)', () => {
  const TEXT = [
    'We sell it to car park operators, and every operator gets its own walled-off account.',
    '- A car park hosts lots of stays; each stay belongs to the one car park where it happened.',
    'Car parks: a name, the number of spaces (1 to 900) and whether it is covered.',
    'Permits: a name that has to be unique, the monthly price and a tier (basic / gold).',
    'Stays: when it started (date and time) and the price charged.',
    '- Operator admins can do everything.',
    '- Gate attendants record stays and can look up permits, but they can\'t edit them.',
  ].join('\n');
  const spec = authorSpec({ name: 'Parking', description: TEXT });

  it('reads no record type from "gets its own walled-off account" or from people who record stays', () => {
    expect(spec.entities.map((e) => e.name).sort()).toEqual(['CarPark', 'Permit', 'Stay']);
    expect(spec.tenancy).toBe('multi');
  });

  it('reads a colon list whose first field says "that has to be unique"', () => {
    expect(fieldOf(spec, 'Permit', 'name')).toMatchObject({ unique: true });
    expect(fieldOf(spec, 'Permit', 'tier')).toMatchObject({ type: 'enum', values: ['basic', 'gold'] });
  });

  it('gives the gate attendants their rights', () => {
    expect(spec.roles.find((r) => r.name === 'gate_attendant')?.rights.Stay).toMatchObject({ create: 'all', read: 'all' });
  });
});

describe('a bold-labelled field page with units, free-text notes and asides (a PA system hire)', () => {
  const TEXT = [
    '## How things relate',
    'A crew can rig many hires, whereas a hire is rigged by at most one crew. That\'s optional too, since some venues have their own engineers.',
    '## Fields',
    '**Speaker**: a name, power draw in watts, weight in kg and a product photo, JPEG or PNG, up to 2 MB.',
    '**Venue**: name, address and free-text access notes (parking, lifts, stairs).',
    '**Hire**: start date, end date, and notes on any damage when the kit comes back. A hire\'s status goes from quoted to out to returned, and it can be cancelled before it goes out.',
    '**Crew**: the crew\'s name and how many engineers are on it, anywhere from 1 to 6.',
    '## Automation',
    'When a hire goes out, wait for it to be returned, for up to 10 days. If it hasn\'t come back by then, email the venue.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'PA hire', description: TEXT });

  it('reads each bold label\'s fields, a measure in watts, free-text notes, and no record type from a reason', () => {
    expect(spec.entities.map((e) => e.name).sort()).toEqual(['Crew', 'Hire', 'Speaker', 'Venue']);
    expect(fieldOf(spec, 'Speaker', 'power_draw_watts')).toMatchObject({ type: 'integer' });
    expect(fieldOf(spec, 'Speaker', 'product_photo_key')).toMatchObject({ file: { maxBytes: 2 * 1048576 } });
    expect(fieldOf(spec, 'Venue', 'access_notes')).toMatchObject({ type: 'text' });
    expect(fieldOf(spec, 'Hire', 'damage_notes')).toMatchObject({ type: 'text' });
    expect(fieldOf(spec, 'Crew', 'engineer_count')).toMatchObject({ min: 1, max: 6 });
  });

  it('reads a state it can also reach, and a wait whose limit is said after it, with what follows by then', () => {
    expect(fieldOf(spec, 'Hire', 'status')?.values).toEqual(['quoted', 'out', 'returned', 'cancelled']);
    const flow = spec.workflows.find((w) => w.trigger?.entity === 'Hire');
    expect(flow?.steps.map((s) => s.kind)).toEqual(['waitForEvent', 'task']);
    expect(flow?.steps[0]).toMatchObject({ events: ['returned'], timeout: 'P10D' });
  });
});

describe('a franchise page: pointers to the text, units run by their own people, words that only look like people (soft-play centres)', () => {
  const TEXT = [
    'Each centre is run by its own franchisee, so every centre has to be a completely separate tenant. Below is how we think about the data.',
    'A play session has a title and a capacity. A party is for one play session, and we store the host\'s name and any special requests as free text.',
    'A booking is for one play session. A booking made online starts as pending and holds its spaces.',
    '- Centre managers can do everything.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Soft play', description: TEXT });

  it('names no record type for "Below" or for the tenant run by its franchisee', () => {
    expect(spec.entities.map((e) => e.name).sort()).toEqual(['Booking', 'Party', 'PlaySession']);
    expect(spec.tenancy).toBe('multi');
  });

  it('names no role for "any special requests" or "a booking made online"', () => {
    expect(spec.roles.map((r) => r.name)).not.toEqual(expect.arrayContaining(['special']));
    expect(spec.roles.map((r) => r.name).some((n) => n.includes('booking'))).toBe(false);
  });
});

describe('a long page with what guests give, a life with a particle, and a hold while waiting (a bothy club)', () => {
  const TEXT = [
    '## Stays',
    'A stay is for one bothy.',
    "Guests give the lead walker's name, an email (required), the arrival date and the number of nights (between 1 and 5).",
    'A stay starts out requested, becomes confirmed once it has been paid, is checked in when the group arrives and is finally completed.',
    '## Bothies',
    'Each bothy has a name, which must be unique.',
    '## Automation',
    'When a stay is created we hold the places for up to 4 days while we wait for the payment to arrive. If nothing has been paid by then, release the stay.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Bothies', description: TEXT });

  it('reads what guests give as the fields of the record described', () => {
    expect(fieldOf(spec, 'Stay', 'lead_walker_name')).toBeDefined();
    expect(fieldOf(spec, 'Stay', 'email')).toMatchObject({ type: 'email', required: true });
    expect(fieldOf(spec, 'Stay', 'nights')).toMatchObject({ min: 1, max: 5 });
  });

  it('reads a state of a verb and its particle, and a hold while waiting as a wait for the payment', () => {
    expect(fieldOf(spec, 'Stay', 'status')?.values).toEqual(['requested', 'confirmed', 'checked_in', 'completed']);
    const flow = spec.workflows.find((w) => w.trigger?.entity === 'Stay');
    expect(flow?.steps.map((s) => s.kind)).toEqual(['waitForEvent', 'task']);
    expect(flow?.steps[0]).toMatchObject({ events: ['paid'], timeout: 'P4D' });
  });
});

describe('states said as "always in one of N states", with an aside at the end (a canal moorings list)', () => {
  it('reads the states after the colon, whatever the parenthesis after the last one says', () => {
    const spec = authorSpec({ name: 'Moorings', description: "A mooring has a number and a length in metres. A mooring is always in one of three states: free, let, or being dredged (the last one covers moorings we've closed for works)." });
    expect(fieldOf(spec, 'Mooring', 'status')?.values).toEqual(['free', 'let', 'being_dredged']);
  });
});

describe('lives of records with a state after a semicolon, and a payment that comes through (a climbing wall)', () => {
  const TEXT = [
    "A course starts out as an enquiry, becomes confirmed once the deposit comes in, and ends up completed; it can also be cancelled.",
    "A visit has a name. A visit's status goes from booked to paid to checked in; it can also be cancelled at any point.",
    "When a visit is created, wait up to 15 minutes for the payment to come through. If it hasn't, cancel the visit.",
  ].join('\n\n');
  const spec = authorSpec({ name: 'Wall', description: TEXT });

  it('reads each state, the one after the semicolon too', () => {
    expect(fieldOf(spec, 'Course', 'status')?.values).toEqual(['enquiry', 'confirmed', 'completed', 'cancelled']);
    expect(fieldOf(spec, 'Visit', 'status')?.values).toEqual(['booked', 'paid', 'checked_in', 'cancelled']);
  });

  it('reads "for the payment to come through" as paid, and "If it hasn\'t," as the wait running out', () => {
    const flow = spec.workflows.find((w) => w.trigger?.entity === 'Visit');
    expect(flow?.steps.map((s) => s.kind)).toEqual(['waitForEvent', 'task']);
    expect(flow?.steps[0]).toMatchObject({ events: ['paid'], timeout: 'PT15M' });
  });
});

describe('a colon deep in a list explains its item (a lido)', () => {
  it('keeps "a capacity: the most swimmers allowed, which has to be between 1 and 200" in the record\'s list', () => {
    const spec = authorSpec({ name: 'Lido', description: 'A swim session is a slot in the pool. Each one has a title, the date and time it starts, how long it lasts in minutes, and a capacity: the most swimmers allowed in the water, which has to be between 1 and 200.' });
    expect(fieldOf(spec, 'SwimSession', 'capacity')).toMatchObject({ type: 'integer', min: 1, max: 200 });
    expect(fieldOf(spec, 'SwimSession', 'duration_minutes')).toBeDefined();
  });
});

describe('"As for who does what:" before the rights (a meals-on-wheels round)', () => {
  it('reads the sentence after the lead-in, the role named by what they do', () => {
    const spec = authorSpec({ name: 'Meals', description: 'A client has a name. A delivery has a date.\n\nAs for who does what: the organisers in the office can do everything.' });
    expect(spec.roles.map((r) => r.name)).toContain('organiser');
    expect(spec.adminRole).toBe('organiser');
  });
});

describe('found in the new-user check: a kayak club note', () => {
  const TEXT = [
    "Hi! I help run a little sea kayak club. It's just us, one club, no need to keep other clubs apart.",
    'Then there are the trips. Each one must have a date and a meeting point. A trip starts out planned, becomes confirmed once the tide is checked, and ends up done; it can also be cancelled.',
    'Members sign up for a trip: a sign-up is for one trip and one member, and may carry a note about experience.',
  ].join('\n\n');
  const spec = authorSpec({ name: 'Kayaks', description: TEXT });

  it('reads no state from what is said of something else ("once the tide is checked")', () => {
    expect(fieldOf(spec, 'Trip', 'status')?.values).toEqual(['planned', 'confirmed', 'done', 'cancelled']);
  });

  it('reads "no need to keep other clubs apart" as understood, and what a link record may carry', () => {
    expect(spec.tenancy).toBe('single');
    expect(spec.openQuestions ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/keep other clubs apart/)]));
    expect(spec.entities.find((e) => e.name === 'SignUp')?.fields.map((f) => f.name)).toContain('note');
  });
});

describe('session 16: a blind round of school-canteen-like wording, read in a plant nursery', () => {
  const spec = authorSpec({
    name: 'Nursery',
    description: [
      'Several garden centres will use it, and each centre\'s plants, trays and orders must stay completely separate from every other centre\'s.',
      'A plant has a name, a bed (like "North 2" or "Glasshouse"), a price, whether it gets frost cover, a kind (shrub, herb or climber), and an optional photo, JPEG only, up to 3 MB.',
      'A sowing day has its date, and there is only one per date, plus a theme.',
      'A tray order is for one plant and one sowing day, and names the compost chosen; it has a status that\'s ordered, sown or cancelled.',
      'A compost has a name.',
      'A deposit is for one tray order, with an amount between £5 and £80 and a fee of up to $20.',
      'Growers can do everything.',
    ].join('\n\n'),
  });

  it('reads the centres kept "completely separate" as tenants', () => {
    expect(spec.tenancy).toBe('multi');
  });

  it('keeps "an optional photo" a field of its own after a list of values, and examples in "(like ...)" as a note', () => {
    expect(fieldOf(spec, 'Plant', 'kind')).toMatchObject({ type: 'enum', values: ['shrub', 'herb', 'climber'] });
    expect(fieldOf(spec, 'Plant', 'photo_key')).toMatchObject({ type: 'file', required: false, file: { contentTypes: ['image/jpeg'], maxBytes: 3 * 1048576 } });
    expect(fieldOf(spec, 'Plant', 'bed')).toMatchObject({ type: 'string' });
    expect(fieldOf(spec, 'Plant', 'bed')?.values).toBeUndefined();
    expect(fieldOf(spec, 'Plant', 'frost_cover')).toMatchObject({ type: 'boolean' });
  });

  it('reads "there is only one per date" as a unique date', () => {
    expect(fieldOf(spec, 'SowingDay', 'date')).toMatchObject({ unique: true });
  });

  it('reads "is for one A and one B, and names the C chosen" as three references', () => {
    expect(fieldsOf(spec, 'TrayOrder')).toEqual(expect.arrayContaining(['plant_id:ref(Plant)', 'sowing_day_id:ref(SowingDay)', 'compost_id:ref(Compost)', 'status:enum']));
  });

  it('reads bounds written with a currency sign, and "a fee of up to"', () => {
    expect(fieldOf(spec, 'Deposit', 'amount')).toMatchObject({ type: 'number', min: 5, max: 80 });
    expect(fieldOf(spec, 'Deposit', 'fee')).toMatchObject({ type: 'number', max: 20 });
  });
});

describe('session 16: a hearing-clinic-like page, read in a bicycle repair workshop', () => {
  const spec = authorSpec({
    name: 'Workshop',
    description: [
      'The core of it is the riders. For each one we keep their full name, a membership number (unique) and a phone number.',
      'Riders have jobs: every job is for one rider and has a length in minutes, anything from 20 up to 120, and a kind, which is a safety check, a full strip, a wheel true or a puncture fix.',
      'We also keep the bikes we have built: each bike belongs to a rider and has a frame number (unique).',
      'When a bike breaks we open a ticket for it with a description of the fault and the ticket cost.',
      'When the mechanic does a fitting it gets recorded against the rider with the fitting date and the saddle height.',
      'Mechanics can do everything.',
    ].join('\n\n'),
  });

  it('reads "The core of it is the riders. For each one we keep ..." as the rider\'s fields', () => {
    expect(fieldsOf(spec, 'Rider')).toEqual(expect.arrayContaining(['full_name:string', 'membership_number:string', 'phone:string']));
  });

  it('reads values said with their articles after "which is", and "anything from 20 up to 120"', () => {
    expect(fieldOf(spec, 'Job', 'kind')).toMatchObject({ type: 'enum', values: ['safety_check', 'full_strip', 'wheel_true', 'puncture_fix'] });
    expect(fieldOf(spec, 'Job', 'length_minutes')).toMatchObject({ type: 'integer', min: 20, max: 120 });
  });

  it('reads a record people open for another when something happens, and one recorded against another, with their fields', () => {
    expect(fieldsOf(spec, 'Ticket')).toEqual(expect.arrayContaining(['description:text', 'ticket_cost:number', 'bike_id:ref(Bike)']));
    expect(fieldsOf(spec, 'Fitting')).toEqual(expect.arrayContaining(['fitting_date:date', 'rider_id:ref(Rider)']));
  });

  it('takes no automation from what people do when something happens', () => {
    expect(spec.workflows ?? []).toEqual([]);
  });
});

describe('session 16: a charity-shop-like page, read in a seed swap', () => {
  const spec = authorSpec({
    name: 'Seed swap',
    description: [
      'Each stall just has a name and a phone number.',
      'So: growers. A grower has a name, a phone number and a grower number that goes on every packet. That number is required and can\'t ever repeat.',
      'A packet belongs to the stall it was left at, and it comes from a grower, though the grower is optional because people leave packets anonymously. We note the date it came in and any notes.',
      'Then the individual varieties out of each packet. Every variety belongs to a packet. It gets a title, a kind (herbs, beans, brassicas or flowers) and a price somewhere between £0.20 and £5. Brassicas need a yes/no for whether they have been frost tested. A photo is optional (images only, 4 MB max). The variety sits as "awaiting sorting" until someone sorts it, goes to "on the table", and ends up either "swapped" or "composted".',
      'Stewards can do everything. Volunteers in the back room can log growers and packets. There are two bits for the public with no login: anyone can fill in the grower form on our website, which creates a grower record.',
    ].join('\n\n'),
  });

  it('reads "That number is required and can\'t ever repeat" as the number said last', () => {
    expect(fieldOf(spec, 'Grower', 'grower_number')).toMatchObject({ required: true, unique: true });
    expect(fieldOf(spec, 'Grower', 'phone')?.unique).toBeUndefined();
  });

  it('reads "belongs to the stall it was left at, and it comes from a grower, though the grower is optional"', () => {
    expect(fieldOf(spec, 'Packet', 'stall_id')).toMatchObject({ type: 'ref(Stall)', required: true });
    expect(fieldOf(spec, 'Packet', 'grower_id')).toMatchObject({ type: 'ref(Grower)', required: false });
    expect(fieldsOf(spec, 'Packet')).toEqual(expect.arrayContaining(['notes:text']));
  });

  it('reads "It gets ...", a yes/no for one kind of it, "A photo is optional (...)" and a life said with quoted states', () => {
    expect(fieldsOf(spec, 'Variety')).toEqual(expect.arrayContaining(['title:string', 'kind:enum', 'price:number', 'frost_tested:boolean', 'photo_key:file', 'status:enum']));
    expect(fieldOf(spec, 'Variety', 'price')).toMatchObject({ min: 0.2, max: 5 });
    expect(fieldOf(spec, 'Variety', 'photo_key')).toMatchObject({ required: false, file: { contentTypes: ['image/*'], maxBytes: 4 * 1048576 } });
    expect(fieldOf(spec, 'Variety', 'status')?.values).toEqual(expect.arrayContaining(['awaiting_sorting', 'on_the_table', 'swapped', 'composted']));
    expect(spec.entities.map((e) => e.name)).not.toContain('Brassica');
    expect(spec.entities.map((e) => e.name)).not.toContain('Bit');
  });

  it('names volunteers placed in one place only by what they are, and reads a public form that creates a record', () => {
    expect(spec.roles.map((r) => r.name)).toContain('volunteer');
    expect(spec.access).toEqual(expect.arrayContaining([{ entity: 'Grower', operation: 'create', level: 'public' }]));
  });
});

describe('session 16: a paddleboard-rental-like page, read in a tool library', () => {
  const spec = authorSpec({
    name: 'Tool library',
    description: [
      'Every tool we own (that is what we call the drills and saws between us) gets a record with its asset number, which is engraved on the handle and is never shared by two tools, what kind it is (drill, saw or sander), the daily rate, and a yes/no for whether it is out of action right now.',
      'Ladders are tracked separately because the insurer always asks about them: each one has a tag code, a length (short, medium or long) and the date of its last inspection.',
      'A loan is for one tool and holds a borrower name, a notes box for anything we should know, like "needs a battery" or "first time", and the start as a date and time. There\'s also a safety tick box to say they have read the guide, and that one is required too. A loan sits at pending until they pay, then it\'s confirmed, then returned, or cancelled if plans change.',
      'When something comes back broken, the volunteers fill in a damage note against that loan: a description of what happened, an estimated repair cost and a photo (JPEG or PNG, 5 MB max).',
      'I am the manager and can do everything. Most people borrow on their phones. Members who do make an account can book loans and then see only their own loans.',
    ].join('\n\n'),
  });

  it('reads "Every tool we own (...) gets a record with ..." and a unique number "never shared by two tools"', () => {
    expect(fieldOf(spec, 'Tool', 'asset_number')).toMatchObject({ unique: true });
    expect(fieldOf(spec, 'Tool', 'kind')).toMatchObject({ type: 'enum', values: ['drill', 'saw', 'sander'] });
    expect(fieldOf(spec, 'Tool', 'out_of_action')).toMatchObject({ type: 'boolean' });
  });

  it('reads "Ladders are tracked separately because ...: each one has ..." as the ladders\' fields', () => {
    expect(fieldsOf(spec, 'Ladder')).toEqual(expect.arrayContaining(['tag_code:string', 'length:enum', 'last_inspection_date:date']));
    expect(fieldsOf(spec, 'Tool')).not.toEqual(expect.arrayContaining(['tag_code:string']));
  });

  it('reads a notes box, a named tick box that is required too, and a life of "then ..., then ..., or ..."', () => {
    expect(fieldOf(spec, 'Loan', 'notes')).toMatchObject({ type: 'text' });
    expect(fieldOf(spec, 'Loan', 'safety')).toMatchObject({ type: 'boolean', required: true });
    expect(fieldOf(spec, 'Loan', 'status')?.values).toEqual(['pending', 'confirmed', 'returned', 'cancelled']);
  });

  it('reads a record filled in "against that loan" with its fields', () => {
    expect(fieldsOf(spec, 'DamageNote')).toEqual(expect.arrayContaining(['description:text', 'estimated_repair_cost:number', 'photo_key:file', 'loan_id:ref(Loan)']));
  });

  it('gives "most people" no role, and reads "Members who do make an account can ... and then see only their own"', () => {
    expect(spec.roles.map((r) => r.name)).not.toContain('most_person');
    const member = spec.roles.find((r) => r.name === 'member');
    expect(member?.rights.Loan).toEqual(expect.objectContaining({ create: 'all', read: 'own' }));
  });
});

describe('session 16: a flock-book-like page, read in a goat dairy', () => {
  const spec = authorSpec({
    name: 'Goat dairy',
    description: [
      '## Goats',
      'Every animal is one goat record. The herd number is the key thing: it\'s required and must be unique (it\'s the official tag). Beyond that:',
      '- a name, optional (only the show goats get names)',
      '- breed, typed in (Saanen, Toggenburg...)',
      '- the dam, which is another goat record, and the sire, also a goat',
      '- free notes',
      '## Kiddings',
      'A kidding is for one goat. We note the date, the kid colour (white, brown or black; we write it on the gate so everyone knows), later the number of kids born, from 0 to 5, and her condition score, 1 to 5 in half points.',
      'Herders can do everything.',
    ].join('\n\n'),
  });

  it('adds a field said first with its rule ("The herd number is the key thing: it\'s required and must be unique")', () => {
    expect(fieldOf(spec, 'Goat', 'herd_number')).toMatchObject({ required: true, unique: true });
  });

  it('reads "optional (why)", "typed in (examples)", "another goat record", "also a goat" and free notes', () => {
    expect(fieldOf(spec, 'Goat', 'name')).toMatchObject({ required: false });
    expect(fieldOf(spec, 'Goat', 'breed')).toMatchObject({ type: 'string' });
    expect(fieldsOf(spec, 'Goat')).toEqual(expect.arrayContaining(['dam_id:ref(Goat)', 'sire_id:ref(Goat)', 'notes:text']));
    expect(fieldsOf(spec, 'Goat')).not.toEqual(expect.arrayContaining(['typed_in:string']));
  });

  it('reads values before a "; why" in parentheses, "later the ...", and bounds "in half points" as a decimal', () => {
    expect(fieldOf(spec, 'Kidding', 'kid_colour')).toMatchObject({ type: 'enum', values: ['white', 'brown', 'black'] });
    expect(fieldOf(spec, 'Kidding', 'condition_score')).toMatchObject({ type: 'number', min: 1, max: 5 });
    expect(fieldsOf(spec, 'Kidding')?.some((f) => f.startsWith('later'))).toBe(false);
  });
});

describe('session 16: a minibus-scheme-like page, read in village halls', () => {
  it('reads "no hall should ever see another hall\'s data" as tenants, and not a guest who cannot see another guest\'s booking', () => {
    const halls = authorSpec({ name: 'Halls', description: 'Each hall runs its own rooms and bookings, and no hall should ever see another hall\'s data.\n\nA room has a name. A booking is for one room and has a date.\n\nWardens can do everything.' });
    expect(halls.tenancy).toBe('multi');
    const guests = authorSpec({ name: 'Guests', description: 'A room has a name. A booking is for one room and has a date. No guest can see another guest\'s booking.\n\nWardens can do everything.' });
    expect(guests.tenancy).toBe('single');
  });

  it('reads "registered" members as members, a condition after a right as no right, and "the ones they are down to run" as theirs', () => {
    const spec = authorSpec({
      name: 'Halls',
      description: [
        'A room has a name. A session is for one room and has a start date. A booking is for one session and has a name.',
        '- As a warden, I can do everything.',
        '- As a registered member, I can see only my own bookings, and edit my own bookings if my phone number changes.',
        '- As a volunteer, I can see only the sessions I\'m down to run.',
      ].join('\n'),
    });
    const member = spec.roles.find((r) => r.name === 'member');
    expect(member?.rights.Booking).toEqual({ read: 'own', update: 'own' });
    expect(spec.roles.find((r) => r.name === 'volunteer')?.rights.Session).toEqual({ read: 'own' });
  });
});

describe('session 16: an entertainers-agency-like page, read in a piano teachers\' agency', () => {
  const spec = authorSpec({
    name: 'Piano teachers',
    description: [
      '**Teachers.** Each teacher has a name and a fee.',
      '**Lessons.** A lesson is for one teacher and has a date. A lesson goes enquiry → booked → taught → invoiced, and it can be cancelled at any point along the way.',
      '**Holidays.** Teachers block out days they cannot work. Each one belongs to a teacher and has the date and an optional reason.',
      'The admin can do everything.',
    ].join('\n\n'),
  });

  it('reads "Each one" under a label as the labelled record, never a record named "One"', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Holiday']));
    expect(spec.entities.map((e) => e.name)).not.toContain('One');
    expect(fieldsOf(spec, 'Holiday')).toEqual(expect.arrayContaining(['teacher_id:ref(Teacher)']));
  });

  it('reads states joined by arrows', () => {
    expect(fieldOf(spec, 'Lesson', 'status')?.values).toEqual(expect.arrayContaining(['enquiry', 'booked', 'taught', 'invoiced']));
    expect(readStates('A lesson goes enquiry → booked → taught → invoiced, and it can be cancelled at any point along the way')?.values).toEqual(['enquiry', 'booked', 'taught', 'invoiced', 'cancelled']);
  });
});

describe('session 16: a window-round-like page, read in a gutter cleaning round', () => {
  it('reads a relation with an aside between dashes, and "how they like to pay (...)"', () => {
    const spec = authorSpec({
      name: 'Gutters',
      description: 'A client has a name and how they like to pay (cash or card). A house belongs to a client — some have two or three, like landlords — and has the address and the postcode.\n\nThe admin can do everything.',
    });
    expect(fieldsOf(spec, 'House')?.map((f) => f.split(':')[0])).toEqual(expect.arrayContaining(['address', 'postcode', 'client_id']));
    expect(fieldOf(spec, 'Client', 'preferred_payment_method')).toMatchObject({ type: 'enum', values: ['cash', 'card'] });
  });
});

describe('session 16: found in the new-user check, a bike workshop', () => {
  it('reads "Every bike we fix gets a record with ..." and a state of two words said after "then it is"', () => {
    const spec = authorSpec({
      name: 'Workshop',
      description: 'Every bike we fix gets a record with its frame number, which is never shared by two bikes, and what kind it is (road, mountain or hybrid). A repair is for one bike and has a description. A repair sits at booked until we start, then it is in progress, then done, or cancelled if plans change.\n\nMechanics can do everything.',
    });
    expect(fieldOf(spec, 'Bike', 'frame_number')).toMatchObject({ unique: true });
    expect(fieldOf(spec, 'Bike', 'kind')).toMatchObject({ values: ['road', 'mountain', 'hybrid'] });
    expect(fieldOf(spec, 'Repair', 'status')?.values).toEqual(['booked', 'in_progress', 'done', 'cancelled']);
  });
});

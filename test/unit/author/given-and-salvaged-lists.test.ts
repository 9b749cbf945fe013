/**
 * Session 21 (issue 23): record types described by what people give when they make one ("Most
 * work starts as an enquiry ... They give us their name, ..."), and the wording inside such lists
 * ("an email address so we can reply", "the request details"). Pinned on records made up for it:
 * a window cleaner's quotes, a piano tuner's bookings, a parish hall's hire requests.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { givenList, introducedRecords } from '../../../lambdas/core/spec/author/given-lists';
import { isBareFieldList } from '../../../lambdas/core/spec/author/bare-lists';
import { colonListTopic, introducedTopic, loneFieldList } from '../../../lambdas/core/spec/author/topics';
import { fieldsOf } from '../../support/spec-lookups';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join(' ') });

describe('what people give when they make a record', () => {
  it('reads "They give us X, Y and Z" as the fields of the record the sentence before introduced', () => {
    const s = spec('A window cleaning round.', 'Most work starts as a quote request off the website, and anybody can fill that in without logging in.', 'They give us their name, a phone number, the house address and how many windows there are.', 'Each round has a name and a day of the week.');
    expect(fieldsOf(s, 'QuoteRequest')).toEqual(expect.arrayContaining(['name', 'phone', 'house_address']));
  });

  it('reads the list after a colon, the record being the one the clause before the colon introduced', () => {
    const s = spec('A parish hall.', 'Anyone should be able to send us a hire request from the website without making an account: they give their name, an email address so we can reply, the date they want and the request details.', 'Rooms have a name and a capacity.');
    expect(fieldsOf(s, 'HireRequest')).toEqual(expect.arrayContaining(['name', 'email', 'request_details']));
    expect(fieldsOf(s, 'HireRequest')).not.toContain('email_address_so_we_can_reply');
  });

  it('does not read record types named after the verb as fields ("Tuners submit visits and invoices")', () => {
    const s = spec('A piano tuning business. A visit has a date and a piano model.', 'An invoice has an amount and a due date.', 'Tuners submit visits and invoices and see only their own.');
    expect(s.entities.map((e) => e.name).sort()).toEqual(['Invoice', 'Visit']);
  });

  it('finds the giving clause and the record introduced, and nothing in a clause that gives no list', () => {
    expect(givenList('They give us their name and a phone number, an email and a photo')?.list).toBe('their name and a phone number, an email and a photo');
    expect(givenList('Customers can give feedback whenever they like')).toBeUndefined();
    expect(introducedRecords('Most work starts as an enquiry off the website, and anybody can fill that in')).toEqual(['enquiry']);
    expect(introducedRecords('send us a hire request from the website without making an account')).toEqual(['hire request']);
  });

  it('reads a plural noun closing a field\'s name as a noun ("the request details")', () => {
    expect(isBareFieldList('their name, an email address and the request details')).toBe(true);
    expect(isBareFieldList('the driver checks the van, the office books it')).toBe(false);
  });
});

describe('a record brought up in one sentence and described in the next', () => {
  it('reads "somewhere to keep our X. A, B and C are a must, plus D" as X with A, B and C required and D optional', () => {
    const s = spec('A piano tuning business.', 'What I need first is somewhere to keep our pianos.', 'Make, serial number and room are a must, because the tuners need them, plus the colour if anyone knows it.');
    expect(fieldsOf(s, 'Piano')).toEqual(expect.arrayContaining(['make', 'serial_number', 'room', 'colour']));
    expect(s.entities.find((e) => e.name === 'Piano')!.fields.filter((f) => f.required).map((f) => f.name)).toEqual(expect.arrayContaining(['make', 'serial_number', 'room']));
  });

  it('reads "Every time X, that\'s a Y. I\'d want to record ..." and "We keep a few Zs. For those it\'s just ..." as record types with those fields', () => {
    const s = spec('Our little business.', 'Every time we climb a roof, that\'s a sweep.', 'I\'d want to record which house it\'s for, the date of the visit, the fee and where it\'s up to: booked, swept or cancelled.', 'We keep a few brushes in the van too.', 'For those it\'s just the brush code, a description and how many we\'ve got.');
    expect(fieldsOf(s, 'Sweep')).toEqual(expect.arrayContaining(['fee', 'status']));
    expect(fieldsOf(s, 'Brush')).toEqual(expect.arrayContaining(['brush_code', 'description']));
  });

  it('reads "a little form where people can ask for a X. It would take ..." as an X request with those fields', () => {
    const s = spec('A chimney sweep.', 'A sweep has a date and a fee.', 'On the website I\'d like a little form where people can ask for a quote without signing up.', 'It would take their name, phone number, postcode and a preferred day.');
    expect(fieldsOf(s, 'QuoteRequest')).toEqual(expect.arrayContaining(['name', 'postcode', 'preferred_day']));
  });

  it('finds the topic a sentence brings up, and none in people, places or pronouns', () => {
    expect(introducedTopic('What I\'d like first is somewhere to keep our customers.')).toBe('customers');
    expect(introducedTopic('Then the appliances at each house, because we often go back to the same machine.')).toBe('appliances');
    expect(introducedTopic('Every time we go out, that\'s a call-out.')).toBe('call-out');
    expect(introducedTopic('We keep a few parts in the vans and the garage too (pumps, door seals).')).toBe('parts');
    expect(introducedTopic('We keep track of whether parents have paid.')).toBeUndefined();
    expect(introducedTopic('My husband and I run the business.')).toBeUndefined();
  });

  it('reads a list with no record only after an opener that names none, and not a rule about one field', () => {
    expect(loneFieldList('For those it\'s just the part number, a description and the price')?.list).toBe('the part number, a description and the price');
    expect(loneFieldList('It is required')).toBeUndefined();
    expect(loneFieldList('The challenger and the challenged player, and both are required')).toBeUndefined();
    expect(loneFieldList('Engineers can read customers, appliances and parts')).toBeUndefined();
  });
});

describe('lists said in passing, and quick-note wording', () => {
  it('reads "so we need X too: a, b, c" as X with those fields, and not a place and the kinds of things there', () => {
    const s = spec('A dog grooming van.', 'We do a lot for kennels on account so we need trade accounts too: company name, billing email and a monthly spend limit in £.');
    expect(fieldsOf(s, 'TradeAccount')).toEqual(['company_name', 'billing_email', 'monthly_spend_limit']);
    expect(s.entities.find((e) => e.name === 'TradeAccount')!.fields.find((f) => f.name === 'monthly_spend_limit')!.type).toBe('number');
    expect(colonListTopic('We park on the quay of Port Isaac: vans, trailers and bikes')).toBeUndefined();
  });

  it('reads "groomers upload their receipts - just a photo, jpg or png - with the amount, the date and which van" as a record with a file', () => {
    const s = spec('A dog grooming van.', 'A van has a registration and a colour.', 'groomers upload their fuel receipts - just a photo off the phone, jpg or png, under 5 MB please - with the amount, the date and which van it was for.');
    expect(fieldsOf(s, 'FuelReceipt')).toEqual(expect.arrayContaining(['photo_key', 'amount', 'date']));
  });

  it('reads a long list with one odd item, keeping the fields and asking about the item', () => {
    const s = spec('A dog grooming van.', 'appointments are the main thing. each one needs the owner name, phone number, which dog, the van gets cleaned after, the date and time, the price and paid y/n.');
    expect(fieldsOf(s, 'Appointment')).toEqual(expect.arrayContaining(['owner_name', 'phone', 'price', 'paid']));
    expect(s.openQuestions ?? []).toEqual(expect.arrayContaining([expect.stringContaining('the van gets cleaned after')]));
  });

  it('reads a short line of its own between paragraphs as a heading, and a people heading over rights as no record type', () => {
    const s = authorSpec({ name: 'Probe', description: 'We run a grooming van.\n\nDogs\n\nName and breed are a must, plus the date of birth.\n\nppl:\n- me - admin, everything\n- groomers: only see their own dogs\n' });
    expect(fieldsOf(s, 'Dog')).toEqual(expect.arrayContaining(['name', 'breed', 'date_of_birth']));
    expect(s.entities.map((e) => e.name)).toEqual(['Dog']);
  });

  it('spells out quick-note wording: "corp", "phone no", "see there own"', () => {
    const s = spec('A taxi firm.', 'cars: registration, seats.', 'corp accounts: company name, phone no, credit limit.', 'drivers can only see there own cars.');
    expect(fieldsOf(s, 'CorporateAccount')).toEqual(expect.arrayContaining(['company_name', 'phone']));
  });
});

describe('records named the way a page of notes names them', () => {
  it('reads "X are the Ys we ... For each one: ..." as X with those fields, not a record called One', () => {
    const s = spec('A cider press.', 'Growers are the farms we buy apples from.', 'For each one: the farm name (required), an email for remittances, a phone number and what kind of orchard it is: bush, standard or mixed.');
    expect(fieldsOf(s, 'Grower')).toEqual(expect.arrayContaining(['farm_name', 'phone']));
    expect(s.entities.map((e) => e.name)).toEqual(['Grower']);
  });

  it('names a heading\'s record by what it "is logged as"', () => {
    const s = authorSpec({ name: 'Probe', description: 'A cider press.\n\n## Apples\n\nEvery load that comes in is logged as an apple delivery. We need:\n\n- the date it came in (must be there),\n- how many kilos,\n- the variety.\n' });
    expect(s.entities.map((e) => e.name)).toEqual(['AppleDelivery']);
  });

  it('leaves remarks among the items out of the fields ("goat or cow, we never mix them")', () => {
    const s = spec('A cider press.', 'A pressing has a date, which orchard it came from - bush or standard, we never mix them, and the litres pressed.');
    expect(fieldsOf(s, 'Pressing')).not.toContain('we_never_mix_them');
  });

  it('reads "the email must get through" as no record, and "manages the grower list completely" as rights on growers', () => {
    const s = spec('A cider press. Growers have a name and a phone number.', 'Office staff manage the grower list completely.', 'When a grower is added, email the office. The email must get through, so retry it up to 3 times.');
    expect(s.entities.map((e) => e.name)).toEqual(['Grower']);
  });
});

describe('records people make for themselves, and records left by what people do', () => {
  it('reads "Xs sign themselves up with ..." as the X record\'s fields, never a record called Themself', () => {
    const s = spec('A choir.', 'Singers sign themselves up with their name and email, their voice part and the date their DBS check runs out.');
    expect(fieldsOf(s, 'Singer')).toEqual(expect.arrayContaining(['name', 'email']));
    expect(s.entities.map((e) => e.name)).toEqual(['Singer']);
  });

  it('reads "neighbours get to vote on the designs ... We just take their postcode, ..., against the design they like" as a vote', () => {
    const s = spec('A choir.', 'Designs have a title and an image.', 'The fun bit: the audience gets to vote on the designs.', 'We don\'t want them to need an account.', 'We just take their postcode, which they have to give, and an optional comment, against the design they like.');
    expect(fieldsOf(s, 'Vote')).toEqual(expect.arrayContaining(['postcode', 'comment']));
  });

  it('reads ", so for each X we log ..." and "We also keep track of where each X is at: ..." as X\'s fields and status', () => {
    const s = spec('A choir.', 'Every venue needs the owner\'s say-so, so for each venue we log the address (always), the capacity and the hire fee.', 'We also keep track of where each venue is at: asked, agreed or booked.');
    expect(fieldsOf(s, 'Venue')).toEqual(expect.arrayContaining(['address', 'capacity', 'hire_fee', 'status']));
    expect(fieldsOf(s, 'Venue')).not.toContain('so');
  });

  it('keeps a remark after a field\'s values out of them, and "gets several" out of the fields', () => {
    const s = spec('A choir.', 'A robe has a size and a fabric (cotton, wool or silk, it really matters for the cleaning). A singer usually gets several, but each robe is for one singer.');
    expect(s.entities.find((e) => e.name === 'Robe')!.fields.find((f) => f.name === 'fabric')!.values).toEqual(['cotton', 'wool', 'silk']);
    expect(fieldsOf(s, 'Singer')).not.toContain('several');
  });
});

describe('a record the writer names as what comes next', () => {
  it('reads "Then the important bit, the reservations! People reserve ... We need ..." as the reservation\'s fields', () => {
    const s = spec('A hen rescue.', 'For each point we keep a name, a postcode and the volunteer who runs it.', 'Then the important bit, the reservations!', 'People reserve hens from a collection.', 'We need their name and email, phone, postcode and how many hens they want.');
    expect(fieldsOf(s, 'Reservation')).toEqual(expect.arrayContaining(['email', 'postcode']));
    expect(fieldsOf(s, 'Point')).not.toContain('important_bit');
  });

  it('reads "(has to be there, obviously)" as required, and a remark in brackets as no values', () => {
    const s = spec('A hen rescue.', 'Each collection has a date (has to be there, obviously), the farm (we just put a nickname, farms like to stay anonymous and we respect that), and a status: planned, done or cancelled.');
    const collection = s.entities.find((e) => e.name === 'Collection')!;
    expect(collection.fields.find((f) => f.name === 'date')).toMatchObject({ required: true, type: 'date' });
    expect(collection.fields.find((f) => f.name === 'farm')?.type).toBe('string');
    expect(fieldsOf(s, 'Collection')).toContain('status');
  });

  it('reads "which point" as a reference to the one record named "... point", and "which car" names no record "WhichCar"', () => {
    const s = spec('A hen rescue.', 'Rehoming points have a name and a postcode.', 'A reservation has a name, which point and which car it goes in.', 'Cars: registration, seats.', 'Drivers log which car it was.');
    expect(s.entities.find((e) => e.name === 'Reservation')!.fields.find((f) => f.name === 'rehoming_point_id')?.type).toBe('ref(RehomingPoint)');
    expect(s.entities.map((e) => e.name)).not.toContain('WhichCar');
  });
});

describe('stories and lists of a surveying practice', () => {
  it('reads "needs at least a name and an email" as both required, and "level 1, 2 or 3" as three levels', () => {
    const s = spec('An opticians.', 'An eye test booking needs at least a name and an email; it also carries the test type (level 1, 2 or 3).');
    const booking = s.entities.find((e) => e.name === 'EyeTestBooking')!;
    expect(booking.fields.filter((f) => f.required).map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'email']));
    expect(booking.fields.find((f) => f.name === 'test_type')?.values).toEqual(['level_1', 'level_2', 'level_3']);
  });

  it('reads "As a member of the public, I can ask for a quote ... without an account" as public creation of quote requests', () => {
    const s = authorSpec({ name: 'Probe', description: 'An opticians.\n\n- As a member of the public, I can ask for a quote without creating an account.\n- As a receptionist, I can look up quote requests.\n\nA quote request needs a name and an email.' });
    expect(s.access).toEqual(expect.arrayContaining([{ entity: 'QuoteRequest', operation: 'create', level: 'public' }]));
  });
});

describe('records said by what happens to them', () => {
  it('reads "Buyers are registered once and get a buyer number ...; we also keep their name, ..." as the buyer\'s fields', () => {
    const s = spec('A cattle mart. Sellers have a name and a phone.', 'Buyers are registered once with us and get a buyer number for bidding, which is required; we also keep their name, email and whether their credit has been approved (yes or no).');
    expect(fieldsOf(s, 'Buyer')).toEqual(expect.arrayContaining(['buyer_number', 'name', 'email']));
    expect(fieldsOf(s, 'Seller')).toEqual(['name', 'phone']);
  });

  it('reads "Sellers are the farmers: name (required), ..." as the seller\'s fields, not a field "farmers"', () => {
    const s = spec('A cattle mart.', 'Sellers are the farmers: name (required), their holding number, email and phone.');
    expect(fieldsOf(s, 'Seller')).toEqual(expect.arrayContaining(['name', 'holding_number', 'email', 'phone']));
    expect(fieldsOf(s, 'Seller')).not.toContain('farmers');
  });
});

describe('a page of an archive', () => {
  it('reads "A request gives their name and email address, ..." under its heading as the request\'s fields, and quoted examples as no fields', () => {
    const s = authorSpec({ name: 'Probe', description: 'An archive.\n\n## Items\n\nAn item has a title and a handful of tags: "wartime", "the mills" and so forth.\n\n## Loan requests\n\nA request gives their name and email address, both required, the item they are asking about, and their reason for asking.\n' });
    expect(fieldsOf(s, 'LoanRequest')).toEqual(expect.arrayContaining(['email', 'item_id']));
    expect(fieldsOf(s, 'Item')).not.toEqual(expect.arrayContaining(['mills']));
  });

  it('reads "we\'d never give two boats the same name" as no record', () => {
    const s = spec('A boatyard. Boats have a name and a length.', 'We\'d never give two boats the same name, the hire fee and the berth.');
    expect(s.entities.map((e) => e.name)).toEqual(['Boat']);
  });
});

describe('rights said through what people enter', () => {
  it('reads "As a farmer, I can enter my animals as lots" as creating lots', () => {
    const s = authorSpec({ name: 'Probe', description: 'A cattle mart.\n\n- As a farmer, I can enter my animals as lots in an upcoming sale.\n- As office staff, I can do everything.\n\nA lot has a lot number and a breed. A sale has a date.' });
    expect(s.roles.find((r) => r.name === 'farmer')?.rights.Lot?.create).toBe('all');
  });
});

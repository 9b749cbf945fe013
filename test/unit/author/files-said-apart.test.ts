/**
 * Session 23 (issue 23): a record's file said in a sentence of its own, with its rules ("If we
 * can, we add a photo too, just a jpeg, keep it under 5 MB", "The brochure is a PDF, allow up
 * to 15 MB", "uploads their draft as a Word document or a PDF"), and a part named by a word that
 * says nothing alone ("Each order has lines" are order lines). Pinned on records made up for
 * it: a cheese counter, a garden centre, a printer's, a choir, a bike workshop.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { mentionedFile } from '../../../lambdas/core/spec/author/file-mentions';
import { fieldsOf } from '../../support/spec-lookups';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join(' ') });
const field = (s: ReturnType<typeof spec>, entity: string, name: string) => s.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);

describe('a file said apart from the list of its record', () => {
  it('adds "we add a photo too, just a jpeg, keep it under 5 MB" to the record described before', () => {
    const s = spec('A cheese counter.', 'Every morning we put up each cheese: the name, the dairy it comes from and the price per kilo.', 'If we can, we add a photo too, just a jpeg off the phone, keep it under 5 MB.');
    expect(field(s, 'Cheese', 'photo_key')).toMatchObject({ type: 'file', file: { contentTypes: ['image/jpeg'], maxBytes: 5 * 1048576 } });
  });

  it('reads "The X is a PDF ..., allow up to N MB" as the X, a file of the record before', () => {
    const s = spec('A garden centre.', 'A plant sale has a date (required) and a status: planned, open or closed.', 'The brochure is a PDF, and they get big with all the pictures in, allow up to 15 MB.');
    expect(field(s, 'PlantSale', 'brochure_key')).toMatchObject({ type: 'file', file: { contentTypes: ['application/pdf'], maxBytes: 15 * 1048576 } });
    expect(s.entities.map((e) => e.name)).toEqual(['PlantSale']);
  });

  it('reads "uploads their draft as a Word document or a PDF, up to 10 MB" as the draft, with both of Word\'s formats', () => {
    const s = spec('A printer\'s.', 'A job has a title (required), the number of copies and a due date.', 'The customer then uploads their artwork as a Word document or a PDF, up to 10 MB, and the job moves from quoted to printing, then printed.');
    const artwork = field(s, 'Job', 'artwork_key');
    expect(artwork?.type).toBe('file');
    expect(artwork?.file?.contentTypes).toEqual(expect.arrayContaining(['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']));
    // (More is said than the file: the states are still read.)
    expect(field(s, 'Job', 'status')?.values).toEqual(expect.arrayContaining(['quoted', 'printing', 'printed']));
  });

  it('reads "A X can optionally be attached as a PDF of up to N MB" as an optional file named X', () => {
    const s = spec('A choir.', 'Each concert has a title, a venue and a date.', 'A programme can optionally be attached as a PDF of up to 4 MB.');
    expect(field(s, 'Concert', 'programme_key')).toMatchObject({ type: 'file', required: false, file: { maxBytes: 4 * 1048576 } });
  });

  it('reads the record a file is said to be on: "X has to be attached to the job (PDF, ...)", "a before photo and an after photo on a job"', () => {
    const s = spec('A roofing firm.', 'Customers have a name and an address.', 'A job has a customer, a start date and a price.', 'If the building is listed, the council\'s consent letter has to be attached to the job (PDF, up to 5 MB).');
    expect(field(s, 'Job', 'consent_letter_key')).toMatchObject({ type: 'file', file: { contentTypes: ['application/pdf'], maxBytes: 5 * 1048576 } });
    const t = spec('A roofing firm.', 'A job has a customer, a start date and a price.', 'Customers have a name and an address.', "We'd also like a before photo and an after photo on a job, JPEG or PNG, 8 MB max.");
    expect(fieldsOf(t, 'Job')).toEqual(expect.arrayContaining(['before_photo_key', 'after_photo_key']));
    expect(fieldsOf(t, 'Customer')).toEqual(['name', 'address']);
  });

  it('reads a file taken or attached as one, rules or none: "snap a photo of the meter", "attach a short video clip ...; clips must be MP4"', () => {
    const s = spec('A boiler service firm.', 'A visit has a date, the engineer and notes.', 'The engineers also like to snap a photo of the gas meter so we have the reading right.');
    expect(field(s, 'Visit', 'gas_meter_photo_key')?.type).toBe('file');
    const t = spec('A puppy walking club.', 'A walk report has a date, the route and notes.', 'Walkers can also attach a short video clip showing how the puppy copes in traffic; clips must be MP4 and no bigger than 100 MB.');
    expect(field(t, 'WalkReport', 'video_key')).toMatchObject({ type: 'file', file: { contentTypes: ['video/mp4'], maxBytes: 100 * 1048576 } });
  });

  it('adds nothing for a file already listed, a file that is a record, or a file said with no rules', () => {
    expect(mentionedFile('it can be a photo or a PDF, and nothing over 5 MB')).toBeUndefined();
    expect(mentionedFile("it's always a PDF and they're small, 5 MB is plenty")).toBeUndefined();
    expect(mentionedFile('We like to snap a photo of the finished bike, so each photo belongs to a repair, JPEG only')).toBeUndefined();
    expect(mentionedFile('Mechanics write repair notes, with the parts used and a photo (JPEG, at most 5 MB)')).toBeUndefined();
    expect(mentionedFile('Customers love it when we send a photo of the finished bike')).toBeUndefined();
    const s = spec('A bike workshop.', 'A repair has a bike description, a photo of the damage and a price.', 'The photo should be a JPEG, under 8 MB.');
    expect(fieldsOf(s, 'Repair')?.filter((f) => f.endsWith('_key'))).toHaveLength(1);
  });
});

describe('a part named by a word that says nothing alone', () => {
  it('names "Each order has lines" order lines, and reads "each line is one X, ..." as its fields', () => {
    const s = spec('A wholesale bakery.', 'Loaves have a name and a price.', 'Each order has a delivery date and lines.', 'Each line is one loaf off the list, how many, and any notes.');
    expect(s.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Loaf', 'Order', 'OrderLine']));
    expect(fieldsOf(s, 'OrderLine')).toEqual(expect.arrayContaining(['order_id', 'loaf_id']));
  });
});

import { authorSpec } from '../../../lambdas/core/spec/offline-author';
import { readFieldRule } from '../../../lambdas/core/spec/author/field-rules';
import { readFieldPhrase, splitFieldList } from '../../../lambdas/core/spec/author/fields';

const fieldOf = (spec: ReturnType<typeof authorSpec>, entity: string, field: string) => spec.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === field);

describe('a rule said of a field in a sentence of its own', () => {
  it('reads the field words and the rule', () => {
    expect(readFieldRule('The signed waiver must be a PDF and no larger than 4 MB')).toMatchObject({ field: ['signed', 'waiver'], traits: { contentTypes: ['application/pdf'], maxBytes: 4 * 1048576 } });
    expect(readFieldRule('Snapshots should be images of at most 12 MB')).toMatchObject({ field: ['snapshot'], traits: { contentTypes: ['image/*'], maxBytes: 12 * 1048576 } });
    expect(readFieldRule('these serials must be unique across every depot')).toMatchObject({ field: ['serial'], traits: { unique: true } });
    expect(readFieldRule('The score must be between 0 and 40')).toMatchObject({ field: ['score'], traits: { min: 0, max: 40 } });
    expect(readFieldRule('The mobile is required')).toMatchObject({ field: ['mobile'], traits: { required: true } });
    expect(readFieldRule('Nicknames are optional')).toMatchObject({ field: ['nickname'], traits: { optional: true } });
  });

  it('reads no rule from sentences that say something else', () => {
    expect(readFieldRule('Renters are required to sign in')).toBeUndefined();
    expect(readFieldRule('Bookings must be made a day ahead')).toBeUndefined();
    expect(readFieldRule('Each tenant must be over 18')).toBeUndefined();
  });

  it('applies it to the field of the record type listed just before, as a new user writes it', () => {
    const spec = authorSpec({
      name: 'Boat club',
      description: [
        '## Boats',
        'Each boat has a name, a sail number such as "GBR 1234", and these numbers must be unique across the club. We also keep a photo of the hull. Photos should be images of at most 12 MB.',
        '## Hires',
        'A hire is for one boat and records the date and a scan of the signed waiver. The signed waiver must be a PDF and no larger than 4 MB.',
        'Members can do everything.',
      ].join('\n\n'),
    });
    expect(fieldOf(spec, 'Boat', 'sail_number')).toMatchObject({ unique: true });
    expect(fieldOf(spec, 'Boat', 'hull_photo_key')?.file).toEqual({ contentTypes: ['image/*'], maxBytes: 12 * 1048576 });
    expect(fieldOf(spec, 'Hire', 'signed_waiver_key')).toMatchObject({ type: 'file', file: { contentTypes: ['application/pdf'], maxBytes: 4 * 1048576 } });
  });
});

describe('files and rules inside a field list', () => {
  const ctx = { entities: ['Boat'], owner: 'Hire' };
  it('a scan of something is that thing, kept as a file', () => {
    expect(readFieldPhrase('a scan of their sailing licence', ctx)?.field).toMatchObject({ name: 'sailing_licence_key', type: 'file' });
    expect(readFieldPhrase('a recording of the safety briefing', ctx)?.field).toMatchObject({ name: 'safety_briefing_recording_key', type: 'file', file: { contentTypes: ['audio/*'] } });
    expect(readFieldPhrase('a recording date', ctx)?.field).toMatchObject({ name: 'recording_date', type: 'date' });
  });

  it('"— both required —" between dashes makes the two before it required', () => {
    const items = splitFieldList("the skipper's name and mobile — both required — plus a club number");
    expect(items.map((i) => readFieldPhrase(i, ctx)?.field).map((f) => [f?.name, f?.required])).toEqual([
      ['skipper_name', true],
      ['skipper_mobile', true],
      ['club_number', false],
    ]);
  });
});

describe('a rule said with its reason, and one more said of the same field as "it"', () => {
  it('reads "X is a legal requirement, so it\'s required" and "it can be ..."', () => {
    expect(readFieldRule('The insurance scan is a legal requirement, so it\'s required as well')).toMatchObject({ field: ['insurance', 'scan'], traits: { required: true } });
    expect(readFieldRule('it can be a photo or a PDF, and nothing over 6 MB')).toMatchObject({ pronoun: true, traits: { contentTypes: ['image/*', 'application/pdf'], maxBytes: 6 * 1048576 } });
    expect(readFieldRule('The logo can be a PNG of at most 1 MB')).toMatchObject({ field: ['logo'], traits: { contentTypes: ['image/png'] } });
  });

  it('applies both to the file the first names, as a new user writes it', () => {
    const spec = authorSpec({
      name: 'Boatyard',
      description: [
        '## Boat owners',
        'For each owner we record their name, an email and a scan of their insurance certificate.',
        'The insurance scan is a legal requirement, so it\'s required as well; it can be a photo or a PDF, and nothing over 6 MB.',
      ].join('\n'),
    });
    const file = fieldOf(spec, 'BoatOwner', 'insurance_certificate_key');
    expect(file).toMatchObject({ type: 'file', required: true, file: { maxBytes: 6 * 1048576 } });
    expect(file?.file?.contentTypes).toEqual(expect.arrayContaining(['application/pdf']));
  });
});

/**
 * Session 25 (issue 23): readings a hire business's chatty email needs, pinned on records made up
 * for them (a bouncy-castle hire firm's hires, castles, drivers and runs): states after "once
 * we're talking", with a way out "at any point"; "Castles are things like ... Each has ..."; people
 * kept "for each" of a handful; a record that "puts one X on one Y"; a record called by its first
 * state ("send us an enquiry"); what the website shows; caps on a count; "a name, a date and a venue".
 */
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';

const level = (s: ReturnType<typeof spec>, entity: string, operation: string) => s.access.find((r) => r.entity === entity && r.operation === operation)?.level;

describe("a hire firm's email", () => {
  const s = spec(
    'We hire out bouncy castles.',
    'The main thing is hires. A hire has a name, a date and a venue, and roughly how many children. Please cap children at 5 minimum and 40 maximum, because the castles are small. Once we\'re talking, a hire goes enquiry → quoted → booked → done, or cancelled at any point, and we note the deposit.',
    'Parents should be able to send us an enquiry straight from our website without signing up for anything.',
    'Castles are things like "Jungle Jumper" or "Pirate Ship". Each has a name, which shouldn\'t be repeated, a size and a daily price. The website shows these to everyone.',
    "We've got a handful of freelance drivers, and for each we keep a name, a phone and whether they hold a towing licence.",
    'A run puts one driver on one hire, with a start time and how many hours.',
  );

  it('reads "a name, a date and a venue" as three fields', () => {
    expect(field(s, 'Hire', 'name')?.type).toBe('string');
    expect(field(s, 'Hire', 'date')?.type).toBe('date');
    expect(field(s, 'Hire', 'venue')).toBeDefined();
  });

  it('reads "Please cap children at 5 minimum and 40 maximum" as the bounds of the count of children', () => {
    expect(field(s, 'Hire', 'children')).toMatchObject({ min: 5, max: 40 });
  });

  it('reads "Once we\'re talking, a hire goes enquiry → ... → done, or cancelled at any point" as its states', () => {
    expect(field(s, 'Hire', 'status')?.values).toEqual(['enquiry', 'quoted', 'booked', 'done', 'cancelled']);
  });

  it('reads "send us an enquiry ... without signing up" as anyone making a hire, the record in its first state', () => {
    expect(level(s, 'Hire', 'create')).toBe('public');
  });

  it('reads "Castles are things like ... Each has a name, which shouldn\'t be repeated, ..." as the castle\'s fields', () => {
    expect(field(s, 'Castle', 'name')?.unique).toBe(true);
    expect(field(s, 'Castle', 'daily_price')?.type).toBe('number');
    expect(field(s, 'Hire', 'daily_price')).toBeUndefined();
  });

  it('reads "The website shows these to everyone" as a public read of what was just described', () => {
    expect(level(s, 'Castle', 'read')).toBe('public');
    expect(level(s, 'Castle', 'list')).toBe('public');
  });

  it('reads "a handful of freelance drivers, and for each we keep ..." as the driver\'s fields, what they hold as a yes/no', () => {
    expect(field(s, 'Driver', 'phone')).toBeDefined();
    expect(field(s, 'Driver', 'towing_licence')?.type).toBe('boolean');
  });

  it('reads "A run puts one driver on one hire, with ..." as a run of one driver and one hire', () => {
    expect(field(s, 'Run', 'driver_id')?.type).toBe('ref(Driver)');
    expect(field(s, 'Run', 'hire_id')?.type).toBe('ref(Hire)');
    expect(field(s, 'Run', 'start_time')).toBeDefined();
  });
});

describe('the public website', () => {
  it('reads "Enquiries come in through the public website" as no public read', () => {
    const s = spec('Events have a name and a date. Events go from enquiry to confirmed to done.', 'Enquiries come in through the public website: anyone can create an event enquiry without an account.');
    expect(level(s, 'Event', 'read')).toBeUndefined();
  });

  it('reads "The list of courts is shown on our public website" as a public read', () => {
    const s = spec('Courts have a name and a surface.', 'The list of courts is shown on our public website, so it must be readable without logging in.');
    expect(level(s, 'Court', 'read')).toBe('public');
  });
});

/**
 * Session 24 (issue 23): readings an agency's long page needs, pinned on records made up for
 * them (a boat-hire agency's boats, hires and valet jobs): what happens otherwise after a file's
 * size, where a record came from with its values, how they paid, requests in free text with
 * quoted examples, "ones" standing for records, a record usually tied to another, and the
 * person assigned to it.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join(' ') });
const field = (s: ReturnType<typeof spec>, entity: string, name: string) => s.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);
const hire = (said: string) => spec(`A hire has the start date, ${said}, and the price.`);

describe('fields of an agency record', () => {
  it('reads "a photo, a JPEG, kept under 10 MB or the website crawls" as one file, and nothing of the website', () => {
    const s = spec('Every boat has a name and a photo for the listing, a JPEG, kept under 10 MB or the website crawls.');
    expect(field(s, 'Boat', 'photo_key')?.file?.maxBytes ?? field(s, 'Boat', 'listing_photo_key')?.file?.maxBytes).toBe(10 * 1048576);
    expect(s.entities[0]?.fields.filter((f) => f.type === 'file')).toHaveLength(1);
  });

  it('reads "where the hire came from: our own website, a phone call, or one of the partner sites" as its source', () => {
    expect(field(hire('where the hire came from: our own website, a phone call, or one of the partner sites'), 'Hire', 'source')).toMatchObject({ type: 'enum', values: ['website', 'phone_call', 'partner_sites'] });
  });

  it('reads "how they paid (cash, card or cheque)" as the payment method', () => {
    expect(field(hire('how they paid (cash, card or cheque)'), 'Hire', 'payment_method')?.values).toEqual(['cash', 'card', 'cheque']);
  });

  it('reads "any special requests in free text ("late arrival", "life jackets please")" as text, the quotes as examples', () => {
    const f = field(hire('any special requests in free text ("late arrival", "life jackets please")'), 'Hire', 'special_requests');
    expect(f?.type).toBe('text');
    expect(f?.values).toBeUndefined();
  });
});

describe('records and the people on them', () => {
  it('reads "Only active ones take hires" as no role', () => {
    const s = spec('Boats have a name.', 'A boat is either active, laid up or sold.', "Only active ones take hires, but that's something we manage by hand.");
    expect(s.roles.map((r) => r.name)).not.toContain('active_one');
  });

  it('reads "a valet job is for a boat, usually tied to the hire that\'s just ended (...), with ..." as the boat, the hire it may lack, and its fields', () => {
    const s = spec('Boats have a name.', 'Hires have a date.', 'Valeters can update valet jobs.', "A valet job is for a boat, usually tied to the hire that's just ended (not always, sometimes we do a deep clean in winter), with a scheduled date (required), the valeter assigned to it, and notes.");
    expect(field(s, 'ValetJob', 'boat_id')).toMatchObject({ type: 'ref(Boat)', required: true });
    expect(field(s, 'ValetJob', 'hire_id')).toMatchObject({ type: 'ref(Hire)', required: false });
    expect(field(s, 'ValetJob', 'valeter_id')?.type).toBe('ref(User)');
    expect(field(s, 'ValetJob', 'scheduled_date')).toMatchObject({ type: 'date', required: true });
  });
});

describe('a charity round\'s records and people', () => {
  const round = (said: string) => spec(`A round has a name, ${said}, and a van.`);

  it('reads "the day of the week (Monday to Friday only)" as the day of the week, with those days', () => {
    expect(field(round('the day of the week (Monday to Friday only)'), 'Round', 'day_of_week')?.values).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
  });

  it('reads "the most drops it can take" as its limit', () => {
    expect(field(round('the most drops it can take'), 'Round', 'max_drops')?.type).toBe('integer');
  });

  it('reads "the outcome - scheduled, delivered, no answer or refused" with "no answer" as a value', () => {
    expect(field(spec('A drop has the date and the outcome - scheduled, delivered, no answer or refused.'), 'Drop', 'outcome')?.values).toEqual(['scheduled', 'delivered', 'no_answer', 'refused']);
  });

  it('reads "- **Round manager** (that\'s me and my deputy) - everything, on everything" as the round manager', () => {
    const s = authorSpec({ name: 'Probe', description: "Rounds have a name.\n\n- **Round manager** (that's me and my deputy) – everything, on everything.\n- **Drivers** – see the rounds." });
    expect(s.adminRole).toBe('round_manager');
    expect(s.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['round_manager', 'driver']));
  });
});

/**
 * Session 24 (issue 23): readings informal notes need, pinned on records made up for them (a
 * lifeboat crew's kit, a village hall's bookings, a choir's concerts): a date said by what was
 * done, a copy of a certificate, an optional picture without its article, "x = admins", a
 * retry said loosely, a state of two words awaited with no comma before the act, a record's
 * name said as the act that makes one, a workflow of its own that ends on its retries, and an
 * Oxford comma before the last field.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { splitFieldList } from '../../../lambdas/core/spec/author/fields/split-list';

const spec = (...paragraphs: string[]) => authorSpec({ name: 'Probe', description: paragraphs.join('\n\n') });
const field = (s: ReturnType<typeof spec>, entity: string, name: string) => s.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);

describe('fields said in notes', () => {
  const crew = (said: string) => spec(`for each crew member we keep name, email and ${said}`);

  it('reads "the date they did their sea/survival training" as the training date, not values', () => {
    expect(field(crew('the date they did their sea/survival training'), 'CrewMember', 'training_date')?.type).toBe('date');
  });

  it('reads "a copy of the first aid cert (pdf or jpg, 5mb max)" as the certificate, a file', () => {
    expect(field(crew('a copy of the first aid cert (pdf or jpg, 5mb max)'), 'CrewMember', 'first_aid_certificate_key')).toMatchObject({ type: 'file', file: { maxBytes: 5 * 1048576 } });
  });

  it('reads "any notes, and optional pic" as two fields', () => {
    const s = spec('every week we log a kit check: which boat, date of check, any notes, and optional pic');
    expect(field(s, 'KitCheck', 'notes')?.type).toBe('text');
    expect(field(s, 'KitCheck', 'photo_key')?.type).toBe('file');
  });

  it('reads "a title, a summary, and a date" as three fields', () => {
    expect(splitFieldList('a title, a summary, and a date')).toEqual(['a title', 'a summary', 'a date']);
  });
});

describe('who the admins are', () => {
  it('reads a line "committee = admins, we can do everything" as the administrators, no record type', () => {
    const s = spec('Bookings have a date and a hirer name. Caretakers can update bookings.', 'committee = admins, we can do everything');
    expect(s.adminRole).toBe('admin');
    expect(s.entities.map((e) => e.name)).toEqual(['Booking']);
  });
});

describe('workflows in notes', () => {
  const hall = (...bullets: string[]) => spec('Bookings have a date and a status (new, in hand, confirmed or cancelled). Caretakers can update bookings. The public can create bookings without logging in.', `automatic stuff:\n${bullets.map((b) => `- ${b}`).join('\n')}`);

  it('reads "if no one has marked it in hand within 48 hrs text the committee" as a wait for that state, then the text', () => {
    const s = hall('when a booking is made, if no one has marked it in hand within 48 hrs text the committee');
    expect(s.workflows[0]?.steps[0]).toMatchObject({ kind: 'waitForEvent', events: ['in_hand'], timeout: 'PT48H' });
    expect(s.workflows[0]?.steps[1]?.kind).toBe('task');
  });

  it('reads "when someone reports a problem" as a report made, not a state called problem', () => {
    const s = spec('Reports have a title and a status (new or resolved). Wardens can update reports. The public can create reports without logging in.', '- when someone reports a problem, email the warden');
    expect(s.events?.[0]?.on).toEqual({ entity: 'Report', event: 'created' });
  });

  it('gives "retry like 3 times" to the task of its own workflow, not to the one before', () => {
    const s = hall('once a booking is confirmed, 2 days before the date email the hirer', 'if we cancel a booking refund the hirer, the card thing is dodgy so retry like 3 times');
    expect(s.workflows).toHaveLength(2);
    const [reminder, refund] = s.workflows;
    expect(reminder?.steps.find((st) => st.kind === 'task')).not.toHaveProperty('retries');
    expect(refund?.trigger).toMatchObject({ entity: 'Booking', value: 'cancelled' });
    expect(refund?.steps.find((st) => st.kind === 'task')).toMatchObject({ retries: 3 });
  });
});

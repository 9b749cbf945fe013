/**
 * Session 24 (issue 23): readings a chatty paragraph about a small practice needs, pinned on
 * records made up for it (a music tutor's lessons, a dog groomer's visits, a surveyor's reports):
 * a question naming a place or a duration ("where it happens", "how long it is in minutes"),
 * places given as values ("at home, at school, or on video"), whether someone came, a tick for
 * a yes/no, record types announced with their kinds after a dash, the record itself uploaded
 * as a file, a person of a role a record is for, a writer naming their role and wishes, and
 * records of what is theirs.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { splitFieldList } from '../../../lambdas/core/spec/author/fields/split-list';
import { valueList } from '../../../lambdas/core/spec/author/fields/values';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join(' ') });
const field = (s: ReturnType<typeof spec>, entity: string, name: string) => s.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);
const rights = (s: ReturnType<typeof spec>, role: string) => s.roles.find((r) => r.name === role)?.rights;

describe('questions a paragraph lists as fields', () => {
  const lesson = (said: string) => spec('Tutors can edit lessons.', `Lessons have a date, ${said}, and notes.`);

  it('reads "where it happens" and "where they are held" as the location', () => {
    expect(field(lesson('where it happens'), 'Lesson', 'location')?.type).toBe('string');
    expect(field(lesson('where they are held'), 'Lesson', 'location')).toBeDefined();
  });

  it('reads "how long it is in minutes" as a duration in minutes, and "how long it is" alone as a length', () => {
    expect(field(lesson('how long it is in minutes'), 'Lesson', 'duration_minutes')?.type).toBe('integer');
    expect(field(lesson('how long it is'), 'Lesson', 'length')).toBeDefined();
  });

  it('reads "whether the pupil actually came" as whether they attended', () => {
    expect(field(lesson('whether the pupil actually came'), 'Lesson', 'attended')?.type).toBe('boolean');
    expect(field(lesson('whether they turned up'), 'Lesson', 'attended')?.type).toBe('boolean');
  });

  it('reads "a tick for whether X" as the yes/no X', () => {
    expect(field(lesson("a tick for whether it's been paid for yet"), 'Lesson', 'paid_for')?.type).toBe('boolean');
  });
});

describe('places as values', () => {
  it('drops "at", "on" and "our" from a list of places', () => {
    expect(valueList('our studio, at home, at school, or on video')).toEqual(['studio', 'home', 'school', 'video']);
    expect(field(spec('Lessons have a date and where it happens (our studio, at home, or on video).'), 'Lesson', 'location')?.values).toEqual(['studio', 'home', 'video']);
  });

  it('keeps states said with a preposition, and bounds', () => {
    expect(valueList('in progress, on hold or done')).toEqual(['in progress', 'on hold', 'done']);
    expect(valueList('at least 1 and at most 4')).not.toEqual(['least 1', 'most 4']);
  });
});

describe('a list with a field after "and"', () => {
  it('reads "a title and a date" as two fields, and "the handicap, a whole number" as one', () => {
    expect(splitFieldList('a title and a date')).toEqual(['a title', 'a date']);
    expect(splitFieldList('the handicap, a whole number')).toEqual(['the handicap, a whole number']);
    const s = spec('Reports have a title and a date.');
    expect(field(s, 'Report', 'title')?.type).toBe('string');
    expect(field(s, 'Report', 'date')?.type).toBe('date');
  });
});

describe('a record type announced with its kinds', () => {
  it('reads "Then there are the written reports - initial, interim or final" as a record type and the type of each', () => {
    const s = spec('Surveys have an address and a date.', 'Then there are the written reports – initial, interim or final.', "There's a report date and a tick for whether it's been sent to the client yet.");
    expect(field(s, 'Report', 'report_type')).toMatchObject({ type: 'enum', values: ['initial', 'interim', 'final'] });
    expect(field(s, 'Report', 'report_date')?.type).toBe('date');
    expect(field(s, 'Report', 'sent')?.type).toBe('boolean');
    expect(field(s, 'Survey', 'reports')).toBeUndefined();
  });
});

describe('the record itself kept as a file', () => {
  it('reads "We type them up and upload the PDF, under 5 MB" as the record\'s own document', () => {
    const s = spec('Certificates have a title and an issue date.', 'We type them up in Word and upload the PDF, usually well under 5 MB, so make that the limit.');
    expect(field(s, 'Certificate', 'certificate_key')).toMatchObject({ type: 'file', file: { contentTypes: ['application/pdf'], maxBytes: 5 * 1048576 } });
    expect(field(s, 'Certificate', 'title')?.type).toBe('string');
  });
});

describe('a record for one of the people who use it', () => {
  it('reads "Each one is for one dog and one of us groomers" as the dog and a groomer, a user', () => {
    const s = spec('The groomers can edit visits.', 'Dogs have a name.', 'Visits are the day-to-day bit.', 'Each one is for one dog and one of us groomers, with a date.');
    expect(field(s, 'Visit', 'dog_id')?.type).toBe('ref(Dog)');
    expect(field(s, 'Visit', 'groomer_id')?.type).toBe('ref(User)');
    expect(s.entities.map((e) => e.name)).not.toContain('Groomer');
  });
});

describe('rights said by the writer, and of what is theirs', () => {
  it('reads "I\'m the owner and want to be able to do absolutely everything" as the owner role with every right', () => {
    const s = spec('Lessons have a date.', "I'm the owner and want to be able to do absolutely everything.", 'Tutors can read lessons.');
    expect(rights(s, 'owner')?.Lesson).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
    expect(s.adminRole).toBe('owner');
  });

  it('reads "see the reports and lessons for their own child" as reading their own', () => {
    const s = spec('Children have a name.', 'Lessons have a date.', 'Reports have a title.', 'Each lesson is for one child.', 'Each report is for one child.', 'Parents should be able to log in and see the reports and lessons for their own child, and nothing else.');
    expect(rights(s, 'parent')).toEqual({ Lesson: { read: 'own' }, Report: { read: 'own' } });
  });
});

describe('the writer\'s own role, named once', () => {
  it('reads "As for the team: I do everything." as the role the writer named when introducing themselves', () => {
    const s = authorSpec({ name: 'Probe', description: "I'm the organiser of a small folk festival.\n\nActs have a name and a fee. Stewards can read acts.\n\nAs for the team: I do everything." });
    expect(s.adminRole).toBe('organiser');
    expect(rights(s, 'organiser')?.Act).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
  });
});

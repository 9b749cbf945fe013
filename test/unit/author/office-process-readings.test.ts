/**
 * Session 24 (issue 23): readings an office's process needs, pinned on records made up for them
 * (a parish council's complaints, a hostel's payments): a moment of two words said with its act,
 * states that start at one and end "and finally" in others with an aside about when, a field
 * that may run to paragraphs, an emphasis after a name, a wait ended by either of two states, the
 * same wait said again ("if another 7 days go by with still nothing"), and why said before the
 * trigger.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { readStates } from '../../../lambdas/core/spec/author/states';

const spec = (...sentences: string[]) => authorSpec({ name: 'Probe', description: sentences.join(' ') });
const field = (s: ReturnType<typeof spec>, entity: string, name: string) => s.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);

describe('fields of an office record', () => {
  it('reads "the date and time it was paid" among fields a person records', () => {
    const s = spec('Stays have a date.', 'As a warden, I can record a payment with the amount, the method (cash or card), the date and time it was paid, and whether it was the deposit.');
    expect(field(s, 'Payment', 'paid_at')?.type).toBe('datetime');
    expect(field(s, 'Payment', 'deposit')?.type).toBe('boolean');
  });

  it('reads "the complaint details themselves, which can run to paragraphs" as long text, and "and, if I like, a note" as optional', () => {
    const s = spec('A complaint has the complainant name, the complaint details themselves, which can run to paragraphs, and, if I like, a note for the clerk.');
    expect(field(s, 'Complaint', 'complaint_details')?.type).toBe('text');
    expect(field(s, 'Complaint', 'note')).toMatchObject({ required: false });
    expect(s.entities[0]?.fields.map((f) => f.name)).not.toEqual(expect.arrayContaining(['and', 'if_i']));
  });
});

describe('states said in order', () => {
  it('reads "starts at A, then B, C, D (when ...) and finally E or F" as every state', () => {
    expect(readStates('The status starts at logged, then acknowledged, in progress, on hold (when we have asked them to clarify) and finally resolved or rejected.')?.values).toEqual(['logged', 'acknowledged', 'in_progress', 'on_hold', 'resolved', 'rejected']);
  });
});

describe('waits of an office process', () => {
  const complaints = (said: string) => spec('Complaints have a title and a status (logged, resolved or rejected).', 'Clerks can update complaints.', said);

  it('reads "if it hasn\'t been resolved or rejected within 21 days" as a wait for either, then "another 7 days go by with still nothing" as the same wait again', () => {
    const s = complaints('By law we have twenty working days, so when a complaint comes in, send the acknowledgement email. Then if the complaint hasn\'t been resolved or rejected within 21 days, remind the chair, and if another 7 days go by with still nothing, escalate it to me.');
    const steps = s.workflows[0]?.steps ?? [];
    expect(s.workflows[0]?.trigger).toEqual({ entity: 'Complaint', event: 'created' });
    expect(steps.map((st) => st.kind)).toEqual(['task', 'waitForEvent', 'task', 'waitForEvent', 'task']);
    expect(steps[1]).toMatchObject({ events: ['resolved', 'rejected'], timeout: 'P21D' });
    expect(steps[3]).toMatchObject({ events: ['resolved', 'rejected'], timeout: 'P7D' });
  });
});

describe('a submission and its kind', () => {
  it('reads "Each submission belongs to one candidate, and it\'s marked as a first submission, a resubmission or a final copy" as the relation and the kind', () => {
    const s = spec('A thesis submission has the title and the date submitted.', "Each submission belongs to one candidate, and it's marked as a first submission, a resubmission or a final copy.", 'Candidates have a name.');
    expect(field(s, 'ThesisSubmission', 'candidate_id')?.type).toBe('ref(Candidate)');
    expect(field(s, 'ThesisSubmission', 'submission_type')?.values).toEqual(['first_submission', 'resubmission', 'final_copy']);
  });

  it('reads "whether they\'re asking for an extension" as whether one is requested', () => {
    expect(field(spec('A thesis submission has the title and whether they\'re asking for an extension.'), 'ThesisSubmission', 'extension_requested')?.type).toBe('boolean');
  });
});

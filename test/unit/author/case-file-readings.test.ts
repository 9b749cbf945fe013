/**
 * Session 25 (issue 23): readings a public office's case file needs, pinned on records made up for
 * them (a planning office's applications and committee meetings): "who referred it (...)" as the
 * referral source, "where it has got to: ..." as the status, and "When the meeting ends we record
 * the decision: ..." as one more field of the record just described, with its values.
 */
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';


describe("a planning office's case file", () => {
  const s = spec(
    'An application has a reference (required, and unique), the site address, who referred it (agent, owner or council), and where it has got to: received, consulting, decided or closed.',
    'A meeting belongs to an application and has the date and time (required) and a status of listed, adjourned or held. When the meeting ends we record the decision: approved, refused, or deferred.',
  );

  it('reads "who referred it (agent, owner or council)" as the referral source', () => {
    expect(field(s, 'Application', 'referral_source')?.values).toEqual(['agent', 'owner', 'council']);
  });

  it('reads "where it has got to: received, consulting, decided or closed" as the status', () => {
    expect(field(s, 'Application', 'status')?.values).toEqual(['received', 'consulting', 'decided', 'closed']);
  });

  it('reads "When the meeting ends we record the decision: approved, refused, or deferred" as the meeting\'s decision', () => {
    expect(field(s, 'Meeting', 'decision')?.values).toEqual(['approved', 'refused', 'deferred']);
    expect(s.openQuestions ?? []).toEqual([]);
  });
});

describe('a label, then what each belongs to', () => {
  it('reads "bins - belongs to a customer obvs. where it is, size in litres" as the bin, its customer and its fields', () => {
    const s = spec('customers - business name (must have), adress, phone, email', 'bins - belongs to a customer obvs. where it is in the building (eg "yard"), size in litres (whole number), and a pic of the bin after, jpg only, max 5mb');
    const bin = s.entities.find((e) => e.name === 'Bin');
    expect(bin?.fields.find((f) => f.name === 'customer_id')?.type).toBe('ref(Customer)');
    expect(bin?.fields.find((f) => f.name === 'size_litres')?.type).toBe('integer');
    expect(bin?.fields.find((f) => f.type === 'file')?.name).toMatch(/^(?:bin_)?photo_key$/);
    expect(s.entities.map((e) => e.name)).not.toContain('CustomerObviously');
  });
});

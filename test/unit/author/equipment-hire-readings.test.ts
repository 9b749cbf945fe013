/**
 * Session 25 (issue 23): readings a couple's equipment-hire email needs, pinned on records made up
 * for them (a sauna-trailer hire's trailers, hires and checks): "where it is right now: ..." as
 * the status, a number "off the unit", "how wide their gate is in centimetres", "one X going to
 * one Y", "does a check, and we need a record of that: ...", the pH as a decimal, and "Dev and I
 * can do everything" or "My partner and I run ..." as the administrators, no partner role.
 */
import { fieldOf as field, probeSpec as spec } from '../../support/author-probe';


describe("a sauna-trailer hire's email", () => {
  const s = spec(
    'My partner Ravi and I run Hot Box Hire. We tow mobile saunas to gardens and festivals.',
    'The trailers themselves: each one has a nickname, a serial number off the unit, which is unique, and where it is right now: available, out on hire, being cleaned, or in for repair.',
    'Customers have a name and an email.',
    'A hire is one trailer going to one customer. It needs a start date and an end date. We also ask how wide their driveway or access is in centimetres.',
    'After every hire one of the crew does a safety check, and we need a record of that: which trailer, the date, the stove temperature and the pH of the tank (0 to 14), and any notes.',
    'As for people, Ravi and I can do everything. The crew need to see trailers and hires and log their checks.',
  );

  it('reads "where it is right now: available, ..." as the status, and "a serial number off the unit" as the serial number', () => {
    expect(field(s, 'Trailer', 'status')?.values).toEqual(['available', 'out_on_hire', 'being_cleaned', 'in_for_repair']);
    expect(field(s, 'Trailer', 'serial_number')?.unique).toBe(true);
  });

  it('reads "A hire is one trailer going to one customer" as the hire\'s trailer and customer, and the access width in centimetres', () => {
    expect(field(s, 'Hire', 'trailer_id')?.type).toBe('ref(Trailer)');
    expect(field(s, 'Hire', 'customer_id')?.type).toBe('ref(Customer)');
    expect(field(s, 'Hire', 'access_width_cm')?.type).toBe('number');
    expect(s.entities.map((e) => e.name)).not.toContain('TrailerGoing');
  });

  it('reads "does a safety check, and we need a record of that: ..." as a record of the check, and no workflow', () => {
    expect(field(s, 'SafetyCheckRecord', 'trailer_id')?.type).toBe('ref(Trailer)');
    expect(field(s, 'SafetyCheckRecord', 'tank_ph')).toMatchObject({ type: 'number', min: 0, max: 14 });
    expect(s.workflows).toEqual([]);
  });

  it('reads "Ravi and I can do everything" as the administrators, and "My partner Ravi and I run ..." as no role', () => {
    expect(s.adminRole).toBe('admin');
    expect(s.roles.map((r) => r.name)).not.toContain('partner');
    expect(s.roles.map((r) => r.name)).not.toContain('ravi');
  });
});

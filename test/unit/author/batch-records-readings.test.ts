/**
 * Session 24 (issue 23): readings a producer's batch records need, pinned on records made up for
 * them (a brewery's brews, a bakery's flour deliveries): states said as "one of these states",
 * a department named by its work, a rule said in the sentence after a bulleted field, a reading
 * in degrees taken at a moment, a name with a capital initial ("E. coli"), a value that holds
 * until something happens and then becomes one of two, and two rules of a field with why after a dash.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { readStates } from '../../../lambdas/core/spec/author/states';
import { splitSentences } from '../../../lambdas/core/spec/author/sentences';

const spec = (...paragraphs: string[]) => authorSpec({ name: 'Probe', description: paragraphs.join('\n\n') });
const field = (s: ReturnType<typeof spec>, entity: string, name: string) => s.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);

describe('states and departments', () => {
  it('reads "A brew is in one of these states: a, b or c"', () => {
    expect(readStates('A brew is in one of these states: mashing, fermenting, conditioning or packaged.')?.values).toEqual(['mashing', 'fermenting', 'conditioning', 'packaged']);
  });

  it('keeps "Sales" and "Accounts" as the departments\' names, not "sale" and "account"', () => {
    const s = spec('Stockists have a name.', 'Sales manages the stockist list completely. Accounts can read stockists.');
    expect(s.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['sales', 'accounts']));
    expect(s.roles.map((r) => r.name)).not.toContain('sale');
  });
});

describe('fields of a batch record', () => {
  it('reads "This is a yes/no and it has to be filled in every time" after a bulleted field as required', () => {
    const s = spec('## Deliveries', 'Every morning the flour that comes in is logged as a delivery. We need:', '- the date it came (must be there),\n- whether the moisture test passed. This is a yes/no and it has to be filled in every time; flour that fails goes back.');
    expect(field(s, 'Delivery', 'moisture_test_passed')).toMatchObject({ type: 'boolean', required: true });
  });

  it('reads "the silo temperature at delivery, in degrees" as the silo temperature, a number', () => {
    const s = spec('A delivery has the date, the silo temperature at delivery, in degrees, and the supplier.');
    expect(field(s, 'Delivery', 'silo_temperature')?.type).toBe('number');
    expect(s.entities[0]?.fields.map((f) => f.name)).not.toContain('in_degrees');
  });

  it('keeps "E. coli" inside its sentence', () => {
    expect(splitSentences('Each test has the type of test - listeria, E. coli or salmonella - and the result.')).toHaveLength(1);
  });

  it('reads "The result is pending until the lab gets back to us, then pass or fail" as the result\'s values', () => {
    const s = spec('Each test belongs to one brew and has the date the sample was taken, the result, and any notes. The result is pending until the lab gets back to us, then pass or fail.', 'Brews have a code.');
    expect(field(s, 'Test', 'result')?.values).toEqual(['pending', 'pass', 'fail']);
  });

  it('reads "The code is compulsory and it must be unique - it\'s the whole basis of it" as both rules', () => {
    const s = spec('Each brew gets a brew code that we write on the tank. The code is compulsory and it must be unique - it\'s the whole basis of traceability.');
    expect(field(s, 'Brew', 'brew_code')).toMatchObject({ required: true, unique: true });
  });
});

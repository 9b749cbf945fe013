/**
 * The informal-writing normaliser (lambdas/core/spec/author/wording): abbreviations spelled out,
 * near-misses of known words corrected, and everything else — real words near a known one,
 * numbers, names, codes, punctuation — left exactly as written.
 */
import { authorSpec } from '../../../lambdas/core/spec/author';
import { normalizeInformal } from '../../../lambdas/core/spec/author/wording';

describe('normalizeInformal', () => {
  test.each([
    ['we r a few bakeries, each bakery\'s stuff has to be seperate', 'we are a few bakeries, each bakery\'s stuff has to be separate'],
    ['products r visible to every1 w/o login.', 'products are visible to everyone without login.'],
    ['bakery owner: evrything.', 'bakery owner: everything.'],
    ['pitch no. (uniqe), price per nite', 'pitch number (unique), price per night'],
    ['cancel it automaticaly', 'cancel it automatically'],
    ['clients: name, adress, phone', 'clients: name, address, phone'],
    ['ppl: me (admin). cleaners see jobs & update them', 'people: me (admin). cleaners see jobs and update them'],
    ['pics w/ captions n docs', 'pictures with captions and documents'],
    ['qty, cake msg, more info, a desc', 'quantity, cake message, more information, a description'],
    ['the HR administrator can read volunteers, 2 hr shifts', 'the HR administrator can read volunteers, 2 hour shifts'],
    ['u can pls recieve it', 'you can please receive it'],
    ['Pics of the dogs', 'Pictures of the dogs'],
  ])('%s', (input, output) => {
    expect(normalizeInformal(input)).toBe(output);
  });

  test('keeps known words, words near a known one, numbers, codes, names and yes/no marks', () => {
    const text = 'theme, suite, intro video, inspection date, berth, hookup, kids, 2mb, A4, y/n, (do we have there keys), Ana & Ben met Berty';
    expect(normalizeInformal(text)).toBe('theme, suite, intro video, inspection date, berth, hookup, kids, 2mb, A4, y/n, (do we have there keys), Ana and Ben met Berty');
  });

  test('a word capitalised inside a sentence is a name of the text, kept wherever it appears', () => {
    expect(normalizeInformal('Our vet is Adress Smith and adress is her name')).toBe('Our vet is Adress Smith and adress is her name');
    expect(normalizeInformal('Our vet is Smith and the adress is here')).toBe('Our vet is Smith and the address is here');
  });

  test('grade letters and single letters inside lists are kept', () => {
    expect(normalizeInformal('grade (A/B/C), size S, M or L')).toBe('grade (A/B/C), size S, M or L');
    expect(normalizeInformal('status recieved/in work, if it isnt ready')).toBe('status received/in work, if it is not ready');
  });

  // (Its speed on long descriptions is measured by `npm run bench`, with the whole author; a
  // timed assertion here would fail on a loaded machine, not on a slow reader.)
  test('reads a long description as it reads each of its lines', () => {
    const line = 'clients: name, adress, phone, email, key holder y/n. ';
    expect(normalizeInformal(line.repeat(200))).toBe(normalizeInformal(line).repeat(200));
  });
});

describe('informal notes, as a new user writes them (a tool library run by several councils)', () => {
  const spec = authorSpec({
    name: 'Tools',
    description: [
      'so we need lending days - each one has a title (required), a hall adress and how many slots theres room for (max 40).',
      'tools: serial no (required and unique), make, a pic of the tool - jpg or png, 5mb max.',
      'loans: always for one tool. date lent, where it was lent from, a loan ref number (unique), was it cleaned y/n, and a notes box for the long story.',
      'returned tools: when someone brings one back. date returned, which shed its being kept at, the serial no as we read it off the tool, condition (fine, worn or broken).',
      'sheds: name (required), adress.',
      '',
      'users:',
      '- me and my co-ordinator are the admins and we can do everything',
      '- borrowers (public who sign up) can add loans and only see + edit their own',
      '',
      'automatic stuff:',
      '1. when a returned tool gets logged, check the serial no against the insurer - that service is flakey so retry it up to 3x - then notify the owner',
    ].join('\n'),
  });
  const fields = (entity: string) => spec.entities.find((e) => e.name === entity)?.fields.map((f) => `${f.name}:${f.type}`) ?? [];

  it('reads the record types announced, labelled and listed over two sentences', () => {
    expect(spec.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['LendingDay', 'Tool', 'Loan', 'ReturnedTool', 'Shed']));
    expect(fields('Loan')).toEqual(expect.arrayContaining(['tool_id:ref(Tool)', 'date_lent:date', 'lent_from:string', 'loan_reference_number:string', 'was_cleaned:boolean', 'notes:text']));
    expect(fields('ReturnedTool')).toEqual(expect.arrayContaining(['returned_on:date', 'shed_id:ref(Shed)', 'serial_number:string', 'condition:enum']));
  });

  it('reads the admins said with "me and my X", a role whose parenthesis says who they are, and retries written "3x"', () => {
    expect(spec.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['admin', 'borrower']));
    const check = spec.workflows.find((w) => w.trigger?.entity === 'ReturnedTool');
    expect(check?.steps[0]).toMatchObject({ kind: 'task', retries: 3 });
  });
});

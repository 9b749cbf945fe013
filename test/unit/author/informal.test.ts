/**
 * The informal-writing normaliser (lambdas/core/spec/author/wording): abbreviations spelled out,
 * near-misses of known words corrected, and everything else — real words near a known one,
 * numbers, names, codes, punctuation — left exactly as written.
 */
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

/**
 * The pure core's shared words and helpers (issue 22, "one source for each fact"): the vocabulary
 * the spec model and the IR build from, the date and duration patterns, the case and English
 * helpers every generated text uses.
 */
import { FieldTypeText } from '../../lambdas/core/spec/spec-model';
import { DATE_PATTERN, ISO_DURATION_PATTERN, SIGNED_ISO_DURATION_PATTERN, isDate, isDateTime, isSpecDate, isSpecDateTime } from '../../lambdas/core/date-formats';
import { camelCase, kebabCase, pascalCase, snakeCase, upperFirst } from '../../lambdas/core/text/case';
import { countOf, durationText, formatBytes, sentence, truncate, withArticle } from '../../lambdas/core/text/english';
import { FIELD_TYPES, LIST_ITEM_TYPES, SCALAR_TYPES, keyedBy } from '../../lambdas/core/vocabulary';

describe('vocabulary', () => {
  it('derives the IR types and the list item types from the scalar types', () => {
    expect(FIELD_TYPES).toEqual([...SCALAR_TYPES, 'ref', 'list']);
    expect(LIST_ITEM_TYPES).toEqual([...SCALAR_TYPES.filter((type) => type !== 'file'), 'ref']);
  });

  it.each([
    ['string', true],
    ['ref(Task)', true],
    ['list(enum)', true],
    ['list(ref(Tag))', true],
    ['list(file)', false],
    ['list(list(string))', false],
    ['ref(task)', false],
    ['String', false],
  ])('the spec model reads the field type %s: %s', (text, ok) => expect(FieldTypeText.safeParse(text).success).toBe(ok));

  it('keys an object by a list, in its order', () => {
    expect(Object.keys(keyedBy(['create', 'read'], 1))).toEqual(['create', 'read']);
  });
});

describe('date formats', () => {
  it.each([
    ['2025-01-31', true, true],
    ['2026-02-29', true, false],
    ['2025-1-31', false, false],
  ])('date %s: spec default %s, calendar date %s', (text, spec, calendar) => {
    expect(isSpecDate(text)).toBe(spec);
    expect(isDate(text)).toBe(calendar);
    expect(DATE_PATTERN.test(text)).toBe(text.length === 10);
  });

  it('a spec default may leave out the seconds; an API date-time may not', () => {
    expect(isSpecDateTime('2025-01-31T09:00Z')).toBe(true);
    expect(isDateTime('2025-01-31T09:00Z')).toBe(false);
    expect(isDateTime('2025-01-31T09:00:00Z')).toBe(true);
  });

  it('reads ISO 8601 durations, signed only where an offset may be', () => {
    expect(ISO_DURATION_PATTERN.test('P1Y2M3DT4H5M6S')).toBe(true);
    expect(ISO_DURATION_PATTERN.test('-PT1H')).toBe(false);
    expect(ISO_DURATION_PATTERN.test('P')).toBe(false);
    expect(SIGNED_ISO_DURATION_PATTERN.exec('-PT1H')?.slice(1, 3)).toEqual(['-', undefined]);
  });
});

describe('case', () => {
  it.each([
    [kebabCase, 'ExpenseReport', 'expense-report'],
    [kebabCase, 'HTTPLog', 'http-log'],
    [kebabCase, 'createProject', 'create-project'],
    [snakeCase, 'Due date', 'due_date'],
    [snakeCase, 'LineItem', 'line_item'],
    [snakeCase, '2fa code', 'n_2fa_code'],
    [pascalCase, 'expense-reports', 'ExpenseReports'],
    [pascalCase, 'expense_report_approval', 'ExpenseReportApproval'],
    [camelCase, 'forgot-password', 'forgotPassword'],
    [upperFirst, 'records', 'Records'],
    [upperFirst, '', ''],
  ])('%p(%s) = %s', (helper, text, expected) => expect(helper(text)).toBe(expected));
});

describe('English', () => {
  it('writes the pieces the generated texts share', () => {
    expect(withArticle('Task')).toBe('a Task');
    expect(withArticle('ExpenseReport')).toBe('an ExpenseReport');
    expect(sentence(' shown to the user ')).toBe('Shown to the user.');
    expect(sentence('Done!')).toBe('Done!');
    expect(countOf(1, 'error')).toBe('1 error');
    expect(countOf(3, 'error')).toBe('3 errors');
    expect(truncate('abcdef', 5)).toBe('ab...');
    expect(truncate('abc', 5)).toBe('abc');
    expect(formatBytes(10485760)).toBe('10 MB');
    expect(formatBytes(524288)).toBe('512 KB');
    expect(formatBytes(1000)).toBe('1000 bytes');
    expect(durationText(3600)).toBe('1 hour');
    expect(durationText(2592000)).toBe('30 days');
    expect(durationText(90)).toBe('90 seconds');
  });
});

import { DEFAULT_PASSWORD_POLICY, passwordPolicyProblems } from '../../lambdas/core/password-policy';

describe('password policy', () => {
  it('accepts a password that meets the default policy, symbols optional', () => {
    expect(passwordPolicyProblems('Abcdefg1')).toEqual([]);
    expect(passwordPolicyProblems('Abcdefg1!')).toEqual([]);
    expect(passwordPolicyProblems('Correct Horse 9 battery')).toEqual([]);
  });

  it.each([
    ['Abcdef1', ['must be at least 8 characters long']],
    ['abcdefg1', ['must contain an uppercase letter']],
    ['ABCDEFG1', ['must contain a lowercase letter']],
    ['Abcdefgh', ['must contain a digit']],
    ['', ['must be at least 8 characters long', 'must contain an uppercase letter', 'must contain a lowercase letter', 'must contain a digit']],
  ])('%j -> %j', (password, problems) => {
    expect(passwordPolicyProblems(password)).toEqual(problems);
  });

  it('limits the length to 256 characters, counted as the user sees them', () => {
    expect(passwordPolicyProblems(`Aa1${'x'.repeat(253)}`)).toEqual([]);
    expect(passwordPolicyProblems(`Aa1${'x'.repeat(254)}`)).toEqual(['must be at most 256 characters long']);
    // "Aa1" and four emoji: 11 UTF-16 units but 7 characters, so too short.
    expect(passwordPolicyProblems('Aa1😀😀😀😀')).toEqual(['must be at least 8 characters long']);
  });

  it('uses the same character classes as Cognito (ASCII letters and digits)', () => {
    // Non-ASCII letters and digits do not count, so a password accepted here is accepted on AWS.
    expect(passwordPolicyProblems('ÄÖÜäöü١٢٣abc')).toEqual(['must contain an uppercase letter', 'must contain a digit']);
  });

  it('can require a symbol', () => {
    const policy = { ...DEFAULT_PASSWORD_POLICY, requireSymbol: true };
    expect(passwordPolicyProblems('Abcdefg1', policy)).toEqual(['must contain a symbol such as ! @ # or %']);
    expect(passwordPolicyProblems('Abcdefg1^', policy)).toEqual([]);
    expect(passwordPolicyProblems('Abcd efg1', policy)).toEqual([]);
  });

  it('the default policy cannot be changed by accident', () => {
    expect(Object.isFrozen(DEFAULT_PASSWORD_POLICY)).toBe(true);
  });
});

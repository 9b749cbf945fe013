/**
 * The rate limits of a generated project's auth routes (CONTRACT "Generated project API"): what
 * each category counts, per whom, and its defaults. A blueprint may override any category
 * (`ir.auth.rateLimits`, from the spec's optional `## Rate limits` section); the defaults are
 * applied here, when an IR is read, so blueprints deployed before the field existed keep loading
 * and get them. The route manifest (project-routes/) copies the effective windows onto each
 * auth route, and the runtime, the OpenAPI and the design document all read them from there.
 *
 * Why these defaults (a demanding user's expectations, one address often being many people):
 * - signup, per client address: 20 a minute and 200 an hour. A classroom or an office behind one
 *   NAT can sign up together; a script cannot create more than 200 accounts an hour.
 * - login, per pair of address and account: the control plane's authentication limit (10 a
 *   minute), so one address serving many people does not shut them all out; the lock-out after
 *   repeated failures stays as it is.
 * - confirm and reset-password, per account: 10 per 15 minutes, far above a person's retries.
 * - forgot-password, per account: 5 an hour and 20 a day: each call mails a code, so this bounds
 *   the mail an attacker can send a victim, and the codes issued.
 * - wrong codes, per account (confirmation and reset codes together, whichever code was issued):
 *   5 per 15 minutes and 20 a day. A new code no longer brings fresh guesses: at 20 a day a
 *   6-digit code is guessed with a probability of 20/10^6 a day (under 1% a year).
 * - signup notices, per account: 1 an hour and 3 a day. Signup answers a taken email as a new
 *   one, so these bound the mail (not the answers) that signups from many addresses can send one
 *   owner: one notice already tells them, and a few a day still reach someone retrying later.
 * - signup codes, per account: 5 a day: the verification mails of signups that replace an
 *   unconfirmed account whose code expired (a person needs one; each also discards the last).
 * Past these two, signup answers exactly as before and only sends nothing (and replaces nothing).
 */
import { DEFAULT_RATE_LIMITS } from '../rate-limit';
import { writeWindow } from '../spec/spec-cells';
import { AUTH_RATE_CATEGORIES, type AuthRateCategory, type BlueprintIR, type IrAuthRateLimits, type IrRateRule } from './ir';

/** Whom a category counts: the client address, the account (the body's email), or the pair. */
export type RateSubject = 'address' | 'account' | 'addressAndAccount';

export interface AuthRateCategoryInfo {
  readonly per: RateSubject;
  /** What is counted, for documents: `signups`. */
  readonly counts: string;
  readonly defaults: readonly IrRateRule[];
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

export const AUTH_RATE_LIMIT_CATEGORIES: Readonly<Record<AuthRateCategory, AuthRateCategoryInfo>> = {
  signup: { per: 'address', counts: 'signups', defaults: [{ limit: 20, windowSeconds: MINUTE }, { limit: 200, windowSeconds: HOUR }] },
  login: { per: 'addressAndAccount', counts: 'logins', defaults: [{ limit: DEFAULT_RATE_LIMITS.auth, windowSeconds: MINUTE }] },
  confirm: { per: 'account', counts: 'confirmations', defaults: [{ limit: 10, windowSeconds: 15 * MINUTE }] },
  forgotPassword: { per: 'account', counts: 'reset code requests', defaults: [{ limit: 5, windowSeconds: HOUR }, { limit: 20, windowSeconds: DAY }] },
  resetPassword: { per: 'account', counts: 'password resets', defaults: [{ limit: 10, windowSeconds: 15 * MINUTE }] },
  wrongCodes: { per: 'account', counts: 'wrong confirmation or reset codes', defaults: [{ limit: 5, windowSeconds: 15 * MINUTE }, { limit: 20, windowSeconds: DAY }] },
  signupNotices: { per: 'account', counts: 'sign-up attempt notices', defaults: [{ limit: 1, windowSeconds: HOUR }, { limit: 3, windowSeconds: DAY }] },
  signupCodes: { per: 'account', counts: 'verification codes of repeated signups', defaults: [{ limit: 5, windowSeconds: DAY }] },
};

export type EffectiveAuthRateLimits = Readonly<Record<AuthRateCategory, readonly IrRateRule[]>>;

/** Every category's windows: the blueprint's where it sets them, else the defaults. */
export function authRateLimitsOf(ir: Pick<BlueprintIR, 'auth'>): EffectiveAuthRateLimits {
  const own: IrAuthRateLimits = ir.auth.rateLimits ?? {};
  return Object.fromEntries(AUTH_RATE_CATEGORIES.map((category) => [category, own[category] ?? AUTH_RATE_LIMIT_CATEGORIES[category].defaults])) as Record<
    AuthRateCategory,
    readonly IrRateRule[]
  >;
}

/** `20 per minute and 200 per hour` (windows in the spec's words: spec-cells.ts). */
export function rulesText(rules: readonly IrRateRule[]): string {
  return rules.map((rule) => `${rule.limit} per ${writeWindow(rule.windowSeconds)}`).join(' and ');
}

/** `per client address`, `per account`, `per client address and account`. */
export function subjectText(per: RateSubject): string {
  return per === 'address' ? 'per client address' : per === 'account' ? 'per account' : 'per pair of client address and account';
}

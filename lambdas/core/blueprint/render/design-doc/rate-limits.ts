/** The Rate limits section: the auth routes' windows as the route manifest states them. */
import { renderTable } from '../../../spec/spec-markdown';
import { writeRateLimitName } from '../../../spec/spec-cells';
import { AUTH_RATE_CATEGORIES, type BlueprintIR } from '../../ir';
import { AUTH_RATE_LIMIT_CATEGORIES, rulesText, subjectText } from '../../auth-rate-limits';
import type { ProjectRoute, RouteRateLimit } from '../../project-routes';

/** The auth routes' rate limits, as the route manifest states them (auth-rate-limits.ts has the defaults). */
export function rateLimits(ir: BlueprintIR, routes: ProjectRoute[]): string {
  const own = AUTH_RATE_CATEGORIES.filter((name) => ir.auth.rateLimits?.[name] !== undefined);
  const rows: [string, string, string][] = [];
  const codeRoutes: string[] = [];
  let codeLimit: RouteRateLimit | undefined;
  for (const route of routes) {
    if (route.rateLimit) rows.push([`\`${route.method} ${route.path}\``, `${AUTH_RATE_LIMIT_CATEGORIES[route.rateLimit.category].counts} ${subjectText(route.rateLimit.per)}`, rulesText(route.rateLimit.rules)]);
    if (route.wrongCodeLimit) {
      codeRoutes.push(`\`${route.method} ${route.path}\``);
      codeLimit = route.wrongCodeLimit;
    }
  }
  if (codeLimit) rows.push([codeRoutes.join(', '), `${AUTH_RATE_LIMIT_CATEGORIES[codeLimit.category].counts} ${subjectText(codeLimit.per)}`, rulesText(codeLimit.rules)]);
  const signup = routes.find((route) => route.signupMailLimits);
  for (const mail of signup?.signupMailLimits ? [signup.signupMailLimits.notices, signup.signupMailLimits.codes] : []) {
    rows.push([`\`${signup!.method} ${signup!.path}\` (mail)`, `${AUTH_RATE_LIMIT_CATEGORIES[mail.category].counts} ${subjectText(mail.per)}`, rulesText(mail.rules)]);
  }
  return [
    '## Rate limits',
    '',
    'The auth routes count requests in fixed windows (every window of a row applies). Past a limit they answer 429 `RATE_LIMITED` with `Retry-After` (seconds until the window ends); every answer of these routes carries `X-RateLimit-Limit` and `X-RateLimit-Remaining` for its tightest window. The client address is the one API Gateway saw (an IPv6 address counts by its /64), never a forwarded header; the account is the email in the body.',
    '',
    ...renderTable(['Route', 'Counted', 'Limit'], rows),
    '',
    'Wrong codes are counted per account whichever code was issued: asking for a new code with forgot-password gives no new guesses. Once the limit is reached, confirm and reset-password answer 429 without trying the code until the window ends. The login lock-out (`ACCOUNT_LOCKED`) applies as well.',
    '',
    ...(signup
      ? [
          `Signup's mail rows bound what signups from any number of addresses can mail one account, counting only the mails sent: the notice to the owner of a taken email, and the new code of a signup that replaces an unconfirmed account whose code expired. Past them signup sends nothing (and replaces nothing) but answers exactly as before, never 429, so the limit does not tell whether the email has an account. Cognito sends no notice, so on AWS only the second applies. The defaults (notices ${rulesText(AUTH_RATE_LIMIT_CATEGORIES.signupNotices.defaults)}, codes ${rulesText(AUTH_RATE_LIMIT_CATEGORIES.signupCodes.defaults)}) let one notice tell the owner that someone tried and a few more a day reach an owner retrying later, while no flood from many addresses fills the inbox.`,
          '',
        ]
      : []),
    `${own.length > 0 ? `The spec's \`## Rate limits\` section sets ${own.map((name) => `\`${writeRateLimitName(name)}\``).join(', ')}; the other limits are the defaults` : "These are the defaults; the spec's optional `## Rate limits` section changes them"} (every request counts, refused ones too). The counters are kept in the project's own table and hold on AWS and locally alike. On AWS, Cognito adds limits of its own, also answered as 429 \`RATE_LIMITED\`: per-user quotas on codes and password changes, wrong-code attempts, and request rates per AWS account and Region shared by all its user pools (the account-recovery operations, forgot and reset password, 30 a second by default).`,
  ].join('\n');
}

/** The Authentication and Authorization sections: headers, the token flow, passwords, lock-out, membership, levels and rights. */
import { renderTable } from '../../../spec/spec-markdown';
import type { BlueprintIR } from '../../ir';
import { durationText } from '../../../text/english';
import { ACCESS_LEVELS, type AccessLevel } from '../../../vocabulary';

/** What each level means, in the table of the Authorization section. */
const LEVEL_MEANINGS: Record<AccessLevel, string> = {
  public: 'No token needed.',
  authenticated: 'Any signed-in user of the project (of the organization when multi-tenant).',
  owner: "Only the record's owner (its owner field is the caller); admins pass too.",
  admin: 'Only users with the administrative role.',
};

export function authentication(ir: BlueprintIR): string {
  const t = ir.auth.tokenLifetimes;
  const p = ir.auth.passwordPolicy;
  const lock = ir.auth.lockout;
  const multi = ir.tenancy.mode === 'multi';
  const rules = [
    `at least ${p.minLength} characters`,
    ...(p.requireUppercase ? ['an uppercase letter'] : []),
    ...(p.requireLowercase ? ['a lowercase letter'] : []),
    ...(p.requireDigit ? ['a digit'] : []),
    p.requireSymbol ? 'a symbol' : 'a symbol is optional',
  ];
  return [
    '## Authentication',
    '',
    'Every request except the public ones carries the access token; bodies are JSON:',
    '',
    '```http',
    'Authorization: Bearer <ACCESS_TOKEN>',
    'Content-Type: application/json',
    '```',
    '',
    'Token flow:',
    '',
    `1. \`POST /auth/signup\` with \`email\` and \`password\`${multi ? ', plus `orgName` (creates an organization; you become its admin) or `inviteCode` (joins the inviting organization with the invited role)' : ''} -> 201 \`{ userId, email, confirmed: false }\`; a verification code is emailed. The answer is the same when the email already has an account (its owner is emailed instead and nothing changes), so signup does not tell who has an account; a new signup replaces an unconfirmed account whose code has expired.`,
    '2. `POST /auth/confirm` with `email` and the emailed `code` confirms the account (login refuses unconfirmed accounts with 403 `USER_NOT_CONFIRMED`).',
    `3. \`POST /auth/login\` with \`email\` and \`password\` -> \`{ accessToken, refreshToken, idToken, expiresIn }\`: the access token (JWT) lives ${durationText(t.accessSeconds)}, the ID token ${durationText(t.idSeconds)}, the refresh token ${durationText(t.refreshSeconds)}; \`expiresIn\` is the access token's lifetime in seconds.`,
    `4. Send \`Authorization: Bearer <accessToken>\` on every other request. The token carries \`sub\`, ${multi ? '`org_id`, ' : ''}\`role\` and \`token_use = access\`; an ID or refresh token is refused as an access token (401).`,
    '5. Before it expires (or on 401 `TOKEN_EXPIRED`), `POST /auth/refresh` with `refreshToken` -> new `{ accessToken, idToken, expiresIn }`. A role change or a removal revokes the member\'s refresh tokens: they sign in again.',
    '6. Forgotten password: `POST /auth/forgot-password` with `email` (202 whether or not the account exists) emails a code; `POST /auth/reset-password` with `email`, `code` and `newPassword` sets the new one.',
    '',
    `Password policy: ${rules.join(', ')}.`,
    '',
    `Brute-force protection: after ${lock.threshold} consecutive failed logins an account is locked for ${durationText(lock.baseSeconds)} (429 \`ACCOUNT_LOCKED\`, with \`Retry-After\`); each failure after a lock doubles the next one, up to ${durationText(lock.maxSeconds)}. A successful login resets it. An unknown email gets the same answers as a wrong password.`,
    '',
    multi
      ? `Membership: the founder of an organization gets the \`${ir.adminRole}\` role; admins invite others with \`POST /v1/invitations\` (\`{ email, role }\`, role defaults to \`${ir.defaultRole}\`) and change roles with \`PUT /v1/users/{id}/role\`.`
      : `Membership: the first confirmed user gets the \`${ir.adminRole}\` role and later users the \`${ir.defaultRole}\` role; admins change roles with \`PUT /v1/users/{id}/role\`.`,
    '',
    `Member management (roles, ${multi ? 'invitations, ' : ''}\`DELETE /v1/users/{id}\`) decides on the caller's role as stored, at once, not on the token's \`role\`. The last confirmed \`${ir.adminRole}\` of ${multi ? 'an organization' : 'the project'} can never be demoted or removed (409 \`CONFLICT\`), even by two admins at the same moment. A role change or a removal revokes the member's refresh tokens; for record access it takes effect when the member's current access token is replaced (at most ${durationText(t.accessSeconds)}). A removed member's account stays, in no ${multi ? 'organization' : 'role'}: they can sign in, and every other request answers 403.`,
  ].join('\n');
}

export function authorization(ir: BlueprintIR): string {
  return [
    '## Authorization',
    '',
    "A request passes when both hold: the endpoint's level, and the caller's role right for that operation on that entity (list and read need `r`, create `c`, PUT/PATCH and upload-url `u`, delete `d`, download-url `r`). " +
      `The \`${ir.adminRole}\` role has every right and passes the owner level. A right limited to own records (\`:own\`) applies only to records whose owner field is the caller, and lists show only those.`,
    '',
    ...renderTable(
      ['Level', 'Meaning'],
      ACCESS_LEVELS.map((level) => [level, LEVEL_MEANINGS[level]]),
    ),
  ].join('\n');
}

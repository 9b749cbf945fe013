/**
 * The administrators of a tenant are the spec's `admin` role, whatever the tenant is called:
 * "chain admins", "agency administrators", "company admins" (the tenant's founder gets that
 * role, so naming it after the tenant would make two admin roles), and the administrative role
 * named after a part of it ("housing office admins"). In one organisation too, the role that can
 * do everything and is named "<something> admins" ("Club admins can do everything") is `admin`:
 * 18 of the 20 development descriptions that say so were read that way by their annotators (the
 * other two, a league's and an office's admins, kept the longer name).
 */
import type { SpecDocument } from '../spec-model';
import type { RoleDraft } from '../offline-author/roles';
import { singular } from '../offline-author/text';

const TENANT_ADMIN = /^([a-z]+)_(?:admin|admins|administrator|administrators)$/;
/** `housing_office_admin`: administrators named after a part of the tenant. */
const QUALIFIED_ADMIN = /^[a-z_]+_(?:admin|admins|administrator|administrators)$/;

export function tenantAdminAsAdmin(spec: SpecDocument, tenantUnits: ReadonlySet<string>): SpecDocument {
  const tenantAdmin = (name: string) => {
    const m = TENANT_ADMIN.exec(name);
    return !!m && tenantUnits.has(singular(m[1]!));
  };
  if (spec.roles.some((r) => r.name === 'admin')) {
    // ("As a scheme admin, I can manage ..." when each scheme is a tenant and the administrative role is made up: one
    // role, the admin, who founds the scheme and holds every right there.)
    const duplicate = spec.tenancy === 'multi' && spec.adminRole === 'admin' ? spec.roles.find((r) => tenantAdmin(r.name)) : undefined;
    if (!duplicate) return spec;
    return { ...spec, roles: spec.roles.filter((r) => r !== duplicate), defaultRole: spec.defaultRole === duplicate.name ? 'admin' : spec.defaultRole };
  }
  // ("Housing office admins can do everything" at a university: the tenant's administrators too.)
  // ("Club admins can do everything" at one club: the administrators, whatever they administer.)
  const role =
    (spec.tenancy === 'multi'
      ? spec.roles.find((r) => tenantAdmin(r.name))
      : undefined) ?? spec.roles.find((r) => r.name === spec.adminRole && QUALIFIED_ADMIN.test(r.name));
  if (!role) return spec;
  const from = role.name;
  const rename = (name: string) => (name === from ? 'admin' : name);
  return {
    ...spec,
    roles: spec.roles.map((r) => (r.name === from ? { ...r, name: 'admin' } : r)),
    adminRole: rename(spec.adminRole),
    defaultRole: rename(spec.defaultRole),
  };
}

/** The words of a role's name that say whose organisation it is ("club member", "society member"). */
const ORGANISATION_WORDS = /^(?:club|society|team|group|scheme|gym|centre|center|school|library|church|league|union|association|studio|shop|practice)$/;

/**
 * "As a club member, I can book ..." and "As a member, I can cancel ...": one role, said once with
 * whose it is; its rights are both's.
 */
export function mergeOrganisationRoles(drafts: RoleDraft[]): RoleDraft[] {
  const names = new Set(drafts.map((d) => d.name));
  const into = (d: RoleDraft): string | undefined => {
    const m = /^([a-z]+)_([a-z_]+)$/.exec(d.name);
    return m && ORGANISATION_WORDS.test(m[1]!) && names.has(m[2]!) ? m[2] : undefined;
  };
  const out = drafts.filter((d) => !into(d)).map((d) => ({ ...d, grants: [...d.grants], denials: [...d.denials] }));
  for (const d of drafts) {
    const target = into(d);
    const kept = target ? out.find((o) => o.name === target) : undefined;
    if (!kept) continue;
    kept.grants.push(...d.grants);
    kept.denials.push(...d.denials);
    kept.admin ||= d.admin;
    kept.order = Math.min(kept.order, d.order);
  }
  return out;
}

/** "I'm the boss": what the writer calls the one in charge is the administrative role; other names stay as written. */
export function asRoleName(said: string): string {
  const name = said.trim().toLowerCase();
  return /^(?:boss|big boss|gaffer|head honcho|top dog)$/.test(name) ? 'admin' : name;
}

/**
 * The administrators of a tenant are the spec's `admin` role, whatever the tenant is called:
 * "chain admins", "agency administrators", "company admins" (the tenant's founder gets that
 * role, so naming it after the tenant would make two admin roles), and the administrative role
 * named after a part of it ("housing office admins"). Other admin-like roles ("league admins" in
 * a single-tenant league) keep their name.
 */
import type { SpecDocument } from '../spec-model';
import { singular } from '../offline-author/text';

const TENANT_ADMIN = /^([a-z]+)_(?:admin|admins|administrator|administrators)$/;
/** `housing_office_admin`: administrators named after a part of the tenant. */
const QUALIFIED_ADMIN = /^[a-z_]+_(?:admin|admins|administrator|administrators)$/;

export function tenantAdminAsAdmin(spec: SpecDocument, tenantUnits: ReadonlySet<string>): SpecDocument {
  if (spec.tenancy !== 'multi' || spec.roles.some((r) => r.name === 'admin')) return spec;
  // ("Housing office admins can do everything" at a university: the tenant's administrators too.)
  const role =
    spec.roles.find((r) => {
      const m = TENANT_ADMIN.exec(r.name);
      return m && tenantUnits.has(singular(m[1]!));
    }) ?? spec.roles.find((r) => r.name === spec.adminRole && QUALIFIED_ADMIN.test(r.name));
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

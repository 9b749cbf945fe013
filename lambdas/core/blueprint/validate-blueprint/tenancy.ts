/** Tenancy: a multi-tenant project's records belong to Organization through org_id; a single-tenant one has neither. */
import { TENANT_ENTITY } from '../../vocabulary';
import type { ValidationContext } from './context';

export function checkTenancy(ctx: ValidationContext): void {
  const { mode, tenantEntity, claim } = ctx.ir.tenancy;
  if (mode === 'multi' && (tenantEntity !== TENANT_ENTITY || claim !== 'org_id')) {
    ctx.error('$.tenancy', 'TENANCY_INCONSISTENT', `a multi-tenant project's records belong to ${TENANT_ENTITY} through the org_id claim (tenantEntity '${TENANT_ENTITY}', claim 'org_id')`);
  }
  if (mode === 'single' && (tenantEntity !== null || claim !== null)) {
    ctx.error('$.tenancy', 'TENANCY_INCONSISTENT', 'a single-tenant project has no tenant entity and no org_id claim (both null)');
  }
}

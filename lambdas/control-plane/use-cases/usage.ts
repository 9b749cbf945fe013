/** Language-model usage of the caller. */
import { formatMicros, microsToRoundedCents } from '../../core/money';
import type { UseCase } from '../../shared/route-handler';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import { DEFAULT_PAGE_SIZE } from '../schemas';
import type { ControlPlanePorts, ServicesWith } from '../composition/services';

type Routes = typeof R;
/** A use case of route K over the ports P it names (the route's handler provides exactly those). */
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;

export const usageMe: Handler<'usageMe', 'identity' | 'usage'> = async ({ user, accessToken }, { usage, identity }) => {
  const totals = await usage.totals(user.userId);
  // The profile carries the email; an account made outside BGS has none yet.
  const email = totals.email ?? (await identity.getUser({ accessToken })).email;
  return {
    body: {
      user: { id: user.userId, email },
      usage: {
        totalCalls: totals.totalCalls,
        inputTokens: totals.inputTokens,
        outputTokens: totals.outputTokens,
        totalCostCents: microsToRoundedCents(totals.costMicros),
        totalCostFormatted: formatMicros(totals.costMicros),
      },
    },
  };
};

export const usageRecent: Handler<'usageRecent', 'usage'> = async ({ user, query }, { usage }) => ({
  body: { items: await usage.recent(user.userId, query.limit ?? DEFAULT_PAGE_SIZE) },
});

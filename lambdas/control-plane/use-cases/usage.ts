/** Language-model usage of the caller. */
import { formatMicros, microsToRoundedCents } from '../../core/money';
import type { UseCase } from '../../shared/route-handler';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import { DEFAULT_PAGE_SIZE } from '../schemas';
import type { ControlPlaneServices } from '../services';

type Routes = typeof R;
type Handler<K extends keyof Routes> = UseCase<Routes[K], ControlPlaneServices>;

export const usageMe: Handler<'usageMe'> = async ({ user, accessToken }, { usage, identity }) => {
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

export const usageRecent: Handler<'usageRecent'> = async ({ user, query }, { usage }) => ({
  body: { items: await usage.recent(user.userId, query.limit ?? DEFAULT_PAGE_SIZE) },
});

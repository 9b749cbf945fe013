/**
 * Chat edits of tenancy: `Make it single-tenant` / `Make it multi-tenant`, `Each organization's
 * data should be isolated`, `Each company is a separate tenant`.
 */
import { done, refused, type EditHandler } from './edit-context';
import { singleTenantWording } from './finish';

const TO_SINGLE = /\bsingle[- ]?tenan(?:t|cy)\b|\b(?:no|without|drop|remove|disable)\s+(?:the\s+)?(?:multi[- ]?tenancy|tenancy|tenant isolation|organi[sz]ation isolation)\b|\bnot multi[- ]?tenant\b|\bone shared (?:space|tenant)\b/i;
const TO_MULTI = /\bmulti[- ]?tenan(?:t|cy)\b|\bseparate tenants?\b|\b(?:each|every|per)\s+(?:organi[sz]ation|company|workspace|tenant|team)(?:'s)?\s+(?:data\s+)?(?:should|must|is|are|will)\s+(?:be\s+)?(?:isolated|separate|private|its own tenant)\b|\bisolate (?:the\s+)?(?:data of each|each)\s+(?:organi[sz]ation|company|workspace)/i;

export const tenancyEdit: EditHandler = (spec, sentence) => {
  const single = TO_SINGLE.test(sentence);
  const multi = !single && TO_MULTI.test(sentence);
  if (!single && !multi) return undefined;
  const mode = single ? 'single' : 'multi';
  if (spec.tenancy === mode) return refused(`The spec is already ${mode}-tenant; nothing changed.`);
  spec.tenancy = mode;
  if (single) {
    singleTenantWording(spec);
    return done('Made it single-tenant: all users share one space, and records no longer carry org_id.');
  }
  return done("Made it multi-tenant: each organization's data is isolated by org_id; a signup creates an organization or joins one by invitation.");
};

/** The Address and Context sections: where the API answers, the overview, tenancy, entities, roles and their rights. */
import { headingOf, renderTable, splitLines } from '../../../spec/spec-markdown';
import { USER_ENTITY, type BlueprintIR, type IrEntity } from '../../ir';
import { RIGHT_NAMES, type RightName, type RightScope } from '../../../vocabulary';

export function address(base: string, deployed: boolean): string {
  return [
    '## Address',
    '',
    deployed
      ? `The API is deployed at **${base}**. Every path below is relative to this base URL.`
      : `Not deployed yet: **${base}** is the address the project will have once it is deployed (it answers after the first deploy). Every path below is relative to this base URL.`,
  ].join('\n');
}

export function context(ir: BlueprintIR, specMarkdown: string): string {
  const overview = overviewOf(specMarkdown) || ir.project.summary;
  const out = ['## Context', '', overview, ''];
  out.push(
    ir.tenancy.mode === 'multi'
      ? "- Tenancy: **multi-tenant**. Every record belongs to an organization; the access token's `org_id` claim selects it, and no user can read or change another organization's data (it answers 404)."
      : '- Tenancy: **single-tenant**. All members share one data set.',
  );
  out.push(`- Entities: ${ir.entities.map((e) => `${e.name} (\`/v1/${e.collection}\`)`).join(', ') || 'none'}; plus the built-in ${USER_ENTITY} (the members, \`/v1/${ir.users.collection}\`).`);
  out.push(`- Roles: ${ir.roles.map((r) => `\`${r.name}\``).join(', ')}; administrative role \`${ir.adminRole}\`, default role \`${ir.defaultRole}\`.`);
  if (ir.workflows.length > 0) out.push(`- Workflows: ${ir.workflows.map((w) => `\`${w.name}\``).join(', ')}.`);
  out.push('', '### Entities', '');
  const entityRows = ir.entities.map((entity) => [
    entity.name,
    `/v1/${entity.collection}`,
    entity.fields.filter((f) => !f.serverOwned).map((f) => f.name).join(', '),
    relationsOf(entity),
    entity.ownerField,
    entity.description ?? '',
  ]);
  out.push(...renderTable(['Entity', 'Collection', 'Fields', 'Relations', 'Owner field', 'Description'], entityRows));
  out.push('', '### Roles and rights', '', 'Rights per entity: c = create, r = read (and list), u = update, d = delete; `:own` = only records the user owns.', '');
  const rows = ir.roles.map((role) => [
    `${role.name}${role.admin ? ' (administrative)' : ''}${role.name === ir.defaultRole ? ' (default)' : ''}`,
    ...ir.entities.map((entity) => rightsText(role.rights[entity.name] ?? {})),
  ]);
  out.push(...renderTable(['Role', ...ir.entities.map((e) => e.name)], rows));
  return out.join('\n');
}

function relationsOf(entity: IrEntity): string {
  return entity.fields
    .filter((f) => f.ref && !f.serverOwned)
    .map((f) => `${f.name} -> ${f.ref!.entity} (${f.ref!.onDelete})`)
    .join('; ');
}

function rightsText(rights: Partial<Record<RightName, RightScope>>): string {
  const parts = RIGHT_NAMES.flatMap((right) => {
    const scope = rights[right];
    return scope === undefined ? [] : [`${right[0]}${scope === 'own' ? ':own' : ''}`];
  });
  if (parts.length === 0) return '-';
  return parts.every((p) => !p.includes(':')) ? parts.join('') : parts.join(', ');
}

/** The spec's `## Overview` section, as written. */
function overviewOf(markdown: string): string {
  const lines = splitLines(markdown);
  const start = lines.findIndex((line) => headingOf(line)?.level === 2 && headingOf(line)?.text.toLowerCase() === 'overview');
  if (start < 0) return '';
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const heading = headingOf(line);
    if (heading && heading.level <= 2) break;
    body.push(line);
  }
  return body.join('\n').trim();
}

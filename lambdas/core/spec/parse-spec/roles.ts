/** `## Roles`: the rights matrix (one row per role, one column per entity), the administrative and default roles, role descriptions. */
import { readBlock, type Section, type Table } from '../spec-blocks';
import { readRights } from '../spec-cells';
import { ADMIN_ROLE_KEY, DEFAULT_ROLE_KEY, ROLE_HEADER_FIRST } from '../spec-layout';
import { renderRow, sameWords } from '../spec-markdown';
import type { SpecEntity, SpecRole } from '../spec-model';
import type { ParseContext } from './context';
import { clip, onlyTable, reportStray, splitRows } from './tables';

interface RolesPart {
  roles: SpecRole[];
  adminRole: string;
  defaultRole: string;
}

export function readRoles(section: Section | undefined, entities: SpecEntity[], entitiesKnown: boolean, ctx: ParseContext): RolesPart {
  const part: RolesPart = { roles: [], adminRole: '', defaultRole: '' };
  if (!section) return part;
  const block = readBlock(section.body);
  const entityNames = entities.map((entity) => entity.name);
  const header = [ROLE_HEADER_FIRST, ...entityNames];
  reportStray(block.stray, ctx, `## Roles holds the table ${renderRow(header)}, then '- ${ADMIN_ROLE_KEY}: <role>' and '- ${DEFAULT_ROLE_KEY}: <role>'`);
  const table = onlyTable(block, 'Roles', ctx);
  if (!table) {
    ctx.error(section.no, `## Roles needs its table: ${renderRow(header)}, one row per role`);
    ctx.mute('roles');
  } else {
    readRoleTable(table, entityNames, entitiesKnown, part, ctx);
  }
  for (const { no, item } of block.items) readRoleItem(no, item.key, item.value, part, ctx);
  return part;
}

function readRoleTable(table: Table, entityNames: string[], entitiesKnown: boolean, part: RolesPart, ctx: ParseContext): void {
  const expected = [ROLE_HEADER_FIRST, ...entityNames];
  const columns = table.header.cells.slice(1);
  if (!table.hasSeparator) ctx.error(table.header.no, `Roles: the table needs a separator row under its header (${renderRow(expected.map(() => '---'))})`);
  const headerOk = sameWords(table.header.cells[0] ?? '', ROLE_HEADER_FIRST) && (!entitiesKnown || columns.join('|') === entityNames.join('|'));
  if (!headerOk) {
    ctx.error(table.header.no, `Roles: the columns must be Role and then every entity in order: ${renderRow(expected)} (found ${renderRow(table.header.cells)})`);
    // Rights read from a mismatched matrix would only produce echoes of this error; keep the role names.
    ctx.mute('roles');
  }
  for (const row of splitRows(table, table.header.cells.length, 'Roles', ctx).good) {
    const path = `roles.${part.roles.length}`;
    ctx.at(path, row.no);
    const role: SpecRole = { name: row.cells[0] ?? '', rights: {} };
    part.roles.push(role);
    if (!headerOk) continue;
    columns.forEach((entity, c) => {
      const rights = readRights(row.cells[c + 1] ?? '');
      if (!rights.ok) ctx.error(row.no, `role ${role.name}, ${entity}: ${rights.error}`);
      else if (Object.keys(rights.value).length > 0 && entityNames.includes(entity)) role.rights[entity] = rights.value;
    });
  }
}

function readRoleItem(no: number, key: string | undefined, value: string, part: RolesPart, ctx: ParseContext): void {
  const setRole = (which: 'adminRole' | 'defaultRole', label: string) => {
    if (part[which] !== '') ctx.error(no, `'- ${label}:' is given twice`);
    part[which] = value;
    ctx.at(which, no);
  };
  if (key !== undefined && sameWords(key, ADMIN_ROLE_KEY)) return setRole('adminRole', ADMIN_ROLE_KEY);
  if (key !== undefined && sameWords(key, DEFAULT_ROLE_KEY)) return setRole('defaultRole', DEFAULT_ROLE_KEY);
  const r = part.roles.findIndex((role) => role.name === key);
  const role = part.roles[r];
  if (!role) {
    ctx.error(no, `Roles: unexpected item '- ${clip(key ?? value)}'; the items are '- ${ADMIN_ROLE_KEY}: <role>', '- ${DEFAULT_ROLE_KEY}: <role>' and optionally '- <role>: <description>' for a role of the table`);
  } else if (role.description !== undefined) {
    ctx.error(no, `role ${role.name} is described twice`);
  } else if (value !== '') {
    role.description = value;
    ctx.at(`roles.${r}.description`, no);
  }
}

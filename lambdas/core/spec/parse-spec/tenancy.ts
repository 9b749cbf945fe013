/** `## Tenancy`: its one mode line, single-tenant or multi-tenant. */
import { readBlock, type Section } from '../spec-blocks';
import { MODE_KEY } from '../spec-layout';
import { sameWords } from '../spec-markdown';
import type { SpecDocument } from '../spec-model';
import type { ParseContext } from './context';
import { reportStray } from './tables';

export function readTenancy(section: Section | undefined, ctx: ParseContext): SpecDocument['tenancy'] {
  // When the mode is missing or unreadable, reading it as multi-tenant keeps the single-tenant
  // wording rule from adding errors about a mode the author never stated.
  if (!section) return 'multi';
  const block = readBlock(section.body);
  const usage = "write '- Mode: single-tenant' or '- Mode: multi-tenant (each organization's data is isolated by org_id)'";
  for (const table of block.tables) ctx.error(table.header.no, `## Tenancy holds only its mode line; ${usage}`);
  reportStray(block.stray, ctx, `## Tenancy holds only its mode line; ${usage}`);
  let mode: SpecDocument['tenancy'] | undefined;
  for (const { no, item } of block.items) {
    if (item.key === undefined || !sameWords(item.key, MODE_KEY)) {
      ctx.error(no, `## Tenancy holds only its mode line; ${usage}`);
      continue;
    }
    if (mode !== undefined) {
      ctx.error(no, 'the tenancy mode is given twice');
      continue;
    }
    const value = item.value.toLowerCase();
    if (value.startsWith('multi-tenant')) mode = 'multi';
    else if (value.startsWith('single-tenant')) mode = 'single';
    else ctx.error(no, `unknown tenancy mode '${item.value}'; ${usage}`);
    ctx.at('tenancy', no);
  }
  if (mode === undefined && !block.items.some(({ item }) => item.key !== undefined && sameWords(item.key, MODE_KEY))) {
    ctx.error(section.no, `## Tenancy needs its mode line; ${usage}`);
  }
  return mode ?? 'multi';
}

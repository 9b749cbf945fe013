/**
 * A canonical spec of a small notes backend, for the data-safety tests: a Note with the field
 * rows a test gives, optionally a Label entity, in either tenancy, every right to one member role.
 * Two versions of it differ exactly where a test wants a change.
 */
const TABLE_HEAD = '| Field | Type | Required | Default | Allowed values | Notes |\n|---|---|---|---|---|---|';

export interface NotesSpecOptions {
  /** The Note's field rows, in the spec's table syntax. */
  readonly noteRows: string;
  /** Add a Label entity (`name`, required). @default false */
  readonly label?: boolean;
  /** @default 'single-tenant' */
  readonly tenancy?: 'single-tenant' | 'multi-tenant';
}

export function notesSpec({ noteRows, label = false, tenancy = 'single-tenant' }: NotesSpecOptions): string {
  const entities = `### Note\n\n${TABLE_HEAD}\n${noteRows}\n${label ? `\n### Label\n\n${TABLE_HEAD}\n| name | string | yes | | | |\n` : ''}`;
  return `# Notes

## Overview

Notes with titles.

## Tenancy

- Mode: ${tenancy}

## Entities

${entities}
## Relations

None.

## Roles

| Role | Note${label ? ' | Label' : ''} |
|---|---|${label ? '---|' : ''}
| member | crud |${label ? ' crud |' : ''}

- Administrative role: member
- Default role: member

## Access

None.

## Workflows

None.
`;
}

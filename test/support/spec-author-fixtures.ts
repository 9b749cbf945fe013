/**
 * Hand-written specs in the canonical format for the language-model author tests (what a model
 * would answer), plus one that is broken in a known way. Checked against parseSpec in
 * test/unit/spec-author-prompts.test.ts, so a format change shows up there first.
 */

export const PROJECT_NAME = 'Reading list';

export const DESCRIPTION =
  'A reading list for a book club. Members add books with a title, an optional author and a rating from 1 to 5. Anyone may browse the list without signing in.';

/** A small valid spec: what a good draft reply holds. */
export const VALID_SPEC = `# Reading list

## Overview

A reading list for a book club.

## Tenancy

- Mode: single-tenant

## Entities

### Book

| Field | Type | Required | Default | Allowed values | Notes |
|---|---|---|---|---|---|
| title | string | yes | | | |
| author | string | no | | | |
| rating | integer | no | | 1..5 | |

## Relations

None.

## Roles

| Role | Book |
|---|---|
| admin | crud |
| member | cru |

- Administrative role: admin
- Default role: member

## Access

| Entity | Operation | Level |
|---|---|---|
| Book | list | public |

## Workflows

None.
`;

/** VALID_SPEC after the edit "add tags to books": what a good edit reply holds. */
export const EDITED_SPEC = VALID_SPEC.replace('| rating | integer | no | | 1..5 | |\n', '| rating | integer | no | | 1..5 | |\n| tags | list(string) | no | | | |\n');

/** Line 19 (the rating row) has an unknown field type. */
export const INVALID_SPEC = VALID_SPEC.replace('| rating | integer |', '| rating | integr |');

export const fenced = (spec: string, info = 'markdown'): string => `\`\`\`${info}\n${spec.trimEnd()}\n\`\`\``;

export const EDIT_EXPLANATION = 'I added an optional tags field (a list of strings) to Book.';

/** A well-formed edit reply: the fenced spec, then the explanation paragraph. */
export const editReply = (spec: string, explanation = EDIT_EXPLANATION): string => `${fenced(spec)}\n\n${explanation}\n`;

/** The structured edits of "add tags to books" (core/spec/edits): what a good edit reply holds. */
export const TAGS_EDITS = [{ op: 'add_field', entity: 'Book', field: { name: 'tags', type: 'list(string)', required: false } }];

/** A well-formed structured edit reply: one ```json block with the edits and the message. */
export const editsReply = (edits: readonly unknown[], message = EDIT_EXPLANATION): string => `\`\`\`json\n${JSON.stringify({ edits, message }, null, 2)}\n\`\`\`\n`;

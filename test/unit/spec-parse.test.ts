import { ValidationError } from '../../lambdas/core/errors';
import { parseSpec, parseSpecOrThrow, type SpecParseError } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';

/** A small canonical spec touching every section; each bad case below changes one thing in it. */
const BASE = `# Library loans

## Overview

Members borrow books from the library.

## Tenancy

- Mode: single-tenant

## Entities

### Book

A book of the catalogue.

| Field | Type | Required | Default | Allowed values | Notes |
|---|---|---|---|---|---|
| title | string | yes | | 1..200 | |
| genre | enum | no | novel | novel, poetry, essay | |
| pages | integer | no | | 1.. | |
| isbn | string | yes | | | unique |
| cover_key | file | no | | image/* | max 2 MB |
| available | boolean | yes | true | | |

### Loan

| Field | Type | Required | Default | Allowed values | Notes |
|---|---|---|---|---|---|
| book_id | ref(Book) | yes | | | |
| member_id | ref(User) | yes | | | |
| due_on | date | yes | | | |
| status | enum | yes | open | open, returned | |

- Owner: member_id

## Relations

| Entity | Field | References | On delete |
|---|---|---|---|
| Loan | book_id | Book | cascade |

## Roles

| Role | Book | Loan |
|---|---|---|
| librarian | crud | crud |
| member | r | c, r:own |

- Administrative role: librarian
- Default role: member

## Access

| Entity | Operation | Level |
|---|---|---|
| Book | list | public |

## Workflows

### loan_reminder

Remind members the day before a loan is due.

- Trigger: Loan created

| Step | Kind | Details |
|---|---|---|
| until_due | waitUntil | due_on - P1D |
| remind | task | retries: 2 |
`;

/** Replaces one exact, unique piece of BASE (so a typo in a case fails loudly, not silently). */
function edit(source: string, ...pairs: [string, string][]): string {
  let out = source;
  for (const [from, to] of pairs) {
    if (out.split(from).length !== 2) throw new Error(`the test edit '${from}' does not match exactly once`);
    out = out.replace(from, to);
  }
  return out;
}

/** 1-based line of the first line containing the snippet. */
function lineOf(markdown: string, snippet: string): number {
  const index = markdown.split('\n').findIndex((line) => line.includes(snippet));
  if (index < 0) throw new Error(`no line contains '${snippet}'`);
  return index + 1;
}

function errorsOf(markdown: string): SpecParseError[] {
  const result = parseSpec(markdown);
  if (result.ok) throw new Error('expected the spec to be refused');
  return result.errors;
}

function specOf(markdown: string): SpecDocument {
  const result = parseSpec(markdown);
  if (!result.ok) throw new Error(`expected the spec to parse:\n${result.errors.map((e) => `line ${e.line}: ${e.message}`).join('\n')}`);
  return result.spec;
}

describe('parseSpec on canonical input', () => {
  it('reads the base spec and renders it back byte for byte', () => {
    const spec = specOf(BASE);
    expect(renderSpec(spec)).toBe(BASE);
    expect(spec.title).toBe('Library loans');
    expect(spec.tenancy).toBe('single');
    expect(spec.entities.map((e) => e.name)).toEqual(['Book', 'Loan']);
    expect(spec.entities[0]?.description).toBe('A book of the catalogue.');
    expect(spec.entities[0]?.fields).toEqual([
      { name: 'title', type: 'string', required: true, min: 1, max: 200 },
      { name: 'genre', type: 'enum', required: false, default: 'novel', values: ['novel', 'poetry', 'essay'] },
      { name: 'pages', type: 'integer', required: false, min: 1 },
      { name: 'isbn', type: 'string', required: true, unique: true },
      { name: 'cover_key', type: 'file', required: false, file: { contentTypes: ['image/*'], maxBytes: 2 * 1024 * 1024 } },
      { name: 'available', type: 'boolean', required: true, default: true },
    ]);
    expect(spec.entities[1]?.ownerField).toBe('member_id');
    expect(spec.entities[1]?.fields[0]?.onDelete).toBe('cascade');
    expect(spec.entities[1]?.fields[1]?.onDelete).toBeUndefined();
    expect(spec.roles).toEqual([
      { name: 'librarian', rights: { Book: { create: 'all', read: 'all', update: 'all', delete: 'all' }, Loan: { create: 'all', read: 'all', update: 'all', delete: 'all' } } },
      { name: 'member', rights: { Book: { read: 'all' }, Loan: { create: 'all', read: 'own' } } },
    ]);
    expect([spec.adminRole, spec.defaultRole]).toEqual(['librarian', 'member']);
    expect(spec.access).toEqual([{ entity: 'Book', operation: 'list', level: 'public' }]);
    expect(spec.workflows).toEqual([
      {
        name: 'loan_reminder',
        description: 'Remind members the day before a loan is due.',
        trigger: { entity: 'Loan', event: 'created' },
        steps: [
          { kind: 'waitUntil', name: 'until_due', field: 'due_on', offset: '-P1D' },
          { kind: 'task', name: 'remind', retries: 2 },
        ],
      },
    ]);
  });

  it('keeps free text verbatim: paragraphs, bullets, inner blank lines, deep headings', () => {
    const overview = 'First paragraph with | a pipe and `code`.\n\n\n- a bullet: with a colon\n#### A deep heading\n    indented line';
    const spec = specOf(edit(BASE, ['Members borrow books from the library.', overview]));
    expect(spec.overview).toBe(overview);
  });

  it('reads None. sections as empty, and a manual trigger as no trigger', () => {
    const md = edit(
      BASE,
      ['| Entity | Field | References | On delete |\n|---|---|---|---|\n| Loan | book_id | Book | cascade |', 'None.'],
      ['| Entity | Operation | Level |\n|---|---|---|\n| Book | list | public |', 'None.'],
      ['- Trigger: Loan created', '- Trigger: manual'],
      ['| until_due | waitUntil | due_on - P1D |\n', ''],
    );
    const spec = specOf(md);
    expect(spec.access).toEqual([]);
    expect(spec.entities[1]?.fields[0]?.onDelete).toBeUndefined();
    expect(spec.workflows[0]?.trigger).toBeUndefined();
    expect(renderSpec(spec)).toBe(md);
    const noWorkflows = edit(BASE, [BASE.slice(BASE.indexOf('### loan_reminder')), 'None.\n']);
    expect(specOf(noWorkflows).workflows).toEqual([]);
    expect(renderSpec(specOf(noWorkflows))).toBe(noWorkflows);
  });

  it('reads the multi-tenant mode, with or without its explanation', () => {
    const canonical = edit(BASE, ['- Mode: single-tenant', "- Mode: multi-tenant (each organization's data is isolated by org_id)"]);
    expect(specOf(canonical).tenancy).toBe('multi');
    expect(renderSpec(specOf(canonical))).toBe(canonical);
    expect(specOf(edit(BASE, ['- Mode: single-tenant', '- Mode: Multi-tenant'])).tenancy).toBe('multi');
  });
});

describe('parseSpec tolerates what a person or a model writes loosely, and canonicalizes it', () => {
  const base = specOf(BASE);
  const loose: [string, string][] = [
    ['CRLF line ends', BASE.replaceAll('\n', '\r\n')],
    ['extra blank lines and trailing spaces', BASE.replaceAll('\n\n', '\n\n\n').replaceAll('|\n', '|   \n')],
    ['padded cells and alignment colons', edit(BASE, ['| title | string | yes | | 1..200 | |', '|   title   |  string |  yes  |   |  1..200  |    |'], ['| Step | Kind | Details |\n|---|---|---|', '| Step | Kind | Details |\n| :--- | :---: | ---: |'])],
    ['yes/no in any case', edit(BASE, ['| title | string | yes |', '| title | string | YES |'], ['| pages | integer | no |', '| pages | integer | No |'])],
    ['rows without the closing pipe', edit(BASE, ['| isbn | string | yes | | | unique |', '| isbn | string | yes | | | unique'])],
    ['a row without its leading pipe', edit(BASE, ['| isbn | string | yes | | | unique |', 'isbn | string | yes | | | unique |'])],
    ['type keywords in any case', edit(BASE, ['| title | string |', '| title | String |'], ['| book_id | ref(Book) |', '| book_id | Ref( Book ) |'])],
    ['headers and keys in any case', edit(BASE, ['| Field | Type | Required | Default | Allowed values | Notes |\n|---|---|---|---|---|---|\n| title', '| field | type | required | default | allowed  values | notes |\n|---|---|---|---|---|---|\n| title'], ['- Owner: member_id', '- owner: member_id'], ['- Administrative role: librarian', '- administrative role: librarian'])],
    ['star bullets', edit(BASE, ['- Default role: member', '* Default role: member'])],
    ['rights letters in any order', edit(BASE, ['| librarian | crud | crud |', '| librarian | durc | crud |'])],
    ['step kinds and detail keys in any case', edit(BASE, ['| remind | task | retries: 2 |', '| remind | Task | Retries: 2 |'])],
    ['sizes in other units', edit(BASE, ['max 2 MB', 'max 2048 kb'])],
    ['section names in any case', edit(BASE, ['## Access', '## access'])],
    ['None without its period', edit(BASE, ['| Entity | Operation | Level |\n|---|---|---|\n| Book | list | public |', 'none'])],
  ];
  it.each(loose)('%s', (_name, markdown) => {
    const spec = specOf(markdown);
    if (markdown.includes('none')) {
      expect(spec).toEqual({ ...base, access: [] });
    } else {
      expect(spec).toEqual(base);
      expect(renderSpec(spec)).toBe(BASE);
    }
  });

  it('unescapes \\| in cells and escapes it again when rendering', () => {
    const md = edit(BASE, ['| genre | enum | no | novel | novel, poetry, essay | |', '| genre | enum | no | novel | novel, poetry, essay | either\\|or, a\\b |']);
    const spec = specOf(md);
    expect(spec.entities[0]?.fields[1]?.notes).toBe('either|or, a\\b');
    expect(renderSpec(spec)).toBe(md);
  });

  it('reads notes flags wherever they stand and keeps the rest as written', () => {
    const md = edit(BASE, ['| isbn | string | yes | | | unique |', '| isbn | string | yes | | | printed on the back,Unique, a, b |']);
    const field = specOf(md).entities[0]?.fields[3];
    expect(field).toMatchObject({ unique: true, notes: 'printed on the back, a, b' });
  });

  it('reads file sizes in binary units, written back in the largest whole unit', () => {
    const sizes: [string, number, string][] = [
      ['max 10 MB', 10485760, 'max 10 MB'],
      ['max 1 GB', 1073741824, 'max 1024 MB'],
      ['max 1.5 MB', 1572864, 'max 1536 KB'],
      ['max 512 KB', 524288, 'max 512 KB'],
      ['max 1000 bytes', 1000, 'max 1000 bytes'],
      ['max 700B', 700, 'max 700 bytes'],
    ];
    for (const [written, bytes, canonical] of sizes) {
      const spec = specOf(edit(BASE, ['max 2 MB', written]));
      expect(spec.entities[0]?.fields[4]?.file?.maxBytes).toBe(bytes);
      expect(renderSpec(spec)).toContain(`| image/* | ${canonical} |`);
    }
  });

  it('reads rights with own-only scopes and writes them canonically', () => {
    const cases: [string, object, string][] = [
      ['-', {}, '-'],
      ['r', { read: 'all' }, 'r'],
      ['c,r:own', { create: 'all', read: 'own' }, 'c, r:own'],
      ['cru, d:own', { create: 'all', read: 'all', update: 'all', delete: 'own' }, 'c, r, u, d:own'],
      ['r:own, c', { create: 'all', read: 'own' }, 'c, r:own'],
      ['ru:own', { read: 'own', update: 'own' }, 'r:own, u:own'],
    ];
    for (const [cell, rights, canonical] of cases) {
      const spec = specOf(edit(BASE, ['| member | r | c, r:own |', `| member | r | ${cell} |`]));
      const loan = spec.roles[1]?.rights.Loan;
      expect(loan ?? {}).toEqual(rights);
      expect(renderSpec(spec)).toContain(`| member | r | ${canonical} |`);
    }
  });

  it('reads every trigger form and step kind', () => {
    const md = edit(
      BASE,
      ['- Trigger: Loan created', '- Trigger: Loan status = returned'],
      [
        '| remind | task | retries: 2 |',
        '| remind | task | retries: 2; backoff: PT1M |\n| pause | wait | P2W |\n| ask | waitForEvent | events: approved, rejected; timeout: P7D; on timeout: rejected |\n| plain | task | |\n| after | waitUntil | due_on + PT12H |\n| at | waitUntil | due_on |',
      ],
    );
    const spec = specOf(md);
    expect(spec.workflows[0]?.trigger).toEqual({ entity: 'Loan', event: 'updated', field: 'status', value: 'returned' });
    expect(spec.workflows[0]?.steps.slice(1)).toEqual([
      { kind: 'task', name: 'remind', retries: 2, backoff: 'PT1M' },
      { kind: 'wait', name: 'pause', duration: 'P2W' },
      { kind: 'waitForEvent', name: 'ask', events: ['approved', 'rejected'], timeout: 'P7D', onTimeout: 'rejected' },
      { kind: 'task', name: 'plain' },
      { kind: 'waitUntil', name: 'after', field: 'due_on', offset: '+PT12H' },
      { kind: 'waitUntil', name: 'at', field: 'due_on' },
    ]);
    expect(renderSpec(spec)).toBe(md);
    for (const event of ['updated', 'deleted'] as const) {
      expect(specOf(edit(BASE, ['- Trigger: Loan created', `- Trigger: Loan ${event}`])).workflows[0]?.trigger).toEqual({ entity: 'Loan', event });
    }
  });

  it('reads ranges of every shape, and list lengths', () => {
    const cases: [string, string, object][] = [
      ['pages', '1..5', { min: 1, max: 5 }],
      ['pages', '0..', { min: 0 }],
      ['pages', '..100', { max: 100 }],
      ['pages', '-10..-2', { min: -10, max: -2 }],
    ];
    for (const [, range, bounds] of cases) {
      const spec = specOf(edit(BASE, ['| pages | integer | no | | 1.. | |', `| pages | integer | no | | ${range} | |`]));
      expect(spec.entities[0]?.fields[2]).toEqual({ name: 'pages', type: 'integer', required: false, ...bounds });
    }
    const decimals = specOf(edit(BASE, ['| pages | integer | no | | 1.. | |', '| price | number | no | 9.5 | 0.01..99.99 | |']));
    expect(decimals.entities[0]?.fields[2]).toEqual({ name: 'price', type: 'number', required: false, default: 9.5, min: 0.01, max: 99.99 });
    const tags = specOf(edit(BASE, ['| pages | integer | no | | 1.. | |', '| tags | list(string) | no | | ..10 | |']));
    expect(tags.entities[0]?.fields[2]).toEqual({ name: 'tags', type: 'list(string)', required: false, max: 10 });
  });

  it('reads role descriptions after the two role items', () => {
    const md = edit(BASE, ['- Default role: member\n', '- Default role: member\n- librarian: Runs the library: loans, returns and the catalogue.\n']);
    const spec = specOf(md);
    expect(spec.roles[0]?.description).toBe('Runs the library: loans, returns and the catalogue.');
    expect(renderSpec(spec)).toBe(md);
  });
});

type BadCase = {
  name: string;
  markdown: string;
  /** [a snippet of the line the error is on (or a line number), a piece of the message]. */
  errors: [string | number, string][];
  /** When the mistake may also, legitimately, cause other errors. */
  atLeast?: boolean;
};

const swap = (text: string, a: string, b: string) => {
  const [first, second] = [text.indexOf(a), text.indexOf(b)];
  if (first < 0 || second < 0 || second < first) throw new Error('swap: sections not found in order');
  return text.slice(0, first) + text.slice(second, text.indexOf('## ', second + 3)) + text.slice(first, second) + text.slice(text.indexOf('## ', second + 3));
};

/** BASE with the entity Book renamed everywhere it is named. */
const renameBook = (name: string) =>
  edit(BASE, ['### Book', `### ${name}`], ['ref(Book)', `ref(${name})`], ['| Loan | book_id | Book | cascade |', `| Loan | book_id | ${name} | cascade |`], ['| Role | Book | Loan |', `| Role | ${name} | Loan |`], ['| Book | list | public |', `| ${name} | list | public |`]);

const BAD: BadCase[] = [
  // --- document and sections
  { name: 'no title line', markdown: edit(BASE, ['# Library loans\n', '']), errors: [['## Overview', "starts with its title line '# <project name>'"]] },
  { name: 'a second # heading', markdown: edit(BASE, ['## Tenancy', '# Tenancy'], ['- Mode: single-tenant\n', '']), errors: [['# Tenancy', "only the first line is a '# <project name>' heading"], ['## Entities', "expected section '## Tenancy' after '## Overview'"]] },
  { name: 'text between the title and Overview', markdown: edit(BASE, ['# Library loans\n', '# Library loans\nstray words\n']), errors: [['stray words', "unexpected text between the title and '## Overview'"]] },
  { name: 'a missing section', markdown: edit(BASE, ['## Tenancy\n\n- Mode: single-tenant\n\n', '']), errors: [['## Entities', "expected section '## Tenancy' after '## Overview'"]] },
  { name: 'a missing last section', markdown: BASE.slice(0, BASE.indexOf('## Workflows')), errors: [['| Book | list | public |', "expected section '## Workflows' after '## Access'"]] },
  { name: 'sections out of order', markdown: swap(BASE, '## Roles', '## Access'), errors: [['## Roles', "section '## Roles' is out of order: it belongs after '## Relations'"]] },
  { name: 'an unknown section', markdown: edit(BASE, ['## Workflows', '## Endpoints\n\nGET /books\n\n## Workflows']), errors: [['## Endpoints', "unknown section '## Endpoints' (the sections are ## Overview, ## Tenancy"]] },
  { name: 'a section twice', markdown: `${BASE}\n## Access\n\nNone.\n`, errors: [[BASE.split('\n').length + 1, "section '## Access' appears twice (first at line"]] },
  // --- tenancy
  { name: 'an unknown tenancy mode', markdown: edit(BASE, ['- Mode: single-tenant', '- Mode: hybrid']), errors: [['- Mode: hybrid', "unknown tenancy mode 'hybrid'; write '- Mode: single-tenant'"]] },
  { name: 'no tenancy line', markdown: edit(BASE, ['- Mode: single-tenant\n', '']), errors: [['## Tenancy', '## Tenancy needs its mode line']] },
  { name: 'prose in Tenancy', markdown: edit(BASE, ['- Mode: single-tenant\n', '- Mode: single-tenant\nOne library.\n']), errors: [['One library.', '## Tenancy holds only its mode line']] },
  { name: 'single-tenant prose mentioning multi-tenant', markdown: edit(BASE, ['Members borrow books from the library.', 'Not multi-tenant.']), errors: [['## Overview', "a single-tenant spec must not mention 'multi-tenant'"]] },
  // --- entities
  { name: 'text before the first entity', markdown: edit(BASE, ['## Entities\n', '## Entities\n\nAll the data.\n']), errors: [['All the data.', "## Entities holds one '### EntityName' part per entity"]] },
  { name: 'an entity name that is not PascalCase', markdown: renameBook('book'), errors: [['### book', "entity name 'book' must be singular PascalCase"]] },
  { name: 'an entity named User', markdown: renameBook('User'), errors: [['### User', "'User' is the built-in entity of every project"]] },
  { name: 'a reference to a malformed entity name', markdown: edit(BASE, ['| pages | integer | no | | 1.. | |', '| shelf_id | ref(Shelf_1) | no | | | |']), errors: [['| shelf_id |', "Book.shelf_id: unknown type 'ref(Shelf_1)'"]] },
  { name: 'an entity twice', markdown: edit(BASE, ['### Loan', '### Book'], ['ref(Book)', 'ref(User)'], ['| Loan | book_id | Book | cascade |\n', ''], ['| Role | Book | Loan |', '| Role | Book | Book |'], ['- Owner: member_id', '']), atLeast: true, errors: [[lineOf(BASE, '### Loan'), 'entity Book is declared twice']] },
  { name: 'an entity without a table', markdown: edit(BASE, ['| Field | Type | Required | Default | Allowed values | Notes |\n|---|---|---|---|---|---|\n| book_id | ref(Book) | yes | | | |\n| member_id | ref(User) | yes | | | |\n| due_on | date | yes | | | |\n| status | enum | yes | open | open, returned | |\n\n- Owner: member_id\n', '']), atLeast: true, errors: [['### Loan', 'Loan needs a field table: | Field | Type | Required | Default | Allowed values | Notes |']] },
  { name: 'a wrong field table header', markdown: edit(BASE, ['| Field | Type | Required | Default | Allowed values | Notes |\n|---|---|---|---|---|---|\n| title', '| Field | Type | Required | Default | Values | Notes |\n|---|---|---|---|---|---|\n| title']), errors: [['| Field | Type | Required | Default | Values | Notes |', 'Book fields: the table header must be | Field | Type | Required | Default | Allowed values | Notes |']] },
  { name: 'a missing separator row', markdown: edit(BASE, ['| Field | Type | Required | Default | Allowed values | Notes |\n|---|---|---|---|---|---|\n| title', '| Field | Type | Required | Default | Allowed values | Notes |\n| title']), errors: [[lineOf(BASE, '| Field | Type |'), 'Book fields: the table needs a separator row']] },
  { name: 'a row with too many cells', markdown: edit(BASE, ['| isbn | string | yes | | | unique |', '| isbn | string | yes | | | unique | a|b |']), errors: [['| isbn |', "this row has 8 cells, the table 6; write a '|' inside a cell as '\\|'"]] },
  { name: 'a field table that cannot be read: no echoes from references to it', markdown: edit(BASE, ['| Field | Type | Required | Default | Allowed values | Notes |\n|---|---|---|---|---|---|\n| book_id', '| Name | Kind |\n|---|---|\n| book_id']), errors: [['| Name | Kind |', 'Loan fields: the table header must be']] },
  { name: 'a broken row referenced elsewhere does not cascade', markdown: edit(BASE, ['| book_id | ref(Book) | yes | | | |', '| book_id | ref(Book) | yes | |']), errors: [['| book_id |', 'this row has 4 cells, the table 6']] },
  { name: 'stray text after a field table', markdown: edit(BASE, ['- Owner: member_id\n', '- Owner: member_id\nLoans last three weeks.\n']), errors: [['Loans last three weeks.', "after Loan's field table only '- Owner: <field>' may follow"]] },
  { name: 'an unknown item after a field table', markdown: edit(BASE, ['- Owner: member_id', '- Owner: member_id\n- Index: due_on']), errors: [['- Index: due_on', "Loan: unexpected item '- Index'"]] },
  { name: 'a field name that is not snake_case', markdown: edit(BASE, ['| pages | integer |', '| Pages | integer |']), errors: [['| Pages |', "Book.Pages: field name 'Pages' must be snake_case"]] },
  { name: 'a server-owned field', markdown: edit(BASE, ['| pages | integer | no | | 1.. | |', '| created_at | datetime | no | | | |']), errors: [['| created_at |', 'Book.created_at: created_at is server-owned']] },
  { name: 'org_id in a single-tenant spec', markdown: edit(BASE, ['| pages | integer | no | | 1.. | |', '| org_id | string | no | | | |']), atLeast: true, errors: [['| org_id |', 'Book.org_id: org_id is server-owned']] },
  { name: 'a field twice', markdown: edit(BASE, ['| pages | integer |', '| title | integer |']), errors: [['| title | integer |', 'Book.title is declared twice']] },
  { name: 'an unknown type', markdown: edit(BASE, ['| title | string |', '| title | strng |']), errors: [['| title | strng |', "Book.title: unknown type 'strng' (expected string, text, integer, number, boolean, date, datetime, email, url, enum, file, ref(Entity) or list(type))"]] },
  { name: 'a list of lists', markdown: edit(BASE, ['| pages | integer | no | | 1.. | |', '| tags | list(list(string)) | no | | | |']), errors: [['| tags |', 'Book.tags: lists nest one level']] },
  { name: 'a list of files', markdown: edit(BASE, ['| pages | integer | no | | 1.. | |', '| scans | list(file) | no | | | |']), errors: [['| scans |', 'Book.scans: list(file) is not a type']] },
  { name: 'a reference to an unknown entity', markdown: edit(BASE, ['| pages | integer | no | | 1.. | |', '| author_id | ref(Author) | no | | | |']), errors: [['| author_id |', 'Book.author_id: ref(Author) names no entity of the spec (known: Book, Loan, User)']] },
  { name: 'Required neither yes nor no', markdown: edit(BASE, ['| title | string | yes |', '| title | string | maybe |']), errors: [['| title |', "Book.title: Required must be yes or no (got 'maybe')"]] },
  { name: 'an enum without values', markdown: edit(BASE, ['| genre | enum | no | novel | novel, poetry, essay | |', '| genre | enum | no | | | |']), errors: [['| genre |', 'Book.genre: enum field needs Allowed values']] },
  { name: 'an enum value twice', markdown: edit(BASE, ['novel, poetry, essay', 'novel, poetry, novel']), errors: [['| genre |', "Book.genre: enum value 'novel' is listed twice"]] },
  { name: 'an enum default outside its values', markdown: edit(BASE, ['| genre | enum | no | novel |', '| genre | enum | no | drama |']), errors: [['| genre |', "Book.genre: default 'drama' is not one of its values (novel, poetry, essay)"]] },
  { name: 'a non-number default for an integer', markdown: edit(BASE, ['| pages | integer | no | |', '| pages | integer | no | many |']), errors: [['| pages |', "Book.pages: default 'many' is not a number"]] },
  { name: 'a fractional default for an integer', markdown: edit(BASE, ['| pages | integer | no | |', '| pages | integer | no | 2.5 |']), errors: [['| pages |', 'Book.pages: default 2.5 is not a whole number']] },
  { name: 'a default outside the range', markdown: edit(BASE, ['| pages | integer | no | |', '| pages | integer | no | 0 |']), errors: [['| pages |', 'Book.pages: default 0 is outside the range 1..']] },
  { name: 'a string default longer than its range', markdown: edit(BASE, ['| title | string | yes | | 1..200 |', '| title | string | yes | Untitled | 1..3 |']), errors: [['| title |', "Book.title: default 'Untitled' has a length outside the range 1..3"]] },
  { name: 'a boolean default that is not true or false', markdown: edit(BASE, ['| available | boolean | yes | true |', '| available | boolean | yes | perhaps |']), errors: [['| available |', "Book.available: default 'perhaps' of a boolean must be true or false"]] },
  { name: 'a date default that is not a date', markdown: edit(BASE, ['| due_on | date | yes | |', '| due_on | date | yes | tomorrow |']), errors: [['| due_on |', "Loan.due_on: default 'tomorrow' is not a date like 2025-01-31"]] },
  { name: 'a default on a reference', markdown: edit(BASE, ['| member_id | ref(User) | yes | |', '| member_id | ref(User) | yes | u1 |']), errors: [['| member_id |', 'Loan.member_id: ref(User) fields take no default']] },
  { name: 'Allowed values on a boolean', markdown: edit(BASE, ['| available | boolean | yes | true | |', '| available | boolean | yes | true | yes, no |']), errors: [['| available |', "Book.available: boolean fields take no Allowed values (got 'yes, no')"]] },
  { name: 'values on a string', markdown: edit(BASE, ['| title | string | yes | | 1..200 |', '| title | string | yes | | short, long |']), errors: [['| title |', "write a range as min..max, e.g. 1..5, 0.. or ..100 (got 'short, long') (a length range; for a fixed list of values use type enum)"]] },
  { name: 'an unreadable range', markdown: edit(BASE, ['| pages | integer | no | | 1.. |', '| pages | integer | no | | one..ten |']), errors: [['| pages |', "Book.pages: write a range as min..max, e.g. 1..5, 0.. or ..100 (got 'one..ten')"]] },
  { name: 'an empty range', markdown: edit(BASE, ['| pages | integer | no | | 1.. |', '| pages | integer | no | | 5..1 |']), errors: [['| pages |', 'Book.pages: range 5..1 is empty (min is above max)']] },
  { name: 'a negative length', markdown: edit(BASE, ['| title | string | yes | | 1..200 |', '| title | string | yes | | -1..200 |']), errors: [['| title |', 'Book.title: a length range takes whole numbers from 0 (got -1)']] },
  { name: 'a file without content types', markdown: edit(BASE, ['| cover_key | file | no | | image/* | max 2 MB |', '| cover_key | file | no | | | max 2 MB |']), errors: [['| cover_key |', 'Book.cover_key: file field needs its content types in Allowed values (e.g. application/pdf, image/*)']] },
  { name: 'a file without a size', markdown: edit(BASE, ['| cover_key | file | no | | image/* | max 2 MB |', '| cover_key | file | no | | image/* | |']), errors: [['| cover_key |', 'Book.cover_key: file field needs a size limit in Notes (e.g. max 10 MB)']] },
  { name: 'a content type that is not one', markdown: edit(BASE, ['| cover_key | file | no | | image/* |', '| cover_key | file | no | | pdf |']), errors: [['| cover_key |', "Book.cover_key: content type 'pdf' must look like image/png or image/*"]] },
  { name: 'a size on a field that is not a file', markdown: edit(BASE, ['| isbn | string | yes | | | unique |', '| isbn | string | yes | | | unique, max 1 KB |']), errors: [['| isbn |', 'Book.isbn: a size limit (max 10 MB) applies only to file fields']] },
  { name: 'unique on a boolean', markdown: edit(BASE, ['| available | boolean | yes | true | | |', '| available | boolean | yes | true | | unique |']), errors: [['| available |', 'Book.available: unique does not apply to boolean fields']] },
  { name: 'an owner field that is not a user reference', markdown: edit(BASE, ['- Owner: member_id', '- Owner: due_on']), errors: [['- Owner: due_on', 'Loan Owner: due_on must be a ref(User) field (it is date)']] },
  { name: 'an owner field that does not exist', markdown: edit(BASE, ['- Owner: member_id', '- Owner: borrower_id']), errors: [['- Owner: borrower_id', "Loan Owner: no field 'borrower_id'"]] },
  { name: 'an owner field twice', markdown: edit(BASE, ['- Owner: member_id', '- Owner: member_id\n- Owner: member_id']), errors: [[lineOf(BASE, '- Owner: member_id') + 1, 'Loan: the owner field is given twice']] },
  // --- relations
  { name: 'a relation of an unknown entity', markdown: edit(BASE, ['| Loan | book_id | Book | cascade |', '| Lease | book_id | Book | cascade |']), errors: [['| Lease |', "Relations: 'Lease' is not an entity of the spec"]] },
  { name: 'a relation of an unknown field', markdown: edit(BASE, ['| Loan | book_id | Book | cascade |', '| Loan | copy_id | Book | cascade |']), errors: [['| Loan | copy_id |', "Relations: Loan has no field 'copy_id'"]] },
  { name: 'a relation of a field that is not a reference', markdown: edit(BASE, ['| Loan | book_id | Book | cascade |', '| Loan | due_on | Book | cascade |']), errors: [['| Loan | due_on |', 'Relations: Loan.due_on is a date field; only ref fields have relations']] },
  { name: 'a relation naming the wrong target', markdown: edit(BASE, ['| Loan | book_id | Book | cascade |', '| Loan | book_id | User | cascade |']), errors: [['| Loan | book_id |', "Relations: Loan.book_id references Book, not 'User'"]] },
  { name: 'an unknown On delete', markdown: edit(BASE, ['| Loan | book_id | Book | cascade |', '| Loan | book_id | Book | nullify |']), errors: [['| Loan | book_id |', "Relations: On delete must be restrict, cascade or set_null (got 'nullify')"]] },
  { name: 'set_null on a required field', markdown: edit(BASE, ['| Loan | book_id | Book | cascade |', '| Loan | book_id | Book | set_null |']), errors: [['| Loan | book_id |', 'Loan.book_id: set_null needs an optional field']] },
  { name: 'a relation twice', markdown: edit(BASE, ['| Loan | book_id | Book | cascade |', '| Loan | book_id | Book | cascade |\n| Loan | book_id | Book | restrict |']), errors: [['| Loan | book_id | Book | restrict |', 'Relations: Loan.book_id is listed twice']] },
  { name: 'None. beside a table', markdown: edit(BASE, ['## Relations\n', '## Relations\n\nNone.\n']), errors: [[lineOf(BASE, '## Relations') + 2, "'None.' means the section is empty"]] },
  // --- roles
  { name: 'role columns that are not the entities', markdown: edit(BASE, ['| Role | Book | Loan |\n|---|---|---|\n| librarian | crud | crud |\n| member | r | c, r:own |', '| Role | Loan | Book |\n|---|---|---|\n| librarian | crud | crud |\n| member | c, r:own | r |']), errors: [['| Role | Loan | Book |', 'Roles: the columns must be Role and then every entity in order: | Role | Book | Loan | (found | Role | Loan | Book |)']] },
  { name: 'a role column missing', markdown: edit(BASE, ['| Role | Book | Loan |\n|---|---|---|\n| librarian | crud | crud |\n| member | r | c, r:own |', '| Role | Book |\n|---|---|\n| librarian | crud |\n| member | r |']), errors: [['| Role | Book |', 'Roles: the columns must be Role and then every entity in order']] },
  { name: 'unknown rights letters', markdown: edit(BASE, ['| member | r | c, r:own |', '| member | rx | c, r:own |']), errors: [['| member |', "role member, Book: unknown right 'x' in 'rx'"]] },
  { name: 'a rights letter twice', markdown: edit(BASE, ['| member | r | c, r:own |', '| member | r | c, r:own, r |']), errors: [['| member |', "role member, Loan: right 'r' given twice"]] },
  { name: 'an unknown scope', markdown: edit(BASE, ['| member | r | c, r:own |', '| member | r | c, r:team |']), errors: [['| member |', "role member, Loan: rights 'c, r:team' cannot be read"]] },
  { name: 'an empty rights cell', markdown: edit(BASE, ['| member | r | c, r:own |', '| member | | c, r:own |']), errors: [['| member |', "role member, Book: empty rights cell; use '-' for none"]] },
  { name: 'a role name that is not snake_case', markdown: edit(BASE, ['| member | r |', '| Member | r |'], ['- Default role: member', '- Default role: Member']), errors: [['| Member |', "role name 'Member' must be snake_case"]] },
  { name: 'a role twice', markdown: edit(BASE, ['| member | r | c, r:own |', '| member | r | c, r:own |\n| member | r | r |']), errors: [['| member | r | r |', 'role member is listed twice']] },
  { name: 'an administrative role that is not a role', markdown: edit(BASE, ['- Administrative role: librarian', '- Administrative role: admin']), errors: [['- Administrative role: admin', "the administrative role 'admin' is not a role of the table (roles: librarian, member)"]] },
  { name: 'no default role', markdown: edit(BASE, ['- Default role: member\n', '']), errors: [['## Roles', "Roles: name the default role with '- Default role: <role>'"]] },
  { name: 'an administrative role without every right', markdown: edit(BASE, ['| librarian | crud | crud |', '| librarian | crud | cru |']), errors: [['| librarian |', 'librarian is the administrative role, so it needs crud on every entity (not on Loan)']] },
  { name: 'an unknown roles item', markdown: edit(BASE, ['- Default role: member', '- Default role: member\n- Super role: librarian']), errors: [['- Super role', "Roles: unexpected item '- Super role'"]] },
  { name: 'a description of an unknown role', markdown: edit(BASE, ['- Default role: member', '- Default role: member\n- visitor: Walks in.']), errors: [['- visitor', "Roles: unexpected item '- visitor'"]] },
  { name: 'a roles item twice', markdown: edit(BASE, ['- Default role: member', '- Default role: member\n- Default role: librarian']), errors: [['- Default role: librarian', "'- Default role:' is given twice"]] },
  // --- access
  { name: 'access to an unknown entity', markdown: edit(BASE, ['| Book | list | public |', '| Shelf | list | public |']), errors: [['| Shelf |', "Access: 'Shelf' is not an entity of the spec (entities: Book, Loan)"]] },
  { name: 'an unknown operation', markdown: edit(BASE, ['| Book | list | public |', '| Book | browse | public |']), errors: [['| Book | browse |', "Access: unknown operation 'browse' (expected list, read, create, update, delete)"]] },
  { name: 'an unknown level', markdown: edit(BASE, ['| Book | list | public |', '| Book | list | everyone |']), errors: [['| Book | list |', "Access: unknown level 'everyone' (expected public, authenticated, owner, admin)"]] },
  { name: 'owner level on create', markdown: edit(BASE, ['| Book | list | public |', '| Book | create | owner |']), errors: [['| Book | create |', 'Access: the owner level does not apply to create']] },
  { name: 'an access rule twice', markdown: edit(BASE, ['| Book | list | public |', '| Book | list | public |\n| Book | list | admin |']), errors: [['| Book | list | admin |', 'Access: Book list is listed twice']] },
  { name: 'a wrong access header', markdown: edit(BASE, ['| Entity | Operation | Level |', '| Entity | Endpoint | Level |']), errors: [['| Entity | Endpoint |', 'Access: the table header must be | Entity | Operation | Level |']] },
  // --- workflows
  { name: 'a workflow name that is not snake_case', markdown: edit(BASE, ['### loan_reminder', '### LoanReminder']), errors: [['### LoanReminder', "workflow name 'LoanReminder' must be snake_case"]] },
  { name: 'a workflow twice', markdown: `${BASE}\n### loan_reminder\n\n- Trigger: manual\n\n| Step | Kind | Details |\n|---|---|---|\n| remind | task | |\n`, errors: [[lineOf(BASE, 'retries: 2') + 2, 'workflow loan_reminder is declared twice']] },
  { name: 'no trigger line', markdown: edit(BASE, ['- Trigger: Loan created\n', '']), errors: [['### loan_reminder', "workflow loan_reminder needs a trigger line: '- Trigger: <Entity> created'"]] },
  { name: 'an unreadable trigger', markdown: edit(BASE, ['- Trigger: Loan created', '- Trigger: whenever a loan starts']), errors: [['- Trigger:', "workflow loan_reminder: trigger 'whenever a loan starts' cannot be read"]] },
  { name: 'a trigger on an unknown entity', markdown: edit(BASE, ['- Trigger: Loan created', '- Trigger: Lease created']), atLeast: true, errors: [['- Trigger:', "workflow loan_reminder, trigger: 'Lease' is not an entity of the spec"]] },
  { name: 'a trigger on an unknown field', markdown: edit(BASE, ['- Trigger: Loan created', '- Trigger: Loan state = open']), errors: [['- Trigger:', "workflow loan_reminder, trigger: Loan has no field 'state'"]] },
  { name: 'a trigger value outside the enum', markdown: edit(BASE, ['- Trigger: Loan created', '- Trigger: Loan status = lost']), errors: [['- Trigger:', "workflow loan_reminder, trigger: 'lost' is not a value of Loan.status (open, returned)"]] },
  { name: 'a step table without steps', markdown: edit(BASE, ['| until_due | waitUntil | due_on - P1D |\n| remind | task | retries: 2 |\n', '']), errors: [['### loan_reminder', 'workflow loan_reminder needs at least one step']] },
  { name: 'an unknown step kind', markdown: edit(BASE, ['| remind | task |', '| remind | sleep |']), errors: [['| remind |', "workflow loan_reminder, step remind: unknown step kind 'sleep' (expected wait, waitUntil, waitForEvent, waitForRecord, task)"]] },
  { name: 'a wait without an ISO duration', markdown: edit(BASE, ['| remind | task | retries: 2 |', '| remind | wait | 3 days |']), errors: [['| remind |', "workflow loan_reminder, step remind: '3 days' is not an ISO 8601 duration"]] },
  { name: 'a waitUntil on a field that is not a date', markdown: edit(BASE, ['| until_due | waitUntil | due_on - P1D |', '| until_due | waitUntil | status |']), errors: [['| until_due |', 'Loan.status is enum; waitUntil needs a date or datetime field']] },
  { name: 'a waitUntil with an unreadable offset', markdown: edit(BASE, ['due_on - P1D', 'due_on minus a day']), errors: [['| until_due |', "waitUntil details must be '<datetime field>', '<field> - PT24H' or '<field> + P1D'"]] },
  { name: 'a waitUntil with a bad offset duration', markdown: edit(BASE, ['due_on - P1D', 'due_on - 1D']), errors: [['| until_due |', "offset '-1D' must be + or - followed by an ISO 8601 duration"]] },
  { name: 'a waitUntil in a manual workflow', markdown: edit(BASE, ['- Trigger: Loan created', '- Trigger: manual']), errors: [['| until_due |', 'waitUntil waits for a date of the triggering record, so the workflow needs a trigger']] },
  { name: 'a waitForEvent without a timeout', markdown: edit(BASE, ['| remind | task | retries: 2 |', '| remind | waitForEvent | events: returned |']), errors: [['| remind |', "waitForEvent details need 'events: <a>, <b>; timeout: <duration>'"]] },
  { name: 'an unknown detail', markdown: edit(BASE, ['| remind | task | retries: 2 |', '| remind | task | retries: 2; priority: high |']), errors: [['| remind |', "task details: 'priority: high' is not one of 'retries: ...', 'backoff: ...'"]] },
  { name: 'too many retries', markdown: edit(BASE, ['retries: 2', 'retries: 50']), errors: [['| remind |', 'retries must be a whole number from 0 to 20 (got 50)']] },
  { name: 'a bad backoff', markdown: edit(BASE, ['retries: 2', 'retries: 2; backoff: 1 minute']), errors: [['| remind |', "backoff '1 minute' is not an ISO 8601 duration"]] },
  { name: 'a bad event name', markdown: edit(BASE, ['| remind | task | retries: 2 |', '| remind | waitForEvent | events: Returned Late; timeout: P1D |']), errors: [['| remind |', "event name 'Returned Late' must be snake_case"]] },
  { name: 'a step name twice', markdown: edit(BASE, ['| remind | task |', '| until_due | task |']), errors: [['| until_due | task |', 'step until_due: step name used twice in the workflow']] },
  { name: 'a step name that is not snake_case', markdown: edit(BASE, ['| remind | task |', '| Remind | task |']), errors: [['| Remind |', 'step Remind: step names are snake_case']] },
  { name: 'stray text after a step table', markdown: `${BASE}Then stop.\n`, errors: [['Then stop.', "after workflow loan_reminder's description come '- Trigger: ...' and its step table"]] },
];

describe('parseSpec refuses what breaks the format, with the line and what to fix', () => {
  it.each(BAD.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const errors = errorsOf(c.markdown);
    for (const [where, message] of c.errors) {
      const line = typeof where === 'number' ? where : lineOf(c.markdown, where);
      expect(errors).toContainEqual({ line, message: expect.stringContaining(message) });
    }
    if (!c.atLeast) expect(errors).toHaveLength(c.errors.length);
  });

  it('collects every error of a spec at once, in line order', () => {
    const md = edit(
      BASE,
      ['| title | string |', '| title | strng |'],
      ['| genre | enum | no | novel | novel, poetry, essay |', '| genre | enum | no | novel | |'],
      ['| member | r | c, r:own |', '| member | rq | c, r:own |'],
      ['| Book | list | public |', '| Book | browse | public |'],
      ['due_on - P1D', 'due_on - tomorrow'],
    );
    const errors = errorsOf(md);
    expect(errors.map((e) => e.line)).toEqual([
      lineOf(md, '| title |'),
      lineOf(md, '| genre |'),
      lineOf(md, '| member |'),
      lineOf(md, '| Book | browse |'),
      lineOf(md, '| until_due |'),
    ]);
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining("unknown type 'strng'"),
      expect.stringContaining('enum field needs Allowed values'),
      expect.stringContaining("unknown right 'q'"),
      expect.stringContaining("unknown operation 'browse'"),
      expect.stringContaining("offset '-tomorrow'"),
    ]);
  });

  it('keeps a long list of errors readable', () => {
    const rows = Array.from({ length: 80 }, (_, i) => `| f${i} | strng | yes | | | |`).join('\n');
    const errors = errorsOf(edit(BASE, ['| title | string | yes | | 1..200 | |', rows]));
    expect(errors).toHaveLength(51);
    expect(errors.at(-1)?.message).toBe('30 more errors not shown; fix these first');
  });

  it('never throws, whatever the input', () => {
    const inputs = ['', '\n\n', '#', '# T', '## Overview', '|', '| a |\n|---|', BASE.slice(0, 400), BASE.replaceAll('|', ''), BASE.replaceAll('\n', ' ')];
    for (const input of inputs) expect(() => parseSpec(input)).not.toThrow();
    expect(errorsOf('')[0]).toEqual({ line: 1, message: expect.stringContaining("title line '# <project name>'") });
    expect(errorsOf('# Notes\n\nJust a thought.\n')).toEqual([{ line: 3, message: expect.stringContaining('the spec has no sections; after the title come ## Overview, ## Tenancy') }]);
  });

  it('is deterministic', () => {
    const broken = edit(BASE, ['| title | string |', '| title | strng |'], ['- Mode: single-tenant', '- Mode: both']);
    expect(parseSpec(broken)).toEqual(parseSpec(broken));
    expect(parseSpec(BASE)).toEqual(parseSpec(BASE));
  });
});

describe('parseSpecOrThrow', () => {
  it('returns the document of a valid spec', () => {
    expect(parseSpecOrThrow(BASE)).toEqual(specOf(BASE));
  });

  it('throws a 400 ValidationError whose details name each line', () => {
    const md = edit(BASE, ['| title | string |', '| title | strng |'], ['- Mode: single-tenant', '- Mode: both']);
    let thrown: unknown;
    try {
      parseSpecOrThrow(md);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    const error = thrown as ValidationError;
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('2 errors');
    expect(error.details).toEqual([
      { path: `content:line ${lineOf(md, '- Mode: both')}`, message: expect.stringContaining("unknown tenancy mode 'both'") },
      { path: `content:line ${lineOf(md, '| title |')}`, message: expect.stringContaining("unknown type 'strng'") },
    ]);
  });
});

import { createFields, projectApi, writableFields } from '../../lambdas/core/blueprint/project-routes';
import { checkValue, type ValueShape, validateCreate, validatePatch, validateReplace } from '../../lambdas/core/project-api/record-validation';
import { isDate, isDateTime } from '../../lambdas/core/date-formats';

import type { IrEntity } from '../../lambdas/core/blueprint/ir';
import type { ErrorDetail } from '../../lambdas/core/errors';
import { goldenEntity as entity, goldenIr as ir, validationDetails as details } from '../support/golden-ir';

const Task = entity('01-task-tracker', 'Task');
const Comment = entity('02-recipe-blog', 'Comment');
const Appointment = entity('04-clinic-appointments', 'Appointment');
const Patient = entity('04-clinic-appointments', 'Patient');
const Product = entity('05-inventory', 'Product');
const StockMovement = entity('05-inventory', 'StockMovement');
const Team = entity('example', 'Team');
const Ticket = entity('example', 'Ticket');


/** Ids of the shapes the API gives out (record-id.ts): records (26 Crockford base32), users (UUIDs). */
const rid = (n: number) => `01JD5Z8Q0M3N4P5R6S7T8V9W${String(n).padStart(2, '0')}`;
const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [P1, P2, T, R1, P, W, D] = [1, 2, 3, 4, 5, 6, 7].map(rid);
const [U1, U2, U9, U] = [1, 2, 9, 10].map(uid);

const task = { title: 'Write the report', project_id: P1 };
const current = {
  id: 't1',
  org_id: 'o1',
  owner_id: U1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  title: 'Write the report',
  description: 'Quarterly',
  priority: 'high',
  status: 'active',
  assignee_id: U2,
  due_date: '2026-03-31',
  attachment_key: 'k1',
  project_id: P1,
};

describe('validateCreate', () => {
  it('applies defaults and keeps only the given writable fields', () => {
    expect(validateCreate(Task, task)).toEqual({ title: 'Write the report', priority: 'low', status: 'pending', project_id: P1 });
    expect(validateCreate(Task, { ...task, priority: 'high', assignee_id: U2, due_date: '2024-02-29', description: null })).toEqual({
      title: 'Write the report',
      priority: 'high',
      status: 'pending',
      assignee_id: U2,
      due_date: '2024-02-29',
      project_id: P1,
    });
    expect(validateCreate(Task, { ...task, priority: null })).toMatchObject({ priority: 'low' });
    expect(validateCreate(Team, { name: 'Ops' })).toEqual({ name: 'Ops', max_open_tickets: 50 });
  });

  it.each<[string, IrEntity, unknown, ErrorDetail[]]>([
    ['a body that is not an object', Task, [task], [{ path: 'body', message: 'must be a JSON object' }]],
    ['a null body', Task, null, [{ path: 'body', message: 'must be a JSON object' }]],
    ['a string body', Task, 'title', [{ path: 'body', message: 'must be a JSON object' }]],
    ['missing required fields', Task, {}, [{ path: 'body.title', message: 'is required' }, { path: 'body.project_id', message: 'is required' }]],
    ['null for a required field', Task, { ...task, title: null }, [{ path: 'body.title', message: 'is required' }]],
    ['an unknown field', Task, { ...task, colour: 'red' }, [{ path: 'body.colour', message: 'is not a field of Task' }]],
    ['an enum value out of the list', Task, { ...task, priority: 'urgent' }, [{ path: 'body.priority', message: 'must be one of low, medium, high' }]],
    ['an enum value of the wrong case', Task, { ...task, status: 'Done' }, [{ path: 'body.status', message: 'must be one of pending, active, done' }]],
    ['a number for a string', Task, { ...task, title: 42 }, [{ path: 'body.title', message: 'must be a string' }]],
    ['an object for a text', Task, { ...task, description: { text: 'x' } }, [{ path: 'body.description', message: 'must be a string' }]],
    ['an empty ref', Task, { ...task, project_id: '' }, [{ path: 'body.project_id', message: 'must be the id of a Project record (26 letters and digits, as the API returns it)' }]],
    ['a number for a ref', Task, { ...task, project_id: 7 }, [{ path: 'body.project_id', message: 'must be the id of a Project record (26 letters and digits, as the API returns it)' }]],
    ['a bad user ref', Task, { ...task, assignee_id: '  ' }, [{ path: 'body.assignee_id', message: 'must be the id of a user (a UUID, as /v1/users shows it)' }]],
    ['a date not in the calendar', Task, { ...task, due_date: '2026-02-29' }, [{ path: 'body.due_date', message: 'must be a calendar date as YYYY-MM-DD (e.g. 2026-03-31)' }]],
    ['a date in another format', Task, { ...task, due_date: '31/03/2026' }, [{ path: 'body.due_date', message: 'must be a calendar date as YYYY-MM-DD (e.g. 2026-03-31)' }]],
    ['a datetime for a date', Task, { ...task, due_date: '2026-03-31T00:00:00Z' }, [{ path: 'body.due_date', message: 'must be a calendar date as YYYY-MM-DD (e.g. 2026-03-31)' }]],
    [
      'a file on create',
      Task,
      { ...task, attachment_key: 'k1' },
      [{ path: 'body.attachment_key', message: 'cannot be set when creating a record; upload the file with the upload-url route, then attach its key with PATCH' }],
    ],
    [
      'server-owned fields on create',
      Task,
      { ...task, id: 't1', owner_id: U9 },
      [
        { path: 'body.id', message: 'is set by the server and cannot be sent when creating a record' },
        { path: 'body.owner_id', message: 'is set by the server and cannot be sent when creating a record' },
      ],
    ],
    ['a rating above its max', Comment, { body: 'Nice', recipe_id: R1, rating: 6 }, [{ path: 'body.rating', message: 'must be between 1 and 5' }]],
    ['a rating below its min', Comment, { body: 'Nice', recipe_id: R1, rating: 0 }, [{ path: 'body.rating', message: 'must be between 1 and 5' }]],
    ['a fractional integer', Comment, { body: 'Nice', recipe_id: R1, rating: 4.5 }, [{ path: 'body.rating', message: 'must be a whole number' }]],
    ['a string for an integer', Comment, { body: 'Nice', recipe_id: R1, rating: '4' }, [{ path: 'body.rating', message: 'must be a whole number' }]],
    ['a string for a number', Product, { sku: 'A-1', name: 'Bolt', unit_price: '9.99' }, [{ path: 'body.unit_price', message: 'must be a number' }]],
    ['a string for a boolean', Product, { sku: 'A-1', name: 'Bolt', discontinued: 'false' }, [{ path: 'body.discontinued', message: 'must be true or false' }]],
    ['a rating below its range', Comment, { body: 'Nice', recipe_id: R1, rating: 0 }, [{ path: 'body.rating', message: 'must be between 1 and 5' }]],
    ['an unsafe integer', StockMovement, { product_id: P, warehouse_id: W, quantity: 2 ** 60 }, [{ path: 'body.quantity', message: 'is too large (at most 9007199254740991 in absolute value)' }]],
    [
      'a datetime without a zone',
      Appointment,
      { patient_id: P, doctor_id: D, start_time: '2026-03-31T14:30:00' },
      [{ path: 'body.start_time', message: 'must be an ISO 8601 date and time with a time zone (e.g. 2026-03-31T14:30:00Z or 2026-03-31T16:30:00+02:00)' }],
    ],
    [
      'a datetime at hour 25',
      Appointment,
      { patient_id: P, doctor_id: D, start_time: '2026-03-31T25:00:00Z' },
      [{ path: 'body.start_time', message: 'must be an ISO 8601 date and time with a time zone (e.g. 2026-03-31T14:30:00Z or 2026-03-31T16:30:00+02:00)' }],
    ],
    ['a bad email', Patient, { full_name: 'Ann', email: 'ann@' }, [{ path: 'body.email', message: 'must be an email address (e.g. name@example.com)' }]],
    ['an email with spaces', Patient, { full_name: 'Ann', email: 'ann smith@example.com' }, [{ path: 'body.email', message: 'must be an email address (e.g. name@example.com)' }]],
    ['a string too short', Team, { name: 'O' }, [{ path: 'body.name', message: 'must have 2 to 60 characters' }]],
    ['a string too long', Ticket, { subject: 'x'.repeat(121), reference: 'R1', team_id: T, requester_id: U }, [{ path: 'body.subject', message: 'must have 3 to 120 characters' }]],
    ['a list too long', Ticket, { subject: 'Help', reference: 'R1', team_id: T, requester_id: U, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, [{ path: 'body.tags', message: 'must have at most 10 items' }]],
    ['a list that is not an array', Ticket, { subject: 'Help', reference: 'R1', team_id: T, requester_id: U, tags: 'a,b' }, [{ path: 'body.tags', message: 'must be a list (JSON array) of strings' }]],
    [
      'list elements of the wrong type',
      Ticket,
      { subject: 'Help', reference: 'R1', team_id: T, requester_id: U, tags: ['ok', 3, null] },
      [
        { path: 'body.tags[1]', message: 'must be a string' },
        { path: 'body.tags[2]', message: 'must be strings, not null' },
      ],
    ],
  ])('refuses %s', (_name, target, body, expected) => {
    expect(details(() => validateCreate(target, body))).toEqual(expected);
  });

  it('lists every problem at once, in field order, unknown fields last', () => {
    const got = details(() => validateCreate(Task, { nope: 1, id: 'x', priority: 'urgent', due_date: 'soon', attachment_key: 'k' }));
    expect(got.map((d) => d.path)).toEqual(['body.id', 'body.title', 'body.priority', 'body.due_date', 'body.attachment_key', 'body.project_id', 'body.nope']);
  });

  it('gives a readable summary message', () => {
    expect(() => validateCreate(Task, { ...task, priority: 'urgent' })).toThrow('Invalid Task: priority must be one of low, medium, high');
    expect(() => validateCreate(Task, {})).toThrow('Invalid Task: title is required (and 1 more problem)');
  });

  it('accepts valid values of every type', () => {
    expect(validateCreate(Appointment, { patient_id: P, doctor_id: D, start_time: '2026-03-31T16:30:00.123+02:00', duration_minutes: 30 })).toMatchObject({ status: 'requested' });
    expect(validateCreate(Patient, { full_name: 'Ann', email: 'ann.smith+x@mail.example.com', date_of_birth: '2000-02-29' })).toMatchObject({ email: 'ann.smith+x@mail.example.com' });
    expect(validateCreate(Product, { sku: 'A-1', name: 'Bolt', unit_price: 9.99, quantity_in_stock: 0, discontinued: false })).toEqual({
      sku: 'A-1',
      name: 'Bolt',
      unit_price: 9.99,
      quantity_in_stock: 0,
      discontinued: false,
    });
    expect(validateCreate(Comment, { body: 'Nice', recipe_id: R1, rating: 5 })).toEqual({ body: 'Nice', recipe_id: R1, rating: 5 });
    expect(validateCreate(Ticket, { subject: 'Help', reference: 'R1', team_id: T, requester_id: U, tags: [] })).toMatchObject({ tags: [] });
  });

  it.each([
    ['01-task-tracker', 'Task'],
    ['02-recipe-blog', 'Comment'],
    ['04-clinic-appointments', 'Appointment'],
    ['05-inventory', 'Product'],
    ['example', 'Ticket'],
  ])('agrees with the OpenAPI body schemas of %s %s', (irName, name) => {
    const e = entity(irName, name);
    const api = projectApi(ir(irName));
    const names = api.entitySchemas[name]!;
    const props = (schema: string) => Object.keys(api.schemas[schema]?.properties ?? {}).sort();
    const required = (schema: string) => [...(api.schemas[schema]?.required ?? [])].sort();
    expect(props(names.create)).toEqual(createFields(e).map((f) => f.name).sort());
    expect(props(names.replace)).toEqual(e.fields.map((f) => f.name).sort());
    expect(props(names.update)).toEqual(e.fields.map((f) => f.name).sort());
    // Create: every field outside the create schema is refused; the schema's required ones are required.
    const refused = details(() => validateCreate(e, Object.fromEntries(e.fields.map((f) => [f.name, 'x'])))).map((d) => d.path);
    for (const f of e.fields.filter((f) => !createFields(e).includes(f))) expect(refused).toContain(`body.${f.name}`);
    expect(details(() => validateCreate(e, {})).map((d) => d.path.slice(5)).sort()).toEqual(required(names.create));
    expect(details(() => validateReplace(e, {}, {})).map((d) => d.path.slice(5)).sort()).toEqual(required(names.replace));
    expect(validatePatch(e, {}, {})).toBeDefined();
  });
});

describe('checkValue', () => {
  it.each<[ValueShape, unknown, string | undefined]>([
    [{ type: 'url' }, 'https://example.com/a?b=1', undefined],
    [{ type: 'url' }, 'http://localhost:3000', undefined],
    [{ type: 'url' }, 'ftp://example.com', 'must be an http or https URL (e.g. https://example.com/page)'],
    [{ type: 'url' }, 'example.com', 'must be an http or https URL (e.g. https://example.com/page)'],
    [{ type: 'url' }, 'https://exa mple.com', 'must be an http or https URL (e.g. https://example.com/page)'],
    [{ type: 'string', min: 1 }, '', 'must not be empty'],
    [{ type: 'string', min: 2 }, 'a', 'must have at least 2 characters'],
    [{ type: 'string', max: 1 }, 'ab', 'must have at most 1 character'],
    [{ type: 'string', min: 2, max: 2 }, 'abc', 'must have exactly 2 characters'],
    [{ type: 'string', max: 2 }, '😀😀', undefined],
    [{ type: 'number', max: 10 }, 10.5, 'must be at most 10'],
    [{ type: 'number' }, Number.NaN, 'must be a number'],
    // Beyond DynamoDB's number range: refused here, not a 500 from the store (found by the fuzz test).
    [{ type: 'number' }, 8e-323, 'must be 0 or between 1e-130 and 9007199254740991 in absolute value'],
    [{ type: 'number' }, -1e200, 'must be 0 or between 1e-130 and 9007199254740991 in absolute value'],
    [{ type: 'number' }, 2 ** 53, 'must be 0 or between 1e-130 and 9007199254740991 in absolute value'],
    [{ type: 'number' }, 123456789.125, undefined],
    [{ type: 'number' }, 1e-130, undefined],
    [{ type: 'number' }, -0, undefined],
    [{ type: 'list', min: 1, items: { type: 'string' } }, [], 'must have at least 1 item'],
    [{ type: 'list', items: { type: 'enum', enum: ['a', 'b'] } }, {}, 'must be a list (JSON array) of values among a, b'],
  ])('%j with %j', (shape, value, expected) => {
    expect(checkValue(shape, value)).toBe(expected);
  });
});

describe('validateReplace (PUT)', () => {
  it('round-trips a full record, server-owned fields included', () => {
    const { id: _id, org_id: _org, owner_id: _owner, created_at: _c, updated_at: _u, ...writable } = current;
    expect(validateReplace(Task, { ...current }, current)).toEqual(writable);
  });

  it('clears omitted optional fields and restores defaults', () => {
    expect(validateReplace(Task, { title: 'New', project_id: P2 }, current)).toEqual({ title: 'New', priority: 'low', status: 'pending', project_id: P2 });
  });

  it('accepts a file key or null for a file field', () => {
    expect(validateReplace(Task, { ...task, attachment_key: 'k2' }, current)).toMatchObject({ attachment_key: 'k2' });
    expect(validateReplace(Task, { ...task, attachment_key: null }, current)).not.toHaveProperty('attachment_key');
  });

  it.each<[string, unknown, ErrorDetail[]]>([
    ['missing required fields', { description: 'x' }, [{ path: 'body.title', message: 'is required' }, { path: 'body.project_id', message: 'is required' }]],
    ['a changed id', { ...current, id: 't2' }, [{ path: 'body.id', message: 'is set by the server; it may be sent only with its current value' }]],
    ['a changed owner_id', { ...current, owner_id: U9 }, [{ path: 'body.owner_id', message: 'is set by the server; it may be sent only with its current value' }]],
    ['a null created_at', { ...current, created_at: null }, [{ path: 'body.created_at', message: 'is set by the server; it may be sent only with its current value' }]],
    ['an empty file key', { ...task, attachment_key: '' }, [{ path: 'body.attachment_key', message: 'must be a file key granted by the upload-url route' }]],
    ['an unknown field', { ...task, extra: true }, [{ path: 'body.extra', message: 'is not a field of Task' }]],
    ['a bad enum', { ...task, status: 'closed' }, [{ path: 'body.status', message: 'must be one of pending, active, done' }]],
  ])('refuses %s', (_name, body, expected) => {
    expect(details(() => validateReplace(Task, body, current))).toEqual(expected);
  });

  it('accepts in its body exactly the fields of the PUT schema', () => {
    const names = [...writableFields(Task).map((f) => f.name), 'id', 'org_id', 'owner_id', 'created_at', 'updated_at'].sort();
    expect(Object.keys(current).sort()).toEqual(names);
  });
});

describe('validatePatch', () => {
  it('changes the given fields and keeps the others', () => {
    const { id: _id, org_id: _org, owner_id: _owner, created_at: _c, updated_at: _u, ...writable } = current;
    expect(validatePatch(Task, { status: 'done' }, current)).toEqual({ ...writable, status: 'done' });
    expect(validatePatch(Task, {}, current)).toEqual(writable);
    expect(validatePatch(Task, { ...current }, current)).toEqual(writable);
  });

  it('null clears an optional field; a field with a default gets it back', () => {
    const next = validatePatch(Task, { description: null, assignee_id: null, attachment_key: null, priority: null }, current);
    expect(next).not.toHaveProperty('description');
    expect(next).not.toHaveProperty('assignee_id');
    expect(next).not.toHaveProperty('attachment_key');
    expect(next.priority).toBe('low');
  });

  it('attaches a file key', () => {
    expect(validatePatch(Task, { attachment_key: 'k9' }, current)).toMatchObject({ attachment_key: 'k9' });
  });

  it.each<[string, unknown, ErrorDetail[]]>([
    ['clearing a required field', { title: null }, [{ path: 'body.title', message: 'is required and cannot be cleared' }]],
    ['changing owner_id', { owner_id: U9 }, [{ path: 'body.owner_id', message: 'is set by the server; it may be sent only with its current value' }]],
    ['changing id', { id: 't2' }, [{ path: 'body.id', message: 'is set by the server; it may be sent only with its current value' }]],
    ['changing org_id', { org_id: 'o2' }, [{ path: 'body.org_id', message: 'is set by the server; it may be sent only with its current value' }]],
    ['a bad priority', { priority: 'urgent' }, [{ path: 'body.priority', message: 'must be one of low, medium, high' }]],
    ['a bad due date', { due_date: '2026-13-01' }, [{ path: 'body.due_date', message: 'must be a calendar date as YYYY-MM-DD (e.g. 2026-03-31)' }]],
    ['a number as file key', { attachment_key: 5 }, [{ path: 'body.attachment_key', message: 'must be a file key granted by the upload-url route' }]],
    ['an unknown field', { colour: 'red' }, [{ path: 'body.colour', message: 'is not a field of Task' }]],
    ['an array body', [], [{ path: 'body', message: 'must be a JSON object' }]],
  ])('refuses %s', (_name, body, expected) => {
    expect(details(() => validatePatch(Task, body, current))).toEqual(expected);
  });

  it('checks list elements and bounds', () => {
    const ticket = { id: 'k', owner_id: 'u', created_at: 'c', updated_at: 'u', subject: 'Help', reference: 'R', team_id: T, requester_id: U, priority: 'normal', status: 'open' };
    expect(validatePatch(Ticket, { tags: ['a', 'b'], satisfaction: 5 }, ticket)).toMatchObject({ tags: ['a', 'b'], satisfaction: 5 });
    expect(details(() => validatePatch(Ticket, { tags: ['a', ''], satisfaction: 6 }, ticket))).toEqual([{ path: 'body.satisfaction', message: 'must be between 1 and 5' }]);
    expect(details(() => validatePatch(Ticket, { tags: [1], due_at: '2026-03-31' }, ticket))).toEqual([
      { path: 'body.tags[0]', message: 'must be a string' },
      { path: 'body.due_at', message: 'must be an ISO 8601 date and time with a time zone (e.g. 2026-03-31T14:30:00Z or 2026-03-31T16:30:00+02:00)' },
    ]);
  });
});

describe('date formats', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['2026-04-31', false],
    ['2026-00-10', false],
    ['2026-1-10', false],
    ['0004-02-29', true],
  ])('isDate(%s) = %s', (text, ok) => expect(isDate(text)).toBe(ok));

  it.each([
    ['2026-03-31T14:30:00Z', true],
    ['2026-03-31T14:30:00.5-05:00', true],
    ['2026-03-31T14:30Z', false],
    ['2026-03-31 14:30:00Z', false],
    ['2026-02-30T00:00:00Z', false],
    ['2026-03-31T23:60:00Z', false],
    ['2026-03-31T10:00:00+24:00', false],
  ])('isDateTime(%s) = %s', (text, ok) => expect(isDateTime(text)).toBe(ok));
});

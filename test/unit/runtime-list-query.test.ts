import { projectApi } from '../../lambdas/core/blueprint/project-routes';
import { filterFields, parseListQuery, type ListQuery } from '../../lambdas/core/project-api/list-query';

import type { IrEntity } from '../../lambdas/core/blueprint/ir';
import type { ErrorDetail } from '../../lambdas/core/errors';
import { goldenEntity as entity, goldenIr as ir, validationDetails as details } from '../support/golden-ir';

const tracker = ir('01-task-tracker');
const limits = tracker.limits;
const Task = entity('01-task-tracker', 'Task');
const Product = entity('05-inventory', 'Product');
const Warehouse = entity('05-inventory', 'Warehouse');
const Comment = entity('example', 'Comment');
/** Ids of the shapes the API gives out: a record id, user ids (UUIDs). */
const P1 = '01JD5Z8Q0M3N4P5R6S7T8V9W01';
const [U1, U2] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];


describe('parseListQuery', () => {
  it.each<[string, IrEntity, Record<string, string | undefined>, ListQuery]>([
    ['no parameters: the default page size', Task, {}, { limit: 20 }],
    ['undefined values are absent', Task, { limit: undefined, status: undefined }, { limit: 20 }],
    ['a limit', Task, { limit: '50' }, { limit: 50 }],
    ['the smallest limit', Task, { limit: '1' }, { limit: 1 }],
    ['the largest limit', Task, { limit: '100' }, { limit: 100 }],
    ['a cursor', Task, { cursor: 'abc.def' }, { limit: 20, cursor: 'abc.def' }],
    ['an enum filter', Task, { status: 'active' }, { limit: 20, filter: { field: 'status', value: 'active' } }],
    ['a user ref filter', Task, { assignee_id: U2, limit: '5' }, { limit: 5, filter: { field: 'assignee_id', value: U2 } }],
    ['a ref filter', Task, { project_id: P1 }, { limit: 20, filter: { field: 'project_id', value: P1 } }],
    ['the owner filter', Task, { owner_id: U1 }, { limit: 20, filter: { field: 'owner_id', value: U1 } }],
    ['a cursor of the longest length', Task, { cursor: 'c'.repeat(4096) }, { limit: 20, cursor: 'c'.repeat(4096) }],
    ['a boolean filter (true)', Product, { discontinued: 'true' }, { limit: 20, filter: { field: 'discontinued', value: true } }],
    ['a boolean filter (false)', Comment, { internal: 'false', cursor: 'c' }, { limit: 20, cursor: 'c', filter: { field: 'internal', value: false } }],
    ['a unique string filter', Product, { sku: 'A-1' }, { limit: 20, filter: { field: 'sku', value: 'A-1' } }],
  ])('accepts %s', (_name, target, query, expected) => {
    expect(parseListQuery(target, query, limits)).toEqual(expected);
  });

  it.each<[string, IrEntity, Record<string, string | undefined>, ErrorDetail[]]>([
    ['a limit above the max', Task, { limit: '101' }, [{ path: 'query.limit', message: 'must be at most 100' }]],
    ['a limit of 0', Task, { limit: '0' }, [{ path: 'query.limit', message: 'must be at least 1' }]],
    ['a negative limit', Task, { limit: '-5' }, [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]],
    ['a fractional limit', Task, { limit: '2.5' }, [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]],
    ['a word as limit', Task, { limit: 'ten' }, [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]],
    ['an empty limit', Task, { limit: '' }, [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]],
    ['an empty cursor', Task, { cursor: '' }, [{ path: 'query.cursor', message: 'must be the next_cursor of the previous page (not empty)' }]],
    ['an enum value out of the list', Task, { status: 'closed' }, [{ path: 'query.status', message: 'must be one of pending, active, done' }]],
    ['an empty enum value', Task, { priority: '' }, [{ path: 'query.priority', message: 'must be one of low, medium, high' }]],
    ['a boolean that is not true/false', Product, { discontinued: '1' }, [{ path: 'query.discontinued', message: 'must be true or false' }]],
    ['an empty ref', Task, { project_id: '' }, [{ path: 'query.project_id', message: 'must be the id of a Project record (26 letters and digits, as the API returns it)' }]],
    ['a ref of another shape', Task, { project_id: 'p'.repeat(2000) }, [{ path: 'query.project_id', message: 'must be the id of a Project record (26 letters and digits, as the API returns it)' }]],
    ['an empty user ref', Task, { assignee_id: '' }, [{ path: 'query.assignee_id', message: 'must be the id of a user (a UUID, as /v1/users shows it)' }]],
    ['a record id for a user ref', Task, { assignee_id: P1 }, [{ path: 'query.assignee_id', message: 'must be the id of a user (a UUID, as /v1/users shows it)' }]],
    ['a unique string over its type limit', Product, { sku: 's'.repeat(1001) }, [{ path: 'query.sku', message: 'must have at most 1000 characters' }]],
    ['a cursor over its limit', Task, { cursor: 'c'.repeat(4097) }, [{ path: 'query.cursor', message: 'must be the next_cursor of the previous page (at most 4096 characters)' }]],
    ['a limit in exponent notation', Task, { limit: '1e1' }, [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]],
    ['a limit in hex', Task, { limit: '0x10' }, [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]],
    ['a limit with a sign', Task, { limit: '+5' }, [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]],
    ['a limit with a space', Task, { limit: ' 10' }, [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]],
    ['a limit with a decimal point', Task, { limit: '10.0' }, [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]],
    ['an empty unique string', Product, { sku: '' }, [{ path: 'query.sku', message: 'must not be empty' }]],
    [
      'a filter on a field without an index',
      Task,
      { title: 'x' },
      [{ path: 'query.title', message: 'is not a parameter of this list (parameters: limit, cursor; filters: owner_id, priority, status, assignee_id, project_id)' }],
    ],
    ['an unknown parameter', Warehouse, { sort: 'name' }, [{ path: 'query.sort', message: 'is not a parameter of this list (parameters: limit, cursor; filters: owner_id)' }]],
    ['two filters', Task, { status: 'active', priority: 'high' }, [{ path: 'query', message: 'filter on one field at a time (got status, priority)' }]],
    [
      'every problem at once',
      Task,
      { limit: '500', status: 'nope', foo: 'bar' },
      [
        { path: 'query.limit', message: 'must be at most 100' },
        { path: 'query.status', message: 'must be one of pending, active, done' },
        { path: 'query.foo', message: 'is not a parameter of this list (parameters: limit, cursor; filters: owner_id, priority, status, assignee_id, project_id)' },
      ],
    ],
  ])('refuses %s', (_name, target, query, expected) => {
    expect(details(() => parseListQuery(target, query, limits))).toEqual(expected);
  });

  it('says the maximum in the error message', () => {
    expect(() => parseListQuery(Task, { limit: '101' }, limits)).toThrow('Invalid list query: limit must be at most 100');
  });

  it('follows the limits it is given', () => {
    expect(parseListQuery(Task, {}, { defaultPageSize: 50, maxPageSize: 200 })).toEqual({ limit: 50 });
    expect(details(() => parseListQuery(Task, { limit: '201' }, { defaultPageSize: 50, maxPageSize: 200 }))).toEqual([{ path: 'query.limit', message: 'must be at most 200' }]);
  });

  it.each([
    ['01-task-tracker', 'Task'],
    ['03-expense-approvals', 'ExpenseReport'],
    ['05-inventory', 'Product'],
    ['05-inventory', 'StockMovement'],
    ['example', 'Ticket'],
  ])('accepts exactly the query parameters of the OpenAPI list route of %s %s', (irName, name) => {
    const e = entity(irName, name);
    const route = projectApi(ir(irName)).routes.find((r) => r.id === `${e.collection}.list`);
    const params = Object.keys(route?.request.query?.properties ?? {}).sort();
    expect(['limit', 'cursor', ...filterFields(e).map((f) => f.name)].sort()).toEqual(params);
  });
});

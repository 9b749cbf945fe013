/**
 * The complete example of the spec format: a multi-tenant help desk that uses every feature
 * (enums with defaults, references to an entity and to User, a list, a file with content types
 * and a size, unique, ranges, an owner field, cascade and set_null relations, own-only rights,
 * public and owner access, two workflows with all four step kinds and both kinds of trigger).
 * The format guide shows it rendered, and the golden file test/fixtures/spec/example.md holds
 * that rendering, so a change to the format shows up as a diff there.
 */
import type { SpecDocument } from './spec-model';

export const EXAMPLE_SPEC: SpecDocument = {
  title: 'Help desk',
  overview: [
    'A help desk for software companies. Customers open tickets about problems with a product;',
    "support agents answer them, and a support manager runs each company's desk. Agents publish",
    'help articles that anyone can read without an account.',
    '',
    'Every company is a separate tenant: its tickets, comments, teams and articles are its own.',
  ].join('\n'),
  tenancy: 'multi',
  entities: [
    {
      name: 'Team',
      description: 'A group of agents that handles one kind of ticket.',
      fields: [
        { name: 'name', type: 'string', required: true, unique: true, min: 2, max: 60 },
        { name: 'email', type: 'email', required: false, notes: 'shared inbox of the team' },
        { name: 'max_open_tickets', type: 'integer', required: false, default: 50, min: 0 },
      ],
    },
    {
      name: 'Ticket',
      description: "A customer's request for help. The customer who asked owns it, even when an agent opened it on their behalf.",
      fields: [
        { name: 'subject', type: 'string', required: true, min: 3, max: 120 },
        { name: 'description', type: 'text', required: false },
        { name: 'priority', type: 'enum', required: true, default: 'normal', values: ['low', 'normal', 'urgent'] },
        { name: 'status', type: 'enum', required: true, default: 'open', values: ['open', 'pending', 'resolved', 'closed'] },
        { name: 'reference', type: 'string', required: true, unique: true, notes: 'shown to the customer, e.g. HD-1042' },
        { name: 'team_id', type: 'ref(Team)', required: true, onDelete: 'restrict' },
        { name: 'requester_id', type: 'ref(User)', required: true },
        { name: 'assignee_id', type: 'ref(User)', required: false, onDelete: 'set_null' },
        { name: 'tags', type: 'list(string)', required: false, max: 10 },
        { name: 'due_at', type: 'datetime', required: false },
        { name: 'satisfaction', type: 'integer', required: false, min: 1, max: 5 },
        { name: 'screenshot_key', type: 'file', required: false, file: { contentTypes: ['image/png', 'image/jpeg', 'application/pdf'], maxBytes: 10 * 1024 * 1024 } },
      ],
      ownerField: 'requester_id',
    },
    {
      name: 'Comment',
      fields: [
        { name: 'ticket_id', type: 'ref(Ticket)', required: true, onDelete: 'cascade' },
        { name: 'body', type: 'text', required: true, min: 1, max: 5000 },
        { name: 'internal', type: 'boolean', required: false, default: false, notes: 'internal notes are hidden from customers' },
        { name: 'attachment_key', type: 'file', required: false, file: { contentTypes: ['image/*', 'text/plain'], maxBytes: 512 * 1024 } },
      ],
    },
    {
      name: 'Article',
      description: 'A help article of the knowledge base.',
      fields: [
        { name: 'title', type: 'string', required: true },
        { name: 'body', type: 'text', required: true },
        { name: 'published', type: 'boolean', required: true, default: false },
        { name: 'language', type: 'enum', required: true, default: 'en', values: ['en', 'fr', 'de'] },
        { name: 'helpful_votes', type: 'integer', required: false, default: 0, min: 0 },
      ],
    },
  ],
  roles: [
    {
      name: 'support_manager',
      description: "Runs the company's help desk; founds the organization.",
      rights: {
        Team: { create: 'all', read: 'all', update: 'all', delete: 'all' },
        Ticket: { create: 'all', read: 'all', update: 'all', delete: 'all' },
        Comment: { create: 'all', read: 'all', update: 'all', delete: 'all' },
        Article: { create: 'all', read: 'all', update: 'all', delete: 'all' },
      },
    },
    {
      name: 'agent',
      description: 'Answers tickets and writes articles.',
      rights: {
        Team: { read: 'all' },
        Ticket: { create: 'all', read: 'all', update: 'all' },
        Comment: { create: 'all', read: 'all', update: 'own', delete: 'own' },
        Article: { create: 'all', read: 'all', update: 'all' },
      },
    },
    {
      name: 'customer',
      description: 'Opens tickets and follows their own.',
      rights: {
        Ticket: { create: 'all', read: 'own', update: 'own' },
        Comment: { create: 'all', read: 'own' },
        Article: { read: 'all' },
      },
    },
  ],
  adminRole: 'support_manager',
  defaultRole: 'customer',
  access: [
    { entity: 'Article', operation: 'list', level: 'public' },
    { entity: 'Article', operation: 'read', level: 'public' },
    { entity: 'Comment', operation: 'update', level: 'owner' },
    { entity: 'Ticket', operation: 'delete', level: 'admin' },
  ],
  workflows: [
    {
      name: 'first_response',
      description: 'Escalate a new ticket nobody answers within four hours, and remind the assignee before it is due.',
      trigger: { entity: 'Ticket', event: 'created' },
      steps: [
        { kind: 'waitForEvent', name: 'await_answer', events: ['answered', 'resolved'], timeout: 'PT4H', onTimeout: 'escalated' },
        { kind: 'task', name: 'notify_manager', retries: 3, backoff: 'PT1M' },
        { kind: 'waitUntil', name: 'before_due', field: 'due_at', offset: '-PT1H' },
        { kind: 'task', name: 'remind_assignee' },
      ],
    },
    {
      name: 'satisfaction_survey',
      trigger: { entity: 'Ticket', event: 'updated', field: 'status', value: 'resolved' },
      steps: [
        { kind: 'wait', name: 'cool_down', duration: 'P1D' },
        { kind: 'task', name: 'send_survey', retries: 2 },
        { kind: 'waitForEvent', name: 'await_rating', events: ['rated'], timeout: 'P7D' },
        { kind: 'task', name: 'close_ticket' },
      ],
    },
  ],
};

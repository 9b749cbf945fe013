/**
 * The offline author generalizes: its code names none of the examples' entities or distinctive
 * fields, and descriptions it has never seen (not the examples) come out with the structure a
 * reader would expect. Also unit tests of its phrase readers: sentences, field phrases,
 * durations, tenancy wording.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkSpec } from '../../lambdas/core/spec/check-spec';
import { authorSpec, editSpec } from '../../lambdas/core/spec/offline-author';
import { splitClauses } from '../../lambdas/core/spec/offline-author/clauses';
import { EntityIndex } from '../../lambdas/core/spec/offline-author/entity-index';
import { parseFieldItem, splitFieldItems } from '../../lambdas/core/spec/offline-author/fields';
import { lemmaOfParticiple, participleOf, PERSON_WORDS } from '../../lambdas/core/spec/offline-author/lexicon';
import { detectMultiTenant } from '../../lambdas/core/spec/offline-author/tenancy';
import { findDuration } from '../../lambdas/core/spec/offline-author/text';
import { splitSentences } from '../../lambdas/core/spec/author/sentences';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';
import { loadExamples } from '../support/example-fixtures';

const AUTHOR_DIR = join(__dirname, '..', '..', 'lambdas', 'core', 'spec', 'offline-author');

/** Field names of the examples that are ordinary English for any domain (the brief's "generic words"). */
const GENERIC_FIELDS = new Set(['name', 'title', 'status', 'description', 'notes', 'body', 'summary', 'email', 'amount', 'quantity', 'address', 'assignee_id', 'attachment_key']);

describe('the offline author does not know the examples', () => {
  const code = readdirSync(AUTHOR_DIR)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: f, text: readFileSync(join(AUTHOR_DIR, f), 'utf8') }));

  it('names none of their entities or distinctive fields', () => {
    const forbidden = new Set<string>();
    for (const ex of loadExamples()) {
      for (const [entity, def] of Object.entries(ex.expected.entities)) {
        forbidden.add(entity);
        for (const w of entity.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(' ')) forbidden.add(w);
        for (const field of Object.keys(def.fields)) {
          if (GENERIC_FIELDS.has(field) || field.endsWith('_id')) continue;
          forbidden.add(field);
          if (field.includes('_')) continue;
        }
      }
    }
    const found: string[] = [];
    for (const { file, text } of code) {
      // `task` is also the spec model's name of a workflow step kind.
      const scrubbed = text.replace(/'task'/g, "''");
      for (const word of forbidden) {
        const re = new RegExp(`(?<![A-Za-z0-9_])${word}(?:s|es)?(?![A-Za-z0-9_])`, /[A-Z]/.test(word) ? '' : 'i');
        const m = re.exec(scrubbed);
        if (m) found.push(`${file}: ${word} (${scrubbed.slice(Math.max(0, m.index - 30), m.index + 30).replace(/\n/g, ' ')})`);
      }
    }
    expect(found).toEqual([]);
  });
});

function author(description: string): SpecDocument {
  const spec = authorSpec({ name: 'Novel', description });
  expect(checkSpec(spec)).toEqual([]);
  const parsed = parseSpec(renderSpec(spec));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return spec;
}

const field = (spec: SpecDocument, entity: string, name: string) => spec.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);
const rights = (spec: SpecDocument, role: string, entity: string) => spec.roles.find((r) => r.name === role)?.rights[entity];

describe('descriptions the author has never seen', () => {
  it('a lending library', () => {
    const spec = author(
      'A lending library. Books have a title, an ISBN (unique), an author name, a publication year and a cover image. Members have a full name, an email and a phone number. ' +
        'Loans link a book and a member, with a due date and a boolean "returned". Librarians manage everything; members can see only their own loans and browse books. ' +
        "Send a notice 2 days before each loan's due date.",
    );
    expect(spec.entities.map((e) => e.name)).toEqual(['Book', 'Member', 'Loan']);
    expect(field(spec, 'Book', 'isbn')).toMatchObject({ type: 'string', unique: true, required: true });
    expect(field(spec, 'Book', 'publication_year')).toMatchObject({ type: 'integer', required: false });
    expect(field(spec, 'Book', 'cover_image_key')).toMatchObject({ type: 'file', file: { contentTypes: ['image/*'] } });
    expect(field(spec, 'Member', 'email')?.type).toBe('email');
    expect(field(spec, 'Loan', 'book_id')).toMatchObject({ type: 'ref(Book)', required: true });
    expect(field(spec, 'Loan', 'returned')?.type).toBe('boolean');
    expect(spec.adminRole).toBe('librarian');
    expect(spec.defaultRole).toBe('member');
    expect(rights(spec, 'member', 'Loan')).toEqual({ read: 'own' });
    expect(rights(spec, 'member', 'Book')).toEqual({ read: 'all' });
    expect(spec.workflows[0]!.steps).toEqual([
      { kind: 'waitUntil', name: 'wait_until_due_date', field: 'due_date', offset: '-P2D' },
      { kind: 'task', name: 'send_notice' },
    ]);
  });

  it('a helpdesk', () => {
    const spec = author(
      'A helpdesk for software vendors. Customers open tickets with a subject, a description, a priority (low, normal or urgent) and an optional screenshot (PNG, up to 2 MB). ' +
        'Each ticket has many replies. A reply has a body and an author. Support agents can read and update tickets and create replies; customers see only their own tickets. ' +
        'Support managers can do everything. When a ticket is resolved, wait 7 days and then close it. Each company is a separate tenant.',
    );
    expect(spec.tenancy).toBe('multi');
    expect(spec.entities.map((e) => e.name)).toEqual(['Ticket', 'Reply']);
    expect(field(spec, 'Ticket', 'screenshot_key')).toMatchObject({ type: 'file', required: false, file: { contentTypes: ['image/png'], maxBytes: 2 * 1048576 } });
    expect(field(spec, 'Reply', 'ticket_id')).toMatchObject({ type: 'ref(Ticket)', required: true, onDelete: 'cascade' });
    expect(spec.entities[1]!.ownerField).toBe('author_id');
    expect(spec.adminRole).toBe('support_manager');
    expect(spec.defaultRole).toBe('customer');
    expect(rights(spec, 'customer', 'Ticket')).toEqual({ create: 'all', read: 'own' });
    expect(rights(spec, 'support_agent', 'Reply')).toEqual({ create: 'all', read: 'all' });
    expect(spec.workflows[0]).toMatchObject({ trigger: { entity: 'Ticket', event: 'updated', field: 'status', value: 'resolved' }, steps: [{ kind: 'wait', duration: 'P7D' }, { kind: 'task', name: 'close' }] });
    expect(field(spec, 'Ticket', 'status')).toMatchObject({ type: 'enum', values: ['open', 'resolved'], default: 'open' });
  });

  it('event bookings, written as a bullet list', () => {
    const spec = author(
      'An event booking platform.\n- Venues have a name, an address and a capacity.\n- Events belong to a venue and have a title, a start time, an end time and a ticket price (required).\n' +
        '- Bookings link an event and an attendee, with a number of seats and a status of pending, paid or refunded.\n' +
        'Organizers manage events and venues. Attendees can book events and see their own bookings. Anyone can see events and venues without logging in.',
    );
    expect(spec.entities.map((e) => e.name)).toEqual(['Venue', 'Event', 'Booking']);
    // A count gets no invented minimum: the expected structures (test/fixtures/author-corpus) list min only when stated.
    expect(field(spec, 'Venue', 'capacity')).toMatchObject({ type: 'integer' });
    expect(field(spec, 'Event', 'venue_id')).toMatchObject({ type: 'ref(Venue)', required: true, onDelete: 'cascade' });
    expect(field(spec, 'Event', 'start_time')?.type).toBe('datetime');
    expect(field(spec, 'Event', 'ticket_price')).toMatchObject({ type: 'number', required: true });
    expect(field(spec, 'Booking', 'attendee_id')?.type).toBe('ref(User)');
    expect(field(spec, 'Booking', 'status')).toMatchObject({ values: ['pending', 'paid', 'refunded'], required: true });
    // `book events`: creating a Booking (the verb's noun), reading the event.
    expect(rights(spec, 'attendee', 'Booking')).toEqual({ create: 'all', read: 'own' });
    expect(rights(spec, 'attendee', 'Event')).toEqual({ read: 'all' });
    expect(spec.access).toEqual(
      expect.arrayContaining([
        { entity: 'Event', operation: 'list', level: 'public' },
        { entity: 'Venue', operation: 'read', level: 'public' },
      ]),
    );
  });

  it('a fitness tracker with no roles named', () => {
    const spec = author(
      'A personal fitness tracker. Workouts have a date, a duration in minutes, a kind (run, ride or swim) and notes. Workouts contain exercises. ' +
        'An exercise has a name, a number of sets, a number of repetitions and a weight in kg that can be left empty.',
    );
    expect(spec.tenancy).toBe('single');
    expect(spec.roles.map((r) => r.name)).toEqual(['admin']);
    expect(spec.defaultRole).toBe('admin');
    expect(field(spec, 'Workout', 'duration_minutes')?.type).toBe('integer');
    expect(field(spec, 'Workout', 'kind')).toMatchObject({ type: 'enum', values: ['run', 'ride', 'swim'] });
    // "a number of sets" is `sets`, as the expected structures name "a number of seats" `seats`.
    expect(field(spec, 'Exercise', 'sets')?.type).toBe('integer');
    expect(field(spec, 'Exercise', 'weight_kg')).toMatchObject({ type: 'number', required: false });
    expect(field(spec, 'Exercise', 'workout_id')).toMatchObject({ type: 'ref(Workout)', required: true });
  });

  it('a purchase approval flow with a supervisor who is named only in the workflow', () => {
    const spec = author(
      'Staff raise purchase requests with an amount, a vendor website and a justification. When a purchase request is raised, it waits up to 2 days for a supervisor to approve or decline it; ' +
        'if no one responds, it is automatically declined. Approved requests are ordered by calling the supplier API, retried up to 5 times with a backoff of 10 minutes.',
    );
    expect(spec.entities.map((e) => e.name)).toEqual(['PurchaseRequest']);
    expect(field(spec, 'PurchaseRequest', 'vendor_website')?.type).toBe('url');
    expect(field(spec, 'PurchaseRequest', 'justification')?.type).toBe('text');
    expect(field(spec, 'PurchaseRequest', 'status')).toMatchObject({ type: 'enum', values: expect.arrayContaining(['approved', 'declined', 'ordered']) });
    expect(spec.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['admin', 'staff', 'supervisor']));
    expect(spec.workflows[0]).toMatchObject({
      trigger: { entity: 'PurchaseRequest', event: 'created' },
      steps: [
        {
          kind: 'waitForEvent',
          events: ['approved', 'declined'],
          timeout: 'P2D',
          on: [
            { event: 'approved', next: { step: 'order' } },
            { event: 'declined', next: { end: 'declined' } },
          ],
          timeoutNext: { step: 'auto_decline' },
        },
        // "it is automatically declined": a step that records it, then the end.
        { kind: 'task', name: 'auto_decline', action: { type: 'update', set: [{ field: 'status', value: 'declined' }] }, next: { end: 'declined' } },
        { kind: 'task', name: 'order', retries: 5, backoff: 'PT10M', action: { type: 'call', endpoint: 'supplier' }, next: { end: 'ordered' } },
      ],
    });
  });

  it('a CRM whose companies are records, not tenants', () => {
    const spec = author(
      'Build a small CRM. Companies have a name, a website and an industry. Contacts belong to a company and have a first name, a last name, an email and a job title. ' +
        'Deals have a title, a value in euros, a stage (lead, qualified, won or lost) and a close date; each deal belongs to a company and has an owner. ' +
        'Sales reps can create and update deals and contacts and read companies; sales managers manage everything. Each workspace is isolated from the others.',
    );
    expect(spec.tenancy).toBe('multi');
    expect(spec.entities.map((e) => e.name)).toEqual(['Company', 'Contact', 'Deal']);
    expect(field(spec, 'Contact', 'first_name')?.required).toBe(true);
    expect(field(spec, 'Contact', 'job_title')?.required).toBe(false);
    expect(field(spec, 'Deal', 'value_euros')?.type).toBe('number');
    expect(field(spec, 'Deal', 'company_id')).toMatchObject({ type: 'ref(Company)', required: true, onDelete: 'cascade' });
    expect(spec.entities[2]!.fields.map((f) => f.name)).not.toContain('owner_id');
    expect(spec.adminRole).toBe('sales_manager');
    expect(rights(spec, 'sales_rep', 'Deal')).toEqual({ create: 'all', read: 'all', update: 'all' });
  });

  it('a homework platform (a colon before the fields, a two-word verb, a workflow on create)', () => {
    const spec = author(
      'A homework platform for schools. Teachers create assignments with a title, instructions, a due date and an optional attachment (PDF, max 5 MB). ' +
        'Students hand in submissions: a submission has an assignment, a file upload (PDF or images, up to 10 MB), a submitted at timestamp and a grade from 0 to 100. ' +
        'Teachers can read and grade all submissions; students can only see their own submissions. Principals can do everything. Every school is a separate tenant. ' +
        'When a submission is created, notify the teacher.',
    );
    expect(spec.entities.map((e) => e.name)).toEqual(['Assignment', 'Submission']);
    expect(field(spec, 'Submission', 'grade')).toMatchObject({ type: 'integer', min: 0, max: 100 });
    expect(field(spec, 'Submission', 'file_key')?.type).toBe('file');
    expect(rights(spec, 'student', 'Submission')).toEqual({ create: 'all', read: 'own' });
    expect(rights(spec, 'teacher', 'Submission')).toEqual({ read: 'all', update: 'all' });
    // Waiting for nothing, it is an event handler (the one rule).
    expect(spec.workflows).toEqual([]);
    expect(spec.events).toEqual([expect.objectContaining({ on: { entity: 'Submission', event: 'created' }, actions: [{ type: 'notify', to: { role: 'teacher' }, subject: 'Submission: notify the teacher' }] })]);
  });

  it('a shop whose order lines follow the orders', () => {
    const spec = author(
      'An online shop. Customers place orders. An order has an order number (unique), a shipping address, a total amount and a status (pending, paid, shipped, delivered or cancelled). ' +
        'Orders contain line items. A line item has a product name, a quantity of at least 1 and a unit price. Customers can see only their own orders. ' +
        'Staff can read all orders and update their status. When an order is paid, wait 2 days, then ship it. Send a follow-up email 7 days after each delivered order.',
    );
    expect(spec.entities.map((e) => e.name)).toEqual(['Order', 'LineItem']);
    expect(field(spec, 'LineItem', 'quantity')).toMatchObject({ type: 'integer', min: 1 });
    expect(rights(spec, 'customer', 'Order')).toEqual({ create: 'all', read: 'own' });
    expect(rights(spec, 'customer', 'LineItem')).toEqual({ create: 'all', read: 'own' });
    expect(spec.workflows.map((w) => w.trigger)).toEqual([
      { entity: 'Order', event: 'updated', field: 'status', value: 'paid' },
      { entity: 'Order', event: 'updated', field: 'status', value: 'delivered' },
    ]);
    expect(spec.workflows[1]!.steps).toEqual([
      { kind: 'wait', name: 'wait_7_days', duration: 'P7D' },
      { kind: 'task', name: 'send_follow_up_email' },
    ]);
  });

  it('says nothing useful: a valid draft with no entity (no placeholder is invented)', () => {
    const spec = author('Something cool for my friends.');
    expect(spec.entities).toEqual([]);
    expect(spec.roles.map((r) => r.name)).toEqual(['admin']);
  });
});

describe('robustness', () => {
  it('always returns a valid spec, for word soup and for damaged examples, and edits never break it', () => {
    const examples = loadExamples();
    const vocab = examples.flatMap((e) => e.description.split(/\s+/)).concat(['(', ')', ',', ';', ':', '"x"', 'org_id', 'multi-tenant', 'users', 'id', 'created_at', 'owner', '-5', '99999999 GB', 'either', 'When', 'wait', 'Add', 'Remove', 'Rename', 'to', 'entity', 'role', 'Make', 'required', 'unique']);
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pick = <T,>(a: T[]) => a[Math.floor(rand() * a.length)]!;
    const problems: string[] = [];
    const check = (label: string, spec: SpecDocument) => {
      const issues = checkSpec(spec);
      const parsed = parseSpec(renderSpec(spec));
      if (issues.length > 0 || !parsed.ok) problems.push(`${label}: ${JSON.stringify(issues)}`);
    };
    for (let i = 0; i < 300; i += 1) {
      const text = Array.from({ length: 5 + Math.floor(rand() * 50) }, () => pick(vocab)).join(' ');
      check(text, authorSpec({ name: 'Soup', description: text }));
      const base = authorSpec({ name: 'Base', description: pick(examples).description });
      const message = Array.from({ length: 3 + Math.floor(rand() * 10) }, () => pick(vocab)).join(' ');
      check(message, editSpec(base, message).spec);
    }
    expect(problems).toEqual([]);
  });
});

describe('phrase readers', () => {
  const ctx = { index: new EntityIndex(['Order', 'LineItem']), persons: new Set(PERSON_WORDS) };
  const parse = (phrase: string) => parseFieldItem(phrase, ctx)?.field;

  it.each([
    ['an optional delivery date', { name: 'delivery_date', type: 'date' }],
    ['a start date and time', { name: 'start_datetime', type: 'datetime' }],
    ['a scheduled time', { name: 'scheduled_time', type: 'datetime' }],
    ['a total price', { name: 'total_price', type: 'number' }],
    ['a number of guests', { name: 'number_of_guests', type: 'integer' }],
    ['an order number', { name: 'order_number', type: 'string' }],
    ['a contact email address', { name: 'contact_email_address', type: 'email' }],
    ['a website', { name: 'website', type: 'url' }],
    ['a link to the manual', { name: 'link_to_the_manual', type: 'string' }],
    ['a bio', { name: 'bio', type: 'text' }],
    ['an "is archived" flag', { name: 'is_archived', type: 'boolean' }],
    ['whether it is gift wrapped', undefined],
    ['a list of tags', { name: 'tags', type: 'list(string)' }],
    ['keywords', { name: 'keywords', type: 'list(string)' }],
    ['a score from 0 to 10', { name: 'score', type: 'integer', min: 0, max: 10 }],
    ['a rating between 0.5 and 5.0', { name: 'rating', type: 'number', min: 0.5, max: 5 }],
    ['a temperature (can be negative)', { name: 'temperature', type: 'number' }],
    ['a count', { name: 'count', type: 'integer', min: 0 }],
    ['a size of small, medium or large', { name: 'size', type: 'enum', values: ['small', 'medium', 'large'], default: 'small' }],
    ['a tier that is either free or paid', { name: 'tier', type: 'enum', values: ['free', 'paid'] }],
    ['a code (unique)', { name: 'code', type: 'string', unique: true }],
    ['a code which must be unique', { name: 'code', type: 'string', unique: true }],
    ['an invoice upload (PDF, up to 3 MB)', { name: 'invoice_key', type: 'file', file: { contentTypes: ['application/pdf'], maxBytes: 3 * 1048576 } }],
    ['a profile photo', { name: 'profile_photo_key', type: 'file', file: { contentTypes: ['image/*'], maxBytes: 10 * 1048576 } }],
    ['a contract (PDF or Word document, max 500 KB)', { name: 'contract_key', type: 'file' }],
    ['an order', { name: 'order_id', type: 'ref(Order)' }],
    ['a parent line item', { name: 'parent_line_item_id', type: 'ref(LineItem)' }],
    ['a reviewer', { name: 'reviewer_id', type: 'ref(User)' }],
    ['who approved it', { name: 'approved_by_id', type: 'ref(User)' }],
    ['a travel time in hours', { name: 'travel_time_hours', type: 'number' }],
    ['a length in cm', { name: 'length_cm', type: 'number' }],
    ['a nickname of up to 30 characters', { name: 'nickname', type: 'string', max: 30 }],
    ['an owner', undefined],
    ['a creation timestamp', { name: 'creation_timestamp', type: 'datetime' }],
  ] as const)('%s', (phrase, expected) => {
    const got = parse(phrase);
    if (expected === undefined) expect(got === undefined || got.type === 'boolean').toBe(true);
    else expect(got).toMatchObject(expected);
  });

  it('splits field lists at commas and "and", but not inside parentheses or value lists', () => {
    expect(splitFieldItems('a title, an urgency (low, medium or high), a size of small, medium or large, and notes')).toEqual([
      'a title',
      'an urgency (low, medium or high)',
      'a size of small, medium or large',
      'notes',
    ]);
  });

  it('splits sentences and clauses', () => {
    expect(splitSentences('Orders have a code (e.g. A-1). Items have a price of 2.50 dollars! Shops sell items')).toEqual([
      'Orders have a code (e.g. A-1)',
      'Items have a price of 2.50 dollars',
      'Shops sell items',
    ]);
    expect(splitClauses('Admins manage everything, clerks create orders and read items, auditors read everything; guests can browse')).toEqual([
      'Admins manage everything',
      'clerks create orders and read items',
      'auditors read everything',
      'guests can browse',
    ]);
    // (A comma ends a subject before its verb; what is owned is never a subject.)
    expect(splitClauses('The maker has full control over runs and batches, can read harvests')).toEqual(['The maker has full control over runs and batches', 'can read harvests']);
    expect(splitClauses("they only see their own dogs and their own stays, never anybody else's")).toEqual(["they only see their own dogs and their own stays, never anybody else's"]);
    expect(splitClauses("customers can track their own jobs, read-only, and never see anyone else's")).toEqual(["customers can track their own jobs, read-only, and never see anyone else's"]);
  });

  it('reads what a record is as no tenancy ("every book is its own copy"), and a shop of its own as one tenant', () => {
    expect(detectMultiTenant('Every book on the shelves is its own copy.')).toBe(false);
    expect(detectMultiTenant("It's just us, one shop, nothing to keep apart from anybody.")).toBe(false);
    expect(detectMultiTenant('Each school gets its own copy of the app.')).toBe(true);
  });

  it('reads durations and participles', () => {
    expect(findDuration('waits up to seven days')?.iso).toBe('P7D');
    expect(findDuration('24 hours before')?.iso).toBe('PT24H');
    expect(findDuration('an hour later')?.iso).toBe('PT1H');
    expect(findDuration('half an hour')?.iso).toBe('PT30M');
    expect(['approved', 'paid', 'submitted', 'escalated', 'cancelled', 'closed', 'shipped'].map(lemmaOfParticiple)).toEqual(['approve', 'pay', 'submit', 'escalate', 'cancel', 'close', 'ship']);
    expect(['approve', 'reject', 'pay', 'submit', 'stop', 'deny'].map(participleOf)).toEqual(['approved', 'rejected', 'paid', 'submitted', 'stopped', 'denied']);
  });

  it('reads tenancy wording', () => {
    expect(detectMultiTenant('Each company is a separate tenant.')).toBe(true);
    expect(detectMultiTenant("Every organization's data must be isolated from the others.")).toBe(true);
    expect(detectMultiTenant('Inventory, multi-tenant by organization.')).toBe(true);
    expect(detectMultiTenant('A single-tenant app for one shop.')).toBe(false);
    expect(detectMultiTenant('A blog for my family.')).toBe(false);
    expect(detectMultiTenant('Tenants rent flats from landlords.')).toBe(false);
  });
});

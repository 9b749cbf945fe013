/**
 * Where a drafted workflow's steps lead and what its tasks do (issue 25), once the spec's roles
 * and record types are known: the workflow reader (workflow-reader.ts) drafts the steps in the
 * order the text tells them and notes here what the text says about them (which task follows
 * which decision, which wait is for something that may not come, each task's phrase); this
 * turns those notes into branches and actions:
 *
 * - a decision wait ("to approve or reject it"): a rejection ends the workflow `rejected`, an
 *   approval goes to the task the text gives approved records ("Approved reports are paid"), the
 *   timeout to the step that follows;
 * - a wait for something that may not come ("if no agent replies within 4 hours, page ..."): when
 *   it comes the workflow is done, on timeout the next step runs;
 * - an outcome on timeout ("then it is automatically rejected"): a task that sets the record's
 *   status when it has that value, then ends with the outcome;
 * - tasks: notify verbs email a role the phrase names (or a reference field, or the record's
 *   owner), "calling the X step" calls the endpoint X, a state verb on the record sets its status.
 *
 * A task phrase none of these fits keeps no action (it calls the endpoint named like the task,
 * as tasks always did) and is returned as an open question, so nothing is decided silently.
 */
import type { SpecDocument, SpecEntity, SpecRole, SpecTaskAction, SpecWorkflow, WorkflowStep } from '../spec-model';
import { snakeCase } from '../../text/case';
import { participle, verbLemma } from './workflow-phrases';
import { startsWithVerb } from './tag';

export interface TaskHint {
  /** The words the task was read from ("it is escalated to the finance team"). */
  phrase: string;
  verb: string;
  /** Said of the record ("it is escalated"), not done by it. */
  passive: boolean;
  /** The action's object is the workflow's own record ("cancel it"). */
  own: boolean;
}

export interface WorkflowHints {
  tasks: Map<string, TaskHint>;
  /** The task that starts what happens to a record in a state ("approved" -> pay). */
  stateTasks: Map<string, string>;
  /** Waits for something that may not come: when it does, the workflow is done. */
  awaited: Set<string>;
  /** Waits whose timeout ends with an outcome the text states as a passive ("it is automatically rejected"), with that phrase. */
  timeoutOutcomes: Map<string, string>;
}

export const emptyHints = (): WorkflowHints => ({ tasks: new Map(), stateTasks: new Map(), awaited: new Set(), timeoutOutcomes: new Map() });

/** Decisions that end a workflow where they are taken; the others go on. */
const NEGATIVE_DECISIONS = new Set(['rejected', 'declined', 'denied', 'refused', 'cancelled', 'canceled', 'withdrawn']);

/** Verbs that email someone. */
const NOTIFY_VERBS = new Set(['notify', 'email', 'e-mail', 'sms', 'text', 'remind', 'alert', 'ping', 'tell', 'inform', 'message', 'warn', 'contact', 'phone', 'page', 'escalate', 'send', 'ask', 'invite', 'prompt', 'nudge', 'chase']);

/** Words that name whoever the record belongs to. */
// ("send Customers an email": the people the records are for, in the plural, too.)
const OWNER_WORDS = /^(?:them|him|her|the\s+(?:owner|customer|client|member|user|requester|author|submitter|applicant|guest|patient|student|parent|renter|borrower|buyer)s?|(?:customer|client|guest|patient|renter|borrower|buyer)s)$/i;

/** The text's phrase `calling the payment step` names an outgoing endpoint. */
const CALL = /\bcall(?:ing|s)?\s+(?:the\s+|an?\s+)?([a-z][a-z ]*?)\s+(?:step|service|endpoint|api|webhook|system|hook)\b/i;
/** ("charge the fee through the card provider", "create its invoice in our accounting system": work done by an outside system.) */
const CALL_VIA = /\b(?:through|via|in|with|using|on|to)\s+(?:the|our|their|its)\s+((?:[a-z]+\s+){0,2}?(?:provider|system|service|gateway|platform|api))\b/i;

export interface ShapedWorkflows {
  workflows: SpecWorkflow[];
  /** Roles a task emails that the text names as a team ("the finance team"), with no rights yet. */
  roles: SpecRole[];
  /** Task phrases no action fits. */
  openQuestions: string[];
}

export function shapeWorkflows(spec: SpecDocument, hints: readonly WorkflowHints[]): ShapedWorkflows {
  const roles: SpecRole[] = [];
  const openQuestions: string[] = [];
  const workflows = spec.workflows.map((workflow, w) => {
    const hint = hints[w];
    if (!hint) return workflow;
    const entity = spec.entities.find((e) => e.name === workflow.trigger?.entity);
    const shaped = branchSteps(workflow.steps, hint, entity);
    for (const step of shaped) {
      if (step.kind !== 'task' || step.action) continue;
      const task = hint.tasks.get(step.name);
      if (!task) continue;
      const action = taskAction(task, entity, { known: [...spec.roles, ...roles], added: roles, adminRole: spec.adminRole });
      if (action) step.action = action;
      // ("remind everyone", "email the group the details": the step is made; who receives it is what is not known.)
      // ("notify the owner if there's a match": a condition the step cannot hold is what is not understood.)
      else if (NOTIFY_VERBS.has(task.verb) && !/\s(?:if|when|whenever|unless|once)\s/i.test(task.phrase)) openQuestions.push(`Who should receive '${task.phrase}'? (the step ${step.name} sends it to no one yet: name a role, the record's owner or a person field)`);
      else openQuestions.push(task.phrase);
    }
    return { ...workflow, steps: shaped };
  });
  for (const role of roles) openQuestions.push(`What may ${role.name} do? (a role added to receive a workflow's emails, with no rights yet)`);
  return { workflows, roles, openQuestions };
}

const statusOf = (entity: SpecEntity | undefined) => entity?.fields.find((f) => f.type === 'enum' && /^(?:status|state|stage|phase)$/.test(f.name));

function branchSteps(drafted: readonly WorkflowStep[], hint: WorkflowHints, entity: SpecEntity | undefined): WorkflowStep[] {
  const steps: WorkflowStep[] = drafted.map((step) => structuredClone(step));
  const following = (i: number) => steps[i + 1]?.name;
  // An outcome on timeout becomes a task that records it, then ends with it.
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const step = steps[i]!;
    if (step.kind !== 'waitForEvent' || step.onTimeout === undefined || !hint.timeoutOutcomes.has(step.name)) continue;
    const outcome = step.onTimeout;
    const name = uniqueStep(`auto_${verbLemma(outcome)}`, steps);
    const status = statusOf(entity);
    const task: WorkflowStep = { kind: 'task', name, next: { end: outcome } };
    if (status?.values?.includes(outcome)) task.action = { type: 'update', set: [{ field: status.name, value: outcome }] };
    else hint.tasks.set(name, { phrase: hint.timeoutOutcomes.get(step.name)!, verb: outcome, passive: true, own: true });
    delete step.onTimeout;
    step.timeoutNext = { step: name };
    steps.splice(i + 1, 0, task);
  }
  steps.forEach((step, i) => {
    if (step.kind === 'waitForEvent') {
      const on: NonNullable<typeof step.on> = [];
      for (const event of step.events) {
        const target = hint.stateTasks.get(event);
        if (target) on.push({ event, next: { step: target } });
        else if (NEGATIVE_DECISIONS.has(event) || hint.awaited.has(step.name)) on.push({ event, next: { end: event } });
      }
      if (on.length > 0) {
        step.on = on;
        const next = following(i);
        if (!step.timeoutNext && next && on.length === step.events.length) step.timeoutNext = { step: next };
      }
    }
    if (step.kind === 'waitForRecord' && !step.timeoutNext && following(i)) step.timeoutNext = { step: following(i)! };
  });
  // A task that starts what happens in a state ends there: it must not run on into the steps of another path.
  for (const [state, name] of hint.stateTasks) {
    const task = steps.find((s) => s.name === name);
    const hintOf = hint.tasks.get(name);
    if (task && !task.next && hintOf && steps.indexOf(task) === steps.length - 1) task.next = { end: snakeCase(participle(hintOf.verb)) || state };
  }
  return steps;
}

function uniqueStep(base: string, steps: readonly WorkflowStep[]): string {
  let name = base;
  for (let n = 2; steps.some((s) => s.name === name); n += 1) name = `${base}_${n}`;
  return name;
}

/** The roles a notify may name: those of the spec, those added for emails, and the administrative one. */
interface Recipients {
  known: readonly SpecRole[];
  added: SpecRole[];
  adminRole: string;
}

/** `set its status to closed`, `mark it as closed`: a field of the record and its value. */
const SET_FIELD = /^(?:set|change|switch|move)\s+(?:its|the|their)\s+([a-z][a-z ]*?)\s+to\s+([a-z][a-z_ -]*?)\s*$/i;
const MARK_AS = /^(?:mark|flag)\s+(?:it|them)\s+(?:as\s+)?([a-z][a-z_ -]*?)\s*$/i;

function taskAction(task: TaskHint, entity: SpecEntity | undefined, recipients: Recipients): SpecTaskAction | undefined {
  const call = CALL.exec(task.phrase);
  if (call) return { type: 'call', endpoint: snakeCase(call[1]!) };
  const via = NOTIFY_VERBS.has(task.verb) ? null : CALL_VIA.exec(task.phrase);
  if (via) return { type: 'call', endpoint: snakeCase(via[1]!) };
  const subject = subjectOf(task, entity);
  // ("flag it to the operations manager": telling someone.)
  if (NOTIFY_VERBS.has(task.verb) || (task.verb === 'flag' && /\bto\s+(?:the|a|an|our|their)\s/i.test(task.phrase))) {
    const to = recipient(task, entity, recipients);
    return to ? { type: 'notify', to, subject } : undefined;
  }
  const set = fieldSet(task.phrase.trim(), entity);
  if (set) return set;
  // A state verb on the record: it reaches the state its status names.
  const status = statusOf(entity);
  // ("cancel" -> cancelled or canceled, as the status spells it.)
  const forms = [snakeCase(participle(task.verb)), snakeCase(participle(task.verb)).replace(/([^l])led$|([aeiou])led$/, '$1$2lled')];
  const reached = forms.find((form) => status?.values?.includes(form));
  if ((task.own || task.passive) && status && reached) return { type: 'update', set: [{ field: status.name, value: reached }] };
  return undefined;
}

/** `Expense report escalated`, `Ticket: page the on-call manager`: one line naming the record and what happens. */
function subjectOf(task: TaskHint, entity: SpecEntity | undefined): string {
  const record = entity ? snakeCase(entity.name).replace(/_/g, ' ') : 'record';
  const title = record.charAt(0).toUpperCase() + record.slice(1);
  const phrase = task.phrase.replace(/\s+/g, ' ').replace(/;/g, ',').trim();
  return task.passive ? `${title} ${participle(task.verb)}` : `${title}: ${phrase}`;
}

/** `set its status to closed` (a value the field can hold), `mark it as closed` (a value of its status): an update of the record. */
function fieldSet(phrase: string, entity: SpecEntity | undefined): SpecTaskAction | undefined {
  const set = SET_FIELD.exec(phrase);
  const mark = set ? undefined : MARK_AS.exec(phrase);
  const field = set ? entity?.fields.find((f) => f.name === snakeCase(set[1]!)) : statusOf(entity);
  const value = snakeCase((set?.[2] ?? mark?.[1] ?? '').trim());
  if (!field || value === '' || (field.type === 'enum' ? !field.values?.includes(value) : field.type !== 'string')) return undefined;
  return { type: 'update', set: [{ field: field.name, value }] };
}

/** Words that name the administrative role, whatever the spec calls it. */
const ADMIN_WORDS = new Set(['admin', 'admins', 'administrator', 'administrators']);

/** Who a notify phrase names: a role by its words, a reference field of the record, the owner; a team not yet a role becomes one. */
function recipient(task: TaskHint, entity: SpecEntity | undefined, { known, added, adminRole }: Recipients): Extract<SpecTaskAction, { type: 'notify' }>['to'] | undefined {
  // ("remind the setter to take it down": what they are to do is no recipient.)
  const after = (task.phrase.toLowerCase().split(new RegExp(`\\b${task.verb}\\w*\\b`))[1] ?? '').replace(/\s+to\s+([a-z]+)\b.*$/, (all, next: string) => (startsWithVerb(next) ? '' : all));
  // ("send the customer an email": who gets it, without what is sent.)
  // (Not "send a reminder": no one named is no one, asked about.)
  const target = /\bto\s+(?:the\s+|an?\s+)?(.+)$/.exec(after)?.[1] ?? after.replace(/^\s*(?:it|them)\s+to\s+/, '').replace(/(?<=\S)\s+(?:an?|some)\s+(?:[a-z-]+\s+)?(?:email|e-mail|text|message|reminder|notification|note|alert|sms)s?\b.*$/, '').trim();
  const words = target
    .replace(/\b(?:the|a|an|about|it|its|of|on|with|for|that|this|again|reminder|email|message|notice|page|alert)\b/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2);
  if (target === '' || OWNER_WORDS.test(target.trim())) return { owner: true };
  // ("When someone enrols, send them a confirmation email": them, who made the record.)
  if (/^(?:them|him|her)\b/.test(target.trim())) return { owner: true };
  // ("send everyone booked onto it a reminder", run once per booking: the one who booked, its owner.)
  if (/^(?:everyone|everybody|all\s+those|those|each\s+person)\s+(?:who(?:['’]s|\s+is|\s+are|\s+has|\s+have)?\s+)?[a-z]+ed\s+(?:onto|on|in|into|for)\s+(?:it|them)\b/.test(target.trim())) return { owner: true };
  const singulars = words.map((w) => w.replace(/s$/, ''));
  // ("email the plot holder" on a tenancy with its plot holder: that person, before everyone of the role.)
  const named = entity?.fields.find((f) => f.type === 'ref(User)' && f.name.replace(/_id$/, '') === snakeCase(words.join(' ')));
  if (named) return { field: named.name };
  const role = known.find((r) => words.includes(r.name) || singulars.includes(r.name) || r.name.split('_').some((part) => part.length > 3 && words.includes(part)));
  if (role) return { role: role.name };
  if (words.some((w) => ADMIN_WORDS.has(w)) && known.some((r) => r.name === adminRole)) return { role: adminRole };
  // ("email us so we can start picking": the writers, who run the service, are its administrators.)
  if (/^(?:us|me)\b/.test(target.trim()) && known.some((r) => r.name === adminRole)) return { role: adminRole };
  const field = entity?.fields.find((f) => f.type === 'ref(User)' && words.some((w) => f.name.replace(/_id$/, '').split('_').includes(w)));
  if (field) return { field: field.name };
  // ("email the account owner": whoever the record belongs to, when no field of it names them.)
  // ("email the deal's owner", "the owner of the deal" too.)
  if (/^(?:the\s+)?(?:[a-z]+(?:['’]s)?\s+)?owner(?:\s+of\s+(?:the|this|that|its)\s+[a-z]+)?$/.test(target.trim())) return { owner: true };
  // "escalated to the finance team": a group of people the text names, as a role that receives the
  // emails. What it may do with the records the text does not say: no rights, and an open question.
  const team = /^(?:the\s+)?([a-z]+)\s+(?:team|department|desk|office)\b/.exec(target.trim());
  if (team && entity) {
    const name = snakeCase(team[1]!);
    if (!added.some((r) => r.name === name)) added.push({ name, rights: {} });
    return { role: name };
  }
  return undefined;
}

/**
 * Which fields the offline author marks required: the contract's rule ("Entities and fields")
 * — a record's name or title, a reference to the record that contains (or is linked by) it,
 * enums given with their values (default: the first value unless the description names one),
 * and what the description calls required, mandatory or essential; everything else optional,
 * and "optional" always wins. Where a record has no name or title, the field that names it
 * (its main content, else its first plain field) stands in for it, and a unique field
 * identifies its record.
 */
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { loadExamples } from '../support/example-fixtures';

const examples = loadExamples();
const authored = new Map(examples.map((ex) => [ex.id, authorSpec({ name: ex.name, description: ex.description })]));

function requiredOf(spec: SpecDocument): Record<string, { required: string[]; optional: string[] }> {
  return Object.fromEntries(
    spec.entities.map((e) => [e.name, { required: e.fields.filter((f) => f.required).map((f) => f.name).sort(), optional: e.fields.filter((f) => !f.required).map((f) => f.name).sort() }]),
  );
}

/** The contract's rule applied to each example, by hand. */
const BY_THE_RULE: Record<string, Record<string, { required: string[]; optional: string[] }>> = {
  '01-task-tracker': {
    Project: { required: ['name'], optional: [] },
    Task: { required: ['priority', 'project_id', 'status', 'title'], optional: ['assignee_id', 'attachment_key', 'description', 'due_date'] },
  },
  '02-recipe-blog': {
    Recipe: { required: ['difficulty', 'title'], optional: ['cooking_time_minutes', 'cover_photo_key', 'ingredients', 'summary'] },
    Comment: { required: ['body', 'recipe_id'], optional: ['rating'] },
  },
  '03-expense-approvals': {
    ExpenseReport: { required: ['amount', 'category', 'currency', 'status'], optional: ['description', 'receipt_key'] },
  },
  '04-clinic-appointments': {
    Patient: { required: ['full_name'], optional: ['date_of_birth', 'email', 'phone'] },
    Doctor: { required: ['name'], optional: ['specialty'] },
    Appointment: { required: ['doctor_id', 'patient_id', 'start_time', 'status'], optional: ['duration_minutes', 'notes'] },
  },
  '05-inventory': {
    Product: { required: ['name', 'sku'], optional: ['discontinued', 'quantity_in_stock', 'unit_price'] },
    Warehouse: { required: ['name'], optional: ['address'] },
    StockMovement: { required: ['product_id', 'quantity', 'reason', 'warehouse_id'], optional: ['made_by_id'] },
  },
};

/**
 * Fields expected.json calls required that the contract's rule leaves optional: the
 * description never calls them required, and they are neither a name, a parent reference nor
 * an enum. Listed so that a change of either side is seen.
 */
const EXPECTED_BEYOND_THE_RULE = ['Recipe.ingredients', 'Comment.rating', 'Patient.email', 'Product.unit_price'];

describe('required fields follow the contract rule', () => {
  it.each(examples.map((e) => [e.id] as const))('%s', (id) => {
    expect(requiredOf(authored.get(id)!)).toEqual(BY_THE_RULE[id]);
  });

  it('agrees with expected.json except where the description does not call a field required', () => {
    const disagreements: string[] = [];
    for (const ex of examples) {
      const spec = authored.get(ex.id)!;
      for (const [entity, def] of Object.entries(ex.expected.entities)) {
        for (const [name, f] of Object.entries(def.fields)) {
          const field = spec.entities.find((e) => e.name === entity)?.fields.find((x) => x.name === name);
          if (field && f.required !== undefined && field.required !== f.required) disagreements.push(`${entity}.${name}`);
        }
      }
    }
    expect(disagreements.sort()).toEqual([...EXPECTED_BEYOND_THE_RULE].sort());
  });

  it('gives enums their first value as default, unless the description names one', () => {
    const task = authored.get('01-task-tracker')!.entities.find((e) => e.name === 'Task')!;
    expect(task.fields.find((f) => f.name === 'priority')).toMatchObject({ required: true, default: 'low', values: ['low', 'medium', 'high'] });
    const spec = authorSpec({ name: 'x', description: 'Orders have a code, a size (small, medium or large; default medium) and a colour of red, green or blue.' });
    const order = spec.entities.find((e) => e.name === 'Order')!;
    expect(order.fields.find((f) => f.name === 'size')).toMatchObject({ type: 'enum', default: 'medium', required: true });
    expect(order.fields.find((f) => f.name === 'colour')).toMatchObject({ type: 'enum', default: 'red', values: ['red', 'green', 'blue'] });
  });

  it('marks what the description calls required, mandatory or essential, and respects "optional"', () => {
    const spec = authorSpec({
      name: 'x',
      description:
        'Vehicles have a plate number (required), a mandatory colour, an essential mileage, an optional name and a model. Garages contain vehicles. ' +
        'Parcels have an optional garage and a weight in kg which is required.',
    });
    const vehicle = spec.entities.find((e) => e.name === 'Vehicle')!;
    const req = (name: string) => vehicle.fields.find((f) => f.name === name)?.required;
    expect([req('plate_number'), req('colour'), req('mileage'), req('name'), req('model'), req('garage_id')]).toEqual([true, true, true, false, false, true]);
    const parcel = spec.entities.find((e) => e.name === 'Parcel')!;
    expect(parcel.fields.find((f) => f.name === 'garage_id')).toMatchObject({ type: 'ref(Garage)', required: false });
    expect(parcel.fields.find((f) => f.name === 'weight_kg')).toMatchObject({ type: 'number', required: true });
  });
});

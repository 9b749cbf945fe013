/**
 * A 50-entity description (generated here): every entity, field, relation, role and workflow is
 * read, and an edit finds its record among fifty. How long it takes is the bench's business
 * (`npm run bench`), never a unit test's.
 */
import { authorSpec, editSpec } from '../../lambdas/core/spec/offline-author';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';

const PREFIXES = ['amber', 'birch', 'cedar', 'dune', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper'];
const HEADS = ['widget', 'gizmo', 'sprocket', 'gadget', 'bracket'];

function fiftyEntityDescription(): { description: string; names: string[] } {
  const names: string[] = [];
  const sentences: string[] = ['A catalogue of parts for a large workshop.'];
  PREFIXES.forEach((prefix, p) => {
    HEADS.forEach((head, h) => {
      const phrase = `${prefix} ${head}`;
      names.push(`${prefix[0]!.toUpperCase()}${prefix.slice(1)}${head[0]!.toUpperCase()}${head.slice(1)}`);
      const parent = h > 0 ? ` Each ${phrase} belongs to a ${prefix} ${HEADS[h - 1]}.` : '';
      sentences.push(
        `${phrase[0]!.toUpperCase()}${phrase.slice(1)}s have a name, a code (unique), a weight in kg, a launch date, a status (draft, live or retired), an optional photo (JPEG or PNG, up to 2 MB) and notes.${parent}`,
      );
      if (p === 0 && h === 0) sentences.push('Admins manage everything; editors can create, read and update everything; viewers can only read.');
    });
  });
  sentences.push('When an amber widget becomes live, wait 7 days and then archive it. Each company is a separate tenant.');
  return { description: sentences.join(' '), names };
}

describe('offline author on a 50-entity description', () => {
  const { description, names } = fiftyEntityDescription();

  // (How fast: `npm run bench` measures the author on 200 entities; a timed assertion here would
  // fail on a loaded machine, not on a slow author.)
  it('finds every entity and its fields', () => {
    const spec = authorSpec({ name: 'Workshop', description });
    expect(spec.entities.map((e) => e.name).sort()).toEqual([...names].sort());
    for (const e of spec.entities) {
      expect(e.fields.map((f) => f.name).slice(0, 7)).toEqual(['name', 'code', 'weight_kg', 'launch_date', 'status', 'photo_key', 'notes']);
    }
    expect(spec.entities.find((e) => e.name === 'CedarGizmo')!.fields.find((f) => f.name === 'cedar_widget_id')).toMatchObject({ type: 'ref(CedarWidget)', required: true, onDelete: 'cascade' });
    expect(spec.roles.map((r) => r.name)).toEqual(['admin', 'editor', 'viewer']);
    expect(spec.tenancy).toBe('multi');
    expect(spec.workflows).toHaveLength(1);
    expect(parseSpec(renderSpec(spec)).ok).toBe(true);
  });

  it('edits it', () => {
    const spec = authorSpec({ name: 'Workshop', description });
    const r = editSpec(spec, 'Add a barcode to juniper brackets.');
    expect(r.summary).toBe('Added barcode (string) to JuniperBracket.');
  });
});

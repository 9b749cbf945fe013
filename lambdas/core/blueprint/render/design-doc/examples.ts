/** The Usage examples section: curl and jq against the project's address, from signup to files and workflows. */
import { USER_ENTITY, type BlueprintIR, type IrEntity, type IrField, type IrStep } from '../../ir';
import { createFields, fileFields, type ProjectRoute } from '../../project-routes';
import { formatBytes, withArticle } from '../../../text/english';

const SAMPLE_FILES: Record<string, string> = {
  'application/pdf': 'report.pdf',
  'image/png': 'picture.png',
  'image/jpeg': 'photo.jpg',
  'image/gif': 'animation.gif',
  'image/webp': 'picture.webp',
  'text/plain': 'notes.txt',
  'text/csv': 'data.csv',
  'application/json': 'data.json',
};

function sampleValue(field: IrField, entity: IrEntity): unknown {
  if (field.default !== undefined) return field.default;
  const words = field.name.replace(/_/g, ' ');
  switch (field.type) {
    case 'string':
      return field.unique ? `${entity.name.slice(0, 3).toUpperCase()}-001` : `Example ${words}`;
    case 'text':
      return `Some ${words}`;
    case 'integer':
      return field.min ?? 1;
    case 'number':
      return field.min ?? 12.5;
    case 'boolean':
      return true;
    case 'date':
      return '2030-01-31';
    case 'datetime':
      return '2030-01-31T09:00:00Z';
    case 'email':
      return 'someone@example.com';
    case 'url':
      return 'https://example.com';
    case 'enum':
      return field.enum?.[0] ?? 'value';
    case 'ref':
      return field.ref?.entity === USER_ENTITY ? '<user id>' : `<${field.ref?.entity ?? 'record'} id>`;
    case 'list':
      return field.items?.enum?.slice(0, 1) ?? ['example'];
    default:
      return 'example';
  }
}

function createBody(entity: IrEntity): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const fields = createFields(entity);
  for (const field of fields.filter((f) => f.required)) body[field.name] = sampleValue(field, entity);
  // One optional field too, to show a fuller record (an enum or a date reads well).
  const extra = fields.find((f) => !f.required && f.default === undefined && f.type !== 'ref' && f.type !== 'list');
  if (extra) body[extra.name] = sampleValue(extra, entity);
  return body;
}

/** A single-quoted shell word holding JSON. */
const shellJson = (value: unknown): string => `'${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;

export function examples(ir: BlueprintIR, routes: ProjectRoute[], base: string): string {
  const multi = ir.tenancy.mode === 'multi';
  const filterable = (e: IrEntity) => e.fields.some((f) => f.indexed && !f.serverOwned && (f.type === 'enum' || f.type === 'boolean'));
  const entity = ir.entities.find((e) => fileFields(e).length > 0) ?? ir.entities.find(filterable) ?? ir.entities[0];
  const out = [
    '## Usage examples',
    '',
    'With `curl` and `jq`, against this project:',
    '',
    '```sh',
    `BASE=${base}`,
    '',
    multi ? '# Sign up, creating an organization (you become its admin); a code is emailed' : '# Sign up; a code is emailed',
    `curl -sS -X POST "$BASE/auth/signup" -H 'Content-Type: application/json' \\`,
    `  -d ${shellJson({ email: 'ada@example.com', password: 'Correct-Horse-9', ...(multi ? { orgName: 'Acme' } : {}) })}`,
    '',
    '# Confirm with the emailed code',
    `curl -sS -X POST "$BASE/auth/confirm" -H 'Content-Type: application/json' \\`,
    `  -d ${shellJson({ email: 'ada@example.com', code: '123456' })}`,
    '',
    '# Log in and keep the tokens',
    `LOGIN=$(curl -sS -X POST "$BASE/auth/login" -H 'Content-Type: application/json' \\`,
    `  -d ${shellJson({ email: 'ada@example.com', password: 'Correct-Horse-9' })})`,
    'TOKEN=$(echo "$LOGIN" | jq -r .accessToken)',
    'REFRESH=$(echo "$LOGIN" | jq -r .refreshToken)',
    '',
    '# Who am I: { id, email, org_id, role }',
    'ME=$(curl -sS "$BASE/auth/me" -H "Authorization: Bearer $TOKEN" | jq -r .id)',
  ];
  if (entity) {
    const collection = `$BASE/v1/${entity.collection}`;
    out.push(
      '',
      `# Create ${withArticle(entity.name)}`,
      `ID=$(curl -sS -X POST "${collection}" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\`,
      `  -d ${shellJson(createBody(entity))} | jq -r .id)`,
    );
    const listRoute = routes.find((r) => r.action === 'crud.list' && r.entity === entity.name);
    const filters = Object.keys(listRoute?.request.query?.properties ?? {}).filter((name) => name !== 'limit' && name !== 'cursor');
    // A filter on an enum or a boolean reads best; every entity can at least filter on its owner field.
    const filterField =
      entity.fields.find((f) => f.type === 'enum' && filters.includes(f.name)) ??
      entity.fields.find((f) => f.type === 'boolean' && filters.includes(f.name)) ??
      entity.fields.find((f) => f.name === entity.ownerField && filters.includes(f.name));
    const filterValue = !filterField ? undefined : filterField.name === entity.ownerField ? '$ME' : encodeURIComponent(String(sampleValue(filterField, entity)));
    const query = filterField && filterValue !== undefined ? `?${filterField.name}=${filterValue}&limit=10` : '?limit=10';
    out.push(
      '',
      `# List ${entity.collection.replace(/-/g, ' ')}${filterField ? ` filtered by ${filterField.name}` : ''} (next page: add &cursor=<next_cursor>)`,
      `curl -sS "${collection}${query}" -H "Authorization: Bearer $TOKEN"`,
      '',
      '# Read it, change some fields',
      `curl -sS "${collection}/$ID" -H "Authorization: Bearer $TOKEN"`,
    );
    const patchField = createFields(entity).find((f) => f.type === 'enum' || f.type === 'string' || f.type === 'text');
    if (patchField) {
      const value = patchField.type === 'enum' ? (patchField.enum?.[1] ?? patchField.enum?.[0]) : `Changed ${patchField.name.replace(/_/g, ' ')}`;
      out.push(`curl -sS -X PATCH "${collection}/$ID" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\`, `  -d ${shellJson({ [patchField.name]: value })}`);
    }
    const file = fileFields(entity)[0];
    if (file?.file) {
      const several = fileFields(entity).length > 1;
      const declared = file.file.contentTypes.find((t) => !t.endsWith('/*')) ?? file.file.contentTypes[0]?.replace('/*', '/png') ?? 'application/octet-stream';
      const name = SAMPLE_FILES[declared] ?? 'file.bin';
      out.push(
        '',
        `# Attach a file to the ${entity.name}'s ${file.name} (${file.file.contentTypes.join(', ')}; at most ${formatBytes(file.file.maxBytes)})`,
        `SIZE=$(wc -c < ${name} | tr -d ' ')`,
        `GRANT=$(curl -sS -X POST "${collection}/$ID/attachments/upload-url" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\`,
        `  -d '{"filename":"${name}","contentType":"${declared}","size":'"$SIZE"'${several ? `,"field":"${file.name}"` : ''}}')`,
        '# 1. PUT the bytes to the signed URL with the declared type (the API never carries file bytes)',
        `curl -sS -X PUT "$(echo "$GRANT" | jq -r .uploadUrl)" -H 'Content-Type: ${declared}' --data-binary @${name}`,
        '# 2. Attach the key: type and size are checked (else 415/413, the upload deleted), then the file moves where no upload URL writes',
        'FILE_KEY=$(echo "$GRANT" | jq -r .fileKey)',
        `curl -sS -X PATCH "${collection}/$ID" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\`,
        `  -d '{"${file.name}":"'"$FILE_KEY"'"}'`,
        '# 3. Later: a signed download URL',
        `curl -sS "${collection}/$ID/attachments/$FILE_KEY/download-url" -H "Authorization: Bearer $TOKEN" | jq -r .downloadUrl`,
      );
    }
    out.push('', `# Delete it (204)`, `curl -sS -X DELETE "${collection}/$ID" -H "Authorization: Bearer $TOKEN"`);
  }
  if (multi) {
    out.push('', '# Invite a colleague (admin); they sign up with the inviteCode', `curl -sS -X POST "$BASE/v1/invitations" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\`, `  -d ${shellJson({ email: 'grace@example.com', role: ir.defaultRole })}`);
  }
  const workflow = ir.workflows[0];
  if (workflow) {
    const event = workflow.steps.find((s): s is Extract<IrStep, { kind: 'waitForEvent' }> => s.kind === 'waitForEvent')?.events[0];
    out.push(
      '',
      `# Start the ${workflow.name} workflow and follow it`,
      `WF=$(curl -sS -X POST "$BASE/workflows/${workflow.name}/start" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\`,
      `  -d '{"input":{}}' | jq -r .workflow_id)`,
      ...(event
        ? [`curl -sS -X POST "$BASE/workflows/$WF/signal" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\`, `  -d ${shellJson({ event, data: {} })}`]
        : []),
      'curl -sS "$BASE/admin/workflows/$WF" -H "Authorization: Bearer $TOKEN"   # admin',
    );
  }
  out.push('', '# When the access token expires', `curl -sS -X POST "$BASE/auth/refresh" -H 'Content-Type: application/json' -d '{"refreshToken":"'"$REFRESH"'"}'`, '```');
  return out.join('\n');
}

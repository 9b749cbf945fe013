/** The Limits section: pages, bodies, record size, text lengths per field, files, URLs, CORS and workflows. */
import { renderTable } from '../../../spec/spec-markdown';
import type { BlueprintIR } from '../../ir';
import { DEFAULT_MAX_LENGTH, DEFAULT_MAX_LIST_ITEMS, MAX_RECORD_BYTES, fieldLimits } from '../../field-limits';
import { GRANT_GRACE_SECONDS } from '../../../project-api/file-keys';
import { durationText, formatBytes } from '../../../text/english';

export function limits(ir: BlueprintIR): string {
  const l = ir.limits;
  const rows: [string, string][] = [
    ['List page size (`limit`)', `default ${l.defaultPageSize}, at most ${l.maxPageSize} (above: 400)`],
    ['Request body', `at most ${formatBytes(l.maxBodyBytes)} (above: 413)`],
    ['Record size', `field values at most ${MAX_RECORD_BYTES} bytes (${formatBytes(MAX_RECORD_BYTES)}) counted as UTF-8 JSON, within DynamoDB's 400 KB item (above: 413)`],
    [
      'Text lengths',
      `each field's below (above: 400): the spec's limit, else its type's: ${Object.entries(DEFAULT_MAX_LENGTH)
        .filter(([type]) => type !== 'ref' && type !== 'file')
        .map(([type, limit]) => `${type} ${limit.maxLength}`)
        .join(', ')} characters; lists ${DEFAULT_MAX_LIST_ITEMS} items`,
    ],
    ['Signed upload/download URLs', `valid ${durationText(l.signedUrlSeconds)} (\`expiresIn\`)`],
    ...ir.files.map((f): [string, string] => [`File ${f.entity}.${f.field}`, `${f.contentTypes.join(', ')}; at most ${formatBytes(f.maxBytes)}`]),
    ...(ir.files.length > 0
      ? ([['Uploads never attached', `never downloadable; deleted after their grant expires (${durationText(l.signedUrlSeconds + GRANT_GRACE_SECONDS)} after upload-url); a file key attaches once`]] as [string, string][])
      : []),
    ['CORS origins', ir.cors.allowedOrigins.join(', ')],
    ...(ir.workflows.length > 0
      ? ([
          ['Workflow duration and step timeout', `at most ${durationText(l.workflowMaxDurationSeconds)}`],
          ['Workflow input and step output', `at most ${formatBytes(l.workflowPayloadMaxBytes)}`],
          ['Running workflow instances', `at most ${l.maxConcurrentWorkflows}`],
        ] as [string, string][])
      : []),
  ];
  return ['## Limits', '', ...renderTable(['Limit', 'Value'], rows), '', fieldLengths(ir)].join('\n');
}

/** Each writable field's length limit (field-limits.ts: the one table the validator and the OpenAPI read). */
function fieldLengths(ir: BlueprintIR): string {
  const rows = ir.entities.flatMap((entity) => fieldLimits(entity.fields).map((l) => [entity.name, `\`${l.field}\``, l.type, l.limit, l.source === 'description' ? 'the spec' : l.source === 'id' ? 'id shape' : `${l.type.replace(/^list\((.*)\)$/, '$1')} default`]));
  if (rows.length === 0) return '';
  return ['### Field lengths', '', 'Characters are Unicode code points. Ids of references and file keys have the shape the API gives them.', '', ...renderTable(['Entity', 'Field', 'Type', 'Limit', 'From'], rows)].join('\n');
}

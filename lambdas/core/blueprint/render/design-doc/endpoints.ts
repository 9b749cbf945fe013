/** The Endpoints section: one row per route of the manifest (method, path, level, right, parameters, body, success). */
import { renderTable } from '../../../spec/spec-markdown';
import type { BlueprintIR } from '../../ir';
import { refName, type JsonSchema, type ProjectApi } from '../../project-routes';

function parameterNames(schema: JsonSchema | undefined, required: boolean): string[] {
  if (!schema?.properties) return [];
  const req = new Set(schema.required ?? []);
  return Object.keys(schema.properties).map((name) => (required || req.has(name) ? name : `${name}?`));
}

export function endpoints(ir: BlueprintIR, api: ProjectApi): string {
  const routes = api.routes;
  const rows = routes.map((route) => {
    const params = [...parameterNames(route.request.params, true).map((n) => `{${n}}`), ...parameterNames(route.request.query, false).map((n) => `?${n.replace(/\?$/, '')}`)];
    const right = route.right ? `${route.right.operation} ${route.right.entity}` : '';
    const body = refName(route.request.body) ?? '';
    const success = route.responses[String(route.successStatus)];
    const response = `${route.successStatus}${success && refName(success.schema) ? ` ${refName(success.schema)}` : ''}`;
    return [route.method, route.path, route.level, right, params.join(', '), body, response];
  });
  const withEnum = ir.entities.flatMap((e) => e.fields.filter((f) => f.indexed && f.type === 'enum' && f.enum?.length).map((f) => `\`?${f.name}=${f.enum![0]}\``));
  const first = ir.entities[0]?.name;
  const names = first ? api.entitySchemas[first] : undefined;
  return [
    '## Endpoints',
    '',
    `Paths are relative to the base URL. Levels and rights as above; \`?name\` is a query parameter (lists take \`limit\` and \`cursor\`, and one filter per indexed field${withEnum[0] ? `, e.g. ${withEnum[0]}` : ''}). ` +
      `Bodies and responses are the schemas of the OpenAPI document${names ? ` (\`${names.create}\` is the create body of ${first}, \`${names.replace}\` the PUT body, \`${names.update}\` the PATCH body, and so on)` : ''}; every error answer is \`ApiError\`.`,
    '',
    ...renderTable(['Method', 'Path', 'Level', 'Right', 'Parameters', 'Body', 'Success'], rows),
  ].join('\n');
}

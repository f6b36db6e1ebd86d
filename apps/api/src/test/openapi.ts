import type { BuiltApp } from '../app';

/** The parts of the OpenAPI document the generic route tests read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationObject {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

export interface Operation {
  method: string;
  /** The document's path, e.g. `/v2/api/team/{id}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | null;
  /** Statuses the document answers with an HTML page (a public page's own 404, say), not JSON. */
  htmlStatuses: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation the app's OpenAPI document lists, whatever its operationIds or response schemas. */
export function documentOperations(app: BuiltApp): Operation[] {
  const doc = app.swagger() as { paths?: Record<string, Partial<Record<string, OperationObject>>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        htmlStatuses: Object.entries(op.responses ?? {})
          .filter(([, r]) => r.content && 'text/html' in r.content)
          .map(([status]) => status),
      });
    }
  }
  return operations;
}

/** The document's path with its `{name}` parameters filled in (values are URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

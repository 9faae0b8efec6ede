/**
 * The OpenAPI document as the answers test checks it (openapi-answers.test.ts, openapi-calls.test.ts): a strict
 * copy of every schema (objects closed, every property required unless `required` leaves it out), compiled with
 * ajv, and the operations the document names beside the routes the app registers.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { openApiDocument } from '../../server/openapi/document.js';
import { inProcessApp } from './in-process.js';

type Schema = Record<string, unknown>;
type Operation = { responses: Record<string, Schema>; requestBody?: Schema };
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
export const doc = JSON.parse(JSON.stringify(openApiDocument)) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Schema> };
};

// ajv-formats is a CommonJS module whose function is its module.exports (and its `default`).
const addFormats = ((formatsModule as unknown as { default?: FormatsPlugin }).default ??
  formatsModule) as unknown as FormatsPlugin;

/**
 * The test's strict copy of a schema: objects closed, every property required unless `required` says otherwise,
 * `$ref`s pointed at the copy of the components. allOf is refused: with closed objects each part would reject
 * the others' properties (the document spells such shapes out whole).
 */
function strict(schema: unknown, at: string): unknown {
  if (Array.isArray(schema)) return schema.map((item, index) => strict(item, `${at}/${index}`));
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Schema = { ...(schema as Schema) };
  if ('allOf' in copy) throw new Error(`${at}: allOf cannot be checked strictly; spell the object out`);
  if (typeof copy.$ref === 'string') copy.$ref = copy.$ref.replace('#/components/schemas/', 'openapi#/$defs/');
  for (const key of ['items', 'not', 'propertyNames', 'contains'])
    if (key in copy) copy[key] = strict(copy[key], `${at}/${key}`);
  for (const key of ['oneOf', 'anyOf', 'prefixItems']) if (key in copy) copy[key] = strict(copy[key], `${at}/${key}`);
  if (typeof copy.additionalProperties === 'object')
    copy.additionalProperties = strict(copy.additionalProperties, `${at}/additionalProperties`);
  const types = ([] as unknown[]).concat(copy.type ?? []);
  if (copy.properties !== undefined || types.includes('object')) {
    const properties = (copy.properties ?? {}) as Record<string, unknown>;
    copy.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, strict(value, `${at}/properties/${key}`)]),
    );
    copy.additionalProperties ??= false;
    copy.required ??= Object.keys(properties);
  }
  return copy;
}

const ajv = new Ajv2020({ allErrors: true, strictTypes: false });
addFormats(ajv);
ajv.addSchema({
  $id: 'openapi',
  $defs: Object.fromEntries(
    Object.entries(doc.components.schemas).map(([name, schema]) => [
      name,
      strict(schema, `#/components/schemas/${name}`),
    ]),
  ),
});

function resolveResponse(response: Schema): Schema {
  return typeof response.$ref === 'string' ? doc.components.responses[response.$ref.split('/').pop()!]! : response;
}

/** The documented answer of an operation for a status: its media types and, for JSON, a compiled validator. */
export function documented(method: string, path: string, status: number) {
  const response = doc.paths[path]?.[method]?.responses[String(status)];
  if (response === undefined) return undefined;
  const content = (resolveResponse(response).content ?? {}) as Record<string, { schema: Schema }>;
  const jsonSchema = content['application/json']?.schema;
  return {
    mediaTypes: Object.keys(content),
    validate:
      jsonSchema === undefined ? undefined : ajv.compile(strict(jsonSchema, `${method} ${path} ${status}`) as Schema),
  };
}

export function documentedOperations(): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** "METHOD /path" of every handler the app registers under /_emulator (as openapi.test.ts reads them). */
export function registeredOperations(): string[] {
  const { app, close } = inProcessApp([]);
  try {
    return [
      ...new Set(
        app.routes
          .filter((route) => route.path.startsWith('/_emulator') && route.method !== 'ALL')
          .map(
            (route) =>
              `${route.method} ${route.path.replace(/:([A-Za-z_]\w*)(\{[^}]*\})?/g, '{$1}').replace(/\/$/, '')}`,
          ),
      ),
    ];
  } finally {
    close();
  }
}

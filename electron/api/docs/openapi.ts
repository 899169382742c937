import { z, type ZodType } from 'zod';
import { ERROR_NAMES } from '../../../shared/errors.js';
import { headerName } from '../pipeline/validate.js';
import type { AnyRoute } from '../route.js';

export type JsonSchema = Record<string, unknown>;

/** A zod schema as the JSON schema of an OpenAPI document (request input form). */
export const toSchema = (schema: ZodType): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

/** Path, query and header schemas become OpenAPI parameters, one per property. */
function parameters(schema: ZodType | undefined, location: 'path' | 'query' | 'header'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name: location === 'header' ? headerName(name) : name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['name', 'message', 'debug_id'],
  properties: {
    name: { type: 'string', enum: Object.keys(ERROR_NAMES) },
    message: { type: 'string' },
    debug_id: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          field: { type: 'string', description: 'JSON pointer (body) or parameter name' },
          value: { type: 'string' },
          location: { type: 'string', enum: ['body', 'query', 'path', 'header'] },
          issue: { type: 'string' },
          description: { type: 'string' },
        },
      },
    },
    links: {
      type: 'array',
      items: {
        type: 'object',
        properties: { href: { type: 'string' }, rel: { type: 'string' }, method: { type: 'string' } },
      },
    },
  },
};

const ERROR_RESPONSES = { identity: 'IdentityError', scim: 'ScimError' } as const;

const IDENTITY_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
};

const SCIM_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['schemas', 'status', 'detail', 'error', 'error_description'],
  properties: {
    schemas: { type: 'array', items: { const: 'urn:ietf:params:scim:api:messages:2.0:Error' } },
    status: { type: 'string' },
    scimType: { type: 'string' },
    detail: { type: 'string' },
    error: { type: 'string' },
    error_description: { type: 'string' },
  },
};

/**
 * The OpenAPI 3.1 document of the embedded API, generated from the same zod schemas that validate
 * requests, so it cannot drift from what the server accepts. Importable into Postman, Insomnia, Bruno.
 */
export function buildOpenApi(
  routes: readonly AnyRoute[],
  pages: Readonly<Record<string, JsonSchema>>,
  baseUrl: string,
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const responses: Record<string, JsonSchema> = {};
    // Identity operations answer errors in the short identity form, SCIM ones in SCIM's (part 7).
    const errorResponse = route.errorStyle ? ERROR_RESPONSES[route.errorStyle] : 'Error';
    const error = { $ref: `#/components/responses/${errorResponse}` };
    for (const [status, description] of Object.entries(route.responses)) {
      responses[status] = Number(status) >= 400 ? error : { description };
    }
    for (const status of ['401', '403', '429', '500']) responses[status] ??= error;
    if (route.body || route.params) responses['400'] ??= error;
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.deprecated
        ? { deprecated: true, description: `Deprecated: use ${route.deprecated.replacement} instead.` }
        : {}),
      tags: [route.tag],
      security: [{ bearerAuth: [] }],
      ...(route.scope ? { 'x-required-scope': route.scope } : {}),
      parameters: [
        ...parameters(route.params, 'path'),
        ...parameters(route.query, 'query'),
        ...parameters(route.headers, 'header'),
      ],
      ...(route.body
        ? {
            requestBody: {
              required: !route.bodyOptional,
              content: Object.fromEntries(
                (route.contentTypes ?? ['application/json']).map((type) => [
                  type,
                  { schema: toSchema(route.body as ZodType) },
                ]),
              ),
            },
          }
        : {}),
      responses,
    };
  }
  Object.assign(paths, pages);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments Workbench embedded sandbox',
      version: '1.0.0',
      description:
        'A local, stateful implementation of the payments REST interface. Errors follow part 7 of the spec. ' +
        'As on the platform, every path also answers with one trailing slash (the same operation), and a ' +
        'query parameter repeated with the same value counts once.',
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        basicAuth: { type: 'http', scheme: 'basic' },
      },
      schemas: { Error: ERROR_SCHEMA },
      responses: {
        Error: {
          description: 'Error (spec part 7)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        IdentityError: {
          description: 'Identity error (spec part 7): {error, error_description}',
          content: { 'application/json': { schema: IDENTITY_ERROR_SCHEMA } },
        },
        ScimError: {
          description:
            'SCIM error (RFC 7644 section 3.12) with the identity members: {schemas, status, scimType, detail, error, error_description}',
          content: { 'application/scim+json': { schema: SCIM_ERROR_SCHEMA } },
        },
      },
    },
  };
}

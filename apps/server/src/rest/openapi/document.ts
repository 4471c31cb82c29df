/**
 * The OpenAPI 3.1 document of the REST facade, generated from the route table's zod schemas with
 * zod's own JSON Schema conversion (draft 2020-12, the dialect of OpenAPI 3.1). Answers' shared
 * shapes go to components.schemas; request bodies are converted as the procedures read them
 * (`io: 'input'`: defaults make fields optional, transforms are described by their input side).
 */
import { type ErrorCode, errorStatus } from '@dolya/api';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../browser-session';
import {
  balancesSchema,
  categorySchema,
  expenseSchema,
  groupMemberSchema,
  groupSchema,
  listedExpenseSchema,
  logEntrySchema,
  userSchema,
} from '../schemas';
import {
  errorBodySchema,
  friendSchema,
  identitySchema,
  inviteLinkSchema,
  invitePreviewSchema,
  notificationSchema,
  passkeyStatusSchema,
} from './responses';
import { pathParams, type RouteDoc, routeTable } from './route-table';

type JsonSchema = Record<string, unknown>;

/** Answer shapes worth a name: a $ref wherever they appear in an answer. */
function componentRegistry() {
  const registry = z.registry<{ id: string }>();
  const named: [z.ZodType, string][] = [
    [userSchema, 'User'],
    [groupMemberSchema, 'GroupMember'],
    [groupSchema, 'Group'],
    [categorySchema, 'Category'],
    [expenseSchema, 'Expense'],
    [listedExpenseSchema, 'ListedExpense'],
    [logEntrySchema, 'LogEntry'],
    [balancesSchema, 'Balances'],
    [identitySchema, 'Identity'],
    [friendSchema, 'Friend'],
    [notificationSchema, 'Notification'],
    [inviteLinkSchema, 'InviteLink'],
    [invitePreviewSchema, 'InvitePreview'],
    [passkeyStatusSchema, 'PasskeyStatus'],
    [errorBodySchema, 'Error'],
  ];
  for (const [schema, id] of named) registry.add(schema, { id });
  return registry;
}

const uri = (id: string) => `#/components/schemas/${id}`;

function strip({ $schema: _, $id: __, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

/** What every route of a kind can answer, besides its own codes. */
function commonErrors(route: RouteDoc): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const changes = route.method !== 'GET';
  if (route.body || route.query || route.path.includes('{')) codes.push('VALIDATION_ERROR');
  if (route.auth) codes.push('UNAUTHORIZED');
  if (changes) codes.push('FORBIDDEN_ORIGIN', 'UNSUPPORTED_MEDIA_TYPE');
  if (route.body) codes.push('PAYLOAD_TOO_LARGE');
  codes.push('SERVICE_UNAVAILABLE', 'INTERNAL');
  return codes;
}

export function buildOpenApiDocument(info: { version: string } = { version: '1.0.0' }) {
  const registry = componentRegistry();
  // A named shape becomes a $def; its $ref is pointed at components.schemas, which holds the same
  // conversion of every named shape.
  const output = (schema: z.ZodType): JsonSchema => {
    const { $defs: _, ...json } = strip(
      z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        unrepresentable: 'any',
        metadata: registry,
      }) as JsonSchema,
    );
    return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${uri('')}`));
  };
  const input = (schema: z.ZodType): JsonSchema =>
    strip(
      z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        io: 'input',
        unrepresentable: 'any',
        reused: 'inline',
      }) as JsonSchema,
    );

  const errorResponses = (route: RouteDoc) => {
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of new Set([...route.errors, ...commonErrors(route)])) {
      const status = errorStatus[code];
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    return Object.fromEntries(
      [...byStatus.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, codes]) => [
          String(status),
          {
            description: `Error: ${codes.join(', ')}`,
            content: {
              'application/json': {
                schema: {
                  allOf: [{ $ref: uri('Error') }],
                  properties: { code: { enum: codes } },
                },
              },
            },
          },
        ]),
    );
  };

  const operation = (route: RouteDoc) => {
    const parameters: JsonSchema[] = pathParams(route).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: input(schema),
    }));
    if (route.query) {
      for (const [name, schema] of Object.entries(route.query.shape) as [string, z.ZodType][]) {
        const json = input(schema);
        const { description, ...rest } = json;
        parameters.push({
          name,
          in: 'query',
          required: !schema.safeParse(undefined).success,
          ...(description ? { description } : {}),
          schema: rest,
        });
      }
    }
    if (route.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'A retry with the same key answers the first result instead of creating twice',
        schema: { type: 'string', minLength: 8, maxLength: 100, pattern: '^[\\x21-\\x7e]+$' },
      });
    }
    const { ok } = route;
    const success =
      'schema' in ok
        ? {
            description: ok.description ?? (ok.status === 201 ? 'Created' : 'OK'),
            content: { 'application/json': { schema: output(ok.schema) } },
          }
        : ok.status === 302
          ? { description: ok.description, headers: { location: { schema: { type: 'string' } } } }
          : { description: ok.description };
    return {
      tags: [route.tag],
      summary: route.summary,
      operationId: operationId(route),
      ...(route.auth ? { security: [{ session: [] }] } : { security: [] }),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: input(route.body) } } } }
        : {}),
      responses: {
        [String(ok.status)]: success,
        ...(route.noContent ? { '204': { description: route.noContent } } : {}),
        ...errorResponses(route),
      },
    };
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeTable) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route);
  }
  const components = z.toJSONSchema(registry, { target: 'draft-2020-12', unrepresentable: 'any', uri });

  return {
    openapi: '3.1.0',
    info: {
      title: 'Dolya REST API',
      version: info.version,
      description:
        'The REST facade of Dolya (spec §7). Money is in decimal numbers of the group currency here. ' +
        'Sign-in sets the session cookie; send it with every call. State-changing calls ' +
        'must send `application/json` and, from a browser, a same-site Origin. Errors are ' +
        '`{code, message, field?}` with the status of the error catalogue.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routeTable.map((r) => r.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      schemas: Object.fromEntries(
        Object.entries(components.schemas).map(([id, schema]) => [id, strip(schema as JsonSchema)]),
      ),
    },
    paths,
  };
}

function operationId(route: RouteDoc): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[/{}-]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { joinWaitListResponseSchema, waitEntryResponseSchema, z } from '../../shared/schemas.ts';
import { STAFF_COOKIE } from './staff-auth.ts';

type ZodTransforms = typeof import('fastify-type-provider-zod');

/** Where the document is served; docs/openapi.json is a copy of it, kept current by a test. */
export const OPENAPI_PATH = '/api/openapi.json';
/** The document to read in a browser (Swagger UI); never part of a customer page. */
export const API_DOCS_PATH = '/api/docs';

/**
 * Shapes that several routes answer with, named once in the document's components (and referred
 * to from each route) instead of written out in every route that uses them.
 */
function namedSchemas() {
  const named = z.registry<{ id: string }>();
  named.add(waitEntryResponseSchema, { id: 'WaitEntry' });
  named.add(joinWaitListResponseSchema, { id: 'Joined' });
  return named;
}

/**
 * The OpenAPI 3.1 document of the API, generated from the zod schemas each route declares
 * (route-schemas.ts). Registered before the routes: it collects them as they are added. The
 * schemas are turned into JSON Schema only when the document is first asked for, so the start
 * does not load the converter (fastify-type-provider-zod and zod's JSON Schema output).
 */
export async function registerOpenApi(app: FastifyInstance, options: { version: string }): Promise<void> {
  let transforms:
    | {
        route: ReturnType<ZodTransforms['createJsonSchemaTransform']>;
        document: ReturnType<ZodTransforms['createJsonSchemaTransformObject']>;
      }
    | undefined;
  const loaded = () => {
    if (!transforms) throw new Error('The OpenAPI transforms are loaded before the document is made.');
    return transforms;
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CheckN API',
        version: options.version,
        description:
          'The walk-in wait list. A customer page calls it with the token of an anonymous identity ' +
          `(POST /api/v1/customers/anonymous) as a bearer token; the staff console with the ${STAFF_COOKIE} ` +
          'session cookie and its CSRF token in the x-csrf-token header. Every error answers ' +
          '{ "error": { "code", "message", "field"? } }.',
      },
      components: {
        securitySchemes: {
          customer: { type: 'http', scheme: 'bearer' },
          staff: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: "A business's API key (ckn_…), made by its owner in Settings (docs/public-api.md).",
          },
        },
      },
    },
    transform: (document) => {
      // The API only: pages, assets and the realtime socket are not part of it.
      if (!document.url.startsWith('/api/') || !document.schema || document.url === OPENAPI_PATH)
        return { schema: { hide: true }, url: document.url };
      return loaded().route(document);
    },
    transformObject: (document) => loaded().document(document),
  });

  /** The converter, loaded when the document is first asked for (here or by the docs page). */
  async function loadTransforms(): Promise<void> {
    if (transforms) return;
    const zodTransforms: ZodTransforms = await import('fastify-type-provider-zod');
    const schemaRegistry = namedSchemas();
    transforms = {
      route: zodTransforms.createJsonSchemaTransform({ schemaRegistry }),
      document: zodTransforms.createJsonSchemaTransformObject({ schemaRegistry }),
    };
  }

  let openapi: unknown;
  app.get(OPENAPI_PATH, async () => {
    await loadTransforms();
    openapi ??= app.swagger();
    return openapi;
  });

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // No validator badge: it would send the document to validator.swagger.io. The page runs under
    // the app's own content policy (no inline scripts in it).
    uiConfig: { url: OPENAPI_PATH, validatorUrl: null },
    uiHooks: { onRequest: async () => loadTransforms() },
  });
}

import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

const require = createRequire(import.meta.url);

/**
 * Fastify's JSON Schema compilers (Ajv, fast-json-stringify), loaded the first time a route has a
 * schema instead of when `Fastify()` runs. Our routes validate their input with zod
 * (validate.ts) and declare no schema, so they are never loaded; loading them took ~200 ms of
 * every start on a slow machine (issue 14: `npm start` ready in 2 s). A plugin that brings a route
 * with a schema still gets them, from the same packages Fastify would have used.
 */
export function lazySchemaCompilers(): Required<CompilersFactory> {
  // The factories' types are overloaded (Ajv or JTD): this only passes the arguments through.
  type PassThrough = (...args: unknown[]) => unknown;
  let validatorFactory: PassThrough | undefined;
  let serializerFactory: PassThrough | undefined;
  return {
    buildValidator: ((...args: unknown[]) => {
      validatorFactory ??= (require('@fastify/ajv-compiler') as () => PassThrough)();
      return validatorFactory(...args);
    }) as ValidatorFactory,
    buildSerializer: ((...args: unknown[]) => {
      serializerFactory ??= (require('@fastify/fast-json-stringify-compiler') as () => PassThrough)();
      return serializerFactory(...args);
    }) as SerializerFactory,
  };
}

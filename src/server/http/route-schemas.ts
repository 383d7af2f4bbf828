import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyParamsSchema, type z } from '../../shared/schemas.ts';
import { AppError } from '../errors.ts';
import { parseInput } from './validate.ts';

/**
 * Routes declare their params, query, body and answers with the zod schemas of `src/shared`, the
 * same the client builds and reads with (docs/decisions/0015-routes-declare-their-schemas.md).
 * Fastify validates the input before the handler runs, the handler is typed from the schemas,
 * and the OpenAPI document is generated from them (openapi.ts).
 */
export type SchemaApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The app, its handlers typed from the zod schemas their routes declare. */
export const withSchemas = (app: FastifyInstance): SchemaApp => app.withTypeProvider<ZodTypeProvider>();

type ZodSchema = z.ZodMiniType;

const isZodSchema = (schema: unknown): schema is ZodSchema =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

/**
 * Input is parsed as `parseInput` always did: the first problem is a 400 naming its field, a
 * string holding U+0000 is refused, and a malformed company id in the path answers as an unknown
 * business would (404), so a link with a typo reads the same whatever the typo.
 */
const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (!isZodSchema(schema))
    throw new Error(`${method} ${url}: its ${httpPart} schema must be a zod schema from src/shared.`);
  const namesBusiness = httpPart === 'params' && url.includes(':companyId');
  return (data) => {
    try {
      if (namesBusiness && !companyParamsSchema.safeParse(data).success)
        throw new AppError('COMPANY_NOT_FOUND');
      return { value: parseInput(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

/**
 * Answers are written with JSON.stringify: the handler's return type already follows the schema.
 * Tests (`checkAnswers`) also read every answer back through its schema, so an answer that drifts
 * from the contract the client and the OpenAPI document rely on fails the test that made it.
 */
function serializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!isZodSchema(schema))
      throw new Error(
        `${method} ${url}: its ${httpStatus} answer schema must be a zod schema from src/shared.`,
      );
    if (!checkAnswers) return (data) => JSON.stringify(data);
    return (data) => {
      const json = JSON.stringify(data);
      const result = schema.safeParse(JSON.parse(json));
      if (!result.success)
        throw new Error(
          `${method} ${url} answered ${httpStatus} outside its schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
        );
      return json;
    };
  };
}

/** Before any route: every route of the app validates and answers through these. */
export function useZodSchemas(app: FastifyInstance, options: { checkAnswers: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.checkAnswers));
}

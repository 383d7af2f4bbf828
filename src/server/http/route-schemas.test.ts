import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { companyParamsSchema, z } from '../../shared/schemas.ts';
import { registerErrorHandler } from './error-handler.ts';
import { useZodSchemas, withSchemas } from './route-schemas.ts';

const noteSchema = z.object({ text: z.string().check(z.maxLength(5)), count: z.optional(z.number()) });
const answerSchema = z.object({ id: z.string(), at: z.string() });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** One route with every part declared; `answer` is what its handler returns. */
async function appWith(checkAnswers: boolean, answer: unknown) {
  const logged: string[] = [];
  app = Fastify({ logger: false });
  useZodSchemas(app, { checkAnswers });
  registerErrorHandler(app);
  app.addHook('onError', async (_request, _reply, error) => {
    logged.push(error.message);
  });
  withSchemas(app).post(
    '/companies/:companyId/notes',
    { schema: { params: companyParamsSchema, body: noteSchema, response: { 200: answerSchema } } },
    async (request) => {
      // Typed from the schemas: a wrong field here is a type error.
      expect(request.body.text.length).toBeLessThanOrEqual(5);
      expect(request.params.companyId).toBe('demo');
      return answer as z.infer<typeof answerSchema>;
    },
  );
  await app.ready();
  return { app, logged };
}

const post = (target: FastifyInstance, url: string, payload: unknown) =>
  target.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

describe('routes that declare their schemas', () => {
  it('answer a body outside the schema with the one error shape, naming the field', async () => {
    const { app } = await appWith(false, { id: 'n1', at: 'now' });
    const tooLong = await post(app, '/companies/demo/notes', { text: 'too long' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: expect.any(String), field: 'text' },
    });
    const notAnObject = await app.inject({ method: 'POST', url: '/companies/demo/notes' });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().error.code).toBe('BAD_REQUEST');
    const nul = await post(app, '/companies/demo/notes', { text: 'a\u0000b' });
    expect(nul.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'That text has a character we cannot store.',
        field: 'text',
      },
    });
    const fine = await post(app, '/companies/demo/notes', { text: 'hello' });
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toEqual({ id: 'n1', at: 'now' });
  });

  it('answer a malformed company id in the path as an unknown business', async () => {
    const { app } = await appWith(false, { id: 'n1', at: 'now' });
    const response = await post(app, '/companies/-bad!/notes', { text: 'hi' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('COMPANY_NOT_FOUND');
  });

  it('fail an answer outside its schema when answers are checked (tests), and only then', async () => {
    const drifted = { id: 'n1', at: new Date(0).getTime() };
    const checked = await appWith(true, drifted);
    const response = await post(checked.app, '/companies/demo/notes', { text: 'hi' });
    expect(response.statusCode).toBe(500);
    expect(checked.logged.join('\n')).toContain('answered 200 outside its schema');
    await checked.app.close();

    // In production the answer goes out as it is: no parse on the way out.
    const unchecked = await appWith(false, drifted);
    const sent = await post(unchecked.app, '/companies/demo/notes', { text: 'hi' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual(drifted);
  });

  it('refuse a route whose schema is not a zod schema, when it is registered', async () => {
    app = Fastify({ logger: false });
    useZodSchemas(app, { checkAnswers: false });
    app.post('/x', { schema: { body: { type: 'object' } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow('must be a zod schema');
  });
});

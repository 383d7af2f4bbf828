import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../support/routes.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The committed copy: other software (and its reviewers) read the API from it without a server. */
const COMMITTED = new URL('../../docs/openapi.json', import.meta.url);

interface OpenApiOperation {
  requestBody?: unknown;
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { content?: unknown }>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * Routes under /api that are not in the document: the document itself, the page that reads it, and
 * the realtime socket (a WebSocket upgrade OpenAPI cannot describe; its events are the unions of
 * src/shared/realtime.ts and board-events.ts, parsed on both ends).
 */
const NOT_IN_THE_DOCUMENT = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/, /^\/api\/realtime$/];

/** Answers that are not JSON, so declare no schema: the route's own test reads them. */
const NOT_JSON = new Set(['GET /api/v1/staff/insights/visits.csv']);

/** The operations of the document that say nothing of what they answer. */
function answersUndeclared(operation: OpenApiOperation): boolean {
  return !Object.entries(operation.responses ?? {}).some(
    // Without a schema the document holds only "200: Default Response", with no content.
    ([status, response]) => response.content !== undefined || status !== '200',
  );
}

describe('the OpenAPI document', () => {
  let test: TestApp;
  let served: string;
  beforeAll(async () => {
    test = await createTestApp('pglite');
    const response = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    served = `${JSON.stringify(response.json(), null, 2)}\n`;
    // `npm run openapi` writes the copy again after a route changed.
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(COMMITTED, served);
  });
  afterAll(() => test.close());

  it('is made from the routes and their schemas, the API only', () => {
    const document = JSON.parse(served) as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    const join = document.paths['/api/v1/companies/{companyId}/wait-list']?.post;
    expect(join?.parameters?.map((parameter) => parameter.name)).toEqual(['companyId']);
    expect(JSON.stringify(join?.requestBody)).toContain('"phoneNumber"');
    for (const path of Object.keys(document.paths)) expect(path).toMatch(/^\/api\//);
    expect(Object.keys(document.paths)).not.toContain('/api/openapi.json');
  });

  it('has every API route, with its path parameters and what it answers (a route without a schema is missing)', () => {
    const document = JSON.parse(served) as OpenApiDocument;
    const problems: string[] = [];
    for (const route of registeredRoutes(test.app)) {
      if (!route.path.startsWith('/api/') || NOT_IN_THE_DOCUMENT.some((pattern) => pattern.test(route.path)))
        continue;
      const name = `${route.method} ${route.path}`;
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in the document (it declares no schema)`);
        continue;
      }
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      for (const [, param] of route.path.matchAll(/:(\w+)/g))
        if (!declared.some((parameter) => parameter.name === param))
          problems.push(`${name}: its path parameter ${param} is not declared`);
      if (!NOT_JSON.has(name) && answersUndeclared(operation)) problems.push(`${name}: declares no answer`);
    }
    expect(problems).toEqual([]);
  });

  it('reads in a browser at /api/docs, under the app content policy, sending nothing elsewhere', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    const initializer = await test.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain('/api/openapi.json');
  });

  it('is the same document at the address of the docs page, even asked for first', async () => {
    const fresh = await createTestApp('pglite');
    try {
      const response = await fresh.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      expect(`${JSON.stringify(response.json(), null, 2)}\n`).toBe(served);
    } finally {
      await fresh.close();
    }
  });

  it('is committed as docs/openapi.json, as the server makes it (npm run openapi)', () => {
    expect(readFileSync(COMMITTED, 'utf8')).toBe(served);
  });
});

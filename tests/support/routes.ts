import type { FastifyInstance } from 'fastify';

export interface Route {
  method: string;
  path: string;
}

/** The routes of `app.printRoutes()`: a tree whose lines are "├── /segment (GET, HEAD)". */
export function registeredRoutes(app: FastifyInstance): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) {
      // HEAD is Fastify's copy of each GET.
      if (method !== 'HEAD') routes.push({ method, path: stack.join('') });
    }
  }
  return routes;
}

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
  return routes.map((route) => ({ ...route, path: wildcardPath(app, route, routes) }));
}

/**
 * printRoutes shows a wildcard beside the static routes that share its prefix ("static/index.html"
 * and "*" for /static/*, as @fastify/static registers it for the API docs): its own path is the
 * parent's with one of those prefixes.
 */
function wildcardPath(app: FastifyInstance, route: Route, routes: Route[]): string {
  const method = route.method as 'GET';
  if (!route.path.endsWith('*') || app.hasRoute({ method, url: route.path })) return route.path;
  const parent = route.path.slice(0, -1);
  for (const sibling of routes) {
    const rest = sibling.path.startsWith(parent) ? sibling.path.slice(parent.length) : '';
    const folder = rest.includes('/') ? rest.slice(0, rest.indexOf('/') + 1) : '';
    if (folder && app.hasRoute({ method, url: `${parent}${folder}*` })) return `${parent}${folder}*`;
  }
  return route.path;
}

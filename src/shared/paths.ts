/** Typed route paths: `paths.userInfo.getHref('demo', "Women's Haircut/Style")`. */
const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: { path: '/', getHref: () => '/' },
  landing: { path: '/:companyId', getHref: (companyId: string) => `/${segment(companyId)}` },
  userInfo: {
    path: '/:companyId/:serviceName/user-info',
    // A service name may hold "/" and "'": one encoded segment keeps the route and survives reloads.
    getHref: (companyId: string, serviceName: string) =>
      `/${segment(companyId)}/${segment(serviceName)}/user-info`,
  },
  checkedIn: {
    path: '/:companyId/checked-in',
    getHref: (companyId: string, waitId: string) =>
      `/${segment(companyId)}/checked-in?waitId=${encodeURIComponent(waitId)}`,
  },
  chat: {
    path: '/:companyId/chat',
    getHref: (companyId: string, waitHistoryId: string) =>
      `/${segment(companyId)}/chat?id=${encodeURIComponent(waitHistoryId)}`,
  },
  addClient: { path: '/add-client/:spId' },
} as const;

/**
 * Where the home page's box leads: a business code ("demo"), or a whole link someone pasted
 * ("https://checkn.example/demo", "checkn.example/demo/checked-in?waitId=…", "/demo"), which
 * opens the same page here.
 */
export function pathFromTypedCode(typed: string): string {
  const text = typed.trim();
  const [first = ''] = text.split('/');
  // A host has a dot, a port ("localhost:3000", "192.168.1.20:3000") or is localhost itself.
  const looksLikeHost = /[.:]/.test(first) || first.toLowerCase() === 'localhost';
  const looksLikeLink = text.includes('://') || (text.includes('/') && looksLikeHost);
  if (looksLikeLink) {
    try {
      const url = new URL(text.includes('://') ? text : `https://${text}`);
      return `${url.pathname}${url.search}`;
    } catch {
      // Not a link after all: read as a code below.
    }
  }
  // A query ("demo?rwg_token=…") rides along; only the code itself is encoded.
  const queryAt = text.indexOf('?');
  const [place, query] = queryAt < 0 ? [text, ''] : [text.slice(0, queryAt), text.slice(queryAt)];
  if (place.includes('/')) return `/${place.replace(/^\/+/, '')}${query}`;
  return `${paths.landing.getHref(place)}${query}`;
}

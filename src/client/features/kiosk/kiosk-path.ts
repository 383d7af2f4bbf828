/** The kiosk's route, beside the customer routes of lib/paths.ts (issue 13). */
export const kioskPath = {
  path: '/:companyId/kiosk',
  getHref: (companyId: string) => `/${encodeURIComponent(companyId)}/kiosk`,
} as const;

/**
 * The rating page texted after a visit (docs/feedback.md). Apart from feedback-schemas.ts so the
 * app's routes name it without building those schemas when the first page loads.
 */
const segment = (value: string) => encodeURIComponent(value);

/**
 * The rating page. The token rides in the fragment (`#t=`), which the browser never sends: it
 * stays out of the server's request log and of any Referer.
 */
export const feedbackPath = {
  path: '/:companyId/feedback',
  getHref: (companyId: string, token: string) => `/${segment(companyId)}/feedback#t=${token}`,
} as const;

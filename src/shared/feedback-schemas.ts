/**
 * Feedback after the visit (issue 24 item 8, docs/feedback.md): the owner's setting, the rating
 * page's requests and answers, and what Insights show of the ratings. Apart from the other schemas
 * so the rating page loads only these.
 */
import * as z from 'zod/mini';

/** How long a visit's rating link opens after it was marked Done. */
export const FEEDBACK_LINK_DAYS = 7;
/** "What went wrong?": at most this many characters. */
export const FEEDBACK_COMMENT_MAX = 1000;
/** Ratings from this up are happy: the page offers the business's review link instead of asking. */
export const HAPPY_RATING = 4;
/** The review link's length, as migrations/0032 checks it. */
const REVIEW_URL_MAX = 500;

/**
 * Whether `text` is a whole https address (a review page on Google, Yelp…), written out as such:
 * "HTTPS://…" or "https:g.page" parse, but the database keeps the link as typed and checks its start.
 */
function isHttpsUrl(text: string): boolean {
  if (!text.startsWith('https://')) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Settings › "Feedback after the visit": off by default; the review link is optional (''). */
export const feedbackSettingsRequestSchema = z.object({
  askFeedback: z.boolean('Choose whether to ask for feedback'),
  reviewUrl: z.string().check(
    z.trim(),
    z.maxLength(REVIEW_URL_MAX, `The link can be at most ${REVIEW_URL_MAX} characters`),
    z.refine(
      (url) => url === '' || isHttpsUrl(url),
      'Paste the whole link to your review page, starting with https://',
    ),
  ),
});
export type FeedbackSettingsRequest = z.infer<typeof feedbackSettingsRequestSchema>;

/**
 * The rating link's secret, as the page read it from its address. A token the server could not
 * have made is answered as an unknown link (404, with words for the customer), not as a 400.
 */
const feedbackTokenSchema = z
  .string('This link is not complete')
  .check(z.maxLength(200, 'This link is not complete'));

/** The page asks what the link is for. The token travels in the body, never in a URL the logs keep. */
export const feedbackLookupRequestSchema = z.object({ token: feedbackTokenSchema });
export type FeedbackLookupRequest = z.infer<typeof feedbackLookupRequestSchema>;

export const feedbackRatingRequestSchema = z.object({
  token: feedbackTokenSchema,
  rating: z
    .number('Choose from 1 to 5 stars')
    .check(
      z.int('Choose from 1 to 5 stars'),
      z.gte(1, 'Choose from 1 to 5 stars'),
      z.lte(5, 'Choose from 1 to 5 stars'),
    ),
  /** "What went wrong?" (ratings 1–3 only; a happy rating keeps none). */
  comment: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(FEEDBACK_COMMENT_MAX, `Please keep it under ${FEEDBACK_COMMENT_MAX} characters`),
      ),
  ),
});
export type FeedbackRatingRequest = z.infer<typeof feedbackRatingRequestSchema>;

/** What the rating page shows: the business, the visit, and the rating so far. */
export const feedbackVisitSchema = z.object({
  businessName: z.string(),
  serviceType: z.string(),
  providerName: z.nullable(z.string()),
  /** The visit's day on the business's clock ("Friday, November 27"). */
  visitedOn: z.string(),
  rating: z.nullable(z.number()),
  comment: z.string(),
  /** The business's review link, once the rating is 4 or 5 and the business set one. */
  reviewUrl: z.nullable(z.string()),
});
export type FeedbackVisit = z.infer<typeof feedbackVisitSchema>;

/** The owner's Insights: the ratings of the range's visits, and the latest comments. */
export const insightsFeedbackSchema = z.object({
  ratings: z.number(),
  /** One decimal; null with no rating. */
  average: z.nullable(z.number()),
  /** How many rated 1, 2, 3, 4 and 5 stars. */
  distribution: z.array(z.number()),
  comments: z.array(
    z.object({
      rating: z.number(),
      comment: z.string(),
      ratedAt: z.string(),
      serviceType: z.string(),
      providerName: z.nullable(z.string()),
    }),
  ),
});
export type InsightsFeedback = z.infer<typeof insightsFeedbackSchema>;

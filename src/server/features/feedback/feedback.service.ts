import {
  type FeedbackRatingRequest,
  type FeedbackVisit,
  HAPPY_RATING,
} from '../../../shared/feedback-schemas.ts';
import { AppError } from '../../errors.ts';
import { hashSecretToken, isWellFormedSecretToken } from '../../http/secret-token.ts';
import type { FeedbackLinkRow, FeedbackRepository } from './feedback.repository.ts';

/** The visit's day on the business's clock, as the page shows it: "Friday, November 27". */
const visitDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);

function asVisit(link: FeedbackLinkRow): FeedbackVisit {
  return {
    businessName: link.businessName,
    serviceType: link.serviceType,
    providerName: link.providerName,
    visitedOn: visitDay(new Date(link.visitedAt), link.timeZone),
    rating: link.rating,
    comment: link.comment ?? '',
    // Asked of happy customers only, and only once they said so.
    reviewUrl: link.rating !== null && link.rating >= HAPPY_RATING ? link.reviewUrl : null,
  };
}

/**
 * The rating page's two requests (docs/feedback.md). The link's token is the capability: the phone
 * that got the text may not hold the identity that joined (a kiosk or desk walk-in).
 */
export function createFeedbackService(deps: { feedback: FeedbackRepository }) {
  const { feedback } = deps;

  /** The open link, or why not: unknown (or erased) and expired are told apart for the customer. */
  async function requireOpenLink(companyId: string, token: string): Promise<FeedbackLinkRow> {
    // A token we could not have made names no link: no hash, no query.
    const link = isWellFormedSecretToken(token)
      ? await feedback.findLink(companyId, hashSecretToken(token))
      : null;
    if (!link) throw new AppError('FEEDBACK_LINK_NOT_FOUND');
    if (link.expired) throw new AppError('FEEDBACK_LINK_EXPIRED');
    return link;
  }

  return {
    async getVisit(companyId: string, token: string): Promise<FeedbackVisit> {
      return asVisit(await requireOpenLink(companyId, token));
    },

    async rate(companyId: string, request: FeedbackRatingRequest): Promise<FeedbackVisit> {
      const happy = request.rating >= HAPPY_RATING;
      const rated = isWellFormedSecretToken(request.token)
        ? await feedback.rate(companyId, hashSecretToken(request.token), {
            stars: request.rating,
            // "What went wrong?" is asked below 4 stars only; a happier rating drops an earlier answer.
            comment: happy ? null : request.comment || null,
          })
        : null;
      // Nothing rated: the reason, as the page's first look-up would have said it.
      return rated ? asVisit(rated) : asVisit(await requireOpenLink(companyId, request.token));
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;

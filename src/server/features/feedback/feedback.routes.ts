import type { FastifyInstance } from 'fastify';
import {
  type FeedbackVisit,
  feedbackLookupRequestSchema,
  feedbackRatingRequestSchema,
} from '../../../shared/feedback-schemas.ts';
import { parseCompanyParams, parseInput } from '../../http/validate.ts';
import type { FeedbackService } from './feedback.service.ts';

/**
 * The rating page's requests (docs/feedback.md). No sign-in: the link's token is the capability,
 * and it travels in the body (POST and PUT), never in a URL the request log keeps.
 */
export function registerFeedbackRoutes(app: FastifyInstance, deps: { feedback: FeedbackService }) {
  const { feedback } = deps;

  app.post('/api/v1/companies/:companyId/feedback/visit', async (request): Promise<FeedbackVisit> => {
    const { companyId } = parseCompanyParams(request.params);
    const { token } = parseInput(feedbackLookupRequestSchema, request.body);
    return feedback.getVisit(companyId, token);
  });

  app.put('/api/v1/companies/:companyId/feedback', async (request): Promise<FeedbackVisit> => {
    const { companyId } = parseCompanyParams(request.params);
    return feedback.rate(companyId, parseInput(feedbackRatingRequestSchema, request.body));
  });
}

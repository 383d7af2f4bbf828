import type { FastifyInstance } from 'fastify';
import {
  feedbackLookupRequestSchema,
  feedbackRatingRequestSchema,
  feedbackVisitSchema,
} from '../../../shared/feedback-schemas.ts';
import { companyParamsSchema } from '../../../shared/schemas.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { FeedbackService } from './feedback.service.ts';

/**
 * The rating page's requests (docs/feedback.md). No sign-in: the link's token is the capability,
 * and it travels in the body (POST and PUT), never in a URL the request log keeps.
 */
export function registerFeedbackRoutes(app: FastifyInstance, deps: { feedback: FeedbackService }) {
  const { feedback } = deps;
  const routes = withSchemas(app);
  const visit = { 200: feedbackVisitSchema };

  routes.post(
    '/api/v1/companies/:companyId/feedback/visit',
    { schema: { params: companyParamsSchema, body: feedbackLookupRequestSchema, response: visit } },
    async (request) => feedback.getVisit(request.params.companyId, request.body.token),
  );

  routes.put(
    '/api/v1/companies/:companyId/feedback',
    { schema: { params: companyParamsSchema, body: feedbackRatingRequestSchema, response: visit } },
    async (request) => feedback.rate(request.params.companyId, request.body),
  );
}

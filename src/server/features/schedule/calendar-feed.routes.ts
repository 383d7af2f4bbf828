import type { FastifyInstance } from 'fastify';
import {
  calendarFeedRequestSchema,
  calendarFeedsResponseSchema,
} from '../../../shared/calendar-feed-schemas.ts';
import { uuidSchema, z } from '../../../shared/schemas.ts';
import { consoleReaderLanguage } from '../../http/reader-language.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { CalendarFeedService } from './calendar-feed.service.ts';

const providerParamsSchema = z.object({
  providerId: uuidSchema('Unknown provider'),
});

/**
 * Each provider's calendar feed, in Settings: the owner's alone (issue 23: "the owner sets hours,
 * shifts, services per provider and feeds"). The links are secrets; no answer carries one whole.
 */
export function registerCalendarFeedRoutes(
  app: FastifyInstance,
  deps: { calendarFeeds: CalendarFeedService; staff: StaffService },
) {
  const { calendarFeeds, staff } = deps;
  const routes = withSchemas(app);
  const feeds = { 200: calendarFeedsResponseSchema };
  const oneFeed = { params: providerParamsSchema, response: feeds };

  routes.get(
    '/api/v1/staff/settings/calendar-feeds',
    { ...staffFirst(staff, 'owner'), schema: { response: feeds } },
    async (request, reply) => {
      const principal = staffOf(request);
      return calendarFeeds.listFeeds(principal.companyId, consoleReaderLanguage(request, reply));
    },
  );

  routes.put(
    '/api/v1/staff/settings/calendar-feeds/:providerId',
    { ...staffFirst(staff, 'owner'), schema: { ...oneFeed, body: calendarFeedRequestSchema } },
    async (request, reply) => {
      const principal = staffOf(request);
      const { providerId } = request.params;
      await calendarFeeds.setFeed(principal.companyId, providerId, request.body);
      return calendarFeeds.listFeeds(principal.companyId, consoleReaderLanguage(request, reply));
    },
  );

  routes.delete(
    '/api/v1/staff/settings/calendar-feeds/:providerId',
    { ...staffFirst(staff, 'owner'), schema: oneFeed },
    async (request, reply) => {
      const principal = staffOf(request);
      const { providerId } = request.params;
      await calendarFeeds.removeFeed(principal.companyId, providerId);
      return calendarFeeds.listFeeds(principal.companyId, consoleReaderLanguage(request, reply));
    },
  );

  routes.post(
    '/api/v1/staff/settings/calendar-feeds/:providerId/sync',
    { ...staffFirst(staff, 'owner'), schema: oneFeed },
    async (request, reply) => {
      const principal = staffOf(request);
      const { providerId } = request.params;
      await calendarFeeds.syncNow(principal.companyId, providerId);
      return calendarFeeds.listFeeds(principal.companyId, consoleReaderLanguage(request, reply));
    },
  );
}

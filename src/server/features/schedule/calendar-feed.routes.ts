import type { FastifyInstance } from 'fastify';
import {
  type CalendarFeedsResponse,
  calendarFeedRequestSchema,
} from '../../../shared/calendar-feed-schemas.ts';
import { uuidSchema, z } from '../../../shared/schemas.ts';
import { requireStaffWithRole } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
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

  app.get('/api/v1/staff/settings/calendar-feeds', async (request): Promise<CalendarFeedsResponse> => {
    const principal = await requireStaffWithRole(request, staff, 'owner');
    return calendarFeeds.listFeeds(principal.companyId);
  });

  app.put(
    '/api/v1/staff/settings/calendar-feeds/:providerId',
    async (request): Promise<CalendarFeedsResponse> => {
      const principal = await requireStaffWithRole(request, staff, 'owner');
      const { providerId } = parseInput(providerParamsSchema, request.params);
      await calendarFeeds.setFeed(
        principal.companyId,
        providerId,
        parseInput(calendarFeedRequestSchema, request.body),
      );
      return calendarFeeds.listFeeds(principal.companyId);
    },
  );

  app.delete(
    '/api/v1/staff/settings/calendar-feeds/:providerId',
    async (request): Promise<CalendarFeedsResponse> => {
      const principal = await requireStaffWithRole(request, staff, 'owner');
      const { providerId } = parseInput(providerParamsSchema, request.params);
      await calendarFeeds.removeFeed(principal.companyId, providerId);
      return calendarFeeds.listFeeds(principal.companyId);
    },
  );

  app.post(
    '/api/v1/staff/settings/calendar-feeds/:providerId/sync',
    async (request): Promise<CalendarFeedsResponse> => {
      const principal = await requireStaffWithRole(request, staff, 'owner');
      const { providerId } = parseInput(providerParamsSchema, request.params);
      await calendarFeeds.syncNow(principal.companyId, providerId);
      return calendarFeeds.listFeeds(principal.companyId);
    },
  );
}

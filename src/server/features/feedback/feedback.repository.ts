import type { Queryable } from '../../db/database.ts';

/** A visit's rating link, with what the rating page shows of the visit and its business. */
export interface FeedbackLinkRow {
  waitId: string;
  businessName: string;
  timeZone: string;
  reviewUrl: string | null;
  serviceType: string;
  providerName: string | null;
  visitedAt: Date;
  rating: number | null;
  comment: string | null;
  /** Past its days (FEEDBACK_LINK_DAYS), by the database's clock. */
  expired: boolean;
}

const linkColumns = `f.wait_id as "waitId", c.name as "businessName", c.time_zone as "timeZone",
  c.review_url as "reviewUrl", w.service_type as "serviceType", p.name as "providerName",
  w.date as "visitedAt", f.rating, f.comment, f.expires_at <= now() as expired`;

const linkJoins = `join wait_entries w on w.id = f.wait_id
  join companies c on c.id = f.company_id
  left join providers p on p.id = w.provider_id`;

/**
 * Ratings of visits by their link's token (docs/feedback.md). The link is written with the Done
 * that texts it (wait-list.repository.ts updateAndPublishSql); an erase ends it (privacy.repository.ts).
 */
export function createFeedbackRepository(db: Queryable) {
  return {
    /** The link of `companyId` whose token hashes to `tokenHash`; null when none, or erased. */
    async findLink(
      companyId: string,
      tokenHash: string,
      tx: Queryable = db,
    ): Promise<FeedbackLinkRow | null> {
      const { rows } = await tx.query<FeedbackLinkRow>(
        `select ${linkColumns} from visit_feedback f ${linkJoins}
          where f.token_hash = $1 and f.company_id = $2 and f.erased_at is null`,
        [tokenHash, companyId],
      );
      return rows[0] ?? null;
    },

    /**
     * Rates the visit (again, if the customer changes their mind) while its link is open; the
     * comment is kept only with an unhappy rating. Null when the link is unknown, erased or expired.
     */
    async rate(
      companyId: string,
      tokenHash: string,
      rating: { stars: number; comment: string | null },
      tx: Queryable = db,
    ): Promise<FeedbackLinkRow | null> {
      const { rows } = await tx.query<FeedbackLinkRow>(
        `with rated as (
           update visit_feedback set rating = $3, comment = $4, rated_at = now()
            where token_hash = $1 and company_id = $2 and erased_at is null and expires_at > now()
           returning *
         )
         select ${linkColumns} from rated f ${linkJoins}`,
        [tokenHash, companyId, rating.stars, rating.comment],
      );
      return rows[0] ?? null;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;

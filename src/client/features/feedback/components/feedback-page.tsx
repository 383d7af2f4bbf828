import { useId, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import {
  FEEDBACK_COMMENT_MAX,
  type FeedbackVisit,
  HAPPY_RATING,
} from '../../../../shared/feedback-schemas.ts';
import { LoadFailedPage, MessagePage } from '../../../components/ui/message-page.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFeedbackVisit, useRateVisit } from '../api/feedback-api.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** The link's token: in the address's fragment (`#t=…`), which the browser never sends. */
function tokenFrom(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('t') ?? '';
}

/** Where the review link leads, named for the button ("Leave a review on Google"). */
function reviewSiteOf(url: string): string | null {
  const host = new URL(url).hostname.toLowerCase();
  if (/(^|\.)google\.|(^|\.)g\.page$/.test(host)) return 'Google';
  if (/(^|\.)yelp\./.test(host)) return 'Yelp';
  if (/(^|\.)facebook\.com$/.test(host)) return 'Facebook';
  return null;
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * /{companyId}/feedback#t=…: the link texted after a visit (docs/feedback.md). One tap on a star
 * rates the visit; 4 or 5 offers the business's review link, 1 to 3 asks what went wrong, for the
 * owner's eyes only. The rating can be changed while the link is open.
 */
export function FeedbackPage() {
  const t = customerTexts.feedback;
  const companyId = useParams().companyId ?? '';
  const token = tokenFrom(useLocation().hash);
  const visit = useFeedbackVisit(companyId, token);
  useDocumentTitle(t.title);

  if (visit.isPending) return <FullPageSpinner />;
  if (visit.isError) {
    const { error } = visit;
    // The server's words: unknown, or expired after its 7 days.
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) {
      return (
        <MessagePage
          title={error.status === 410 ? t.linkExpiredTitle : t.linkNotFoundTitle}
          body={error.message}
        />
      );
    }
    return <LoadFailedPage onRetry={() => void visit.refetch()} busy={visit.isFetching} />;
  }
  return <RateVisit companyId={companyId} token={token} visit={visit.data} />;
}

function RateVisit({ companyId, token, visit }: { companyId: string; token: string; visit: FeedbackVisit }) {
  const t = customerTexts.feedback;
  const rate = useRateVisit(companyId, token);
  // What the customer typed stays, whatever the server answers.
  const [comment, setComment] = useState(visit.comment);
  const [commentSent, setCommentSent] = useState(visit.comment !== '');
  const commentId = useId();
  const commentHintId = useId();
  // The tapped star shows at once; the page follows the server's answer once it comes.
  const rating = rate.isPending ? rate.variables.rating : visit.rating;
  const happy = rating !== null && rating >= HAPPY_RATING;
  const failed = rate.isPaused ? t.waitingForConnection : rate.error ? rate.error.message : '';

  const send = (stars: number, withComment: boolean) =>
    rate.mutate(
      // An unhappy rating keeps what was written so far; a happy one needs none.
      stars < HAPPY_RATING ? { rating: stars, comment } : { rating: stars },
      { onSuccess: () => setCommentSent(withComment || (stars < HAPPY_RATING && comment.trim() !== '')) },
    );

  return (
    <main className="page feedback">
      <p className="page__subtitle feedback__business">{visit.businessName}</p>
      <h1 className="page__title">{t.heading}</h1>
      <p className="page__text">{t.visit(visit.serviceType, visit.providerName, visit.visitedOn)}</p>

      <fieldset className="feedback__rating">
        <legend className="visually-hidden">{t.ratingLabel}</legend>
        <div className="feedback__stars">
          {STARS.map((stars) => (
            <button
              key={stars}
              type="button"
              className={`feedback__star${rating !== null && stars <= rating ? ' feedback__star--on' : ''}`}
              aria-label={t.stars(stars)}
              aria-pressed={rating === stars}
              disabled={rate.isPending}
              onClick={() => send(stars, false)}
            >
              <StarIcon filled={rating !== null && stars <= rating} />
            </button>
          ))}
        </div>
      </fieldset>
      <p className="form-error" role="alert">
        {failed}
      </p>

      {rating === null ? null : happy ? (
        <section className="feedback__answer" aria-live="polite">
          <p className="page__text page__text--strong">{t.happy}</p>
          {visit.reviewUrl ? (
            <>
              <p className="page__text">{t.reviewAsk}</p>
              <a
                className="button button--primary button--block"
                href={visit.reviewUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t.leaveReview(reviewSiteOf(visit.reviewUrl))}
              </a>
            </>
          ) : null}
        </section>
      ) : (
        <form
          className="feedback__answer"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send(rating, true);
          }}
        >
          <p className="page__text page__text--strong">{t.sorry}</p>
          <label className="field__label" htmlFor={commentId}>
            {t.whatWentWrong}
          </label>
          <textarea
            id={commentId}
            className="input feedback__comment"
            rows={5}
            maxLength={FEEDBACK_COMMENT_MAX}
            aria-describedby={commentHintId}
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              setCommentSent(false);
            }}
          />
          <p className="field__note" id={commentHintId}>
            {t.whatWentWrongHint} {t.charactersLeft(FEEDBACK_COMMENT_MAX - comment.length)}
          </p>
          <button type="submit" className="button button--primary button--block" disabled={rate.isPending}>
            {rate.isPending ? t.saving : t.send}
          </button>
          <p className="notice notice--quiet" role="status">
            {commentSent && !rate.isPending ? t.sent : ''}
          </p>
        </form>
      )}
      <p className="page__footnote">{t.changeNote}</p>
    </main>
  );
}

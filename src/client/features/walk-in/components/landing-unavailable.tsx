import { Link, useRevalidator } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { LoadFailedPage, MessagePage } from '../../../components/ui/message-page.tsx';
import { customerTexts } from '../../../lib/customer-texts.ts';
import type { WalkInLandingResult } from '../api/walk-in-landing-result.ts';

/** What a walk-in sees when the business is unknown, or its page could not be loaded. */
export function LandingUnavailable({ result }: { result: Exclude<WalkInLandingResult, { status: 'ok' }> }) {
  const revalidator = useRevalidator();
  if (result.status === 'not-found') {
    return (
      <MessagePage
        title={customerTexts.landing.notFoundTitle}
        body={customerTexts.landing.notFoundBody(result.companyId)}
      >
        <Link className="button button--primary" to={paths.home.getHref()}>
          {customerTexts.landing.otherCode}
        </Link>
      </MessagePage>
    );
  }
  return (
    <LoadFailedPage busy={revalidator.state === 'loading'} onRetry={() => void revalidator.revalidate()} />
  );
}

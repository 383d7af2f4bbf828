import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { MessagePage } from '../../components/ui/message-page.tsx';
import { customerTexts } from '../../lib/customer-texts.ts';

export function NotFoundPage() {
  return (
    <MessagePage title={customerTexts.notFound.title} body={customerTexts.notFound.body}>
      <Link className="button button--primary" to={paths.home.getHref()}>
        {customerTexts.notFound.home}
      </Link>
    </MessagePage>
  );
}

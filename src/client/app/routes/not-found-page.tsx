import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { MessagePage } from '../../components/ui/message-page.tsx';
import { texts } from '../../lib/texts.ts';

export function NotFoundPage() {
  return (
    <MessagePage title={texts.notFound.title} body={texts.notFound.body}>
      <Link className="button button--primary" to={paths.home.getHref()}>
        {texts.notFound.home}
      </Link>
    </MessagePage>
  );
}

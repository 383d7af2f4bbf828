import { Link, useParams } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { texts } from '../../../lib/texts.ts';
import { BoardPage } from '../../board/components/board-page.tsx';
import { InsightsPage } from '../../insights/components/insights-page.tsx';
import { SettingsPage } from '../../settings/components/settings-page.tsx';
import { TextMessagesPage } from '../../sms/components/text-messages-page.tsx';
import { useSignOut, useStaffMe } from '../api/use-staff.ts';
import { SignInPage } from './sign-in-page.tsx';

const SECTIONS = [
  { path: '', label: texts.console.board },
  { path: 'texts', label: texts.sms.title },
  { path: 'insights', label: texts.insights.title },
  { path: 'settings', label: texts.settings.title },
] as const;

/** /console: sign-in, then the board (/console) and settings (/console/settings). */
export function ConsolePage() {
  const me = useStaffMe();
  const requested = useParams()['*'] ?? '';
  const section = SECTIONS.find((item) => item.path === requested)?.path ?? '';
  const signOut = useSignOut();

  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) {
    return (
      <main className="page page--center">
        <p className="form-error">{texts.console.loadFailed}</p>
        <button type="button" className="button button--primary" onClick={() => void me.refetch()}>
          {texts.landing.retry}
        </button>
      </main>
    );
  }
  if (!me.data) return <SignInPage />;

  return (
    <div className="console">
      <header className="console__header">
        <div>
          <p className="console__business">{me.data.companyName}</p>
          <p className="console__user">
            {me.data.name} · {me.data.role === 'owner' ? 'Owner' : 'Provider'}
          </p>
        </div>
        <nav className="console__nav" aria-label="Console">
          {SECTIONS.map((item) => (
            <Link
              key={item.path}
              to={item.path ? `/console/${item.path}` : '/console'}
              className={`console__nav-item${section === item.path ? ' console__nav-item--current' : ''}`}
              aria-current={section === item.path ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => signOut.mutate()}
        >
          {texts.console.signOut}
        </button>
      </header>
      {section === 'settings' ? (
        <SettingsPage me={me.data} />
      ) : section === 'texts' ? (
        <TextMessagesPage />
      ) : section === 'insights' ? (
        <InsightsPage />
      ) : (
        <BoardPage me={me.data} />
      )}
    </div>
  );
}

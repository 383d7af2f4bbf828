import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { texts } from '../../../lib/texts.ts';
import { BoardPage } from '../../board/components/board-page.tsx';
import { useSignOut, useStaffMe } from '../api/use-staff.ts';
import { SignInPage } from './sign-in-page.tsx';

/** /console: sign-in, then the board. */
export function ConsolePage() {
  const me = useStaffMe();
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
          <span className="console__nav-item console__nav-item--current" aria-current="page">
            {texts.console.board}
          </span>
        </nav>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => signOut.mutate()}
        >
          {texts.console.signOut}
        </button>
      </header>
      <BoardPage me={me.data} />
    </div>
  );
}

import { type RefObject, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { type ConsoleLanguage, consoleLanguageOf } from '../../../shared/languages.ts';
import type { StaffMe, StaffRole } from '../../../shared/staff-schemas.ts';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { type LiveBoard, useLiveBoard } from '../../features/board/api/use-live-board.ts';
import { BoardPage } from '../../features/board/components/board-page.tsx';
import { InsightsPage } from '../../features/insights/components/insights-page.tsx';
import { AccountPage } from '../../features/people/components/account-page.tsx';
import { PeoplePage } from '../../features/people/components/people-page.tsx';
import { WelcomePage } from '../../features/people/components/welcome-page.tsx';
import { POSTER_ROLES, PosterPage } from '../../features/poster/components/poster-page.tsx';
import { CustomersPage } from '../../features/privacy/components/customers-page.tsx';
import { SettingsPage } from '../../features/settings/components/settings-page.tsx';
import { WebhooksOffNotice } from '../../features/settings/components/webhooks-form.tsx';
import { TextMessagesPage } from '../../features/sms/components/text-messages-page.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { consoleTexts } from '../../lib/console-texts.ts';
import { showLanguage, useShownLanguage } from '../../lib/language-choice.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useSignOut, useStaffMe } from '../../lib/use-staff.ts';
import { SignInPage } from './sign-in-page.tsx';

const ALL: readonly StaffRole[] = ['owner', 'front_desk', 'provider'];

/**
 * The console's sections and who sees each (the server enforces the same: docs/people.md). Their
 * labels are read as the menu renders, in the reader's language.
 */
const SECTIONS = [
  { path: '', label: () => consoleTexts.console.board, roles: ALL },
  { path: 'texts', label: () => consoleTexts.sms.title, roles: ['owner', 'front_desk'] },
  { path: 'insights', label: () => consoleTexts.insights.title, roles: ['owner'] },
  { path: 'people', label: () => consoleTexts.people.title, roles: ['owner'] },
  { path: 'customers', label: () => consoleTexts.privacy.customersTitle, roles: ['owner'] },
  { path: 'settings', label: () => consoleTexts.settings.title, roles: ['owner'] },
  { path: 'account', label: () => consoleTexts.account.title, roles: ALL },
] as const satisfies readonly { path: string; label: () => string; roles: readonly StaffRole[] }[];

type SectionPath = (typeof SECTIONS)[number]['path'];

/** A page title per section (the board keeps its own, with the number waiting). */
function SectionTitle({ title, companyName }: { title: string; companyName: string }) {
  useDocumentTitle(`${title} · ${companyName}`);
  return null;
}

function SectionContent({ section, me, live }: { section: SectionPath; me: StaffMe; live: LiveBoard }) {
  switch (section) {
    case 'texts':
      return <TextMessagesPage timeZone={me.timeZone} />;
    case 'insights':
      return <InsightsPage />;
    case 'people':
      return <PeoplePage timeZone={me.timeZone} />;
    case 'customers':
      return <CustomersPage timeZone={me.timeZone} />;
    case 'settings':
      return <SettingsPage me={me} />;
    case 'account':
      return <AccountPage me={me} />;
    case '':
      return <BoardPage me={me} live={live} />;
  }
}

/** /console: sign-in, then the sections this member's role opens; /console/welcome sets a password from a link. */
export function ConsolePage() {
  // `/console/poster/` is `/console/poster`, as for any address: one trailing slash or more.
  const requested = (useParams()['*'] ?? '').replace(/\/+$/, '');
  if (requested === 'welcome') return <WelcomePage />;
  return <SignedInConsole requested={requested} />;
}

function SignedInConsole({ requested }: { requested: string }) {
  const me = useStaffMe();
  const signOut = useSignOut();
  useMemberLanguage(me.data?.language ?? null);

  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) {
    // A business suspended by whoever runs the server (docs/operations.md): the server's words, as
    // the sign-in page shows them; retrying is not the way back.
    const suspended = me.error instanceof ApiRequestError && me.error.code === 'BUSINESS_SUSPENDED';
    return (
      <main className="page page--center">
        <p className="form-error" role="alert">
          {suspended ? me.error.message : consoleTexts.console.loadFailed}
        </p>
        {suspended ? null : (
          <button type="button" className="button button--primary" onClick={() => void me.refetch()}>
            {consoleTexts.landing.retry}
          </button>
        )}
      </main>
    );
  }
  if (!me.data) return <SignInPage />;
  // The printable poster has no console header: it is a page to print (issue 13).
  if (requested === 'poster' && POSTER_ROLES.includes(me.data.role)) return <PosterPage me={me.data} />;

  return <StaffConsole me={me.data} requested={requested} onSignOut={() => signOut.mutate()} />;
}

/**
 * Publishes the header's height as `--console-header-height` for what sits below it (the chat
 * panel sticks under it, and what the focus reaches scrolls clear of it): the header grows when a
 * long business name or the sections wrap.
 */
function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--console-header-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--console-header-height');
    };
  }, [header]);
}

/** The signed-in console: the sections of this member's role, the board kept live on all of them. */
function StaffConsole({
  me,
  requested,
  onSignOut,
}: {
  me: StaffMe;
  requested: string;
  onSignOut: () => void;
}) {
  const live = useLiveBoard(me);
  const online = useOnline();
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  const sections = SECTIONS.filter((item) => (item.roles as readonly StaffRole[]).includes(me.role));
  // An unknown address (or a section this role does not have) is not the board in disguise.
  const section = sections.find((item) => item.path === requested)?.path ?? null;
  return (
    <div className="console">
      <header ref={header} className="console__header">
        <div>
          <p className="console__business">{me.companyName}</p>
          <p className="console__user">
            {me.name} · {consoleTexts.roles[me.role]}
          </p>
        </div>
        <nav className="console__nav" aria-label={consoleTexts.console.navLabel}>
          {sections.map((item) => (
            <Link
              key={item.path}
              to={item.path ? `/console/${item.path}` : '/console'}
              className={`console__nav-item${section === item.path ? ' console__nav-item--current' : ''}`}
              aria-current={section === item.path ? 'page' : undefined}
            >
              {item.label()}
              {item.path === '' && live.unreadCount > 0 ? (
                <span className="badge badge--unread">
                  <span aria-hidden="true">{live.unreadCount}</span>
                  <span className="visually-hidden">{consoleTexts.console.unread(live.unreadCount)}</span>
                </span>
              ) : null}
            </Link>
          ))}
        </nav>
        <button type="button" className="button button--small button--secondary" onClick={onSignOut}>
          {consoleTexts.console.signOut}
        </button>
      </header>
      {/* Every section's changes (board actions, chat, texts, people, settings) wait while offline
          and go out once the device is back (TanStack Query pauses them): say so once, everywhere. */}
      <p className="notice console__offline" role="status">
        {online ? '' : consoleTexts.console.offlineEverywhere}
      </p>
      {me.role === 'owner' ? <WebhooksOffNotice /> : null}
      {section !== '' ? (
        <SectionTitle
          title={sections.find((item) => item.path === section)?.label() ?? consoleTexts.notFound.title}
          companyName={me.companyName}
        />
      ) : null}
      {/* The section is the page's main content; its name, the current navigation link, is its
          heading for screen readers, which the app focuses after a move (root-layout.tsx). */}
      <main className="console__main">
        {section === null ? (
          <div className="settings">
            <section className="settings-card">
              <h1 className="settings-card__title">{consoleTexts.notFound.title}</h1>
              <p className="field__note">{consoleTexts.console.notFoundBody}</p>
              <Link className="button button--primary" to="/console">
                {consoleTexts.console.toBoard}
              </Link>
            </section>
          </div>
        ) : (
          <>
            <h1 className="visually-hidden">{sections.find((item) => item.path === section)?.label()}</h1>
            <SectionContent section={section} me={me} live={live} />
          </>
        )}
      </main>
    </div>
  );
}

/**
 * The console in the language this member chose on Your account, on whichever device they sign
 * in; kept on the device too, so its next page's first HTML is in it. A member who never chose
 * keeps the device's language.
 */
function useMemberLanguage(chosen: ConsoleLanguage | null) {
  const shown = useShownLanguage();
  useEffect(() => {
    if (chosen === null || chosen === consoleLanguageOf(shown)) return;
    // Offline: the console stays in the language it shows, and the next load tries again.
    showLanguage(chosen, { scope: 'console', remember: true }).catch(() => undefined);
  }, [chosen, shown]);
}

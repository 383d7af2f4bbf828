import './lobby-screen.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import type { LobbyScreen } from '../../../../shared/lobby-screen.ts';
import { topics } from '../../../../shared/realtime.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { formatTimeOfDay } from '../../../lib/formats.ts';
import { useConnectionState, useTopic } from '../../../lib/realtime.ts';
import { RealtimeClient } from '../../../lib/realtime-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { qrSvg } from '../../poster/poster-qr.ts';
import { CompanyLogo } from '../../walk-in/components/company-logo.tsx';
import { isKeyRefused, lobbyScreenQueryKey, useLobbyScreen } from '../api/get-lobby-screen.ts';

const noop = () => {};

/** The key travels after `#` (`#key=…`): a fragment never reaches a server, its logs or a Referer. */
function keyFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('key') ?? '';
}

/**
 * /{companyId}/screen#key=…: the TV in the waiting area (issue 24, docs/lobby-screen.md). No
 * controls; it follows the line live over its own socket, reads the line again on a timer, and
 * says so in words when its link was reset or is not one.
 */
export function LobbyScreenPage() {
  const t = customerTexts.lobbyScreen;
  const companyId = useParams().companyId ?? '';
  const key = keyFromHash(useLocation().hash);
  const screen = useLobbyScreen(companyId, key);
  const refused = key === '' || isKeyRefused(screen.error);
  const connection = useConnectionState(useScreenRealtime(companyId, key, refused));
  useKeepScreenAwake(!refused);

  if (refused) {
    // Shown before with this key: it was reset. Never shown: the link is not one. No names either way.
    return screen.data ? (
      <ScreenMessage title={t.resetTitle} body={t.resetBody} />
    ) : (
      <ScreenMessage title={t.invalidTitle} body={t.invalidBody} />
    );
  }
  if (!screen.data) return <ScreenMessage title={t.loading} body="" />;
  // What is shown stays up while the server is out of reach; a line at the bottom says so.
  return <LobbyBoard screen={screen.data} reconnecting={screen.isError || connection === 'offline'} />;
}

/**
 * The page's own socket, authenticated with the screen's key. Every "line moved" (names are not
 * on the socket: docs/lobby-screen.md) reads the screen again; so does each (re)subscription after
 * a server restart or a network drop. A refused key, or a subscription ended by a reset, reads it
 * again too, and that read's refusal shows the reset message.
 */
function useScreenRealtime(companyId: string, key: string, refused: boolean) {
  const queryClient = useQueryClient();
  const client = useMemo(
    () => new RealtimeClient(async () => ({ type: 'screen', companyId, key })),
    [companyId, key],
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: lobbyScreenQueryKey(companyId) });
  useEffect(() => {
    const stopListening = client.onServerError((code) => {
      if (code === 'SCREEN_LINK_INVALID') refresh();
    });
    return () => {
      stopListening();
      client.close();
    };
    // `refresh` reads only stable values.
  }, [client]);
  useTopic(client, refused || key === '' ? null : topics.line(companyId), null, {
    onEvent: refresh,
    onReset: refresh,
    onSubscribed: refresh,
    onRevoked: refresh,
    onError: refresh,
  });
  useEffect(() => {
    if (refused) client.close();
  }, [client, refused]);
  return client;
}

/** A TV fed by a laptop: the laptop's screen must not sleep while the page shows (where the browser can). */
function useKeepScreenAwake(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock.request('screen').then((sentinel) => {
        lock = sentinel;
      }, noop);
    };
    request();
    // The browser releases the lock when the tab is hidden: take it again on return.
    document.addEventListener('visibilitychange', request);
    return () => {
      document.removeEventListener('visibilitychange', request);
      void lock?.release().catch(noop);
    };
  }, [active]);
}

function ScreenMessage({ title, body }: { title: string; body: string }) {
  useDocumentTitle(title);
  return (
    <main className="lobby-screen lobby-screen--message">
      <h1 className="lobby-screen__message-title">{title}</h1>
      {body ? <p className="lobby-screen__message-body">{body}</p> : null}
    </main>
  );
}

/** The business's clock in the screen's language, moved on every 10 seconds. */
function useClock(timeZone: string): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);
  try {
    return formatTimeOfDay(now, timeZone);
  } catch {
    // A zone this browser does not know: its own clock rather than none.
    return formatTimeOfDay(now);
  }
}

function useQrSvg(url: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    qrSvg(url).then(
      (made) => current && setSvg(made),
      () => current && setSvg(null),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return svg;
}

function LobbyBoard({ screen, reconnecting }: { screen: LobbyScreen; reconnecting: boolean }) {
  const t = customerTexts.lobbyScreen;
  useDocumentTitle(t.title(screen.companyName));
  const clock = useClock(screen.timeZone);
  const qr = useQrSvg(screen.joinUrl);
  const more = screen.waitingCount - screen.next.length;
  const shownUrl = screen.joinUrl.replace(/^https?:\/\//, '');
  return (
    <div className="lobby-screen">
      <header className="lobby-screen__header">
        <CompanyLogo
          companyId={screen.companyId}
          alt={customerTexts.landing.logoAlt(screen.companyName)}
          onSettled={noop}
        />
        <h1 className="lobby-screen__business">{screen.companyName}</h1>
        <p className="lobby-screen__clock">{clock}</p>
      </header>
      <main className="lobby-screen__body">
        <section className="lobby-screen__serving" aria-labelledby="lobby-serving">
          <h2 className="lobby-screen__heading" id="lobby-serving">
            {t.nowServing}
          </h2>
          {screen.nowServing.length === 0 ? (
            <p className="lobby-screen__empty">{t.nobodyServing}</p>
          ) : (
            <ul className="lobby-screen__list" aria-live="polite">
              {screen.nowServing.map((row, index) => (
                <li key={`${row.name}-${index}`} className="lobby-screen__serving-row">
                  <span className="lobby-screen__name">{row.name}</span>
                  <span className="lobby-screen__detail">
                    {row.status === 'called' ? t.called : t.inService}
                    {row.providerName ? ` · ${t.withProvider(row.providerName)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="lobby-screen__next" aria-labelledby="lobby-next">
          <h2 className="lobby-screen__heading" id="lobby-next">
            {t.upNext}
          </h2>
          {screen.next.length === 0 ? (
            <p className="lobby-screen__empty">{t.nobodyWaiting}</p>
          ) : (
            <ol className="lobby-screen__list lobby-screen__list--numbered" aria-live="polite">
              {screen.next.map((row, index) => (
                <li key={`${row.name}-${index}`} className="lobby-screen__next-row">
                  <span className="lobby-screen__place">{index + 1}</span>
                  <span className="lobby-screen__name">{row.name}</span>
                </li>
              ))}
            </ol>
          )}
          {more > 0 ? <p className="lobby-screen__more">{t.moreWaiting(more)}</p> : null}
        </section>
        <aside className="lobby-screen__join" aria-labelledby="lobby-join">
          <h2 className="lobby-screen__heading" id="lobby-join">
            {t.joinFromPhone}
          </h2>
          {qr ? (
            // The library's own markup: modules as one path, no text of ours inside.
            <div className="lobby-screen__qr" dangerouslySetInnerHTML={{ __html: qr }} />
          ) : (
            <div className="lobby-screen__qr" />
          )}
          <p className="lobby-screen__join-text">{t.scanToJoin}</p>
          <p className="lobby-screen__join-url">{shownUrl}</p>
        </aside>
      </main>
      <p className="lobby-screen__status" role="status">
        {reconnecting ? t.reconnecting : ''}
      </p>
    </div>
  );
}

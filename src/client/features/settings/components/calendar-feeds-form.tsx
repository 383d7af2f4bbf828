import { useEffect, useState } from 'react';
import {
  type CalendarFeedStatus,
  calendarFeedRequestSchema,
  type ProviderCalendarFeed,
} from '../../../../shared/calendar-feed-schemas.ts';
import { issuesByField } from '../../../../shared/schemas.ts';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import {
  useCalendarFeeds,
  useRemoveCalendarFeed,
  useSaveCalendarFeed,
  useSyncCalendarFeed,
} from '../api/calendar-feeds-api.ts';
import { describeCalendarFeed } from './describe-calendar-feed.ts';

/** The time now, moved on every minute: "Synced 2 min ago" keeps true while the page is open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Each provider's appointment calendar (an ICS link from their booking app) and how its last
 * sync went, in words. The owner's alone, like the rest of Settings; the saved link is never
 * shown back whole (it holds a private token), only its host.
 */
export function CalendarFeedsForm() {
  const t = consoleTexts.calendarFeeds;
  const feeds = useCalendarFeeds();
  const now = useMinuteClock();
  return (
    <section className="settings-card" aria-labelledby="calendar-feeds-title">
      <h2 className="settings-card__title" id="calendar-feeds-title">
        {t.title}
      </h2>
      <p className="field__note">{t.hint}</p>
      {feeds.isPending ? (
        <PanelLoading />
      ) : feeds.isError ? (
        <PanelLoadFailed onRetry={() => void feeds.refetch()} />
      ) : (
        <ul className="settings-list">
          {feeds.data.providers.map((provider) => (
            <CalendarFeedRow key={provider.providerId} provider={provider} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FeedState({ feed, now, busy }: { feed: CalendarFeedStatus | null; now: number; busy: boolean }) {
  const t = consoleTexts.calendarFeeds;
  const text = busy ? t.syncing : feed ? describeCalendarFeed(feed, now) : t.notLinked;
  const className = busy || !feed?.lastSuccessAt ? 'field__note' : 'save-state';
  return (
    <p
      className={feed?.lastError && !busy ? 'save-state save-state--error' : className}
      role="status"
      aria-live="polite"
    >
      {text}
    </p>
  );
}

function CalendarFeedRow({ provider, now }: { provider: ProviderCalendarFeed; now: number }) {
  const t = consoleTexts.calendarFeeds;
  const save = useSaveCalendarFeed();
  const sync = useSyncCalendarFeed();
  const remove = useRemoveCalendarFeed();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { feed } = provider;
  const busy = save.isPending || sync.isPending || remove.isPending;
  // A failed request (the network, the server) says so; the feed's own errors are in its state.
  const requestError = [save.error, sync.error, remove.error].find(
    (failure) => failure && !(failure instanceof ApiRequestError && failure.field),
  );
  return (
    <li>
      <form
        className="settings-row"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = calendarFeedRequestSchema.safeParse({ url });
          if (!parsed.success) return setError(issuesByField(parsed.error).url ?? null);
          setError(null);
          save.mutate(
            { providerId: provider.providerId, ...parsed.data },
            {
              onSuccess: () => setUrl(''),
              onError: (failure) => {
                if (failure instanceof ApiRequestError && failure.field === 'url') setError(failure.message);
              },
            },
          );
        }}
      >
        <TextField
          label={t.link(provider.providerName)}
          value={url}
          onChange={(value) => {
            setUrl(value);
            setError(null);
          }}
          placeholder={t.placeholder}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          error={error}
        />
        <div className="settings-actions settings-row__end">
          <button type="submit" className="button button--small button--primary" disabled={busy}>
            {t.save}
          </button>
          {feed ? (
            <>
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={busy}
                onClick={() => sync.mutate(provider.providerId)}
              >
                {t.syncNow}
              </button>
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={busy}
                onClick={() => remove.mutate(provider.providerId)}
              >
                {t.remove}
              </button>
            </>
          ) : null}
        </div>
      </form>
      {feed ? <p className="field__note">{t.linked(feed.urlHint)}</p> : null}
      {requestError ? (
        <p className="save-state save-state--error" role="alert">
          {requestError.message}
        </p>
      ) : (
        <FeedState feed={feed} now={now} busy={busy} />
      )}
    </li>
  );
}

import { useState } from 'react';
import { issuesByField } from '../../../../shared/schemas.ts';
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookEndpointRequestSchema,
} from '../../../../shared/webhook-schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { formatIsoDateTime } from '../../../lib/formats.ts';
import {
  useAddWebhook,
  useEnableWebhook,
  useRemoveWebhook,
  useReplayDelivery,
  useRotateWebhookSecret,
  useWebhookDeliveries,
  useWebhooks,
  useWebhooksTurnedOff,
} from '../api/webhooks-api.ts';

const failureText = (error: unknown) =>
  error instanceof ApiRequestError && error.status < 500 ? error.message : consoleTexts.webhooks.failed;

/**
 * Settings, Webhooks (docs/webhooks.md): the owner's https addresses, each with its signing
 * secret (shown on demand, rotated with a day's overlap), whether it is on, and its delivery log
 * with Replay.
 */
export function WebhooksForm({ timeZone }: { timeZone: string }) {
  const t = consoleTexts.webhooks;
  const webhooks = useWebhooks();
  return (
    <section className="settings-card" aria-labelledby="webhooks-title">
      <h2 className="settings-card__title" id="webhooks-title">
        {t.title}
      </h2>
      <p className="field__note">{t.hint}</p>
      {webhooks.isPending ? (
        <PanelLoading />
      ) : webhooks.isError ? (
        <PanelLoadFailed onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.endpoints.length === 0 ? (
        <p className="field__note">{t.empty}</p>
      ) : (
        <ul className="settings-list" aria-label={t.title}>
          {webhooks.data.endpoints.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} timeZone={timeZone} />
          ))}
        </ul>
      )}
      <AddEndpointForm />
    </section>
  );
}

function AddEndpointForm() {
  const t = consoleTexts.webhooks;
  const add = useAddWebhook();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="settings-row"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = webhookEndpointRequestSchema.safeParse({ url });
        if (!parsed.success) return setError(issuesByField(parsed.error).url ?? null);
        setError(null);
        add.mutate(parsed.data, {
          onSuccess: () => setUrl(''),
          onError: (failure) => {
            if (failure instanceof ApiRequestError && failure.field === 'url') setError(failure.message);
          },
        });
      }}
    >
      <TextField
        label={t.url}
        value={url}
        onChange={(value) => {
          setUrl(value);
          setError(null);
        }}
        placeholder={t.urlPlaceholder}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        error={error}
      />
      <div className="settings-actions settings-row__end">
        <button type="submit" className="button button--small button--primary" disabled={add.isPending}>
          {t.add}
        </button>
        {add.error && !(add.error instanceof ApiRequestError && add.error.field) ? (
          <span className="save-state save-state--error" role="alert">
            {failureText(add.error)}
          </span>
        ) : null}
      </div>
    </form>
  );
}

function EndpointRow({ endpoint, timeZone }: { endpoint: WebhookEndpoint; timeZone: string }) {
  const t = consoleTexts.webhooks;
  const enable = useEnableWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useRemoveWebhook();
  const [secretShown, setSecretShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const [logShown, setLogShown] = useState(false);
  const [removing, setRemoving] = useState(false);
  const time = (iso: string | null) => (iso ? formatIsoDateTime(iso, timeZone) : null);
  const failure = enable.error ?? rotate.error;
  return (
    <li className="webhook">
      <p className="webhook__url">
        <strong>{endpoint.url}</strong>
      </p>
      {endpoint.disabledAt ? (
        <p className="save-state save-state--error">{t.off(endpoint.disabledReason)}</p>
      ) : (
        <p className="field__note">{t.on(time(endpoint.lastSuccessAt))}</p>
      )}
      <div className="settings-actions">
        {endpoint.disabledAt ? (
          <button
            type="button"
            className="button button--small button--primary"
            disabled={enable.isPending}
            onClick={() => enable.mutate(endpoint.id)}
          >
            {t.turnOn}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={secretShown}
          onClick={() => {
            setSecretShown(!secretShown);
            setCopied(false);
          }}
        >
          {secretShown ? t.hideSecret : t.showSecret}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(endpoint.id)}
        >
          {t.rotate}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={logShown}
          onClick={() => setLogShown(!logShown)}
        >
          {logShown ? t.hideLog : t.showLog}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => setRemoving(true)}
        >
          {t.remove}
        </button>
      </div>
      {failure ? (
        <p className="save-state save-state--error" role="alert">
          {failureText(failure)}
        </p>
      ) : null}
      {secretShown ? (
        <div className="settings-row">
          <input
            className="input people-link__url"
            readOnly
            value={endpoint.secret}
            aria-label={`${t.secret}: ${endpoint.url}`}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(endpoint.secret).then(() => setCopied(true));
            }}
          >
            {copied ? t.copied : t.copySecret}
          </button>
        </div>
      ) : null}
      {endpoint.previousSecretUntil ? (
        <p className="field__note">
          {t.rotatedUntil(formatIsoDateTime(endpoint.previousSecretUntil, timeZone))}
        </p>
      ) : null}
      {logShown ? <DeliveryLog endpointId={endpoint.id} timeZone={timeZone} /> : null}
      <ConfirmDialog
        open={removing}
        title={t.removeTitle(endpoint.url)}
        text={t.removeText}
        confirmLabel={t.removeConfirm}
        cancelLabel={t.cancel}
        busy={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
        onConfirm={() => remove.mutate(endpoint.id, { onSuccess: () => setRemoving(false) })}
        onCancel={() => setRemoving(false)}
      />
    </li>
  );
}

function deliveryState(delivery: WebhookDelivery, timeZone: string): string {
  const t = consoleTexts.webhooks;
  switch (delivery.status) {
    case 'pending':
      return t.states.pending(
        delivery.nextAttemptAt ? formatIsoDateTime(delivery.nextAttemptAt, timeZone) : null,
        delivery.attempts,
      );
    case 'sending':
      return t.states.sending;
    case 'delivered':
      return t.states.delivered(delivery.attempts);
    case 'failed':
      return t.states.failed(delivery.attempts);
  }
}

function DeliveryLog({ endpointId, timeZone }: { endpointId: string; timeZone: string }) {
  const t = consoleTexts.webhooks;
  const deliveries = useWebhookDeliveries(endpointId);
  const replay = useReplayDelivery(endpointId);
  if (deliveries.isPending) return <PanelLoading />;
  if (deliveries.isError) return <PanelLoadFailed onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.deliveries.length === 0) return <p className="field__note">{t.logEmpty}</p>;
  return (
    <ul className="settings-list webhook__log" aria-label={t.showLog}>
      {deliveries.data.deliveries.map((delivery) => (
        <li key={delivery.id} className="webhook__delivery">
          <p>
            <code>{delivery.eventType}</code> · {formatIsoDateTime(delivery.createdAt, timeZone)}
          </p>
          <p className={delivery.status === 'failed' ? 'save-state save-state--error' : 'field__note'}>
            {deliveryState(delivery, timeZone)}
            {delivery.lastError && delivery.status !== 'delivered' ? ` (${delivery.lastError})` : ''}
          </p>
          {/* Replay is for what ended: a delivery still pending is tried again anyway. */}
          {delivery.status === 'delivered' || delivery.status === 'failed' ? (
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={replay.isPending}
              onClick={() => replay.mutate(delivery.id)}
            >
              {replay.isSuccess && replay.variables === delivery.id ? t.replayed : t.replay}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Told on every console page of an owner: software that relies on an address has stopped hearing. */
export function WebhooksOffNotice() {
  const t = consoleTexts.webhooks;
  const turnedOff = useWebhooksTurnedOff();
  return (turnedOff.data?.turnedOff ?? 0) > 0 ? (
    <p className="notice" role="status">
      {t.offNotice}
    </p>
  ) : null;
}

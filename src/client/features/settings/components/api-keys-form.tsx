import { useState } from 'react';
import {
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
  createApiKeyRequestSchema,
} from '../../../../shared/public-api-schemas.ts';
import { issuesByField } from '../../../../shared/schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { formatIsoDateTime, sentence } from '../../../lib/formats.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys-api.ts';

const failureText = (error: unknown) =>
  error instanceof ApiRequestError && error.status < 500 ? error.message : consoleTexts.apiKeys.failed;

/**
 * Settings, API keys (docs/public-api.md): the owner makes a key for each program that works the
 * line, sees when each was last used, and revokes one. A new key is shown once, in a dialog.
 */
export function ApiKeysForm({ timeZone }: { timeZone: string }) {
  const t = consoleTexts.apiKeys;
  const keys = useApiKeys();
  const [shown, setShown] = useState<CreatedApiKey | null>(null);
  return (
    <section className="settings-card" aria-labelledby="api-keys-title">
      <h2 className="settings-card__title" id="api-keys-title">
        {t.title}
      </h2>
      <p className="field__note">
        {t.hint}{' '}
        <a href="/api/docs/" target="_blank" rel="noreferrer">
          {t.docs}
        </a>
      </p>
      {keys.isPending ? (
        <PanelLoading />
      ) : keys.isError ? (
        <PanelLoadFailed onRetry={() => void keys.refetch()} />
      ) : keys.data.keys.length === 0 ? (
        <p className="field__note">{t.empty}</p>
      ) : (
        <ul className="settings-list" aria-label={t.title}>
          {keys.data.keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} timeZone={timeZone} />
          ))}
        </ul>
      )}
      <MakeKeyForm onMade={setShown} />
      <ShownKeyDialog shown={shown} onClose={() => setShown(null)} />
    </section>
  );
}

function MakeKeyForm({ onMade }: { onMade: (made: CreatedApiKey) => void }) {
  const t = consoleTexts.apiKeys;
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [nameError, setNameError] = useState<string | null>(null);
  return (
    <form
      className="settings-row"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = createApiKeyRequestSchema.safeParse({ name, scope });
        if (!parsed.success) return setNameError(issuesByField(parsed.error).name ?? null);
        setNameError(null);
        create.mutate(parsed.data, {
          onSuccess: (made) => {
            setName('');
            onMade(made);
          },
          onError: (failure) => {
            if (failure instanceof ApiRequestError && failure.field === 'name') setNameError(failure.message);
          },
        });
      }}
    >
      <TextField
        label={t.name}
        value={name}
        onChange={(value) => {
          setName(value);
          setNameError(null);
        }}
        placeholder={t.namePlaceholder}
        autoComplete="off"
        maxLength={60}
        error={nameError}
      />
      <SelectField
        label={t.scope}
        value={scope}
        onChange={(value) => setScope(value as ApiKeyScope)}
        options={API_KEY_SCOPES.map((value) => ({ value, label: t.scopes[value] }))}
      />
      <div className="settings-actions settings-row__end">
        <button type="submit" className="button button--small button--primary" disabled={create.isPending}>
          {t.make}
        </button>
        {create.error && !(create.error instanceof ApiRequestError && create.error.field) ? (
          <span className="save-state save-state--error" role="alert">
            {failureText(create.error)}
          </span>
        ) : null}
      </div>
    </form>
  );
}

function ApiKeyRow({ apiKey, timeZone }: { apiKey: ApiKey; timeZone: string }) {
  const t = consoleTexts.apiKeys;
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="settings-row">
      <div>
        <p>
          <strong>{apiKey.name}</strong> · {t.scopes[apiKey.scope]} · <code>{apiKey.hint}…</code>
        </p>
        <p className="field__note">
          {sentence(t.madeBy(apiKey.createdBy, formatIsoDateTime(apiKey.createdAt, timeZone)))}{' '}
          {sentence(t.lastUsed(apiKey.lastUsedAt ? formatIsoDateTime(apiKey.lastUsedAt, timeZone) : null))}
        </p>
      </div>
      <div className="settings-actions settings-row__end">
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => setConfirming(true)}
        >
          {t.revoke}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t.revokeTitle(apiKey.name)}
        text={t.revokeText}
        confirmLabel={t.revokeConfirm}
        cancelLabel={t.cancel}
        busy={revoke.isPending}
        error={revoke.error ? failureText(revoke.error) : null}
        onConfirm={() => revoke.mutate(apiKey.id, { onSuccess: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** The new key, this once: the server keeps only its hash. */
function ShownKeyDialog({ shown, onClose }: { shown: CreatedApiKey | null; onClose: () => void }) {
  const t = consoleTexts.apiKeys;
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Modal open={shown !== null} title={shown ? t.shownTitle(shown.key.name) : ''} onClose={close}>
      {shown ? (
        <div className="people-link">
          <p>{t.shownHint}</p>
          <input
            className="input people-link__url"
            readOnly
            value={shown.secret}
            aria-label={t.shownTitle(shown.key.name)}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="settings-actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                void navigator.clipboard?.writeText(shown.secret).then(() => setCopied(true));
              }}
            >
              {copied ? t.copied : t.copy}
            </button>
            <button type="button" className="button button--secondary" onClick={close}>
              {t.done}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

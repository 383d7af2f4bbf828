import { type FormEvent, useState } from 'react';
import { formatPhoneForDisplay } from '../../../../shared/phone.ts';
import { firstIssue } from '../../../../shared/schemas.ts';
import { type CustomerLookupResponse, customerLookupSchema } from '../../../../shared/staff-schemas.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorText, SaveState } from '../../../components/ui/save-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { formatIsoDateTime } from '../../../lib/formats.ts';
import { useEraseCustomer, useExportCustomer, useLookUpCustomer } from '../api/customers-api.ts';

/**
 * Console › Customers (owner only): find a customer of this business by phone number, see their
 * visits, download their data or erase it (docs/privacy.md).
 */
export function CustomersPage({ timeZone }: { timeZone: string }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<CustomerLookupResponse | null>(null);
  const [confirmErase, setConfirmErase] = useState(false);
  const [erasedCount, setErasedCount] = useState<number | null>(null);
  const lookUp = useLookUpCustomer();
  const exportData = useExportCustomer();
  const erase = useEraseCustomer();

  const find = (event: FormEvent) => {
    event.preventDefault();
    // The last number's visits go at once: beside a new search's error, or while it loads, they
    // would read as its answer.
    setFound(null);
    setErasedCount(null);
    const parsed = customerLookupSchema.safeParse({ phoneNumber: typed });
    if (!parsed.success) return setProblem(firstIssue(parsed.error).message);
    setProblem(null);
    lookUp.mutate({ phoneNumber: parsed.data.phoneNumber }, { onSuccess: setFound });
  };

  const confirmed = () => {
    if (!found) return;
    erase.mutate(
      { phoneNumber: found.phoneNumber },
      {
        onSuccess: ({ erased }) => {
          setErasedCount(erased);
          setConfirmErase(false);
          setFound({ ...found, visits: [] });
        },
      },
    );
  };

  const shownPhone = found ? formatPhoneForDisplay(found.phoneNumber) : '';
  return (
    <div className="settings">
      <form className="settings-card" onSubmit={find} noValidate>
        <h2 className="settings-card__title">{consoleTexts.privacy.customersTitle}</h2>
        <p className="field__note">{consoleTexts.privacy.customersIntro}</p>
        <TextField
          label={consoleTexts.privacy.phoneLabel}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={typed}
          onChange={setTyped}
          width="280px"
        />
        <div className="settings-actions">
          <button type="submit" className="button button--primary button--small" disabled={lookUp.isPending}>
            {consoleTexts.privacy.find}
          </button>
          <SaveState pending={false} success={false} error={problem ?? errorText(lookUp.error)} />
        </div>
      </form>
      {found ? (
        <section className="settings-card" aria-live="polite">
          <h2 className="settings-card__title">
            {found.visits.length === 0
              ? consoleTexts.privacy.noVisits
              : consoleTexts.privacy.visitsOf(shownPhone, found.visits.length)}
          </h2>
          {erasedCount !== null ? (
            <p className="notice" role="status">
              {consoleTexts.privacy.erased(erasedCount)}
            </p>
          ) : null}
          {found.optedOut ? <p className="field__note">{consoleTexts.privacy.optedOut}</p> : null}
          {found.visits.length > 0 ? (
            <>
              <ul className="settings-list">
                {found.visits.map((visit) => (
                  <li key={visit.waitId} className="settings-row">
                    <span className="customer-visit">
                      <strong>{visit.name}</strong> ·{' '}
                      <time dateTime={visit.date}>{formatIsoDateTime(visit.date, timeZone)}</time> ·{' '}
                      {consoleTexts.privacy.visitLine(visit.serviceType, visit.providerName)}
                    </span>
                  </li>
                ))}
              </ul>
              <div className="settings-actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={exportData.isPending}
                  onClick={() => exportData.mutate({ phoneNumber: found.phoneNumber })}
                >
                  {exportData.isPending ? consoleTexts.privacy.exporting : consoleTexts.privacy.exportData}
                </button>
                <button
                  type="button"
                  className="button button--danger button--small"
                  onClick={() => setConfirmErase(true)}
                >
                  {consoleTexts.privacy.eraseData}
                </button>
                <SaveState pending={false} success={false} error={errorText(exportData.error)} />
              </div>
            </>
          ) : null}
        </section>
      ) : null}
      <Modal
        open={confirmErase}
        title={consoleTexts.privacy.eraseTitle}
        busy={erase.isPending}
        onClose={() => setConfirmErase(false)}
      >
        <p className="modal__text">{consoleTexts.privacy.eraseBody(shownPhone)}</p>
        <p className="form-error" role="alert">
          {errorText(erase.error) ?? ''}
        </p>
        <div className="settings-actions">
          <button
            type="button"
            className="button button--danger"
            disabled={erase.isPending}
            onClick={confirmed}
          >
            {consoleTexts.privacy.eraseConfirm}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={erase.isPending}
            onClick={() => setConfirmErase(false)}
          >
            {consoleTexts.privacy.eraseCancel}
          </button>
        </div>
      </Modal>
    </div>
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LOGO_UPLOAD } from '../../../../shared/constants.ts';
import { paths } from '../../../../shared/paths.ts';
import { isLocalAddress } from '../../../../shared/public-url.ts';
import type { BusinessSettings } from '../../../../shared/staff-schemas.ts';
import { errorText, SaveState } from '../../../components/ui/save-state.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { kioskPath } from '../../kiosk/kiosk-path.ts';
import { useUploadLogo } from '../api/settings-api.ts';

/** Checked before uploading, in the server's words (logo-image.ts), so a 20 MB photo is not sent. */
function logoFileProblem(file: File): string | null {
  if (file.size > LOGO_UPLOAD.maxBytes) return consoleTexts.settings.logoTooLarge;
  if (file.type && !(LOGO_UPLOAD.types as readonly string[]).includes(file.type))
    return consoleTexts.settings.logoNotJpegOrPng;
  return null;
}

/** The server refused the file itself (too large, not an image), not the network or itself failing. */
const isRefusal = (error: unknown) => error instanceof ApiRequestError && error.status < 500;

const logoErrorText = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'PAYLOAD_TOO_LARGE'
    ? consoleTexts.settings.logoTooLarge
    : errorText(error);

export function LogoForm({
  settings,
  canEdit,
  publicUrl,
}: {
  settings: BusinessSettings;
  canEdit: boolean;
  publicUrl: string;
}) {
  const upload = useUploadLogo();
  const inputId = useId();
  const stateId = useId();
  const [version, setVersion] = useState(0);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  return (
    <section className="settings-card">
      <h2 className="settings-card__title">{consoleTexts.settings.logo}</h2>
      <div className="settings-row">
        <img
          className="company-logo"
          src={`/logo/${encodeURIComponent(settings.companyId)}.jpg?v=${version}`}
          alt=""
          width={74}
          height={74}
        />
        <div>
          <p className="field__note">{consoleTexts.settings.logoHint}</p>
          {canEdit ? (
            <>
              <label className="button button--small button--secondary" htmlFor={inputId}>
                {consoleTexts.settings.uploadLogo}
              </label>
              <input
                id={inputId}
                className="visually-hidden"
                aria-invalid={fileProblem !== null || isRefusal(upload.error) || undefined}
                aria-describedby={stateId}
                type="file"
                accept={LOGO_UPLOAD.types.join(',')}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // The same file chosen again after a failure must fire a change.
                  event.target.value = '';
                  if (!file) return;
                  const problem = logoFileProblem(file);
                  setFileProblem(problem);
                  if (problem) return upload.reset();
                  upload.mutate(file, { onSuccess: () => setVersion((v) => v + 1) });
                }}
              />
              <SaveState
                id={stateId}
                pending={upload.isPending}
                success={upload.isSuccess}
                error={fileProblem ?? logoErrorText(upload.error)}
              />
            </>
          ) : null}
        </div>
      </div>
      <p className="field__note">
        {consoleTexts.settings.link}:{' '}
        {/* PUBLIC_URL, as texts and the poster give it, not the address this console is open at. */}
        <a href={paths.landing.getHref(settings.companyId)}>
          {`${publicUrl.replace(/\/$/, '')}${paths.landing.getHref(settings.companyId)}`}
        </a>
      </p>
      {/* As on the poster: the link texts and the QR code carry would not open on a customer's phone. */}
      {isLocalAddress(publicUrl) ? (
        <p className="notice">{consoleTexts.settings.localAddress(new URL(publicUrl).host)}</p>
      ) : null}
      {/* The door (issue 13, docs/door.md): a poster to print and the kiosk for a tablet. */}
      <p className="field__note">{consoleTexts.door.hint}</p>
      <div className="settings-actions">
        <Link className="button button--small button--secondary" to="/console/poster">
          {consoleTexts.door.printPoster}
        </Link>
        <a
          className="button button--small button--secondary"
          href={kioskPath.getHref(settings.companyId)}
          target="_blank"
          rel="noopener"
        >
          {consoleTexts.door.openKiosk}
        </a>
      </div>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isLocalAddress } from '../../../../shared/public-url.ts';
import type { StaffMe, StaffRole } from '../../../../shared/staff-schemas.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CompanyLogo } from '../../walk-in/components/company-logo.tsx';
import { qrSvg, walkInUrl } from '../poster-qr.ts';

/** The owner prints it from Settings; the front desk may reprint it (docs/door.md). */
export const POSTER_ROLES: readonly StaffRole[] = ['owner', 'front_desk'];

const noop = () => {};

/**
 * /console/poster: one printable page (Letter or A4) with the logo, the business name, "Scan to
 * join the wait list", a QR code of the walk-in page and its link as text. Drawn without the
 * console's header, and the toolbar hides in print (styles.css, "Poster").
 */
export function PosterPage({ me }: { me: StaffMe }) {
  const url = walkInUrl(me.publicUrl, me.companyId);
  const [qr, setQr] = useState<{ svg: string } | { failed: true } | null>(null);
  useDocumentTitle(`${consoleTexts.poster.title} · ${me.companyName}`);

  useEffect(() => {
    let current = true;
    qrSvg(url).then(
      (svg) => current && setQr({ svg }),
      () => current && setQr({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <div className="poster-screen">
      <div className="poster-toolbar">
        <Link className="back-link" to={me.role === 'owner' ? '/console/settings' : '/console'}>
          {consoleTexts.poster.back(me.role === 'owner')}
        </Link>
        <p className="poster-toolbar__hint">{consoleTexts.poster.hint}</p>
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {consoleTexts.poster.print}
        </button>
        {/* PUBLIC_URL not set: the server's own fallback, which no customer's phone can open. */}
        {isLocalAddress(me.publicUrl) ? (
          <p className="notice poster-toolbar__warning">
            {consoleTexts.poster.localAddress(new URL(url).host)}
          </p>
        ) : null}
      </div>
      <main className="poster">
        <CompanyLogo
          companyId={me.companyId}
          alt={consoleTexts.landing.logoAlt(me.companyName)}
          onSettled={noop}
        />
        <h1 className="poster__name">{me.companyName}</h1>
        <p className="poster__cta">{consoleTexts.poster.scanToJoin}</p>
        {qr && 'svg' in qr ? (
          <a className="poster__qr" href={url} aria-label={consoleTexts.poster.qrLabel(url)}>
            {/* The library's own markup: modules as one path, no text of ours inside. */}
            <span className="poster__qr-image" dangerouslySetInnerHTML={{ __html: qr.svg }} />
          </a>
        ) : (
          <div className="poster__qr poster__qr--empty">
            {qr ? <p className="form-error">{consoleTexts.poster.qrFailed}</p> : null}
          </div>
        )}
        <p className="poster__or">{consoleTexts.poster.orVisit}</p>
        <a className="poster__url" href={url}>
          {url}
        </a>
      </main>
    </div>
  );
}

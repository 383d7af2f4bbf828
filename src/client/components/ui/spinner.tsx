import { landingTexts } from '../../lib/landing-texts.ts';

export function Spinner({ label = landingTexts.loading, size = 32 }: { label?: string; size?: number }) {
  return (
    <span className="spinner" role="status" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The spec's full-page spinner (landing page while its data and logo load). */
export function FullPageSpinner() {
  return (
    <div className="full-page-spinner">
      <Spinner size={40} />
    </div>
  );
}

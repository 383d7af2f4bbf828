import { consoleTexts } from '../../lib/console-texts.ts';
import { Spinner } from './spinner.tsx';

/** A console panel while its data loads. */
export function PanelLoading() {
  return (
    <div className="console__loading">
      <Spinner />
    </div>
  );
}

/** A console panel whose data could not load, with a retry when the caller offers one. */
export function PanelLoadFailed({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="console__loading">
      <p className="form-error">{consoleTexts.console.loadFailed}</p>
      {onRetry ? (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {consoleTexts.landing.retry}
        </button>
      ) : null}
    </div>
  );
}

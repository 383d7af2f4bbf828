import { useState } from 'react';
import { texts } from '../../lib/texts.ts';
import { useOnline } from '../../lib/use-online.ts';

/**
 * "Saved" while the form still shows what was saved: an edit after saving takes it away, so the
 * owner never reads "Saved" beside a change that is not (derived in render, React's pattern for
 * state that follows a prop). The same as settings-page.tsx's own, for forms in files of their own.
 */
function useSavedUntilEdited(success: boolean, values: unknown): boolean {
  const current = JSON.stringify(values);
  const [seen, setSeen] = useState({ success, savedAs: success ? current : null });
  if (seen.success !== success) setSeen({ success, savedAs: success ? current : null });
  return success && (seen.success !== success || seen.savedAs === current);
}

/** A request's outcome next to its Save button: the visible "saved" state (DESIGN). */
export function SaveState({
  pending,
  success,
  error,
  values,
}: {
  pending: boolean;
  success: boolean;
  error: string | null;
  /** What the form shows now; "Saved" goes once it differs from what was saved. */
  values?: unknown;
}) {
  const saved = useSavedUntilEdited(success, values);
  const online = useOnline();
  return (
    <span className={`save-state${error ? ' save-state--error' : ''}`} role="status" aria-live="polite">
      {pending
        ? online
          ? texts.settings.saving
          : texts.settings.savingWhenOnline
        : error
          ? error
          : saved
            ? texts.settings.saved
            : ''}
    </span>
  );
}

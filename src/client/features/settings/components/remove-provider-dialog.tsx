import { useState } from 'react';
import type { Provider } from '../../../../shared/staff-schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { providerOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';

/** Removing a provider asks where their waiting customers go (issue 12): another provider, or anyone. */
export function RemoveProviderDialog({
  open,
  provider,
  others,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  provider: Provider;
  others: Provider[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: (moveTo: string | null) => void;
}) {
  const [moveTo, setMoveTo] = useState('');
  return (
    <ConfirmDialog
      open={open}
      title={consoleTexts.settings.removeProviderTitle(provider.name)}
      text={consoleTexts.settings.removeProviderText(provider.name)}
      confirmLabel={consoleTexts.settings.removeProviderConfirm}
      cancelLabel={consoleTexts.people.cancel}
      busy={busy}
      onConfirm={() => onConfirm(moveTo || null)}
      onCancel={onCancel}
    >
      <SelectField
        label={consoleTexts.settings.moveCustomersTo}
        value={moveTo}
        onChange={setMoveTo}
        options={providerOptions(others, consoleTexts.console.anyProvider)}
      />
    </ConfirmDialog>
  );
}

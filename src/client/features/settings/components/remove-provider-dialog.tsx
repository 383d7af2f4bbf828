import { useState } from 'react';
import type { Provider } from '../../../../shared/staff-schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { providerOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { texts } from '../../../lib/texts.ts';

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
      title={texts.settings.removeProviderTitle(provider.name)}
      text={texts.settings.removeProviderText(provider.name)}
      confirmLabel={texts.settings.removeProviderConfirm}
      cancelLabel={texts.people.cancel}
      busy={busy}
      onConfirm={() => onConfirm(moveTo || null)}
      onCancel={onCancel}
    >
      <SelectField
        label={texts.settings.moveCustomersTo}
        value={moveTo}
        onChange={setMoveTo}
        options={providerOptions(others, texts.console.anyProvider)}
      />
    </ConfirmDialog>
  );
}

import type { StaffMe } from '../../../../shared/staff-schemas.ts';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { LobbyScreenSettingsCard } from '../../lobby-screen/components/lobby-screen-settings-card.tsx';
import { useSettings } from '../api/settings-api.ts';
import { ApiKeysForm } from './api-keys-form.tsx';
import { BusinessForm } from './business-form.tsx';
import { CalendarFeedsForm } from './calendar-feeds-form.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { HoursForm } from './hours-form.tsx';
import { JoinFieldsForm } from './join-fields-form.tsx';
import { LogoForm } from './logo-form.tsx';
import { PartySizeForm } from './party-size-form.tsx';
import { ProviderSchedulesForm } from './provider-schedules-form.tsx';
import { ProvidersForm } from './providers-form.tsx';
import { ServicesForm } from './services-form.tsx';
import { WebhooksForm } from './webhooks-form.tsx';

/** Plain forms with inline validation and a visible "saved" state (DESIGN). */
export function SettingsPage({ me }: { me: StaffMe }) {
  const settings = useSettings();
  // Only owners reach Settings (console-page.tsx, and the server); the forms stay read-only otherwise.
  const canEdit = me.role === 'owner';
  if (settings.isPending) return <PanelLoading />;
  if (settings.isError) return <PanelLoadFailed onRetry={() => void settings.refetch()} />;
  return (
    <div className="settings">
      <BusinessForm settings={settings.data} canEdit={canEdit} />
      <LogoForm settings={settings.data} canEdit={canEdit} publicUrl={me.publicUrl} />
      <HoursForm settings={settings.data} canEdit={canEdit} />
      <JoinFieldsForm settings={settings.data} canEdit={canEdit} />
      <PartySizeForm settings={settings.data} canEdit={canEdit} />
      <FeedbackForm settings={settings.data} canEdit={canEdit} />
      <ServicesForm settings={settings.data} canEdit={canEdit} />
      <ProvidersForm settings={settings.data} canEdit={canEdit} />
      <ProviderSchedulesForm settings={settings.data} canEdit={canEdit} />
      {canEdit ? <CalendarFeedsForm /> : null}
      {canEdit ? <LobbyScreenSettingsCard /> : null}
      {canEdit ? <ApiKeysForm timeZone={settings.data.timeZone} /> : null}
      {canEdit ? <WebhooksForm timeZone={settings.data.timeZone} /> : null}
    </div>
  );
}

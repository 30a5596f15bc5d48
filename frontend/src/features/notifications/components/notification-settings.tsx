import { useState } from 'react';
import { toast } from 'sonner';
import { collaboration } from '@shared/messages/collaboration';
import { EMAIL_SETTINGS, type EmailSetting } from '@shared/domain/notification-settings';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { ApiError } from '@/lib/api-client';
import { useNotificationSettings } from '../api/get-settings';
import { useUpdateNotificationSettings } from '../api/update-settings';

const t = collaboration.notifications;

function SettingsForm({ current, onDone }: { current: EmailSetting; onDone: () => void }) {
  const [choice, setChoice] = useState<EmailSetting>(current);
  const save = useUpdateNotificationSettings();
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { email: choice },
          {
            onSuccess: () => {
              toast.success(t.settingsSaved);
              onDone();
            },
            onError: (error) => toast.error(error instanceof ApiError && error.detail ? error.detail : t.settingsFailed),
          },
        );
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm text-slate-700">{t.settingsDescription}</legend>
        {EMAIL_SETTINGS.map((s) => (
          <label key={s} className="flex items-center gap-2 text-sm">
            <input type="radio" name="notification-email" value={s} checked={choice === s} onChange={() => setChoice(s)} className="h-4 w-4" />
            {t.settingOptions[s]}
          </label>
        ))}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {t.settingsSave}
        </Button>
      </div>
    </form>
  );
}

/** The user's notification email setting: immediately, a daily digest, or off. */
export function NotificationSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useNotificationSettings(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.settingsTitle} className="max-w-lg">
      {settings.isPending ? (
        <p className="text-sm text-slate-600" role="status">
          {collaboration.notifications.loading}
        </p>
      ) : settings.isError ? (
        <div>
          <LoadError error={settings.error} fallback={t.settingsFailed} retryLabel={t.retry} onRetry={() => void settings.refetch()} />
        </div>
      ) : (
        <SettingsForm current={settings.data.email} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

import { DEFAULT_EMAIL_SETTING, EMAIL_SETTINGS, type EmailSetting } from '@shared/schemas/notifications';

/** A stored email setting, or the default (immediately) when none or an unknown one is stored. */
export function emailSettingOf(stored: string | undefined): EmailSetting {
  return (EMAIL_SETTINGS as readonly string[]).includes(stored ?? '') ? (stored as EmailSetting) : DEFAULT_EMAIL_SETTING;
}

/** Pure rules of notifications: the email setting, who is notified, where an item is. */
import { DEFAULT_EMAIL_SETTING, EMAIL_SETTINGS, type EmailSetting } from '@shared/schemas/notifications';

/** A stored email setting, or the default (immediately) when none or an unknown one is stored. */
export function emailSettingOf(stored: string | undefined): EmailSetting {
  return (EMAIL_SETTINGS as readonly string[]).includes(stored ?? '') ? (stored as EmailSetting) : DEFAULT_EMAIL_SETTING;
}

/** The people to notify: each once, never the actor, never an empty name. */
export function recipientsOf(input: { recipients: readonly string[]; actor: { id: string } }): string[] {
  return [...new Set(input.recipients.filter((r) => r && r !== input.actor.id))];
}

/** The time a notification was made, from its id (a UUIDv7 carries its milliseconds): where its item is. */
export function madeAt(id: string): string | undefined {
  const hex = id.replace(/-/g, '').slice(0, 12);
  if (!/^[0-9a-f]{12}$/i.test(hex) || id[14] !== '7') return undefined;
  const ms = Number.parseInt(hex, 16);
  const at = new Date(ms);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

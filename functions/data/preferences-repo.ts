/** A user's own settings (one `USER#<username>` / `PREFS` item): the order of the dashboard's report cards, the email setting of notifications. */
import { keys } from './keys';
import { getItem, updateItem } from './table-ops';

export async function getReportOrder(username: string): Promise<string[]> {
  const item = await getItem(keys.userPreferences(username));
  return Array.isArray(item?.report_order) ? (item.report_order as string[]) : [];
}

export async function putReportOrder(username: string, ids: string[]): Promise<void> {
  await updateItem(keys.userPreferences(username), { report_order: ids, updated_at: new Date().toISOString(), entity: 'UserPreferences' });
}

/** The user's email setting for notifications (stored beside their other settings; absent: the default). */
export async function getNotificationEmailSetting(username: string): Promise<string | undefined> {
  const item = await getItem(keys.userPreferences(username), { fields: ['notification_email'] });
  return typeof item?.notification_email === 'string' ? item.notification_email : undefined;
}

export async function putNotificationEmailSetting(username: string, setting: string): Promise<void> {
  await updateItem(keys.userPreferences(username), { notification_email: setting, updated_at: new Date().toISOString(), entity: 'UserPreferences' });
}

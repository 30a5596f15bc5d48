/** A user's own settings (one `USER#<username>` / `PREFS` item): for now, the order of the dashboard's report cards. */
import { keys } from './keys';
import { getItem, updateItem } from './table-ops';

export async function getReportOrder(username: string): Promise<string[]> {
  const item = await getItem(keys.userPreferences(username));
  return Array.isArray(item?.report_order) ? (item.report_order as string[]) : [];
}

export async function putReportOrder(username: string, ids: string[]): Promise<void> {
  await updateItem(keys.userPreferences(username), { report_order: ids, updated_at: new Date().toISOString(), entity: 'UserPreferences' });
}

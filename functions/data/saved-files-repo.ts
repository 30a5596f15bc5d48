import { keys } from './keys';
import { getObjectText, putObject } from './object-store';
import { putItem, queryPage } from './table-ops';

export interface SavedFileRecord {
  id: string;
  file_name: string;
  created_at: string;
  created_by: string;
  size: number;
  object_key: string;
}

export async function saveFile(reportId: string, record: Omit<SavedFileRecord, 'object_key'>, content: string): Promise<SavedFileRecord> {
  const object_key = keys.savedFileObject(reportId, record.id);
  await putObject(object_key, content, 'application/json');
  const full = { ...record, object_key };
  await putItem({ ...keys.savedFile(reportId, record.created_at, record.id), entity: 'SavedReportFile', ...full });
  return full;
}

/** A report's saved files, newest first. */
export async function listSavedFiles(reportId: string): Promise<SavedFileRecord[]> {
  const page = await queryPage({ pk: keys.reportPartition(reportId), skPrefix: keys.savedFileSkPrefix, newestFirst: true, limit: 200, cursor: undefined });
  return page.items as unknown as SavedFileRecord[];
}

export async function readSavedFile(reportId: string, fileId: string): Promise<{ record: SavedFileRecord; content: string } | undefined> {
  const record = (await listSavedFiles(reportId)).find((r) => r.id === fileId);
  if (!record) return undefined;
  const content = await getObjectText(record.object_key);
  return content === undefined ? undefined : { record, content };
}


/**
 * `TABLE_NAME=<table> tsx scripts/migrate-audit-clients.ts`: names the client of every report's audit entry written
 * before entries named it (functions/domain/audit/migrate-audit-clients.ts), so the firm-wide log shows an
 * administrator outside a confidential client's team that something happened on "a confidential client", and no
 * more. Safe to run again, and with the app running. `npm start` and `npm run preview` run it on the local data.
 */
import { migrateAuditClients } from '../functions/domain/audit/migrate-audit-clients';

const done = await migrateAuditClients((line) => console.log(line));
console.log(`${done.entries} audit entries of ${done.reports} reports now name their client`);

/**
 * `TABLE_NAME=<table> EVIDENCE_BUCKET=<bucket> tsx scripts/migrate-evidence-library.ts`: moves evidence kept in
 * reports' partitions before the client evidence library into their clients' libraries, each report
 * keeping a reference to its items (functions/domain/library/migrate-library.ts). Safe to run again, and to stop
 * midway. `npm start` and `npm run preview` run it on the local data at every start.
 */
import { migrateEvidenceToLibrary } from '../functions/domain/library/migrate-library';

const done = await migrateEvidenceToLibrary((line) => console.log(line));
console.log(`${done.items} evidence items of ${done.reports} reports moved to their clients' libraries`);

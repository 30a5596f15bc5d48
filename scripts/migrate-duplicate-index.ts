/**
 * `TABLE_NAME=<table> tsx scripts/migrate-duplicate-index.ts`: lists the library items written before the duplicate
 * index (duplicates found on upload) in their client's index (functions/domain/evidence/migrate-duplicate-index.ts).
 * Safe to run again, and to stop midway. `npm start` and `npm run preview` run it on the local data at every start,
 * after the evidence library's own migration.
 */
import { migrateDuplicateIndex } from '../functions/domain/evidence/migrate-duplicate-index';

const done = await migrateDuplicateIndex((line) => console.log(line));
console.log(`${done.items} library items of ${done.clients} clients listed in the duplicate index`);

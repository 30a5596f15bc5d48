/**
 * `TABLE_NAME=<table> tsx scripts/migrate-benchmarks.ts`: brings the sector benchmarks in step with the rule that they
 * count clients (functions/domain/benchmarks/consent.ts recountBenchmarks): the Final reports of open clients are
 * taken out, those of confidential clients whose lead consents are counted with their client, so the figures can
 * leave out every client their reader can read. Safe to run again, and with the app running; on a table already in
 * step it changes nothing. `npm start` and `npm run preview` run it on the local data at every start.
 */
import { recountBenchmarks } from '../functions/domain/benchmarks/consent';

const done = await recountBenchmarks((line) => console.log(line));
console.log(`benchmarks: ${done.reports} Final reports of ${done.clients} clients brought in step`);

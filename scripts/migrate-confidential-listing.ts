/**
 * `TABLE_NAME=<table> tsx scripts/migrate-confidential-listing.ts`: brings every confidential client made
 * before the dashboard kept confidential clients apart up to date: its report counts copied into
 * the list of confidential clients, it and its reports moved out of the open lists. Safe to run again, and
 * with the app running: lists and counts are right before, during and after; it only makes them cheaper.
 */
import { relistConfidentialClients } from '../functions/domain/teams/teams';

const done = await relistConfidentialClients();
console.log(`${done.clients} confidential clients up to date; ${done.reports} reports moved to their client's own list partitions`);

/**
 * `TABLE_NAME=<table> tsx scripts/migrate-user-clients.ts`: fills each user's clients item (`TEAMS#<user>` /
 * `CLIENTS`, the clients whose team they are on) from the teams of a table older than those items, then marks the
 * table so the dashboard's lists read the item in their session check's one BatchGetItem instead of querying the
 * index. Safe to run again, and with the app running (functions/domain/teams/teams.ts keepUserClients). A new
 * table is marked when it is created; on one already marked this does nothing.
 */
import { keepUserClients } from '../functions/domain/teams/teams';

const done = await keepUserClients();
console.log(
  done.already
    ? "users' clients: already kept"
    : `users' clients kept: ${done.users} users, ${done.memberships} memberships${done.dropped ? `, ${done.dropped} removed meanwhile taken out` : ''}`,
);

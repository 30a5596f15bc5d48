/**
 * The auth area's public API for the other base areas: whether a session is still live (access checks it with
 * the listing scope it reads), and the administrator check (audit's firm-wide log; access, for a deleted client
 * and a client's deletion).
 */
export { assertStateLive } from './session-check';
export { assertAdmin, isAdministrator } from './assert-admin';

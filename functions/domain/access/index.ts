/** The access area's public API for the other base areas: who may read a client now (notifications follow access). */
export { mayReadClients } from './access';

/** The dashboard feature's public entry: what other features may use. */
export { formatDate } from './lib/format';

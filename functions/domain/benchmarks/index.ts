/** The benchmarks area's public API for the other content areas: a client's consent to count in the benchmarks (teams sets it). */
export { reconcileClient, storeBenchmarkConsent } from './consent';

import { ensureAssets } from './setup-assets';

/** Build the function bundles (and the SPA if needed) once, before any infra test file reads them. */
export default async function setup() {
  await ensureAssets();
}

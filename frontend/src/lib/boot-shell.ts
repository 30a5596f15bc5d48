/**
 * The static first paints index.html carries (frontend/boot-plugin.ts): the sign-in page's, which the boot script
 * shows on /login without a stored session, and the dashboard's, shown on the dashboard with one. Each page removes
 * them as it mounts, with its own title in the same place; a navigation to another page (a redirect, a page error)
 * removes them too, so they never cover one. (No imports: the build's config loads this file.)
 */
export const BOOT_SHELL_ID = 'boot-shell';
export const BOOT_DASHBOARD_SHELL_ID = 'boot-shell-dashboard';

/** Removes the static first paints: every one, or the one named. */
export function removeBootShell(id?: typeof BOOT_SHELL_ID | typeof BOOT_DASHBOARD_SHELL_ID): void {
  for (const shell of id ? [id] : [BOOT_SHELL_ID, BOOT_DASHBOARD_SHELL_ID]) document.getElementById(shell)?.remove();
}

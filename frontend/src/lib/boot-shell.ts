/**
 * The sign-in page's static first paint, which index.html carries and the boot script shows on /login
 * (frontend/boot-plugin.ts). The sign-in screen removes it as it mounts, with its own title in the same place;
 * any other page (a redirect, a page error) removes it too, so it never covers one.
 */
export const BOOT_SHELL_ID = 'boot-shell';

export function removeBootShell(): void {
  document.getElementById(BOOT_SHELL_ID)?.remove();
}

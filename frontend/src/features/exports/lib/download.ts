/**
 * Starts a download from a presigned link: the link's Content-Disposition (attachment, with the file's name)
 * makes the browser save the file and stay on the page.
 */
export function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

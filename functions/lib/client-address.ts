/**
 * The address of the person calling. Behind CloudFront, API Gateway's `sourceIp` is CloudFront's edge, not
 * the viewer; CloudFront sends the viewer's own address in `CloudFront-Viewer-Address` (`ip:port`), which it
 * sets itself (a viewer cannot supply it: the distribution overwrites it, and the API answers only requests
 * that come through the distribution). Without that header (locally), the connection's address.
 */
export function clientAddress(event: { headers?: Record<string, string | undefined>; requestContext?: { http?: { sourceIp?: string } } }): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) {
    const ip = viewer.includes('.') ? viewer.replace(/:\d+$/, '') : viewer.replace(/^\[?([^\]]+)\]?:\d+$/, '$1');
    if (ip && ip.length <= 64) return ip;
  }
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

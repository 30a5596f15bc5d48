import { useQuery } from '@tanstack/react-query';

/** A blob as a data: URL. */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string); // readAsDataURL reads to a string
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

/**
 * An image from a short-lived S3 link, as a data: URL: fetched (connect-src allows the bucket) rather than
 * loaded by an <img> from the bucket's origin, so the page's CSP keeps images to its own origin, data: and blob:.
 * Logos are at most 2 MB.
 */
export function useImageBlob(key: string | null, url: string | null): string | null {
  const image = useQuery({
    queryKey: ['image-data-url', key],
    queryFn: async () => {
      const res = await fetch(url!);
      if (!res.ok) throw new Error(`image ${res.status}`);
      return dataUrl(await res.blob());
    },
    enabled: Boolean(key && url),
    staleTime: Infinity,
    retry: 1,
  });
  return image.data ?? null;
}

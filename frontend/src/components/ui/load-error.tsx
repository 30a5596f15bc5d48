import { ApiError } from '@/lib/api-client';
import { Button } from './button';

/** A list or page that could not be loaded: the server's detail (or `fallback`) and a retry button. */
export function LoadError({ error, fallback, retryLabel, onRetry }: { error: unknown; fallback: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{error instanceof ApiError && error.detail ? error.detail : fallback}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

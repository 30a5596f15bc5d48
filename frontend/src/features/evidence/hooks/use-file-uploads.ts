import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { LARGE_UPLOAD_BYTES } from '@shared/domain/evidence-display';
import { evidenceTexts } from '@shared/messages/evidence';
import { formatBytes } from '@shared/messages/format';
import type { UploadResponse } from '@shared/schemas/evidence';
import { ApiError } from '@/lib/api-client';
import { evidenceKeys } from '../api/keys';
import { uploadEvidenceFile } from '../api/upload-evidence-file';

const t = evidenceTexts;

export type UploadPhase = 'queued' | 'uploading' | 'processing' | 'done' | 'failed';

export interface UploadState {
  key: string;
  name: string;
  size: number;
  progress: number;
  phase: UploadPhase;
  error?: string;
}

/**
 * Uploads files one by one (spec section 7): a failure does not stop the others. Each file has a
 * progress bar; the spec's toasts tell the outcome. `onUploaded` receives each analysed file.
 */
export function useFileUploads(opts: { toastDuration?: number; onUploaded?: (file: File, result: UploadResponse) => void } = {}) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const running = useRef(false);
  const queue = useRef<{ key: string; file: File; ref: string }[]>([]);
  const optsRef = useRef(opts);
  useLayoutEffect(() => {
    optsRef.current = opts;
  });

  const patch = (key: string, change: Partial<UploadState>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    const duration = optsRef.current.toastDuration;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const { key, file, ref } = next;
        if (file.size > LARGE_UPLOAD_BYTES) {
          const error = evidenceTexts.toasts.uploadFailed(file.name);
          patch(key, { phase: 'failed', error: `${file.name} is larger than ${formatBytes(LARGE_UPLOAD_BYTES)}` });
          toast.error(error, { description: `The limit is ${formatBytes(LARGE_UPLOAD_BYTES)}`, duration });
          continue;
        }
        patch(key, { phase: 'uploading', progress: 0 });
        try {
          const result = await uploadEvidenceFile(
            ref,
            file,
            (fraction) => patch(key, { progress: Math.round(fraction * 100) }),
            () => patch(key, { phase: 'processing', progress: 100 }),
          );
          patch(key, { phase: result.processing_status === 'failed' ? 'failed' : 'done', progress: 100, error: result.evidence.reason });
          if (result.processing_status === 'failed') {
            toast.warning(t.toasts.storedWithoutAnalysis(file.name), { description: result.evidence.reason, duration });
          } else {
            toast.success(t.toasts.uploaded(file.name), { duration });
            toast.success(t.toasts.insights(result.ai_analysis.key_insights.length), { duration });
          }
          optsRef.current.onUploaded?.(file, result);
        } catch (error) {
          const detail = error instanceof ApiError ? error.detail : undefined;
          patch(key, { phase: 'failed', error: detail });
          toast.error(t.toasts.uploadFailed(file.name), { description: detail, duration });
        }
      }
    } finally {
      running.current = false;
      void queryClient.invalidateQueries({ queryKey: evidenceKeys.all });
    }
  }, [queryClient]);

  const add = useCallback(
    (ref: string, files: FileList | File[]) => {
      const list = [...files];
      const entries = list.map((file) => ({ key: `${Date.now()}-${Math.random().toString(36).slice(2)}`, file, ref }));
      setUploads((all) => [...all, ...entries.map(({ key, file }) => ({ key, name: file.name, size: file.size, progress: 0, phase: 'queued' as const }))]);
      queue.current.push(...entries);
      void drain();
    },
    [drain],
  );

  const clearFinished = useCallback(() => setUploads((all) => all.filter((u) => u.phase !== 'done' && u.phase !== 'failed')), []);

  return { uploads, add, clearFinished, busy: uploads.some((u) => u.phase === 'queued' || u.phase === 'uploading' || u.phase === 'processing') };
}

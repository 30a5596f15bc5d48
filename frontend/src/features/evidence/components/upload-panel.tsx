import { CheckCircle2, FileUp, XCircle } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_FILE_EXTENSIONS, fileSizeKb } from '@shared/domain/evidence-display';
import { evidenceTexts } from '@shared/messages/evidence';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import type { UploadState } from '../hooks/use-file-uploads';

const t = evidenceTexts;

/** The multi-file chooser (and drop zone), with one progress bar per file. */
export function UploadPanel({ uploads, onFiles, disabled }: { uploads: UploadState[]; onFiles: (files: File[]) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [over, setOver] = useState(false);

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    if (!disabled && e.dataTransfer.files.length) onFiles([...e.dataTransfer.files]);
  }

  return (
    <div className="space-y-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn('flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center', over ? 'border-sky-500 bg-sky-50' : 'border-slate-300 bg-white')}
      >
        <FileUp className="h-8 w-8 text-slate-400" aria-hidden />
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={ACCEPTED_FILE_EXTENSIONS.join(',')}
          className="sr-only"
          aria-label={t.chooseFiles}
          disabled={disabled}
          onChange={(e) => {
            if (e.target.files?.length) onFiles([...e.target.files]);
            e.target.value = '';
          }}
        />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
          {t.chooseFiles}
        </Button>
        <p className="text-xs text-slate-500">{t.dropHint}</p>
      </div>
      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="upload-row" data-phase={u.phase}>
              <div className="mb-1.5 flex items-center justify-between gap-3 text-sm">
                <span className="truncate font-medium">{u.name}</span>
                <span className="flex shrink-0 items-center gap-1 text-xs text-slate-500">
                  {u.phase === 'done' && <CheckCircle2 className="h-3.5 w-3.5 text-emerald-600" aria-hidden />}
                  {u.phase === 'failed' && <XCircle className="h-3.5 w-3.5 text-red-600" aria-hidden />}
                  {t.phases[u.phase]} · {fileSizeKb(u.size)}
                </span>
              </div>
              <ProgressBar
                label={`${u.name}: ${t.phases[u.phase]}`}
                value={u.phase === 'processing' ? undefined : u.phase === 'queued' ? 0 : u.progress}
              />
              {u.error && <p className="mt-1 text-xs text-red-600">{u.error}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

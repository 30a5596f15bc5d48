import { FileArchive, FileText, FileType2, Presentation } from 'lucide-react';
import type { ComponentType } from 'react';
import { exportsTexts } from '@shared/messages/exports';
import { SINGLE_FORMATS, type ExportFormat, type SingleFormat } from '@shared/schemas/exports';
import { Button } from '@/components/ui/button';

const t = exportsTexts;
const ICONS: Record<SingleFormat, ComponentType<{ className?: string }>> = { docx: FileText, pdf: FileType2, pptx: Presentation };
const CARDS = SINGLE_FORMATS.map((format) => ({ format, icon: ICONS[format] }));

/** The spec's three format cards (Word, PDF, PowerPoint) and 'Export All Formats'. */
export function FormatCards({ busy, onExport }: { busy: boolean; onExport: (format: ExportFormat) => void }) {
  return (
    <section className="space-y-4" aria-labelledby="formats-title">
      <h2 id="formats-title" className="sr-only">
        {t.formatLabels.all}
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {CARDS.map(({ format, icon: Icon }) => (
          <div key={format} className="flex flex-col justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5" data-format={format}>
            <div className="space-y-2">
              <h3 className="flex items-center gap-2 text-lg font-semibold">
                <Icon className="h-5 w-5 text-slate-700" aria-hidden /> {t.formats[format].title}
              </h3>
              <p className="text-sm text-slate-600">{t.formats[format].description}</p>
            </div>
            <Button variant="outline" disabled={busy} onClick={() => onExport(format)}>
              {t.formats[format].button}
            </Button>
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <Button disabled={busy} onClick={() => onExport('all')}>
          <FileArchive className="h-4 w-4" aria-hidden /> {t.exportAll}
        </Button>
        <p className="text-sm text-slate-600">{t.exportAllHelp}</p>
      </div>
    </section>
  );
}

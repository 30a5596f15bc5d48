import { Lock } from 'lucide-react';
import { exportsTexts } from '@shared/messages/exports';
import { SECTION_KEYS, SECTION_TITLES, type SectionKey } from '@shared/schemas/report-document';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { isRequired } from '../lib/selection';

const t = exportsTexts;

/** The spec's section checklist: required sections locked and checked, optional ones to tick. */
export function SectionChecklist({
  ticked,
  written,
  loading,
  onToggle,
}: {
  ticked: ReadonlySet<SectionKey>;
  /** characters written per section */
  written: ReadonlyMap<string, number>;
  loading: boolean;
  onToggle: (key: SectionKey, on: boolean) => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 bg-white p-5" data-testid="section-checklist">
      <legend className="px-1 text-lg font-semibold">{t.sections}</legend>
      <p className="text-sm text-slate-600">{t.sectionsHelp}</p>
      <ul className="divide-y divide-slate-100">
        {SECTION_KEYS.map((key) => {
          const required = isRequired(key);
          const chars = written.get(key) ?? 0;
          const id = `export-section-${key}`;
          return (
            <li key={key} className="flex items-center justify-between gap-3 py-2" data-section={key}>
              <label htmlFor={id} className="flex flex-1 items-center gap-3 text-sm">
                <input
                  id={id}
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300 accent-slate-900 disabled:opacity-70"
                  checked={required || ticked.has(key)}
                  disabled={required}
                  aria-describedby={`${id}-state`}
                  onChange={(e) => onToggle(key, e.target.checked)}
                />
                <span className="font-medium text-slate-900">{SECTION_TITLES[key]}</span>
                {required ? (
                  <Badge tone="primary" className="gap-1">
                    <Lock className="h-3 w-3" aria-hidden /> {t.required}
                  </Badge>
                ) : (
                  <Badge>{t.optional}</Badge>
                )}
              </label>
              <span id={`${id}-state`} className={chars ? 'text-xs text-slate-500' : 'text-xs text-amber-700'}>
                {loading ? <Skeleton className="h-3 w-20" /> : chars ? t.sectionChars(chars) : t.sectionEmpty}
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * Step 10 "Finalize & Brand": the client's colours (with a warning when white text on the primary colour
 * fails WCAG AA) and logo, the cover, the consistency checklist with a way to fix each item, the pre-read of
 * the sections as saved (each item opens the editor at its sentence), and the ways on to the editor and the
 * export page. Completing the step keeps the brand on the organization too.
 */
import { AlertTriangle, CheckCircle2, FilePenLine, FileDown, ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { contrastRatio, formatRatio, textColourOn, WHITE, whiteTextPasses } from '@shared/domain/brand';
import { checkConsistency, conflictIssue } from '@shared/domain/report/consistency';
import { finalizeTexts } from '@shared/messages/brand';
import { DEFAULT_PRIMARY_COLOR, SECTION_TITLES, type ConsistencyItem, type FinalizeData, type SectionKey } from '@shared/schemas/report-document';
import { LOGO_MAX_BYTES } from '@shared/schemas/exports';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ProgressBar } from '@/components/ui/progress';
import { ApiError } from '@/lib/api-client';
import { ConsistencyPanel, useConsistency, useSections } from '@/features/sections';
import { useEvidenceList } from '@/features/evidence';
import { PreReadPanel } from '@/features/ledger';
import { preRead } from '@shared/domain/pre-read/pre-read';
import { useConflicts } from '@/features/conflicts';
import { saveBrand, uploadLogo, useReportBrand } from '@/features/brand';
import { TemplatePicker } from '@/features/templates';
import { useImageBlob } from '../../hooks/use-image-blob';
import { notify } from '../../lib/notify';
import type { WizardData } from '../../lib/types';
import { Field } from '@/components/ui/field';

const t = finalizeTexts;
const EMPTY_COVER: FinalizeData['cover'] = { title: '', subtitle: '', client: '', date: '', prepared_by: '', confidentiality: '' };
const HEX = /^#[0-9a-fA-F]{6}$/;
/** the built-in template for both formats (the default) */
const NO_TEMPLATES = { docx: '', pptx: '' };
const today = () => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function ColourField({ label, value, onChange, allowNone, testId }: { label: string; value: string; onChange: (v: string) => void; allowNone?: boolean; testId: string }) {
  // what the user is typing, until it is a colour (or they leave the field)
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Field label={label}>
      {(id) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${label} (picker)`}
            className="h-10 w-12 cursor-pointer rounded border border-slate-300 bg-white p-1"
            value={HEX.test(value) ? value.toLowerCase() : '#ffffff'}
            onChange={(e) => onChange(e.target.value.toLowerCase())}
            data-testid={`${testId}-picker`}
          />
          <Input
            id={id}
            className="w-32 font-mono"
            value={draft ?? value}
            placeholder={allowNone ? t.noSecondary : DEFAULT_PRIMARY_COLOR}
            maxLength={7}
            onChange={(e) => {
              setDraft(e.target.value);
              const next = e.target.value.trim();
              if (HEX.test(next)) onChange(next.toLowerCase());
              else if (allowNone && next === '') onChange('');
            }}
            onBlur={() => setDraft(null)}
            data-testid={testId}
          />
          {allowNone ? (
            value && (
              <Button size="sm" variant="ghost" onClick={() => onChange('')}>
                {t.noSecondary}
              </Button>
            )
          ) : (
            value.toLowerCase() !== DEFAULT_PRIMARY_COLOR && (
              <Button size="sm" variant="ghost" onClick={() => onChange(DEFAULT_PRIMARY_COLOR)}>
                {t.resetPrimary}
              </Button>
            )
          )}
        </div>
      )}
    </Field>
  );
}

/** A part of the step (brand, cover, template): its heading and what it is for, then its fields. */
function StepSection({ id, title, help, children }: { id: string; title: string; help: string; children: ReactNode }) {
  return (
    <section className="space-y-4" aria-labelledby={id}>
      <div>
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-slate-600">{help}</p>
      </div>
      {children}
    </section>
  );
}

export function FinalizeStep({
  data,
  all,
  reportId,
  onChange,
  onComplete,
  onFix,
}: {
  data: FinalizeData | undefined;
  all: WizardData;
  reportId: string | null;
  onChange: (d: FinalizeData) => void;
  onComplete: (d: FinalizeData) => void;
  onFix: (item: ConsistencyItem) => void;
}) {
  const navigate = useNavigate();
  const brandQuery = useReportBrand(reportId);
  const server = useConsistency(reportId ?? undefined);
  const conflicts = useConflicts(reportId ?? undefined);
  const [uploaded, setUploaded] = useState<{ key: string; url: string } | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [completing, setCompleting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // a report that never saved step 10 starts from its organization's brand
  const seeded = useRef(false);
  useEffect(() => {
    if (data || seeded.current || !brandQuery.data) return;
    seeded.current = true;
    onChange({ brand: brandQuery.data.brand, cover: EMPTY_COVER });
  }, [data, brandQuery.data, onChange]);
  const v: FinalizeData = data ?? { brand: brandQuery.data?.brand ?? { primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: '', logo_key: '' }, cover: EMPTY_COVER };
  const setBrand = (patch: Partial<FinalizeData['brand']>) => onChange({ ...v, brand: { ...v.brand, ...patch } });
  // the logo shown: the one just uploaded, else the one the server knows for this report
  const logoLink = !v.brand.logo_key
    ? null
    : uploaded?.key === v.brand.logo_key
      ? uploaded.url
      : brandQuery.data?.brand.logo_key === v.brand.logo_key
        ? brandQuery.data.logo_url
        : null;
  const logoUrl = useImageBlob(v.brand.logo_key || null, logoLink);
  const setCover = (patch: Partial<FinalizeData['cover']>) => onChange({ ...v, cover: { ...v.cover, ...patch } });
  const primary = HEX.test(v.brand.primaryColor) ? v.brand.primaryColor : DEFAULT_PRIMARY_COLOR;
  const ratio = formatRatio(contrastRatio(WHITE, primary));
  const passes = whiteTextPasses(primary);

  // the checklist: live over the unsaved step data, plus the broken citations the server found in sections
  const live = useMemo(() => checkConsistency(all).issues.filter((i) => i.rule !== 'citation-broken'), [all]);
  const broken = server.data?.issues.filter((i) => i.rule === 'citation-broken') ?? [];
  // conflicts between sources, found in the evidence: the unresolved ones are listed with both quotes
  const sourceConflicts = conflictIssue(conflicts.data?.items ?? []);
  // the pre-read of the sections as saved, with the live checklist's story rules and the report's interviews
  const sections = useSections(reportId ?? undefined);
  const evidence = useEvidenceList(reportId ?? undefined, '');
  const preReadResult = useMemo(() => {
    if (!sections.data) return null;
    const interviews = new Map((evidence.data?.items ?? []).filter((e) => e.type === 'interview' && e.source.trim()).map((e) => [e.id, e.source.trim()]));
    return preRead({ sections: sections.data.items.map((s) => ({ key: s.key, title: s.title, content: s.content, citations: s.citations })), consistency: live, interviews });
  }, [sections.data, evidence.data, live]);
  const fix = (item: ConsistencyItem) =>
    item.kind === 'conflict' && reportId
      ? void navigate(`${APP_BASE}/evidence?report=${reportId}`)
      : item.kind === 'section' && reportId
        ? void navigate(`${APP_BASE}/editor?report=${reportId}`)
        : onFix(item);

  async function chooseLogo(file: File | undefined) {
    if (!file || !reportId) return;
    if (file.size > LOGO_MAX_BYTES) return void notify.error(t.logoFailed, finalizeTexts.logoHelp);
    setUploading(0);
    try {
      const res = await uploadLogo(reportId, file, (f) => setUploading(Math.round(f * 100)));
      setBrand({ logo_key: res.logo_key });
      setUploaded({ key: res.logo_key, url: res.url });
      notify.success(t.logoUploaded);
    } catch (error) {
      notify.error(t.logoFailed, error instanceof ApiError ? error.detail : undefined);
    } finally {
      setUploading(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function complete() {
    let final = v;
    if (reportId) {
      setCompleting(true);
      try {
        // the organization keeps this brand for its next report (a logo of another report is copied here)
        const saved = await saveBrand(reportId, { primaryColor: primary, secondaryColor: v.brand.secondaryColor, logo_key: v.brand.logo_key });
        final = { ...v, brand: { ...v.brand, logo_key: saved.brand.logo_key } };
      } catch {
        notify.error(t.brandSaveFailed);
      } finally {
        setCompleting(false);
      }
    }
    onComplete(final);
  }

  if (!reportId) return <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">{t.needsReport}</p>;

  const cover = v.cover;
  const title = cover.title || all.setup?.reportTitle || '';
  return (
    <div className="space-y-8">
      <StepSection id="brand-title" title={t.brand} help={t.brandHelp}>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <ColourField label={t.primaryColor} value={v.brand.primaryColor} onChange={(c) => setBrand({ primaryColor: c })} testId="primary-colour" />
          <ColourField label={t.secondaryColor} value={v.brand.secondaryColor} onChange={(c) => setBrand({ secondaryColor: c })} allowNone testId="secondary-colour" />
        </div>
        {passes ? (
          <p className="flex items-center gap-2 text-sm text-emerald-800" data-testid="contrast-ok">
            <CheckCircle2 className="h-4 w-4" aria-hidden /> {t.contrastOk(ratio)}
          </p>
        ) : (
          <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="contrast-warning">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {t.contrastWarning(ratio)}
          </p>
        )}
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-900">{t.logo}</p>
          <div className="flex flex-wrap items-center gap-3">
            {v.brand.logo_key && logoUrl ? (
              <img src={logoUrl} alt={t.logoAlt} className="h-14 max-w-48 rounded border border-slate-200 bg-white object-contain p-1" data-testid="logo-preview" />
            ) : null}
            <input
              ref={fileInput}
              type="file"
              className="sr-only"
              id="logo-file"
              aria-label={t.uploadLogo}
              tabIndex={-1}
              accept=".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml"
              onChange={(e) => void chooseLogo(e.target.files?.[0])}
            />
            <Button variant="outline" disabled={uploading !== null} onClick={() => fileInput.current?.click()}>
              <ImageUp className="h-4 w-4" aria-hidden /> {v.brand.logo_key ? t.replaceLogo : t.uploadLogo}
            </Button>
            {v.brand.logo_key && (
              <Button
                variant="ghost"
                onClick={() => setBrand({ logo_key: '' })}
              >
                <Trash2 className="h-4 w-4" aria-hidden /> {t.removeLogo}
              </Button>
            )}
            <span className="text-xs text-slate-500">{t.logoHelp}</span>
          </div>
          {uploading !== null && (
            <div className="max-w-sm space-y-1">
              <p className="text-xs text-slate-600">{t.uploadingLogo}</p>
              <ProgressBar value={uploading} label={t.uploadingLogo} />
            </div>
          )}
        </div>
      </StepSection>

      <StepSection id="cover-title" title={t.cover} help={t.coverHelp}>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Field label={t.coverTitle}>{(id) => <Input id={id} value={cover.title} maxLength={300} placeholder={all.setup?.reportTitle} onChange={(e) => setCover({ title: e.target.value })} />}</Field>
            <Field label={t.coverSubtitle}>{(id) => <Input id={id} value={cover.subtitle} maxLength={300} onChange={(e) => setCover({ subtitle: e.target.value })} />}</Field>
            <Field label={t.coverClient}>{(id) => <Input id={id} value={cover.client} maxLength={200} placeholder={all.setup?.organizationName} onChange={(e) => setCover({ client: e.target.value })} />}</Field>
            <Field label={t.coverDate}>{(id) => <Input id={id} value={cover.date} maxLength={60} placeholder={today()} onChange={(e) => setCover({ date: e.target.value })} />}</Field>
            <Field label={t.coverPreparedBy}>{(id) => <Input id={id} value={cover.prepared_by} maxLength={200} placeholder={all.setup?.reportOwner} onChange={(e) => setCover({ prepared_by: e.target.value })} />}</Field>
            <Field label={t.coverConfidentiality}>
              {(id) => <Input id={id} value={cover.confidentiality} maxLength={300} placeholder={t.confidentialityPlaceholder} onChange={(e) => setCover({ confidentiality: e.target.value })} />}
            </Field>
          </div>
          <figure aria-label={t.preview} className="overflow-hidden rounded-lg border border-slate-200 shadow-sm" data-testid="cover-preview">
            <div className="flex h-12 items-center bg-white px-3">{v.brand.logo_key && logoUrl && <img src={logoUrl} alt="" className="h-8 max-w-32 object-contain" />}</div>
            <div className="space-y-1 px-4 py-6" style={{ backgroundColor: primary, color: textColourOn(primary) }}>
              <p className="text-lg font-bold leading-tight">{title}</p>
              {cover.subtitle && <p className="text-sm">{cover.subtitle}</p>}
            </div>
            {v.brand.secondaryColor && <div className="h-1.5" style={{ backgroundColor: v.brand.secondaryColor }} />}
            <figcaption className="space-y-0.5 bg-white px-4 py-3 text-xs text-slate-600">
              <p className="font-semibold text-slate-900">{cover.client || all.setup?.organizationName}</p>
              <p>{cover.date || today()}</p>
            </figcaption>
          </figure>
        </div>
      </StepSection>

      <StepSection id="template-title" title={t.template} help={t.templateHelp}>
        <TemplatePicker organizationId={all.setup?.organizationId || null} value={v.templates ?? NO_TEMPLATES} onChange={(templates) => onChange({ ...v, templates })} />
      </StepSection>

      <ConsistencyPanel title={t.checklist} issues={[...live, ...broken, ...(sourceConflicts ? [sourceConflicts] : [])]} onFix={fix} />

      {preReadResult && (
        <PreReadPanel
          result={preReadResult}
          whereOf={(key) => SECTION_TITLES[key as SectionKey] ?? key}
          onGoTo={(item) => void navigate(`${APP_BASE}/editor?report=${reportId}&section=${item.section}&at=${item.start}-${item.end}`)}
        />
      )}

      <div className="flex flex-wrap items-center gap-3">
        <Link to={`${APP_BASE}/editor?report=${reportId}`} className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50">
          <FilePenLine className="h-4 w-4" aria-hidden /> {t.openEditor}
        </Link>
        <Link to={`${APP_BASE}/exports?report=${reportId}`} className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50">
          <FileDown className="h-4 w-4" aria-hidden /> {t.openExports}
        </Link>
        <Button onClick={() => void complete()} disabled={completing || uploading !== null} aria-busy={completing}>
          {t.complete}
        </Button>
      </div>
    </div>
  );
}

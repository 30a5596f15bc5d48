import { Check, Save } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { progressPercent, WIZARD_STEP_COUNT, WIZARD_STEP_IDS, WIZARD_STEPS, type WizardStepId } from '@shared/domain/wizard-steps';
import { reportTexts } from '@shared/messages/sections';
import { wizardTexts } from '@shared/messages/wizard';
import type { ConsistencyItem, SectionKey } from '@shared/schemas/report-document';
import { Badge } from '@/components/ui/badge';
import { SaveBadge } from '@/components/ui/save-badge';
import { Button } from '@/components/ui/button';
import { ProviderLogo } from '@/components/ui/brand';
import { PageSkeleton } from '@/components/ui/skeleton';
import { ProgressBar } from '@/components/ui/progress';
import { DashboardBackLink } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { FinalBanner, useReport } from '@/features/reports';
import { useReviews } from '@/features/reviews/queries';
import { CitationReaderProvider, composeSections, useInvalidateReport } from '@/features/sections';
import { useWizard } from '../hooks/use-wizard';
import { notify } from '../lib/notify';
import type { WizardData, WizardState } from '../lib/types';
import { ConflictDialog } from './conflict-dialog';
import { ComposeConfirmDialog, ReportStepFrame } from './report-step-frame';
import { SaveFileDialog } from './save-file-dialog';
import { STEP_REGISTRY, type StepContext } from './step-registry';

const t = wizardTexts;
const ADVANCE_MS = 1000;
const NO_BROKEN: ReadonlySet<string> = new Set();

/** A step's form, rendered as a component of its own: its context's handlers are called on events, never while rendering. */
function StepBody({ render, ctx }: { render: (ctx: StepContext) => ReactNode; ctx: StepContext }) {
  return render(ctx);
}

/** Moves focus to an item a consistency warning names, once its step has rendered it. */
function focusItem(id: string, tries = 40) {
  const el = document.getElementById(`item-${id}`);
  if (el) {
    el.scrollIntoView({ block: 'center' });
    el.focus();
  } else if (tries > 0) requestAnimationFrame(() => focusItem(id, tries - 1));
}

export function WizardPage() {
  const { '*': splat = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reportParam = params.get('report');
  const wiz = useWizard(reportParam);
  const { state, update, save, complete } = wiz;
  const [saveOpen, setSaveOpen] = useState(false);
  const [composeAsk, setComposeAsk] = useState<{ reportId: string; keys: SectionKey[]; titles: string[] } | null>(null);
  const advanceTimer = useRef<number | undefined>(undefined);
  const invalidateReport = useInvalidateReport();
  const stepId = splat.split('/')[0] ?? '';
  const index = (WIZARD_STEP_IDS as readonly string[]).indexOf(stepId);
  const reportId = state?.reportId ?? null;
  // a Final report's steps are shown read-only (the server refuses their changes) until a lead reopens it
  const report = useReport(reportId ?? undefined);
  const final = report.data?.status === 'Final';
  const reviews = useReviews(reportId ?? undefined, final);

  const urlFor = useCallback((i: number, id: string | null = reportId) => `${APP_BASE}/wizards/${WIZARD_STEP_IDS[i]}${id ? `?report=${id}` : ''}`, [reportId]);
  const go = useCallback((i: number) => void navigate(urlFor(i)), [navigate, urlFor]);

  // the current step follows the URL (sidebar, Previous/Next, browser history) and is saved with the progress,
  // so that Edit from the dashboard resumes where the user was
  const current = state?.current;
  useEffect(() => {
    if (current === undefined || index < 0 || current === index) return;
    update((s) => ({ ...s, current: index }));
    if (reportId) void save('auto');
  }, [index, current, reportId, update, save]);

  // Edit from the dashboard (no step in the URL): resume at the saved step
  const resumable = Boolean(state && reportId && (state.completed.length > 0 || state.current > 0));
  useEffect(() => {
    if (index < 0 && resumable && current !== undefined) void navigate(urlFor(current), { replace: true });
  }, [index, resumable, current, navigate, urlFor]);

  useEffect(() => () => window.clearTimeout(advanceTimer.current), []);

  /** Writes the sections a step feeds; a section edited by hand is overwritten only if the user says so. */
  const compose = useCallback(
    async (id: string, keys: SectionKey[], overwrite: SectionKey[] = []) => {
      if (!keys.length) return;
      try {
        const res = await composeSections(id, { keys, overwrite });
        void invalidateReport(id);
        if (res.needs_confirmation.length) {
          setComposeAsk({ reportId: id, keys: res.needs_confirmation.map((n) => n.key), titles: res.needs_confirmation.map((n) => n.title) });
        }
      } catch {
        notify.error(reportTexts.compose.failed);
      }
    },
    [invalidateReport],
  );

  if (!state) return <PageSkeleton />;

  const completedCount = state.completed.length;
  const reportRef = state.reportId ?? state.placeholderId;

  /** The spec's auto-advance: 1 s after a step is completed, the wizard moves to the next one (unless it is the last). */
  function advanceFrom(id: WizardStepId, target: string | null) {
    const at = WIZARD_STEP_IDS.indexOf(id);
    if (at >= WIZARD_STEP_COUNT - 1) return;
    window.clearTimeout(advanceTimer.current);
    advanceTimer.current = window.setTimeout(() => void navigate(urlFor(at + 1, target)), ADVANCE_MS);
  }

  /**
   * A step's complete button passed validation: one server operation stores it, marks it completed and composes
   * the sections it feeds; sections edited by hand are only overwritten when the user confirms. Then, after 1 s,
   * the wizard moves on.
   */
  async function completeStep(id: WizardStepId, data: unknown) {
    notify.success(t.toasts.stepDone);
    const target = state?.reportId ?? null;
    const done = await complete(id, data);
    if (done.result && target) {
      void invalidateReport(target);
      const ask = done.result.needs_confirmation;
      if (ask.length) setComposeAsk({ reportId: target, keys: ask.map((n) => n.key as SectionKey), titles: ask.map((n) => n.title) });
    }
    if (done.outcome !== 'conflict' && done.outcome !== 'failed') advanceFrom(id, target);
  }

  const setStepData = (id: WizardStepId, data: unknown) => update((s) => ({ ...s, data: { ...s.data, [id]: data } }));

  async function next() {
    await save('manual');
    if (index < WIZARD_STEP_COUNT - 1) go(index + 1);
  }

  function restore(data: WizardData) {
    update((s: WizardState) => ({ ...s, data }));
  }

  function fix(item: ConsistencyItem) {
    const at = (WIZARD_STEP_IDS as readonly string[]).indexOf(item.step);
    if (at >= 0 && at !== index) go(at);
    focusItem(item.id);
  }

  const ctx: StepContext = {
    state,
    reportRef,
    setData: (id, data) => setStepData(id, data),
    complete: (id, data) => void completeStep(id, data),
    onSetupCreated: (result) => {
      // organization, report, the setup step and its completion are stored (one transaction on the server)
      wiz.attachSetup(result);
      void navigate(urlFor(0, result.report_id), { replace: true });
      advanceFrom('setup', result.report_id);
    },
    fix,
  };

  const step = index >= 0 ? WIZARD_STEPS[index]! : undefined;
  const def = step ? STEP_REGISTRY[step.id] : undefined;

  function completeReportStep() {
    if (!def) return;
    const done = def.check(state!.data);
    if (!done.ok) return void notify.error(done.message);
    // a step the user never touched completes with its schema's defaults (an empty roadmap, say)
    void completeStep(def.id, state!.data[def.id] ?? z.parse(def.schema, {}));
  }

  return (
    <CitationReaderProvider reportRef={reportRef}>
      <div className="mx-auto max-w-7xl space-y-6 p-4 sm:p-8">
        <header className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <DashboardBackLink />
            <h1 className="text-2xl font-semibold tracking-tight">{t.title}</h1>
            <SaveBadge lastSaved={state.lastSaved} />
          </div>
          <div className="flex items-center gap-3">
            <ProviderLogo className="hidden md:flex" />
            <Button variant="outline" onClick={() => setSaveOpen(true)}>
              <Save className="h-4 w-4" aria-hidden /> {t.save}
            </Button>
          </div>
        </header>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
          <aside className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
            <ProgressBar value={progressPercent(state.completed)} label="Wizard progress" />
            <p className="text-sm text-slate-600" data-testid="steps-completed">
              {t.stepsCompleted(completedCount, WIZARD_STEP_COUNT)}
            </p>
            <nav aria-label="Wizard steps">
              <ol className="space-y-1">
                {WIZARD_STEPS.map((s, i) => {
                  const done = state.completed.includes(s.id);
                  return (
                    <li key={s.id}>
                      <button
                        type="button"
                        onClick={() => go(i)}
                        aria-current={i === index ? 'step' : undefined}
                        className={cn('flex w-full items-start gap-3 rounded-lg p-2 text-left hover:bg-slate-50', i === index && 'bg-sky-50 ring-1 ring-sky-200')}
                      >
                        <span
                          className={cn(
                            'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                            done ? 'bg-emerald-600 text-white' : 'bg-slate-200 text-slate-700',
                          )}
                          aria-label={done ? 'completed' : undefined}
                        >
                          {done ? <Check className="h-3.5 w-3.5" aria-hidden /> : i + 1}
                        </span>
                        <span>
                          <span className="block text-sm font-medium text-slate-900">{s.title}</span>
                          <span className="block text-xs text-slate-600">{s.description}</span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            </nav>
          </aside>

          <div className="space-y-4">
            {final && reportId && <FinalBanner reportId={reportId} canReopen={Boolean(reviews.data?.can_reopen)} />}
            {!step || !def ? (
              <section className="rounded-xl border border-dashed border-slate-300 bg-white p-12 text-center">
                <p className="text-lg text-slate-700">{t.emptyTitle}</p>
                <Button className="mt-4" onClick={() => go(0)}>
                  {t.startSetup}
                </Button>
              </section>
            ) : (
              <>
                <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="step-title">
                  <div className="mb-6 flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 pb-4">
                    <div>
                      <h2 id="step-title" className="text-xl font-semibold">
                        {step.title}
                      </h2>
                      <p className="text-sm text-slate-600">{step.description}</p>
                    </div>
                    <Badge>{t.stepOf(index + 1, WIZARD_STEP_COUNT)}</Badge>
                  </div>
                  {/* a Final report: every control of the step is disabled (a disabled fieldset disables what it holds) */}
                  <fieldset disabled={final} className="m-0 min-w-0 border-0 p-0" data-testid="step-fieldset">
                  {def.draft ? (
                    <ReportStepFrame
                      stepId={def.id}
                      draft={def.draft}
                      data={state.data}
                      reportId={state.reportId}
                      stepVersion={state.stepVersions[def.id]}
                      brokenCitations={NO_BROKEN}
                      onAccepted={(data, version) => wiz.applyServerStep(def.id, data, version)}
                      onComplete={completeReportStep}
                      onFix={fix}
                    >
                      <StepBody render={def.render} ctx={ctx} />
                    </ReportStepFrame>
                  ) : (
                    <div className="space-y-6">
                      <StepBody render={def.render} ctx={ctx} />
                    </div>
                  )}
                  </fieldset>
                </section>
                <footer className="flex justify-between">
                  <Button variant="outline" disabled={index === 0} onClick={() => go(index - 1)}>
                    {t.previous}
                  </Button>
                  <Button variant="outline" disabled={index === WIZARD_STEP_COUNT - 1} onClick={() => void next()}>
                    {t.next}
                  </Button>
                </footer>
              </>
            )}
          </div>
        </div>

        <SaveFileDialog open={saveOpen} onOpenChange={setSaveOpen} reportId={state.reportId} data={state.data} onRestore={(data) => restore(data)} />
        <ConflictDialog conflict={wiz.conflict} onLoadNewer={() => void wiz.loadNewer()} onKeepMine={() => void wiz.keepMine()} />
        <ComposeConfirmDialog
          titles={composeAsk?.titles ?? null}
          onChoose={(overwrite) => {
            const ask = composeAsk;
            setComposeAsk(null);
            if (overwrite && ask) void compose(ask.reportId, ask.keys, ask.keys);
          }}
        />
      </div>
    </CitationReaderProvider>
  );
}

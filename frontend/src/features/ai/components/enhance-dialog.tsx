import { useId, useState } from 'react';
import { editorTexts } from '@shared/messages/editor';
import { ENHANCE_INSTRUCTIONS, type Citation, type EnhanceInstruction, type SectionKey } from '@shared/schemas/report-document';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { DiffView, droppedCitations, wordDiff } from '@/features/sections';
import { useEnhanceSection } from '../api/enhance-section';

const t = editorTexts.enhance;

/**
 * AI Enhance on the selection or the whole section: an instruction (or the user's own), a proposal shown as
 * a diff against the current text, then accept or reject. Citations the proposal drops are named, and kept.
 */
export function EnhanceDialog({
  open,
  onOpenChange,
  reportId,
  sectionKey,
  text,
  scope,
  onAccept,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reportId: string;
  sectionKey: SectionKey;
  text: string;
  scope: 'selection' | 'all';
  onAccept: (proposed: string, added: Citation[]) => void;
}) {
  const ids = useId();
  const [instruction, setInstruction] = useState<EnhanceInstruction>('tighten');
  const [custom, setCustom] = useState('');
  const enhance = useEnhanceSection(reportId, sectionKey);
  const busy = enhance.isPending;
  const [proposal, setProposal] = useState<{ text: string; added: Citation[]; dropped: string[] } | null>(null);

  async function propose() {
    try {
      const res = await enhance.mutateAsync({ text, instruction, custom });
      setProposal({ text: res.proposed, added: res.citations_added, dropped: droppedCitations(text, res.proposed) });
    } catch (error) {
      notify.error(t.failed, error instanceof ApiError ? error.detail : undefined);
    }
  }

  const close = (o: boolean) => {
    if (!o) setProposal(null);
    onOpenChange(o);
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t.title} description={scope === 'selection' ? t.scopeSelection : t.scopeAll} className="max-w-4xl">
      <div className="space-y-4">
        <div className="grid grid-cols-1 gap-3 md:grid-cols-[16rem_1fr_auto] md:items-end">
          <div className="space-y-1">
            <Label htmlFor={`${ids}-instruction`}>{t.instruction}</Label>
            <Select
              id={`${ids}-instruction`}
              value={instruction}
              options={ENHANCE_INSTRUCTIONS.map((i) => ({ value: i, label: t.instructions[i] }))}
              onChange={(e) => setInstruction(e.target.value as EnhanceInstruction)}
            />
          </div>
          <div className="space-y-1">
            {instruction === 'custom' && (
              <>
                <Label htmlFor={`${ids}-custom`}>{t.custom}</Label>
                <Input id={`${ids}-custom`} value={custom} maxLength={500} onChange={(e) => setCustom(e.target.value)} />
              </>
            )}
          </div>
          <Button onClick={() => void propose()} disabled={busy || (instruction === 'custom' && !custom.trim())}>
            {busy ? t.running : t.run}
          </Button>
        </div>
        {proposal && (
          <section className="space-y-2" aria-label={t.proposal}>
            <h3 className="text-sm font-semibold">{t.proposal}</h3>
            {proposal.text === text ? <p className="text-sm text-slate-600">{t.unchanged}</p> : <DiffView parts={wordDiff(text, proposal.text)} label={t.proposal} />}
            {proposal.dropped.length > 0 && <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">{t.dropped(proposal.dropped)}</p>}
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setProposal(null)}>
                {t.reject}
              </Button>
              <Button
                disabled={proposal.text === text}
                onClick={() => {
                  onAccept(proposal.text, proposal.added);
                  notify.success(t.accepted);
                  close(false);
                }}
              >
                {t.accept}
              </Button>
            </div>
          </section>
        )}
      </div>
    </Dialog>
  );
}

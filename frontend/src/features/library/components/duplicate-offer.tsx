import { libraryTexts } from '@shared/messages/library';
import type { DuplicateOffer } from '@shared/schemas/evidence';
import { Button } from '@/components/ui/button';

const t = libraryTexts.duplicate;

/** After an upload the client's library already held: the offer to use the existing item instead of the new copy. */
export function DuplicateOfferBanner({ offer, busy, onReuse, onKeep }: { offer: DuplicateOffer; busy: boolean; onReuse: () => void; onKeep: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="status" data-testid="duplicate-offer">
      <p className="min-w-64 flex-1">{offer.kind === 'same_content' ? t.sameContent(offer.title) : t.similarText(offer.title, Math.round(offer.similarity * 100))}</p>
      <Button type="button" size="sm" onClick={onReuse} disabled={busy}>
        {t.reuse}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onKeep} disabled={busy}>
        {t.keep}
      </Button>
    </div>
  );
}

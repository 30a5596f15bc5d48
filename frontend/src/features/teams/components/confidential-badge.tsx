import { Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.teams.confidential;

/** The lock shown wherever a confidential client is listed; its accessible text says what it means. */
export function ConfidentialBadge() {
  return (
    <Badge tone="warning" className="gap-1" title={t.badgeLabel} data-testid="confidential-badge">
      <Lock className="h-3 w-3" aria-hidden />
      <span aria-hidden>{t.badge}</span>
      <span className="sr-only">{t.badgeLabel}</span>
    </Badge>
  );
}

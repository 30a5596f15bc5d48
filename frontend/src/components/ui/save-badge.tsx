import { useEffect, useState } from 'react';
import { wizardTexts } from '@shared/messages/wizard';
import { Badge } from './badge';

/** "Auto-saved N minutes ago" (or "No recent saves"), kept current by a clock that ticks every 15 s. */
export function SaveBadge({ lastSaved }: { lastSaved: string | null }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  if (!lastSaved) return <Badge data-testid="save-badge">{wizardTexts.noRecentSaves}</Badge>;
  // a save made after the last tick counts as now, never as minus one minute
  const minutes = Math.max(0, Math.floor((now - Date.parse(lastSaved)) / 60_000));
  return (
    <Badge tone="success" data-testid="save-badge">
      {wizardTexts.autoSaved(minutes)}
    </Badge>
  );
}

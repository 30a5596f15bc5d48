import { useState } from 'react';
import { toast } from 'sonner';
import { federatedSignInTexts } from '@shared/messages/auth';
import type { FederatedSignInConfig } from '@shared/resources/web';
import { Button } from '@/components/ui/button';
import { beginFederatedSignIn } from '../lib/federated-sign-in';

const t = federatedSignInTexts;

/** "Sign in with <provider>": to Cognito's hosted UI (authorization code with PKCE), straight to the firm's IdP. */
export function FederatedSignInButton({ config }: { config: FederatedSignInConfig }) {
  const [busy, setBusy] = useState(false);

  async function start() {
    if (busy) return;
    if (!globalThis.crypto?.subtle) return void toast.error(t.cryptoUnavailable);
    setBusy(true);
    try {
      window.location.assign(await beginFederatedSignIn(config, { origin: window.location.origin, storage: window.sessionStorage }));
    } catch {
      setBusy(false);
      toast.error(t.cryptoUnavailable);
    }
  }

  return (
    <div className="space-y-4">
      <Button type="button" className="w-full" size="lg" onClick={() => void start()} disabled={busy}>
        {busy ? t.busy : t.button(config.label)}
      </Button>
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" role="separator" aria-label={t.divider}>
        <span className="h-px flex-1 bg-slate-200" />
        {t.divider}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  );
}

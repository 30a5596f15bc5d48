import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { APP_BASE, FEDERATED_CALLBACK_PATH } from '@shared/constants';
import { authTexts, federatedSignInTexts } from '@shared/messages/auth';
import { ProviderLogo } from '@/components/ui/brand';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useFederatedSignIn } from '../api/federated-sign-in';
import { useSession } from '../hooks/use-session';
import { finishFederatedSignIn, type CallbackResult } from '../lib/federated-sign-in';

const t = federatedSignInTexts;

/** The callback's answer for this address, computed once (a second read would find the sign-in used up). */
const readResults = new Map<string, CallbackResult>();
function readCallbackOnce(search: string): CallbackResult {
  let result = readResults.get(search);
  if (!result) {
    result = finishFederatedSignIn(search, { storage: window.sessionStorage });
    readResults.set(search, result);
  }
  return result;
}

function failureText(result: Extract<CallbackResult, { ok: false }>): string {
  if (result.reason === 'provider-error') return t.providerError(result.description);
  return result.reason === 'missing-code' ? t.missingCode : t.stateMismatch;
}

/**
 * Where the hosted UI returns: checks the state against the sign-in this tab started, then the API exchanges
 * the code (with this tab's PKCE verifier) for a session, started the same way as a password sign-in.
 */
export function FederatedCallback() {
  const navigate = useNavigate();
  const session = useSession();
  const exchange = useFederatedSignIn();
  // read once per page load (the pending sign-in is single use; StrictMode renders twice)
  const [result] = useState(() => readCallbackOnce(window.location.search));
  const [exchangeFailure, setExchangeFailure] = useState<string | null>(null);
  const started = useRef(false);
  const failure = result.ok ? exchangeFailure : failureText(result);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // the code is single use: keep it out of the history and of any later copy of the address
    window.history.replaceState(null, '', FEDERATED_CALLBACK_PATH);
    if (!result.ok) return;
    exchange.mutate(
      { code: result.code, code_verifier: result.verifier },
      {
        onSuccess: ({ token, user }) => {
          session.login(token, user);
          toast.success(authTexts.toasts.loginSuccess);
          void navigate(APP_BASE, { replace: true });
        },
        onError: (error) => setExchangeFailure(error instanceof ApiError && error.detail ? error.detail : t.callbackFailed),
      },
    );
  }, [exchange, navigate, result, session]);

  return (
    <div className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md space-y-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <ProviderLogo />
        </div>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">{t.callbackHeading}</h1>
          </CardHeader>
          <CardContent>
            {failure ? (
              <div className="space-y-4">
                <p role="alert" className="text-sm text-red-700">
                  {t.callbackFailed} {failure}
                </p>
                <Link to="/login" replace className="text-sm font-medium text-blue-700 underline underline-offset-2">
                  {t.backToSignIn}
                </Link>
              </div>
            ) : (
              <p role="status" aria-live="polite" className="text-sm text-slate-600">
                {t.callbackBusy}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

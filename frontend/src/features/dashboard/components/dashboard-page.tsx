import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { ProviderLogo } from '@/components/ui/brand';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth/hooks/use-session';

export function DashboardPage() {
  const { state, logout } = useSession();
  const navigate = useNavigate();

  async function signOut() {
    await logout();
    toast.success(messages.auth.toasts.signedOut);
    navigate('/login', { replace: true });
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="space-y-1">
          <ProviderLogo />
          <h1 className="text-2xl font-semibold tracking-tight">{messages.dashboard.heading}</h1>
          {state.user && <p className="text-sm text-slate-500">{state.user.name}</p>}
        </div>
        <Button variant="outline" onClick={() => void signOut()}>
          <LogOut className="h-4 w-4" aria-hidden />
          {messages.dashboard.signOut}
        </Button>
      </header>
    </div>
  );
}

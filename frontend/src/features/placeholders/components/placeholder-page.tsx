import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { messages } from '@shared/messages';
import { ProviderLogo } from '@/components/ui/brand';

/** A protected page whose capability arrives with a later issue. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-8">
      <div className="flex items-center justify-between">
        <Link to={APP_BASE} className="inline-flex items-center gap-2 text-sm text-slate-600 hover:text-slate-900">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {messages.common.backToDashboard}
        </Link>
        <ProviderLogo />
      </div>
      <h1 className="text-2xl font-semibold">{title}</h1>
    </div>
  );
}

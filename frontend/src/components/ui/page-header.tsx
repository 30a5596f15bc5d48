import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { shellCommon } from '@shared/messages/shell';
import { ProviderLogo } from './brand';

/** A tool page's header: back to the dashboard, the page's title and subtitle, its actions, the provider logo. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle: string; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div className="space-y-1">
        <Link to={APP_BASE} className="inline-flex items-center gap-2 text-sm text-slate-600 hover:text-slate-900">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {shellCommon.backToDashboard}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-slate-600">{subtitle}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {children}
        <ProviderLogo />
      </div>
    </header>
  );
}

/** A working page's way back (the editor, the wizard, exports): an arrow to the dashboard, named for screen readers. */
export function DashboardBackLink() {
  return (
    <Link to={APP_BASE} aria-label={shellCommon.backToDashboard} className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
      <ArrowLeft className="h-5 w-5" aria-hidden />
    </Link>
  );
}

import { useEffect, useLayoutEffect, useRef } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { shell } from '@shared/messages/shell';
import { Button } from '@/components/ui/button';
import { removeBootShell } from '@/lib/boot-shell';

// the shell's texts only: this shows when a page's own code (and the whole text table) may not have loaded
const t = shell.common.pageError;

/**
 * The router's errorElement: a page that threw while rendering (or whose code failed to load, e.g. after a
 * deploy replaced its chunk or the network dropped) shows this instead of a blank screen. "Try again" loads
 * the page afresh; the dashboard link is always a way out. The layout (and its footer) stays.
 */
export function RouteError() {
  const error = useRouteError();
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(removeBootShell, []);
  useEffect(() => heading.current?.focus(), []);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-start gap-4 p-8" data-testid="page-error">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
        {t.title}
      </h1>
      <p className="text-slate-700">{t.body}</p>
      {detail && <p className="text-sm break-words text-slate-600">{detail}</p>}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>{t.retry}</Button>
        <Link
          to={APP_BASE}
          reloadDocument
          className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-slate-400 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          {shell.common.backToDashboard}
        </Link>
      </div>
    </div>
  );
}

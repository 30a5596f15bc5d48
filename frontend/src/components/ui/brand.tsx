import { COPYRIGHT_YEAR } from '@shared/constants';
import { shell } from '@shared/messages/shell';
import { useRuntimeConfig } from '@/app/runtime-config-context';
import { cn } from '@/lib/cn';

/** The provider's logo: the configured image, or the built-in mark with the provider's name. */
export function ProviderLogo({ className }: { className?: string }) {
  const { providerName, logoUrl } = useRuntimeConfig();
  return (
    <div className={cn('flex items-center gap-2', className)} data-testid="provider-logo">
      {logoUrl ? (
        <img src={logoUrl} alt={providerName} className="h-9 w-auto" />
      ) : (
        <>
          <svg viewBox="0 0 32 32" className="h-9 w-9" role="img" aria-label={`${providerName} logo`}>
            <rect width="32" height="32" rx="7" fill="#1e293b" />
            <path d="M9 22l7-13 7 13" fill="none" stroke="#38bdf8" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M12 18h8" stroke="#f8fafc" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          <span className="text-lg font-semibold tracking-tight text-slate-900">{providerName}</span>
        </>
      )}
    </div>
  );
}

export function Footer() {
  const { providerName } = useRuntimeConfig();
  return (
    <footer className="border-t border-slate-200 bg-white py-4 text-center text-sm text-slate-500">
      {shell.brand.footer(providerName, COPYRIGHT_YEAR)}
    </footer>
  );
}

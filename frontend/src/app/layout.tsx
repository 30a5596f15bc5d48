import { Outlet } from 'react-router';
import { Footer } from '@/components/ui/brand';

/** Every page: content above, the provider's footer below. */
export function AppLayout() {
  return (
    <div className="flex min-h-full flex-col">
      {/* at least a screen tall: the footer starts below the fold, so content that loads never pushes a visible footer (CLS 0) */}
      <main className="min-h-screen flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

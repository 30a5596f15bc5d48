import { Outlet } from 'react-router';
import { Footer } from '@/components/ui/brand';

/** Every page: content above, the provider's footer below. */
export function AppLayout() {
  return (
    <div className="flex min-h-full flex-col">
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

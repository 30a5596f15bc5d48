import { ChevronDown, UserCircle2 } from 'lucide-react';
import { forwardRef } from 'react';
import { dashboardTexts } from '@shared/messages/dashboard';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useSession } from '@/features/auth';

/**
 * The account menu's button. The page draws it at once; the menu (and its code) takes it over when loaded
 * (account-menu.tsx), in the same place and size.
 */
export const AccountButton = forwardRef<HTMLButtonElement, ButtonProps>(function AccountButton(props, ref) {
  const { state } = useSession();
  return (
    <Button ref={ref} variant="outline" aria-label={dashboardTexts.accountMenu} {...props}>
      <UserCircle2 className="h-4 w-4" aria-hidden />
      <span className="hidden max-w-40 truncate sm:inline">{state.user?.username}</span>
      <ChevronDown className="h-4 w-4" aria-hidden />
    </Button>
  );
});

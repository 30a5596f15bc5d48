import { toast } from 'sonner';

/** Wizard toasts last 3 seconds (spec section 9). */
const duration = 3000;
export const notify = {
  success: (message: string, description?: string) => toast.success(message, { duration, description }),
  error: (message: string, description?: string) => toast.error(message, { duration, description }),
  info: (message: string, description?: string) => toast.info(message, { duration, description }),
};
export const WIZARD_TOAST_MS = duration;

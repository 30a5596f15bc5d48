import { toast } from 'sonner';

/** Wizard toasts last 3 seconds (spec section 9). */
const duration = 3000;
export const notify = {
  /** `id`: one toast for the same event however often it is raised (a second raise replaces the first) */
  success: (message: string, description?: string, id?: string) => toast.success(message, { duration, description, id }),
  error: (message: string, description?: string, id?: string) => toast.error(message, { duration, description, id }),
  info: (message: string, description?: string) => toast.info(message, { duration, description }),
};
export const WIZARD_TOAST_MS = duration;

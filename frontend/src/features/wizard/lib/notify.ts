export { notify, WIZARD_TOAST_MS } from '@/lib/notify';

/** The bell: notifications, polled cheaply, and the email setting. */
export { NotificationBell } from './components/notification-bell';
export { NotificationSettingsDialog } from './components/notification-settings';

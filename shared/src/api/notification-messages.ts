/**
 * The notifications feature's constants and messages, apart from its zod schemas so the portal's
 * screens take them without zod.
 */

/** Spec section 9: the list refreshes every 5 minutes. */
export const NOTIFICATIONS_REFRESH_MS = 5 * 60 * 1000;
/** The newest this many are listed (and the unread count counts those). */
export const MAX_NOTIFICATIONS = 100;

export const NOTIFICATION_MESSAGES = {
  /** Spec sections 2 and 8. */
  noUnread: 'No unread notification',
  markAllConfirm: 'Mark all read?',
  blocked: 'Notification blocked by user!',
  alreadyEnabled: 'Notification already enabled!',
  enabled: 'Notification enabled!',
  turnedOff: 'Notifications turned off in this browser.',
  unsupported: 'This browser cannot receive notifications.',
  notFound: 'Notification not found!',
  fcmNotConfigured: 'This institute does not send notifications through Firebase.',
  pushNotConfigured: 'Push notifications are not set up on this server.',
} as const;

import { readFileSync } from 'node:fs';
import type { PushPayload } from '@invigil/shared/api/notifications';
import type { Logger } from '../../platform/lib/logger';

/** What became of one message to one FCM registration token. */
export type FcmOutcome = 'sent' | 'gone' | { error: string };

export interface FcmSender {
  send(token: string, payload: PushPayload): Promise<FcmOutcome>;
}

/** The part of firebase-admin this adapter uses (its modular API, v10 and later). */
interface FirebaseAppModule {
  initializeApp(options: { credential: unknown; projectId?: string }, name: string): unknown;
  getApps(): { name: string }[];
  getApp(name: string): unknown;
  cert(serviceAccount: object): unknown;
}
interface FirebaseMessagingModule {
  getMessaging(app: unknown): { send(message: object): Promise<string> };
}

/** FCM's answers meaning the token will never work again: the row is removed. */
const GONE_CODES = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

const APP_NAME = 'invigil-push';

/**
 * Loads the optional Firebase Cloud Messaging adapter: only an institute that configured a Firebase
 * project (FIREBASE_SERVICE_ACCOUNT) needs it, for the tokens of native apps packaging the portal.
 * firebase-admin is imported at run time, so the default install and build do without it; null
 * (and a logged reason) when it is not installed or the service account cannot be read.
 */
export async function loadFcmSender(
  serviceAccountPath: string,
  logger: Logger,
  importModule: (specifier: string) => Promise<unknown> = (specifier) => import(specifier),
): Promise<FcmSender | null> {
  let app: FirebaseAppModule;
  let messagingModule: FirebaseMessagingModule;
  try {
    // Specifiers in variables: the bundler leaves them to run time.
    const appSpecifier = 'firebase-admin/app';
    const messagingSpecifier = 'firebase-admin/messaging';
    app = (await importModule(appSpecifier)) as FirebaseAppModule;
    messagingModule = (await importModule(messagingSpecifier)) as FirebaseMessagingModule;
  } catch (error) {
    logger.error('FIREBASE_SERVICE_ACCOUNT is set but firebase-admin cannot be loaded (npm install firebase-admin -w server):', error);
    return null;
  }
  let serviceAccount: { project_id?: unknown };
  try {
    serviceAccount = JSON.parse(readFileSync(serviceAccountPath, 'utf8')) as typeof serviceAccount;
  } catch (error) {
    logger.error(`The Firebase service account ${serviceAccountPath} cannot be read:`, error);
    return null;
  }
  const firebaseApp = app.getApps().some((existing) => existing.name === APP_NAME)
    ? app.getApp(APP_NAME)
    : app.initializeApp(
        { credential: app.cert(serviceAccount), ...(typeof serviceAccount.project_id === 'string' ? { projectId: serviceAccount.project_id } : {}) },
        APP_NAME,
      );
  const messaging = messagingModule.getMessaging(firebaseApp);
  return {
    async send(token, payload) {
      try {
        await messaging.send({
          token,
          notification: { title: payload.title, body: payload.body },
          data: { id: payload.id, url: payload.url },
        });
        return 'sent';
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && GONE_CODES.has(code)) return 'gone';
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

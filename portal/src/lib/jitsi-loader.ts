/**
 * What the portal uses of the Jitsi Meet IFrame API (https://jitsi.github.io/handbook/docs/dev-guide/dev-guide-iframe):
 * the live-class page (a room in a frame) and video proctoring (events, the room's password).
 */
export interface JitsiMeetApi {
  getIFrame(): HTMLIFrameElement;
  dispose(): void;
  addListener?(event: string, listener: (data: Record<string, unknown>) => void): void;
  executeCommand?(command: string, ...args: unknown[]): void;
}

export interface JitsiMeetOptions {
  roomName: string;
  parentNode: HTMLElement;
  width?: string | number;
  height?: string | number;
  userInfo?: { displayName?: string };
  configOverwrite?: Record<string, unknown>;
  interfaceConfigOverwrite?: Record<string, unknown>;
}

export type JitsiMeetConstructor = new (domain: string, options: JitsiMeetOptions) => JitsiMeetApi;

declare global {
  interface Window {
    JitsiMeetExternalAPI?: JitsiMeetConstructor;
  }
}

/** How long the script may take before the page says the room cannot be reached (not a blank frame forever). */
export const JITSI_SCRIPT_TIMEOUT_MS = 15_000;

const loads = new Map<string, Promise<JitsiMeetConstructor>>();

/**
 * Loads https://{domain}/external_api.js once (the portal's CSP allows that domain only when the
 * institute configures it). Rejects on a load error or after the timeout; a failed load is
 * forgotten, so trying again fetches it anew.
 */
export function loadJitsiApi(domain: string, timeoutMs = JITSI_SCRIPT_TIMEOUT_MS): Promise<JitsiMeetConstructor> {
  const known = loads.get(domain);
  if (known) return known;
  const load = new Promise<JitsiMeetConstructor>((resolve, reject) => {
    if (window.JitsiMeetExternalAPI) {
      resolve(window.JitsiMeetExternalAPI);
      return;
    }
    const script = document.createElement('script');
    script.src = `https://${domain}/external_api.js`;
    script.async = true;
    const fail = (why: string) => {
      window.clearTimeout(timer);
      script.remove();
      loads.delete(domain);
      reject(new Error(why));
    };
    const timer = window.setTimeout(() => fail('timeout'), timeoutMs);
    script.onerror = () => fail('error');
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.JitsiMeetExternalAPI) resolve(window.JitsiMeetExternalAPI);
      else fail('no api');
    };
    document.head.append(script);
  });
  loads.set(domain, load);
  return load;
}

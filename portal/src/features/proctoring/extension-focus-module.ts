import { API_PREFIX } from '@invigil/shared/api/http';
import { focusSettings } from '@invigil/shared/proctor/focus-policy';
import { cameraSettings } from '@invigil/shared/proctor/camera-policy';
import { speechSettings } from '@invigil/shared/proctor/speech-policy';
import type { MediaSettings, MediaStatus, ProctorRelay, ScreenChoice } from '@invigil/shared/protocol/messages';
import { signal } from '@preact/signals-react';
import { extensionLink } from '../extension/extension-status';
import { proctorRestarts } from '../live/live-signals';
import type { EventReporter } from './event-reporter';
import { browserPrompts } from './browser-prompts';
import { chosenDevice } from '../tests/device-store';
import { blurCountKey, startFocusWatch } from './focus-module';
import { fetchProctorToken } from './proctor-api';
import type { ProctorContext, ProctorModule } from './proctor-module';
import { trailReporter } from './trail-reporter';
import { sessionValue } from './session-value';

/**
 * Set while the paired extension watches this attempt's tabs, windows and full screen; `fullScreen`
 * is its word on the window (the host's full-screen gate is then already satisfied).
 */
export const extensionWatch = signal<{ fullScreen: boolean } | null>(null);

/**
 * The extension's offscreen camera and microphone detectors for this attempt (decision 0016):
 * `pending` from the moment the page asks a paired extension until it answers, then what it says
 * of each; null when the extension does not run them (not paired, refused, lost). The page's
 * camera and speech modules stand down while their detector here is `running` (media-handover.ts).
 */
export const extensionMedia = signal<MediaStatus | 'pending' | null>(null);

/**
 * The paired extension's screen picker for this attempt (decision 0013): `pending` while the page
 * is still asking a paired extension to watch, the picker once it watches, null otherwise (the
 * screen share module then uses the page's own picker).
 */
export const extensionScreenPicker = signal<(() => Promise<ScreenChoice>) | 'pending' | null>(null);

/** The camera and microphone detectors the test asks for, for the extension to run. */
export function extensionMediaSettings(config: Readonly<Record<string, unknown>>, chosen: { camera?: string; microphone?: string } = {}, restart = 0): MediaSettings | undefined {
  const camera = cameraSettings(config);
  // The identity check keeps the face check in the page, with the profile photo (decision 0043).
  const face = { ...camera.face, enabled: camera.face.enabled && !camera.identity.enabled };
  const speech = speechSettings(config).enabled;
  if (!face.enabled && !speech) return undefined;
  return {
    face: face.enabled ? { normalIntervalMs: face.normalIntervalMs, detectedIntervalMs: face.detectedIntervalMs, confirmFrames: face.confirmFrames, confirmGapMs: face.confirmGapMs, ...(face.snapshot ? { snapshot: true } : {}) } : null,
    speech,
    ...(face.enabled && chosen.camera ? { camera: chosen.camera.slice(0, 300) } : {}),
    ...(speech && chosen.microphone ? { microphone: chosen.microphone.slice(0, 300) } : {}),
    // Other settings than the running ones make the offscreen document start its detectors afresh.
    ...(restart > 0 ? { restart: Math.min(restart, 1_000_000) } : {}),
  };
}

/**
 * Tab and window switches and full screen, watched by the paired extension when there is one
 * (decision 0014), else by the page (focus-module.ts). With the extension, the page does not count
 * switches itself (the extension's count is the one): it shows the warnings and submits as the
 * extension's relays say, and passes their events on to the trail with the extension's own ids
 * (the server keeps each id once, whoever delivers it first). It still watches the mouse leaving
 * the page, which only the page can see. If the extension refuses, never answers or goes silent,
 * the page watches by itself again, from the same count.
 */
export const extensionFocusModule: ProctorModule = {
  name: 'focus',
  start(ctx: ProctorContext) {
    const { win } = ctx;
    const countStore = sessionValue(blurCountKey(ctx.attemptKey));
    let stopPage = startFocusWatch(ctx, { switches: true });
    let stopped = false;
    let trying = false;
    let gaveUp = false;
    let stopExtension: (() => void) | null = null;
    let reporter: EventReporter | null = null;

    const relayReporter = () => (reporter ??= trailReporter(ctx.testId, `invigil-extension-relay-queue:${ctx.attemptKey}`));

    const onRelay = (relay: ProctorRelay, requestFullScreen: () => void) => {
      for (const event of relay.events) {
        relayReporter().report(event);
        const count = event.kind === 'BLUR' ? event.detail?.['count'] : undefined;
        if (typeof count === 'number') countStore.set(String(count));
      }
      if (relay.warning === null) ctx.warn('focus', null);
      else if (relay.warning) {
        const { warning } = relay;
        ctx.warn('focus', {
          ...warning,
          ...(warning.reason === 'FULLSCREEN' ? { action: { label: 'Return to full screen', run: requestFullScreen } } : {}),
        });
      }
      for (const { source, warning } of relay.mediaWarnings ?? []) {
        ctx.warn(source, warning ? { reason: warning.reason, title: warning.title, text: warning.text, submitAt: null, ...(warning.overlay ? { overlay: true } : {}) } : null);
      }
      if (relay.submit) ctx.submit(relay.submit);
    };

    /** What the other modules read of the extension: nothing, once it no longer watches. */
    const clearSignals = () => {
      extensionWatch.value = null;
      extensionMedia.value = null;
      extensionScreenPicker.value = null;
    };
    let unsubscribePrompts = () => {};

    const fallBack = (reason: string) => {
      stopExtension = null;
      unsubscribePrompts();
      gaveUp = true;
      clearSignals();
      if (stopped) return;
      ctx.warn('focus', null);
      // The page's own camera module takes over with its own warnings.
      if (media?.face) ctx.warn('camera', null);
      ctx.record('DETECTOR_UNAVAILABLE', { detail: { detector: 'extension', text: reason.slice(0, 200) } });
      stopPage();
      stopPage = startFocusWatch(ctx, { switches: true });
    };

    // The devices chosen on the device check, by label: the extension's origin has its own ids.
    const media = extensionMediaSettings(
      ctx.config,
      { camera: chosenDevice(ctx.testId, 'videoinput')?.label, microphone: chosenDevice(ctx.testId, 'audioinput')?.label },
      // The proctor's reloads and camera switch reach the offscreen detectors too.
      proctorRestarts.peek(),
    );
    const tryExtension = async () => {
      if (stopped || trying || gaveUp || stopExtension || !extensionLink.value) return;
      trying = true;
      if (media && extensionMedia.value === null) extensionMedia.value = 'pending';
      if (extensionScreenPicker.value === null) extensionScreenPicker.value = 'pending';
      try {
        const token = await fetchProctorToken(ctx.testId);
        const { startExtensionProctoring } = await import('../extension/extension-proctoring');
        if (stopped) return;
        let requestFullScreen = () => {};
        let fullScreenNow = false;
        const result = await startExtensionProctoring({
          win,
          testId: ctx.testId,
          apiBase: `${win.location.origin}${API_PREFIX}`,
          proctorToken: token.token,
          expiresAt: token.expires_at,
          settings: focusSettings(ctx.config, win.innerWidth),
          blurCount: Number(countStore.get()) || 0,
          ...(media ? { media } : {}),
          onMedia: (status) => {
            if (!stopped && !gaveUp && media) extensionMedia.value = status;
          },
          onRelay: (relay) => onRelay(relay, () => requestFullScreen()),
          onFullScreen: (fullScreen) => {
            fullScreenNow = fullScreen;
            if (!stopped && stopExtension) extensionWatch.value = { fullScreen };
          },
          onLost: fallBack,
        });
        if ('refused' in result) {
          // Stays with the page's own watch; a refusal is not retried.
          gaveUp = true;
          extensionMedia.value = null;
          extensionScreenPicker.value = null;
          return;
        }
        if (stopped) {
          result.stop();
          return;
        }
        requestFullScreen = () => result.requestFullScreen();
        // The browser's prompts the page opens (file chooser, screen picker) are not time away there either.
        unsubscribePrompts = browserPrompts.subscribe((ended) => result.prompt(ended === null));
        stopExtension = () => {
          unsubscribePrompts();
          result.stop();
        };
        extensionScreenPicker.value = () => result.shareScreen();
        // The extension counts now; the page keeps only the mouse.
        stopPage();
        stopPage = startFocusWatch(ctx, { switches: false });
        extensionWatch.value = { fullScreen: fullScreenNow };
      } catch {
        // No token (the test is not running) or no answer: the page watches by itself.
        if (!stopExtension) {
          extensionMedia.value = null;
          extensionScreenPicker.value = null;
        }
      } finally {
        trying = false;
      }
    };

    // Pairing may finish after the attempt opens (a reload straight onto the test).
    const unsubscribe = extensionLink.subscribe(() => void tryExtension());

    return () => {
      stopped = true;
      unsubscribe();
      stopPage();
      stopExtension?.();
      stopExtension = null;
      clearSignals();
      if (reporter) void reporter.flush().finally(() => reporter?.stop());
    };
  },
};

import type { ProctorDetail, ReportedEventKind } from '@invigil/shared/api/proctor';
import { initialCameraState, onFaceEvent, type CameraAction } from '@invigil/shared/proctor/camera-policy';
import type { Clock, Detector, Stop } from '@invigil/shared/proctor/detector';
import { createFaceCountDetector, type FaceEvent, type FrameSource } from '@invigil/shared/proctor/face-count';
import type { FaceModel } from '@invigil/shared/proctor/face-model';
import { FACE_COUNT_OPTIONS } from '@invigil/shared/proctor/face-policy';
import type { MicrophoneObservation } from '@invigil/shared/proctor/browser/microphone-voice';
import { isSpeech, speechDetail } from '@invigil/shared/proctor/speech-policy';
import type { MediaSettings, MediaState, MediaWarning } from '@invigil/shared/protocol/messages';

/**
 * The offscreen document's side of extension-assisted proctoring (decision 0016): runs the SAME
 * shared detectors and policies as the page's camera and speech modules (face-count.ts with
 * camera-policy.ts; the microphone VAD with speech-policy.ts) for the watch the background names,
 * and reports what they saw (events, warnings, each detector's state) to the background, which
 * gives the events the extension's ids, journals them and relays them to the page. Browser APIs
 * are behind `OffscreenDeps` so this is tested with fakes; tabs/offscreen.tsx wires the real ones.
 *
 * A detector that cannot start here (no camera, the extension not allowed to use it, the model
 * failing) is reported `unavailable` with one DETECTOR_UNAVAILABLE event: the page then runs its
 * own module, which asks the student itself. No notice is shown from here.
 */

export interface CameraHandle {
  frames: FrameSource;
  /** The opened camera's label (empty when the browser gives none). */
  label?: string;
  /** Calls back when the camera stops sending (unplugged, taken away). */
  onEnded(run: () => void): void;
  /** The current frame as a snapshot (width 640, WebP 0.7) data URL; null when there is no frame. */
  snapshot(): Promise<string | null>;
  release(): void;
}

export interface OffscreenDeps {
  clock: Clock;
  /** Opens the camera with that label (the one chosen on the device check), or the default one. */
  openCamera(label?: string): Promise<CameraHandle>;
  loadFaceModel(): Promise<FaceModel>;
  microphone(label?: string): Detector<MicrophoneObservation>;
  report(report: OffscreenReport): void;
}

export interface OffscreenReport {
  testId: string;
  session: string;
  /** `image`: a flagged check's snapshot (data URL) when IMAGE_CAPTURE is on; the background uploads it as the event's evidence. */
  events: { kind: ReportedEventKind; at: number; detail?: ProctorDetail; image?: string }[];
  warnings: MediaWarning[];
  status?: { camera?: MediaState; microphone?: MediaState; cameraLabel?: string };
}

export interface MediaRun {
  testId: string;
  session: string;
  media: MediaSettings;
}

const text = (error: unknown) => (error instanceof Error ? `${error.name === 'NotAllowedError' ? 'Not allowed: ' : ''}${error.message}` : String(error)).slice(0, 200);

/** Why the extension itself may not use the camera or microphone: said plainly on the trail. */
export function permissionHint(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? ' (allow the camera and microphone once from the extension popup)' : '';
}

export class OffscreenMedia {
  private run: MediaRun | null = null;
  private stops: Stop[] = [];
  private generation = 0;

  constructor(private readonly deps: OffscreenDeps) {}

  /** What the background says to run now. The same detectors for a new session only change the key. */
  set(run: MediaRun | null): void {
    const current = this.run;
    if (current && run && current.testId === run.testId && JSON.stringify(current.media) === JSON.stringify(run.media)) {
      this.run = run;
      return;
    }
    this.stopAll();
    this.run = run;
    if (!run) return;
    const generation = ++this.generation;
    if (run.media.face) void this.startCamera(run.media.face, generation);
    if (run.media.speech) void this.startMicrophone(generation);
  }

  stop(): void {
    this.set(null);
  }

  private live(generation: number): boolean {
    return generation === this.generation && this.run !== null;
  }

  private send(generation: number, part: Omit<OffscreenReport, 'testId' | 'session' | 'events' | 'warnings'> & Partial<Pick<OffscreenReport, 'events' | 'warnings'>>): void {
    const run = this.run;
    if (!run || !this.live(generation)) return;
    this.deps.report({ testId: run.testId, session: run.session, events: part.events ?? [], warnings: part.warnings ?? [], ...(part.status ? { status: part.status } : {}) });
  }

  private unavailable(generation: number, signal: 'camera' | 'microphone', error: unknown, extra: MediaWarning[] = []): void {
    this.send(generation, {
      events: [{ kind: 'DETECTOR_UNAVAILABLE', at: this.deps.clock.now(), detail: { detector: `extension_${signal}`, text: `${text(error)}${permissionHint(error)}`.slice(0, 200) } }],
      warnings: extra,
      status: { [signal]: 'unavailable' },
    });
  }

  private async startCamera(face: NonNullable<MediaSettings['face']>, generation: number): Promise<void> {
    const modelLoad = this.deps.loadFaceModel();
    modelLoad.catch(() => undefined);
    let camera: CameraHandle;
    try {
      camera = await this.deps.openCamera(this.run?.media.camera);
    } catch (error) {
      void modelLoad.then((model) => model.dispose(), () => undefined);
      this.unavailable(generation, 'camera', error);
      return;
    }
    if (!this.live(generation)) return camera.release();
    let model: FaceModel;
    try {
      model = await modelLoad;
    } catch (error) {
      camera.release();
      this.unavailable(generation, 'camera', error);
      return;
    }
    if (!this.live(generation)) {
      model.dispose();
      return camera.release();
    }
    const state = initialCameraState();
    const policy = { snapshot: face.snapshot === true };
    // A flag waiting for its snapshot goes after the ones before it (they are taken in order).
    let pictures: Promise<void> = Promise.resolve();
    let stopDetector: Stop | null = null;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      stopDetector?.();
      camera.release();
    };
    this.stops.push(end);
    const onFace = (event: FaceEvent) => {
      if (ended || !this.live(generation)) return;
      const actions = onFaceEvent(state, policy, event);
      if (state.unavailable) {
        // The face check failed again and again: the page's own camera takes over.
        const wasWarning = actions.some((action) => action.type === 'clear-warning');
        end();
        this.unavailable(generation, 'camera', new Error(event.type === 'error' ? event.message : 'Face check failed'), wasWarning ? [{ source: 'camera', warning: null }] : []);
        return;
      }
      const report = cameraReport(actions);
      this.send(generation, { events: report.events, warnings: report.warnings });
      for (const flag of report.pictures) {
        const picture = ended ? Promise.resolve(null) : camera.snapshot().catch(() => null);
        pictures = pictures.then(async () => {
          const image = await picture;
          // The flag is never lost: without a picture it goes without evidence.
          this.send(generation, { events: [{ ...flag, ...(image ? { image } : {}) }] });
        });
      }
    };
    camera.onEnded(() => {
      if (ended) return;
      end();
      this.unavailable(generation, 'camera', new Error('The camera stopped sending pictures.'), state.warning ? [{ source: 'camera', warning: null }] : []);
    });
    const detector = createFaceCountDetector({ source: camera.frames, loadModel: async () => model, settings: face, count: FACE_COUNT_OPTIONS });
    stopDetector = await detector.start({ clock: this.deps.clock, emit: onFace });
    if (ended || !this.live(generation)) return end();
    this.send(generation, { status: { camera: 'running', ...(camera.label ? { cameraLabel: camera.label.slice(0, 300) } : {}) } });
  }

  private async startMicrophone(generation: number): Promise<void> {
    let stop: Stop;
    let ended = false;
    try {
      stop = await this.deps.microphone(this.run?.media.microphone).start({
        clock: this.deps.clock,
        emit: (observation) => {
          if (ended || !this.live(generation)) return;
          if (observation.type === 'segment') {
            if (isSpeech(observation.segment)) {
              this.send(generation, { events: [{ kind: 'SPEECH', at: Math.round(observation.segment.start), detail: speechDetail(observation.segment, '') }] });
            }
          } else {
            ended = true;
            this.unavailable(generation, 'microphone', new Error('The microphone stopped during the test.'));
          }
        },
      });
    } catch (error) {
      this.unavailable(generation, 'microphone', error);
      return;
    }
    if (!this.live(generation)) return stop();
    this.stops.push(() => {
      ended = true;
      stop();
    });
    this.send(generation, { status: { microphone: 'running' } });
  }

  private stopAll(): void {
    this.generation += 1;
    for (const stop of this.stops.splice(0)) stop();
  }
}

/**
 * The camera policy's actions as a report: events and the overlay warning now, and `pictures`, the
 * flags that wait for their snapshot (IMAGE_CAPTURE) before they are reported.
 */
export function cameraReport(actions: readonly CameraAction[]): Pick<OffscreenReport, 'events' | 'warnings'> & { pictures: OffscreenReport['events'] } {
  const events: OffscreenReport['events'] = [];
  const pictures: OffscreenReport['events'] = [];
  const warnings: MediaWarning[] = [];
  for (const action of actions) {
    if (action.type === 'flag' && action.snapshot) pictures.push({ kind: action.kind, at: Math.round(action.at), detail: action.detail });
    else if (action.type === 'flag' || action.type === 'record') events.push({ kind: action.kind, at: Math.round(action.at), detail: action.detail });
    else if (action.type === 'warn') warnings.push({ source: 'camera', warning: { reason: action.reason, title: action.title, text: action.text, overlay: true } });
    else if (action.type === 'clear-warning') warnings.push({ source: 'camera', warning: null });
  }
  return { events, warnings, pictures };
}

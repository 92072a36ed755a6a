import type { VideoRoom } from '@invigil/shared/api/video-proctoring';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JitsiMeetConstructor, JitsiMeetOptions } from '../../lib/jitsi-loader';
import { openVideoCall, type VideoCallState } from './video-call';

const ROOM: VideoRoom = { domain: 'meet.example.edu', room: 'invigil-vp-abc', password: 'secret-password', display_name: 'Asha Verma', resolution: 720, auto_close_ms: 2000 };

/** A stand-in of the IFrame API: records what it was opened with and lets the test fire its events. */
function fakeJitsi() {
  const calls: { domain: string; options: JitsiMeetOptions; commands: unknown[][]; disposed: boolean; fire: (event: string, data?: Record<string, unknown>) => void }[] = [];
  const Api = function (this: object, domain: string, options: JitsiMeetOptions) {
    const listeners = new Map<string, ((data: Record<string, unknown>) => void)[]>();
    const call = {
      domain,
      options,
      commands: [] as unknown[][],
      disposed: false,
      fire: (event: string, data: Record<string, unknown> = {}) => listeners.get(event)?.forEach((listener) => listener(data)),
    };
    calls.push(call);
    Object.assign(this, {
      getIFrame: () => ({}) as HTMLIFrameElement,
      dispose: () => (call.disposed = true),
      addListener: (event: string, listener: (data: Record<string, unknown>) => void) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
      executeCommand: (...args: unknown[]) => call.commands.push(args),
    });
  } as unknown as JitsiMeetConstructor;
  return { Api, calls };
}

describe('a video proctoring call', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function open(room: VideoRoom, side: 'student' | 'proctor' = 'student') {
    const { Api, calls } = fakeJitsi();
    const states: [VideoCallState, number][] = [];
    const stop = openVideoCall({ room, side, parentNode: ({}) as HTMLElement, load: () => Promise.resolve(Api), onState: (state, others) => states.push([state, others]), title: 'Video proctoring' });
    await vi.advanceTimersByTimeAsync(0);
    return { call: calls[0]!, states, stop };
  }

  it('opens the server\'s room with the display name, the resolution and no pre-join screen, and sets the password on joining', async () => {
    const { call, states } = await open(ROOM);
    expect(call.domain).toBe('meet.example.edu');
    expect(call.options).toMatchObject({ roomName: 'invigil-vp-abc', userInfo: { displayName: 'Asha Verma' }, configOverwrite: { resolution: 720, prejoinPageEnabled: false } });
    call.fire('videoConferenceJoined', { id: 'me' });
    expect(call.commands).toEqual([['password', 'secret-password']]);
    call.fire('passwordRequired');
    expect(call.commands).toHaveLength(2);
    expect(states).toEqual([['loading', 0], ['waiting', 0]]);
  });

  it('single mode, student: closes 2 s after the proctor leaves; a proctor back in time keeps it open', async () => {
    const { call, states } = await open(ROOM);
    call.fire('videoConferenceJoined', { id: 'me' });
    call.fire('participantJoined', { id: 'proctor' });
    call.fire('participantLeft', { id: 'proctor' });
    await vi.advanceTimersByTimeAsync(1500);
    call.fire('participantJoined', { id: 'proctor' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(call.disposed).toBe(false);
    call.fire('participantLeft', { id: 'proctor' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(call.disposed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.disposed).toBe(true);
    expect(states.at(-1)).toEqual(['closed', 0]);
  });

  it('multi mode and the proctor\'s side never close by themselves', async () => {
    const multi = await open({ ...ROOM, resolution: 180, auto_close_ms: null });
    expect(multi.call.options.configOverwrite).toMatchObject({ resolution: 180 });
    multi.call.fire('participantJoined', { id: 'x' });
    multi.call.fire('participantLeft', { id: 'x' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(multi.call.disposed).toBe(false);
    const proctor = await open(ROOM, 'proctor');
    proctor.call.fire('participantJoined', { id: 'student' });
    proctor.call.fire('participantLeft', { id: 'student' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(proctor.call.disposed).toBe(false);
    expect(proctor.states.at(-1)).toEqual(['waiting', 0]);
  });

  it('a script that does not load is unreachable; stop leaves the room', async () => {
    const states: VideoCallState[] = [];
    openVideoCall({ room: ROOM, side: 'student', parentNode: ({}) as HTMLElement, load: () => Promise.reject(new Error('timeout')), onState: (state) => states.push(state), title: 'x' });
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['loading', 'unreachable']);
    const { call, stop } = await open(ROOM);
    stop();
    expect(call.disposed).toBe(true);
  });
});

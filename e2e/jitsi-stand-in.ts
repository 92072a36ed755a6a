import type { BrowserContext, Page } from '@playwright/test';
import { E2E_JITSI_DOMAIN } from './e2e-env';

/**
 * A small local stand-in of the Jitsi Meet IFrame API (no Jitsi server is reachable here): the
 * institute's https://{JITSI_DOMAIN}/external_api.js and its room pages are served by routes, and
 * the "server" is this object in the test process. Each JitsiMeetExternalAPI the portal makes
 * reports to it through a binding: what it was opened with, its commands (the password), its
 * dispose; it fires back the events a real room would: videoConferenceJoined to the joiner,
 * participantJoined / participantLeft to the others in the same room, across browser contexts.
 * The timetable spec's simpler stand-in (a frame only) predates it.
 */

const SCRIPT = `(function () {
  var apis = {};
  window.__jitsiStandIn = { fire: function (apiId, event, data) { var api = apis[apiId]; if (api) api._fire(event, data); } };
  window.JitsiMeetExternalAPI = function (domain, options) {
    var self = this, listeners = {}, apiId = Math.random().toString(36).slice(2);
    apis[apiId] = self;
    var frame = document.createElement('iframe');
    frame.src = 'https://' + domain + '/' + options.roomName;
    frame.style.cssText = 'width:100%;height:100%;border:0';
    options.parentNode.appendChild(frame);
    self._fire = function (event, data) { (listeners[event] || []).slice().forEach(function (fn) { fn(data || {}); }); };
    self.addListener = self.addEventListener = function (event, fn) { (listeners[event] = listeners[event] || []).push(fn); };
    self.executeCommand = function (name) { window.__jitsiRelay({ type: 'command', apiId: apiId, name: name, args: Array.prototype.slice.call(arguments, 1) }); };
    self.getIFrame = function () { return frame; };
    self.dispose = function () { if (!apis[apiId]) return; delete apis[apiId]; frame.remove(); window.__jitsiRelay({ type: 'leave', apiId: apiId }); };
    var copy = {};
    for (var key in options) if (key !== 'parentNode') copy[key] = options[key];
    window.__jitsiRelay({ type: 'join', apiId: apiId, domain: domain, options: copy });
  };
})();`;

export interface StandInParticipant {
  apiId: string;
  page: Page;
  domain: string;
  room: string;
  displayName: string;
  options: { roomName: string; userInfo?: { displayName?: string }; configOverwrite?: { resolution?: number } & Record<string, unknown> };
  commands: unknown[][];
  joinedAt: number;
  leftAt: number | null;
}

type Relay =
  | { type: 'join'; apiId: string; domain: string; options: StandInParticipant['options'] }
  | { type: 'command'; apiId: string; name: string; args: unknown[] }
  | { type: 'leave'; apiId: string };

export function createJitsiStandIn() {
  /** Everyone who ever joined, in order. */
  const participants: StandInParticipant[] = [];
  const inRoom = (room: string) => participants.filter((p) => p.room === room && p.leftAt === null);
  const fire = (to: StandInParticipant, event: string, data: Record<string, unknown>) =>
    void to.page.evaluate(([apiId, name, payload]) => (window as unknown as { __jitsiStandIn?: { fire: (a: string, e: string, d: unknown) => void } }).__jitsiStandIn?.fire(apiId, name, payload), [to.apiId, event, data] as const).catch(() => undefined);

  function relay(page: Page, message: Relay) {
    if (message.type === 'join') {
      const joiner: StandInParticipant = {
        apiId: message.apiId,
        page,
        domain: message.domain,
        room: message.options.roomName,
        displayName: message.options.userInfo?.displayName ?? '',
        options: message.options,
        commands: [],
        joinedAt: Date.now(),
        leftAt: null,
      };
      const others = inRoom(joiner.room);
      participants.push(joiner);
      fire(joiner, 'videoConferenceJoined', { roomName: joiner.room, id: joiner.apiId, displayName: joiner.displayName });
      for (const other of others) {
        fire(other, 'participantJoined', { id: joiner.apiId, displayName: joiner.displayName });
        fire(joiner, 'participantJoined', { id: other.apiId, displayName: other.displayName });
      }
      return;
    }
    const participant = participants.find((p) => p.apiId === message.apiId);
    if (!participant) return;
    if (message.type === 'command') participant.commands.push([message.name, ...message.args]);
    else if (participant.leftAt === null) {
      participant.leftAt = Date.now();
      for (const other of inRoom(participant.room)) fire(other, 'participantLeft', { id: participant.apiId });
    }
  }

  return {
    participants,
    /** Routes the script and the room pages for `context`, and lets its pages reach the stand-in. */
    async attach(context: BrowserContext): Promise<void> {
      await context.exposeBinding('__jitsiRelay', ({ page }, message: Relay) => relay(page, message));
      await context.route(`https://${E2E_JITSI_DOMAIN}/external_api.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: SCRIPT }));
      await context.route(new RegExp(`^https://${E2E_JITSI_DOMAIN.replace(/\./g, '\\.')}/invigil-`), (route) =>
        route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><title>Room</title><body style="margin:0;background:#222;color:#eee;font:14px sans-serif"><p>Stand-in Jitsi room ${new URL(route.request().url()).pathname.slice(1)}</p></body></html>` }),
      );
    },
    /** Makes the script unreachable for `context` (connection refused). */
    async refuse(context: BrowserContext): Promise<void> {
      await context.unroute(`https://${E2E_JITSI_DOMAIN}/external_api.js`);
      await context.route(`https://${E2E_JITSI_DOMAIN}/external_api.js`, (route) => route.abort('connectionrefused'));
    },
    /** The participants named `displayName`, oldest first. */
    named: (displayName: string) => participants.filter((p) => p.displayName === displayName),
  };
}

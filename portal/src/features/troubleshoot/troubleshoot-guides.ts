/**
 * The troubleshoot screen's guide documents (spec: "links to three guide documents"), written for
 * a student and kept in the portal so they open without leaving it. The extension guide is linked
 * from the device check. `{origin}` in a command stands for this portal's address.
 */

export type GuideTopic = 'update-chrome' | 'allow-camera' | 'allow-microphone' | 'extension';

export interface GuideSection {
  heading: string;
  steps: readonly string[];
  /** A command to copy, shown after the steps. */
  command?: string;
  note?: string;
}

export interface Guide {
  topic: GuideTopic;
  /** The guide's heading, and the link to it on the troubleshoot screen. */
  title: string;
  summary: string;
  sections: readonly GuideSection[];
  /** The browser maker's own page on the same topic, for more. */
  moreHelp?: { label: string; href: string };
}

const CAMERA_APPS = 'Close other programs and tabs that use the camera (video calls such as Zoom, Teams or Meet, the Camera app): on most computers only one program can use it at a time.';

export const GUIDES: readonly Guide[] = [
  {
    topic: 'update-chrome',
    title: 'Update Google Chrome',
    summary: 'Tests run best on the newest Chrome. Updating takes a minute and keeps your open tabs.',
    sections: [
      {
        heading: 'On a computer (Windows, Mac, Linux)',
        steps: [
          'Open Chrome.',
          'At the top right, select More (the three dots ⋮), then Help, then About Google Chrome. You can also type chrome://settings/help in the address bar.',
          'Chrome checks for an update and downloads it by itself. Wait until it says "Nearly up to date" or "Chrome is up to date".',
          'Select Relaunch. Chrome closes and opens again with your tabs (incognito windows do not come back).',
        ],
        note: 'If the button at the top right already says Update, select it and then Relaunch.',
      },
      {
        heading: 'On a Chromebook',
        steps: ['Chrome updates with ChromeOS: open Settings, select About ChromeOS, then Check for updates.', 'Restart when it asks you to.'],
      },
      {
        heading: 'On a phone or tablet',
        steps: [
          'Android: open the Play Store, tap your profile picture, then Manage apps & device. Under Updates available, find Chrome and tap Update.',
          'iPhone or iPad: open the App Store, tap your profile picture, and tap Update next to Chrome if it is listed.',
        ],
      },
    ],
    moreHelp: { label: "Google's help: Update Google Chrome", href: 'https://support.google.com/chrome/answer/95414' },
  },
  {
    topic: 'allow-camera',
    title: 'Allow your webcam',
    summary: 'A proctored test needs your webcam. Chrome asks you once for each website; here is how to say yes, or to change a no.',
    sections: [
      {
        heading: 'When Chrome asks',
        steps: [
          'Open the device check (or Troubleshoot). A box appears under the address bar: "… wants to use your camera".',
          'Select Allow while visiting the site. (Allow this time also works, but Chrome will ask again next time.)',
        ],
      },
      {
        heading: 'If you blocked it before',
        steps: [
          'In the address bar, select the icon at the left of the web address (View site information).',
          'Turn Camera on, or open Site settings and set Camera to Allow.',
          'Reload the page, then press Recheck (device check) or Try Again (Troubleshoot).',
        ],
        note: 'A camera icon with a red cross at the right end of the address bar means the camera is blocked: select it, choose to always allow this site, then Done, and reload.',
      },
      {
        heading: 'If the camera still does not work',
        steps: [
          CAMERA_APPS,
          'In Chrome, open Settings, Privacy and security, Site settings, Camera: choose the right camera in the list at the top, and check that this portal is not under "Not allowed to use your camera".',
          'Windows 11: open Settings, Privacy & security, Camera, and turn on Camera access, Let apps access your camera and Let desktop apps access your camera. (Windows 10: Settings, Privacy, Camera.)',
          'Mac: open System Settings, Privacy & Security, Camera, and turn on Google Chrome. Quit Chrome and open it again.',
          'Some laptops have a camera switch, a sliding cover or a key with a camera icon: make sure the camera is on and uncovered.',
        ],
      },
      {
        heading: 'On a phone or tablet',
        steps: [
          'Android: tap the icon at the left of the web address, then Permissions, and turn Camera on. If Chrome itself may not use the camera, open the phone’s Settings, Apps, Chrome, Permissions, Camera, and choose Allow only while using the app.',
          'iPhone or iPad: open the Settings app, scroll to Chrome, and turn Camera on.',
        ],
      },
    ],
    moreHelp: { label: "Google's help: Use your camera and microphone in Chrome", href: 'https://support.google.com/chrome/answer/2693767' },
  },
  {
    topic: 'allow-microphone',
    title: 'Allow your microphone',
    summary: 'The device check needs your microphone too: Audio turns green when it hears the room (even a quiet one).',
    sections: [
      {
        heading: 'When Chrome asks',
        steps: [
          'Open the device check (or Troubleshoot). A box appears under the address bar: "… wants to use your microphone" (often together with the camera).',
          'Select Allow while visiting the site.',
        ],
      },
      {
        heading: 'If you blocked it before',
        steps: [
          'In the address bar, select the icon at the left of the web address (View site information).',
          'Turn Microphone on, or open Site settings and set Microphone to Allow.',
          'Reload the page, then press Recheck (device check) or Try Again (Troubleshoot).',
        ],
      },
      {
        heading: 'If Audio stays unchecked',
        steps: [
          'In Chrome, open Settings, Privacy and security, Site settings, Microphone: choose the microphone you use in the list at the top (a headset, or the laptop’s own).',
          'Check that a headset is plugged in fully and its mute switch is off.',
          'Windows 11: open Settings, Privacy & security, Microphone, and turn on Microphone access, Let apps access your microphone and Let desktop apps access your microphone. Under Settings, System, Sound, Input, the level should move when you speak.',
          'Mac: open System Settings, Privacy & Security, Microphone, and turn on Google Chrome. Quit Chrome and open it again.',
          'Close video-call programs that may hold the microphone, then try again.',
        ],
      },
      {
        heading: 'On a phone or tablet',
        steps: [
          'Android: tap the icon at the left of the web address, then Permissions, and turn Microphone on.',
          'iPhone or iPad: open the Settings app, scroll to Chrome, and turn Microphone on.',
        ],
      },
    ],
    moreHelp: { label: "Google's help: Use your camera and microphone in Chrome", href: 'https://support.google.com/chrome/answer/2693767' },
  },
  {
    topic: 'extension',
    title: 'The Invigil Proctor extension',
    summary:
      'Your institute may ask you to add its Chrome extension, Invigil Proctor. During a test it watches tab and window switches and full screen for the test, and can run the camera and microphone checks itself. Without it, the test page watches what it can.',
    sections: [
      {
        heading: 'Add it to Chrome',
        steps: [
          'Use the extension your institute gives you. If it is a folder: open chrome://extensions, turn on Developer mode (top right), select Load unpacked and pick the folder.',
          'Open this portal again (or reload it). The top bar says "Extension connected", and the extension’s popup says "Connected to" this portal’s address.',
        ],
      },
      {
        heading: 'If it says "Not connected"',
        steps: [
          'An extension works only on the portal addresses it was built for; on any other address it stays silent, so this page cannot see it at all.',
          'Open its popup on this tab: it names the addresses it trusts. If this portal’s address is not among them, ask your institute for the extension built for this portal.',
        ],
      },
      {
        heading: 'For the people who run this portal: build it for this address',
        steps: [
          'In the Invigil repository, build the extension with this portal’s address (several addresses may be given, separated by commas), then load extension/build/chrome-mv3-prod again in chrome://extensions (the reload button on its card). extension/README.md tells more.',
        ],
        command: 'PLASMO_PUBLIC_PORTAL_ORIGINS={origin} npm run build -w extension',
      },
    ],
  },
];

/** The three guide documents the troubleshoot screen links to. */
export const TROUBLESHOOT_GUIDE_TOPICS: readonly GuideTopic[] = ['update-chrome', 'allow-camera', 'allow-microphone'];

export function guidePath(topic: GuideTopic): string {
  return `/troubleshoot/guide/${topic}`;
}

export function guideFor(topic: string | undefined): Guide | undefined {
  return GUIDES.find((guide) => guide.topic === topic);
}

/** A guide's command with this portal's address in it. */
export function commandFor(command: string, origin: string): string {
  return command.replaceAll('{origin}', origin);
}

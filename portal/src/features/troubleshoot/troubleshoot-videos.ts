/**
 * The troubleshoot screen's two embedded videos (spec: "two embedded videos"). They are screen
 * recordings of this portal made by scripts/make-troubleshoot-videos.ts, served from
 * portal/public/troubleshoot/ (nothing is downloaded from elsewhere). Each caption is one step of
 * the recording; the script times the captions file from the same list, so the transcript shown
 * under the video and the captions say the same.
 */

export type GuideVideoId = 'device-check' | 'allow-camera';

export interface GuideVideo {
  id: GuideVideoId;
  title: string;
  /** One sentence for the figure's description. */
  description: string;
  /** The captions, in order: one per step the recording shows. */
  captions: readonly string[];
  /** The step whose last frame is the poster shown before the video plays. */
  posterStep: number;
}

export const GUIDE_VIDEOS: readonly GuideVideo[] = [
  {
    id: 'device-check',
    title: 'The device check before a test',
    description: 'What the device check looks like when the camera and microphone work, from Scheduled Tests to the instructions.',
    captions: [
      'Scheduled Tests lists your tests. Select Ready Check on the test you are about to take.',
      'The device check asks Chrome for your camera and microphone and shows what the camera sees.',
      'Video and Audio turn green when both work. The Camera list shows the camera in use; choose another one there if you have more.',
      'Below, the check says what this browser can watch during the test.',
      'When both are green, select Proceed to read the instructions.',
      'The instructions of the test open. Read them before you start.',
    ],
    posterStep: 2,
  },
  {
    id: 'allow-camera',
    title: 'Allowing the camera and microphone',
    description: 'What the device check shows when Chrome blocks the camera and microphone, and how it turns green once they are allowed.',
    captions: [
      'Here Chrome has blocked the camera and the microphone for this site, so Video and Audio stay unchecked.',
      'The check says: Please allow this website to access webcam! Proceed stays off.',
      'Select How To Allow for the steps.',
      'Follow them in Chrome: select the icon at the left of the address bar and set Camera and Microphone to Allow.',
      'Close the steps and select Recheck.',
      'Video and Audio turn green, and Proceed can be selected.',
    ],
    posterStep: 1,
  },
];

export const videoSource = (id: GuideVideoId) => `/troubleshoot/${id}.webm`;
export const captionsSource = (id: GuideVideoId) => `/troubleshoot/${id}.vtt`;
export const posterSource = (id: GuideVideoId) => `/troubleshoot/${id}.webp`;

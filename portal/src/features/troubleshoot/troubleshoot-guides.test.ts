import { describe, expect, it } from 'vitest';
import { commandFor, guideFor, guidePath, GUIDES, TROUBLESHOOT_GUIDE_TOPICS } from './troubleshoot-guides';
import { GUIDE_VIDEOS } from './troubleshoot-videos';

describe('troubleshoot guides', () => {
  it('offers the three guide documents the spec lists, each with steps', () => {
    expect(TROUBLESHOOT_GUIDE_TOPICS.map((topic) => guideFor(topic)?.title)).toEqual(['Update Google Chrome', 'Allow your webcam', 'Allow your microphone']);
    for (const guide of GUIDES) {
      expect(guide.sections.length, guide.topic).toBeGreaterThan(0);
      for (const section of guide.sections) expect(section.steps.length, section.heading).toBeGreaterThan(0);
    }
    expect(new Set(GUIDES.map((guide) => guide.topic)).size).toBe(GUIDES.length);
  });

  it('finds a guide by its route topic only', () => {
    expect(guidePath('allow-camera')).toBe('/troubleshoot/guide/allow-camera');
    expect(guideFor('allow-microphone')?.title).toBe('Allow your microphone');
    expect(guideFor('nothing')).toBeUndefined();
    expect(guideFor(undefined)).toBeUndefined();
  });

  it('puts this portal address into the extension build command', () => {
    const command = guideFor('extension')?.sections.find((section) => section.command)?.command ?? '';
    expect(commandFor(command, 'https://exam.example.edu')).toBe('PLASMO_PUBLIC_PORTAL_ORIGINS=https://exam.example.edu npm run build -w extension');
  });

  it('gives each video a poster step among its captions', () => {
    expect(GUIDE_VIDEOS).toHaveLength(2);
    for (const video of GUIDE_VIDEOS) expect(video.posterStep).toBeLessThan(video.captions.length);
  });
});

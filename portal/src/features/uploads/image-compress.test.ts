import { describe, expect, it } from 'vitest';
import { fitWithin } from './image-compress';

describe('fitWithin (spec: images compressed within 1080x720)', () => {
  it('shrinks a large landscape photo to fit 1080x720, keeping its shape', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 960, height: 720 });
    expect(fitWithin(1920, 1080)).toEqual({ width: 1080, height: 608 });
  });

  it('fits a portrait page photo in the portrait box rather than squashing it', () => {
    expect(fitWithin(3000, 4000)).toEqual({ width: 720, height: 960 });
  });

  it('never enlarges a small image and handles empty sizes', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(0, 480)).toEqual({ width: 0, height: 0 });
  });
});

import { speechSettings } from '@invigil/shared/proctor/speech-policy';
import type { ProctorModule } from './proctor-module';

/** Speech detection (speech-runtime.ts): tests without DETECT_SPEECH never download it. */
export const speechModule: ProctorModule = {
  name: 'speech',
  async start(ctx) {
    if (!speechSettings(ctx.config).enabled) return () => undefined;
    const { startSpeechDetection } = await import('./speech-runtime');
    return startSpeechDetection(ctx);
  },
};

import { screenShareSettings } from '@invigil/shared/proctor/screen-share-settings';
import type { ProctorModule } from './proctor-module';

/** Screen share proctoring (screen-share-runtime.ts): only tests with PROCTOR_TYPE 'screen' download it. */
export const screenShareModule: ProctorModule = {
  name: 'screen share',
  async start(ctx) {
    if (!screenShareSettings(ctx.config).enabled) return () => undefined;
    const { startScreenShare } = await import('./screen-share-runtime');
    return startScreenShare(ctx);
  },
};

import { cameraModule } from './camera-module';
import { extensionFocusModule } from './extension-focus-module';
import type { ProctorModule } from './proctor-module';
import { screenShareModule } from './screen-share-module';
import { speechModule } from './speech-module';

/** Every signal the page hosts; each decides from the test config whether it runs. */
export const PROCTOR_MODULES: readonly ProctorModule[] = [extensionFocusModule, cameraModule, speechModule, screenShareModule];

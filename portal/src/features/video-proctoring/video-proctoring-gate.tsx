import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { videoProctoringMode } from '@invigil/shared/proctor/video-proctoring-settings';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { userConfig } from '../auth/auth-state';
import { patientImport } from '../../lib/patient-import';

// Only video-proctored tests download the panel and the Jitsi loader.
// Patient: a network drop while it loads must not replace the test with an error page.
const VideoProctoringPanel = lazy(() => patientImport(() => import('./video-proctoring-panel')));

/**
 * Video proctoring while the attempt runs (PROCTOR_TYPE jitsi-single, jitsi-multi, v-s; decision
 * 0034); nothing for other tests, or for a student whose NO_PROCTOR is set.
 */
export function VideoProctoringGate({ testId, config, running }: { testId: string; config: Readonly<Record<string, unknown>>; running: boolean }) {
  useSignals();
  if (!running || videoProctoringMode(config) === 'none' || isFlagOn(userConfig.value['NO_PROCTOR'])) return null;
  return (
    <Suspense fallback={null}>
      <VideoProctoringPanel testId={testId} />
    </Suspense>
  );
}

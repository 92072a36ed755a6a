import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { earlyCallsFor, needsLogin, routeFor } from './app/guard';
import { hasLiveSession, initAuth } from './features/auth/auth-state';
import { startExtensionPairing } from './features/extension/extension-status';
import { watchKeptAttemptOwner } from './features/attempt/kept-attempt-owner';
import { registerServiceWorker } from './features/notifications/service-worker';
import { activeThemeIndex, applyTheme } from './features/theme/themes';
import { loadEarly } from './lib/api-client';
import { showCarriedSnackbar } from './lib/reload-with-message';
import './styles.css';

// The screen's code first: the page names its chunks, so they are usually here before React renders.
const openingRoute = routeFor(location.pathname);
const screenLoad = openingRoute.screen.preload().catch(() => undefined);
const FIRST_RENDER_WAIT_MS = 300;
applyTheme(activeThemeIndex.value);
initAuth();
// Its first data too, beside its code (only with a session: loadEarly asks nothing without one).
const dataLoads = earlyCallsFor(openingRoute, location.pathname).map((call) => loadEarly(call.path, call.query));
// Spec: the right-click context menu is disabled.
document.addEventListener('contextmenu', (event) => event.preventDefault());

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // A message a reload interrupted (Signed out successfully!) shows for the rest of its time,
  // counted from when there is a page to show it on (the first render may wait for the screen).
  showCarriedSnackbar();
}
// The first render waits a moment for the screen's code and its first data (usually already
// fetched): rendered before the code is evaluated, the screen would show the loading fallback,
// which React then keeps for at least 300 ms; rendered before the data is read, it would show
// spinners for a frame and render again.
if (needsLogin(openingRoute, hasLiveSession())) render();
else void Promise.race([Promise.allSettled([screenLoad, ...dataLoads]), new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(render);
startExtensionPairing();
// Push messages and the offline page (production builds only).
registerServiceWorker();
// A running test kept on this device for a reload offline belongs to one student only (decision 0068).
watchKeptAttemptOwner();

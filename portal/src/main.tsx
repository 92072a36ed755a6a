import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initAuth } from './features/auth/auth-state';
import { startExtensionPairing } from './features/extension/extension-status';
import { registerServiceWorker } from './features/notifications/service-worker';
import { activeThemeIndex, applyTheme } from './features/theme/themes';
import { showCarriedSnackbar } from './lib/reload-with-message';
import './styles.css';

applyTheme(activeThemeIndex.value);
initAuth();
// A message a reload interrupted (Signed out successfully!) shows for the rest of its time.
showCarriedSnackbar();
// Spec: the right-click context menu is disabled.
document.addEventListener('contextmenu', (event) => event.preventDefault());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
startExtensionPairing();
// Push messages and the offline page (production builds only).
registerServiceWorker();

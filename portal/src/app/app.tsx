import { useEffect } from 'react';
import { Router } from 'wouter';
import { AppRoutes } from './app-routes';
import { installHistoryLock, useGuardedLocation } from './guarded-location';
import { Shell } from './shell';
import { SnackbarHost } from './snackbar-host';

export function App() {
  useEffect(() => installHistoryLock(), []);
  return (
    <Router hook={useGuardedLocation}>
      <Shell>
        <AppRoutes />
      </Shell>
      <SnackbarHost />
    </Router>
  );
}

import { useSignals } from '@preact/signals-react/runtime';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { Route, useLocation, useSearch } from 'wouter';
import { hasLiveSession, isLoggedIn, userConfig } from '../features/auth/auth-state';
import { PageOffPage } from '../features/unavailable/page-off-page';
import { testInProgress } from '../lib/navigation-lock';
import { showSnackbar } from '../lib/snackbar';
import { LOGIN_TO_CONTINUE, loginRedirectFor, needsLogin, routeFor, turnedOffPage } from './guard';

function Loading() {
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Loading">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
    </div>
  );
}

/** A screen whose code failed to load (offline, or the 120 s limit): say so and offer a retry. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-xl font-bold">This page could not be loaded</h1>
        <p className="mt-2">{this.state.error.message || 'Please check your internet connection!'}</p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => window.location.reload()}>Retry</button>
      </main>
    );
  }
}

/** Renders the route of the current path, after the guard's login check; sets the page title. */
export function AppRoutes() {
  useSignals();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const route = routeFor(pathname);
  const blocked = needsLogin(route, isLoggedIn.value && hasLiveSession());

  useEffect(() => {
    if (!route.ownTitle) document.title = route.title;
  }, [route]);

  useEffect(() => {
    // A failed early load is tried again when the screen is opened (its error is shown there).
    for (const next of route.next ?? []) void next.preload().catch(() => {});
  }, [route]);

  useEffect(() => {
    if (!blocked) return;
    // A session lost mid-test (expired, or a 401) must still reach the login page; the answers
    // wait in the local journal and are replayed when the student signs in and resumes.
    testInProgress.value = false;
    showSnackbar(LOGIN_TO_CONTINUE, { color: 'error' });
    navigate(loginRedirectFor(`${pathname}${search ? `?${search}` : ''}`), { replace: true });
  }, [blocked, pathname, search, navigate]);

  if (blocked) return <Loading />;
  // A page the institute turned off for this student (hidden in the menu, its calls refused): say so.
  const off = turnedOffPage(route, pathname, search, userConfig.value);
  if (off) return <PageOffPage page={off} />;
  const Screen = route.screen;
  return (
    <ScreenErrorBoundary key={route.path}>
      <Suspense fallback={<Loading />}>
        {/* Route provides the path parameters (useParams) of the matched pattern. */}
        <Route path={route.path}>
          <Screen title={route.title} />
        </Route>
      </Suspense>
    </ScreenErrorBoundary>
  );
}

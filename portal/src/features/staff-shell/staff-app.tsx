import { Suspense, useEffect } from 'react';
import { matchRoute, Route, useLocation } from 'wouter';
import { parse as parsePattern } from 'regexparam';
import { STAFF_ROUTES } from './staff-routes';
import NotFoundPage from '../unavailable/not-found-page';

function Loading() {
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Loading">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
    </div>
  );
}

/** Every /staff page: picks the staff screen of the path and sets its title (the route is 'ownTitle'). */
export default function StaffApp() {
  const [pathname] = useLocation();
  const route = STAFF_ROUTES.find((candidate) => matchRoute(parsePattern, candidate.path, pathname)[0]);
  const title = route?.title ?? 'Page not found';

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!route) return <NotFoundPage />;
  const Screen = route.screen;
  return (
    <Suspense fallback={<Loading />}>
      {/* Route provides the path parameters (useParams) of the matched pattern. */}
      <Route path={route.path}>
        <Screen title={route.title} />
      </Route>
    </Suspense>
  );
}

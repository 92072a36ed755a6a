import { useLocation } from 'wouter';
import { routeId } from './route-id';

/** The current path's `:id` under one of `patterns` (see routeId). */
export function useRouteId(...patterns: string[]): string {
  const [location] = useLocation();
  return routeId(location, patterns);
}

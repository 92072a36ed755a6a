import type { Hono } from 'hono';

/**
 * Where a server module mounts its routes (decision 0054): `api` is served under API_PREFIX
 * (`/api`), `root` at the origin's root (signed-URL PUTs, pay pages, downloads).
 */
export interface AppRoutes {
  api: Hono;
  root: Hono;
}

import { flatRoutes } from '@remix-run/fs-routes'
import type { RouteConfig } from '@remix-run/route-config'

// Flat routes; a folder route keeps its helpers (data.server.ts, pieces, tests) beside route.tsx.
export default flatRoutes({ ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/*.css'] }) satisfies RouteConfig

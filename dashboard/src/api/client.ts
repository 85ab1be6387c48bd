import { createApiClient } from '../../../shared/src/api/client';
import { getIdToken } from '../auth/session';

/**
 * The dashboard's one API client: same origin as the page, and every call carries the signed-in
 * user's ID token.
 */
export const api = createApiClient({ baseUrl: '', getToken: getIdToken });
export type DashboardApi = typeof api;

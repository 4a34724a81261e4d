import { ApiErrorSchema } from '@wac/shared/schemas/common';
import { z } from 'zod';

/** The error answers most routes declare (every one is `{ code, message, issues? }`). */
export const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/**
 * What any API route may answer whatever it does, added to every route's documented responses:
 * a bad URL, body or token (400, 401), an unknown company Host (404), a body too large or of the
 * wrong type (413, 415), and the database being briefly unreachable (503).
 */
export const anyRouteErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  // A session of the bare base domain is refused on every route that is not one of its own.
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  503: ApiErrorSchema,
};

/** The error answers of a route that declares its own list of statuses. */
export const errorResponses = (...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 429>) =>
  Object.fromEntries(statuses.map((s) => [s, ApiErrorSchema])) as Record<number, typeof ApiErrorSchema>;

/** `?version=` on a DELETE: the optimistic version the client last saw (optional). */
export const DeleteQuerySchema = z.object({ version: z.coerce.number().int().min(1).optional() });

/** A page of a listing as every listing answers it. */
export const pageOf = <T>(q: { page: number; itemsPerPage: number }, data: T[], totalItems: number) => ({
  data,
  page: q.page,
  itemsPerPage: q.itemsPerPage,
  totalItems,
});

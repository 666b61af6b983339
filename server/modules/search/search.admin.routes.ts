import { SearchQuerySchema, SearchResultsSchema } from '#common/search.ts';
import { requestActor } from '#server/auth/actor.ts';
import type { ApiPlugin } from '#server/http.ts';

/** The header's search box, under /api/admin: each kind only for the roles the policy lets see it. */
export const adminSearchRoutes: ApiPlugin = async (app) => {
  app.get(
    '/search',
    {
      config: { action: 'admin.enter' },
      schema: {
        tags: ['admin'],
        summary: 'Notices, inquiries, applications and staff accounts whose words start with the query’s words',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultsSchema },
      },
    },
    async (request) => app.services.search.search(await requestActor(request), request.query),
  );
};

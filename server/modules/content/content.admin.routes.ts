import { SECTION_SCHEMAS } from '#common/site-content/sections.ts';
import {
  CONTENT_SECTIONS,
  type ContentSection,
  ChecklistSchema,
  versioned,
  withVersion,
} from '#common/site-content/site.ts';
import type { ApiPlugin } from '#server/http.ts';
import type { SectionUpdate } from '#common/site-content/sections.ts';
import { requestActor } from '#server/auth/actor.ts';

/**
 * The college's content for signed-in admins, under /api/admin/content: a read and a save per section
 * (the save names the version it was edited from and is refused with 409 when that is no longer the
 * latest), and the setup checklist. Uploads are in content.uploads.routes.ts.
 */
export const adminContentRoutes: ApiPlugin = async (app) => {
  for (const section of CONTENT_SECTIONS) {
    const schemas = SECTION_SCHEMAS[section];
    const View = versioned(schemas.view);

    app.get(
      `/content/${section}`,
      {
        config: { action: 'content.edit' },
        schema: {
          tags: ['admin', 'content'],
          summary: `The ${section} content, with its version`,
          response: { 200: View },
        },
      },
      async () => app.services.content.get(section),
    );

    app.put(
      `/content/${section}`,
      {
        config: { action: 'content.edit' },
        schema: {
          tags: ['admin', 'content'],
          summary: `Save the ${section} content edited from \`version\``,
          description:
            'Answers the saved content with its new version. 400 with the first broken rule; 409 content/stale ' +
            'when someone else saved this section since `version`: nothing is saved, reload and edit again.',
          body: withVersion(schemas.update),
          response: { 200: View },
        },
      },
      async (request) =>
        app.services.content.update(
          await requestActor(request),
          section,
          request.body as SectionUpdate<ContentSection> & { version: number },
        ),
    );
  }

  app.get(
    '/content/checklist',
    {
      config: { action: 'content.edit' },
      schema: {
        tags: ['admin', 'content'],
        summary: 'Each default text or picture the college has not replaced yet, with the page that edits it',
        response: { 200: ChecklistSchema },
      },
    },
    async () => app.services.content.checklist(),
  );
};

import { z } from 'zod';
import { EntranceSessionSchema, MARKS_CSV_LIMIT, MarksGridSchema } from '#common/admission/entrance.ts';
import { requestActor } from '#server/auth/actor.ts';
import { type ApiPlugin, IdParams } from '#server/http.ts';

const ImportBody = z.object({
  csv: z.string().max(MARKS_CSV_LIMIT.maxBytes, MARKS_CSV_LIMIT.refusal),
  /** false: only the preview; true: saved when no row is bad. */
  commit: z.boolean().default(false),
  /** Importing before the season's entrance date is refused (409, with the question) unless confirmed. */
  confirmBeforeEntrance: z.boolean().default(false),
});

/** The entrance examination under /api/admin: the admissions role and owners, never editors. */
export const adminEntranceRoutes: ApiPlugin = async (app) => {
  const { entrance } = app.services;
  const config = { action: 'entrance.manage' } as const;
  const tags = ['admin'];

  app.get(
    '/entrance',
    {
      config,
      schema: {
        tags,
        summary: "A season's entrance sessions (the newest season by default) and how many await a roll number",
        querystring: z.object({ season: z.string().max(36).optional() }),
      },
    },
    async (request) => entrance.overview(await requestActor(request), request.query.season || undefined),
  );

  app.post(
    '/entrance/seasons/:id/sessions',
    {
      config,
      schema: {
        tags,
        summary: 'Add an entrance session (B.S. date, Nepal time, place, capacity, programmes)',
        params: IdParams,
        body: EntranceSessionSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await entrance.createSession(await requestActor(request), request.params.id, request.body)),
  );

  app.put(
    '/entrance/sessions/:id',
    {
      config,
      schema: { tags, summary: 'Change a session', params: IdParams, body: EntranceSessionSchema },
    },
    async (request, reply) => {
      await entrance.updateSession(await requestActor(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/entrance/sessions/:id',
    { config, schema: { tags, summary: 'Delete a session nobody is seated in (409 otherwise)', params: IdParams } },
    async (request, reply) => {
      await entrance.deleteSession(await requestActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/entrance/seasons/:id/roll-numbers',
    {
      config,
      schema: {
        tags,
        summary: 'Give every eligible application without one a roll number, a seat and an admit card',
        params: IdParams,
      },
    },
    async (request) => entrance.assignRollNumbers(await requestActor(request), request.params.id),
  );

  app.get(
    '/entrance/sessions/:id/candidates',
    { config, schema: { tags, summary: "A session's candidates by roll number", params: IdParams } },
    async (request) => entrance.candidates(await requestActor(request), request.params.id),
  );

  app.post(
    '/entrance/sessions/:id/marks',
    {
      config,
      schema: {
        tags,
        summary:
          "Save a session's marks grid (nothing saved when a row is bad; before the entrance date, 409 unless confirmed)",
        params: IdParams,
        body: MarksGridSchema,
      },
    },
    async (request) => entrance.saveMarks(await requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/entrance/seasons/:id/marks.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Preview or import a CSV of marks: every bad row named, nothing imported until none is',
        params: IdParams,
        body: ImportBody,
      },
    },
    async (request) =>
      entrance.importMarks(
        await requestActor(request),
        request.params.id,
        request.body.csv,
        request.body.commit,
        request.body.confirmBeforeEntrance,
      ),
  );
};

import { z } from 'zod';
import {
  CategoryInputSchema,
  CategorySchema,
  ProgrammeInputSchema,
  ProgrammeSchema,
  SEASON_OVERRIDES,
  SeasonInputSchema,
  SeasonSchema,
  SeasonStateSchema,
  SeasonViewSchema,
} from '#common/admission/admission-season.ts';
import { requestActor } from '#server/auth/actor.ts';
import { type ApiPlugin, IdParams } from '#server/http.ts';

/** Admission seasons, their programmes and scholarship categories, under /api/admin. */
export const adminSeasonRoutes: ApiPlugin = async (app) => {
  const { seasons } = app.services;
  const edit = { action: 'seasons.edit' } as const;
  const tags = ['admin'];

  app.get(
    '/seasons',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Every admission season, newest opening first, with its state today',
        response: { 200: z.object({ seasons: z.array(SeasonSchema.extend({ state: SeasonStateSchema.nullable() })) }) },
      },
    },
    async (request) => ({ seasons: await seasons.list(await requestActor(request)) }),
  );

  app.post(
    '/seasons',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Create a season (a draft until published); dates are B.S. YYYY-MM-DD',
        body: SeasonInputSchema,
        response: { 201: SeasonSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await seasons.create(await requestActor(request), request.body)),
  );

  app.get(
    '/seasons/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'A season with its programmes, categories and quota',
        params: IdParams,
        response: { 200: SeasonViewSchema },
      },
    },
    async (request) => seasons.get(await requestActor(request), request.params.id),
  );

  app.put(
    '/seasons/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: "Change a season's dates and details",
        params: IdParams,
        body: SeasonInputSchema,
        response: { 200: SeasonSchema },
      },
    },
    async (request) => seasons.update(await requestActor(request), request.params.id, request.body),
  );

  app.delete(
    '/seasons/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Delete a draft season (a published one is kept: 409)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await seasons.remove(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/seasons/:id/publish',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Publish a season; a quota below the legal minimum needs belowMinimum: true (else 409)',
        params: IdParams,
        body: z.object({ belowMinimum: z.boolean().default(false) }),
        response: { 200: SeasonViewSchema },
      },
    },
    async (request) => seasons.publish(await requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/seasons/:id/withdraw',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Take a published season off the public pages (the manual switch decides again)',
        params: IdParams,
        response: { 200: SeasonSchema },
      },
    },
    async (request) => seasons.withdraw(await requestActor(request), request.params.id),
  );

  app.put(
    '/seasons/:id/override',
    {
      config: { action: 'seasons.override' },
      schema: {
        tags,
        summary: "Set the public status instead of the season's dates ('' follows the dates again)",
        params: IdParams,
        body: z.object({ status: z.enum(SEASON_OVERRIDES) }),
        response: { 200: SeasonSchema },
      },
    },
    async (request) => seasons.override(await requestActor(request), request.params.id, request.body.status),
  );

  app.post(
    '/seasons/:id/programmes',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Add a programme to a season',
        params: IdParams,
        body: ProgrammeInputSchema,
        response: { 201: ProgrammeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await seasons.addProgramme(await requestActor(request), request.params.id, request.body)),
  );

  app.put(
    '/programmes/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Change a programme',
        params: IdParams,
        body: ProgrammeInputSchema,
        response: { 200: ProgrammeSchema },
      },
    },
    async (request) => seasons.updateProgramme(await requestActor(request), request.params.id, request.body),
  );

  app.delete(
    '/programmes/:id',
    { config: edit, schema: { tags, summary: 'Remove a programme', params: IdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await seasons.removeProgramme(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/seasons/:id/categories',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Add a scholarship category',
        params: IdParams,
        body: CategoryInputSchema,
        response: { 201: CategorySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await seasons.addCategory(await requestActor(request), request.params.id, request.body)),
  );

  app.put(
    '/scholarship-categories/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Change a scholarship category',
        params: IdParams,
        body: CategoryInputSchema,
        response: { 200: CategorySchema },
      },
    },
    async (request) => seasons.updateCategory(await requestActor(request), request.params.id, request.body),
  );

  app.delete(
    '/scholarship-categories/:id',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Remove a scholarship category and its seats',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await seasons.removeCategory(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

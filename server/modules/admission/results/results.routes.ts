import { z } from 'zod';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { MeritSettingsSchema } from '#common/admission/results.ts';
import { requestActor } from '#server/auth/actor.ts';
import { type ApiPlugin, IdParams, RecordId } from '#server/http.ts';
import { VoucherRefusalSchema } from './offer-vouchers.ts';

/**
 * The results look-up: roll number and date of birth, posted (never in an address), answered from memory.
 * An unknown roll number and a wrong date of birth get the same 404.
 */
export const publicResultsRoutes: ApiPlugin = async (app) => {
  app.post(
    '/admission/results',
    {
      schema: {
        tags: ['public'],
        summary: "An applicant's published result by roll number and B.S. date of birth (Devanagari digits accepted)",
        body: z.object({ rollNumber: z.string().max(12), birthDate: z.string().max(12) }),
      },
    },
    async (request, reply) => {
      const view = await app.services.resultsLookup.lookUp(request.body, request.ip);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return view;
    },
  );
};

const SeasonParams = z.object({ season: RecordId });

/** The office's merit list, results publishing and offers, under /api/admin. */
export const adminMeritRoutes: ApiPlugin = async (app) => {
  const { merit } = app.services;
  const config = { action: 'merit.manage' } as const;
  const tags = ['admin'];

  app.get(
    '/merit/:season',
    {
      config,
      schema: { tags, summary: "A season's merit settings and every programme's computed list", params: SeasonParams },
    },
    async (request) => merit.get(await requestActor(request), request.params.season),
  );

  app.put(
    '/merit/:season/settings',
    {
      config,
      schema: {
        tags,
        summary: 'The rules in order, pass mark, what the list shows, offers from the waiting list, days to confirm',
        params: SeasonParams,
        body: MeritSettingsSchema,
      },
    },
    async (request) => merit.saveSettings(await requestActor(request), request.params.season, request.body),
  );

  app.post(
    '/merit/:season/publish',
    {
      config,
      schema: {
        tags,
        summary: 'Publish the results at a B.S. date and time in Nepal (both empty: now)',
        params: SeasonParams,
        body: z.object({ date: z.string().max(20).optional(), time: z.string().max(10).optional() }),
      },
    },
    async (request) => merit.schedule(await requestActor(request), request.params.season, request.body),
  );

  app.post(
    '/offers/:id/confirm',
    {
      config,
      schema: {
        tags,
        summary: "Mark an offer's admission fee paid (or its voucher verified): the applicant is admitted",
        params: IdParams,
        body: z.object({ how: z.enum(['fee-paid', 'voucher']).default('fee-paid') }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await merit.confirm(await requestActor(request), request.params.id, request.body.how);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/offers/:id/voucher-refused',
    {
      config,
      schema: {
        tags,
        summary: 'Refuse the voucher an applicant sent for an offer: open again until its deadline, the guardian told',
        params: IdParams,
        body: VoucherRefusalSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.services.offerVouchers.refuse(await requestActor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/offers/:id/decline',
    {
      config,
      schema: {
        tags,
        summary: 'Record that the applicant declined the offer: the seat goes to the next on the waiting list',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await merit.decline(await requestActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

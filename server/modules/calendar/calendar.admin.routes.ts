import { z } from 'zod';
import { BsCalendarSchema, BsConfirmInputSchema, BsCorrectionInputSchema } from '#common/dates/bs-calendar.ts';
import type { ApiPlugin } from '#server/http.ts';
import { requestActor } from '#server/auth/actor.ts';

// The year is checked by the service (with the message the page shows), so any integer passes here.
const YearParams = z.object({ year: z.coerce.number().int() });

/** The B.S. calendar's month lengths and their corrections, under /api/admin. */
export const adminCalendarRoutes: ApiPlugin = async (app) => {
  app.get(
    '/calendar',
    {
      config: { action: 'calendar.edit' },
      schema: {
        tags: ['admin'],
        summary: 'The B.S. years around now and every corrected year, with their month lengths',
        response: { 200: BsCalendarSchema },
      },
    },
    async () => app.services.calendar.calendar(),
  );

  app.put(
    '/calendar/:year',
    {
      config: { action: 'calendar.edit' },
      schema: {
        tags: ['admin'],
        summary: "Correct a B.S. year's twelve month lengths, naming the calendar they come from",
        params: YearParams,
        body: BsCorrectionInputSchema,
        response: { 200: BsCalendarSchema },
      },
    },
    async (request) => app.services.calendar.correct(await requestActor(request), request.params.year, request.body),
  );

  app.post(
    '/calendar/:year/confirm',
    {
      config: { action: 'calendar.edit' },
      schema: {
        tags: ['admin'],
        summary: "Confirm a B.S. year's month lengths from the printed government calendar: it is no longer a forecast",
        params: YearParams,
        body: BsConfirmInputSchema,
        response: { 200: BsCalendarSchema },
      },
    },
    async (request) => app.services.calendar.confirm(await requestActor(request), request.params.year, request.body),
  );

  app.delete(
    '/calendar/:year/confirm',
    {
      config: { action: 'calendar.edit' },
      schema: {
        tags: ['admin'],
        summary: "Withdraw a year's confirmation (given by mistake): a year after the current one is a forecast again",
        params: YearParams,
        response: { 200: BsCalendarSchema },
      },
    },
    async (request) => app.services.calendar.unconfirm(await requestActor(request), request.params.year),
  );

  app.delete(
    '/calendar/:year',
    {
      config: { action: 'calendar.edit' },
      schema: {
        tags: ['admin'],
        summary: "Remove a year's correction: it has the package's month lengths again",
        params: YearParams,
        response: { 200: BsCalendarSchema },
      },
    },
    async (request) => app.services.calendar.remove(await requestActor(request), request.params.year),
  );
};

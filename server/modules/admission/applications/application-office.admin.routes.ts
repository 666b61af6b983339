import { Readable } from 'node:stream';
import { z } from 'zod';
import { APPLICATION_STATES, PAYMENT_STATES } from '#common/admission/application.ts';
import {
  ApplicationFiltersSchema,
  EXPORT_LAYOUTS,
  NoteSchema,
  PaymentDecisionSchema,
  RestoreSchema,
  UndoSchema,
  StateChangeSchema,
} from '#common/admission/application-office.ts';
import { requestActor } from '#server/auth/actor.ts';
import { type ApiPlugin, IdParams, RecordId } from '#server/http.ts';

const Counts = z.record(z.string(), z.number());
const ListSchema = z.object({
  seasons: z.array(z.object({ id: z.string(), name: z.string() })),
  season: z.object({ id: z.string(), name: z.string() }).nullable(),
  programmes: z.array(z.object({ id: z.string(), nameEn: z.string() })),
  categories: z.array(z.object({ id: z.string(), nameEn: z.string() })),
  items: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      nameEn: z.string(),
      nameNe: z.string(),
      programme: z.string(),
      gpa: z.number(),
      eligible: z.boolean(),
      payment: z.enum(PAYMENT_STATES),
      state: z.enum(APPLICATION_STATES),
      late: z.boolean(),
      submittedAt: z.string(),
      sameSymbolNumberAs: z.array(z.object({ id: z.string(), reference: z.string() })),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageCount: z.number(),
  counts: Counts,
});
const ResultSchema = z.object({
  moved: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), reference: z.string(), reason: z.string(), message: z.string() })),
});
/** A file of a document by its stored name (the name alone: the service checks it is one of that document's). */
const FileParams = IdParams.extend({
  documentId: RecordId,
  file: z
    .string()
    .max(200)
    .regex(/^[\w.-]+$/u, 'There is no such file.'),
});

/** The office's applications under /api/admin: read by the admissions role and owners, never editors. */
export const adminApplicationRoutes: ApiPlugin = async (app) => {
  const { applicationOffice: office } = app.services;
  const read = { action: 'applications.read' } as const;
  const decide = { action: 'applications.decide' } as const;
  const tags = ['admin'];

  app.get(
    '/applications',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Applications of a season (the newest by default), filtered, searched and paged, with counts per state',
        querystring: ApplicationFiltersSchema,
        response: { 200: ListSchema },
      },
    },
    async (request) => office.list(await requestActor(request), request.query),
  );

  app.get(
    '/applications/export.csv',
    {
      config: read,
      schema: {
        tags,
        summary:
          "The filtered applications as CSV (UTF-8 with a byte-order mark), in the office's or NEB's column order",
        querystring: ApplicationFiltersSchema.and(z.object({ layout: z.enum(EXPORT_LAYOUTS).default('office') })),
      },
    },
    async (request, reply) => {
      const { layout, ...filters } = request.query;
      const csv = await office.exportCsv(await requestActor(request), filters, layout);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(Readable.from(csv.chunks));
    },
  );

  app.get(
    '/applications/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One application: every field, its documents, payment, history and the seats of its programme',
        params: IdParams,
      },
    },
    async (request) => office.get(await requestActor(request), request.params.id),
  );

  app.get(
    '/applications/:id/documents/:documentId/:file',
    {
      config: read,
      schema: {
        tags,
        summary: "One stored file of an applicant's document (each opening is written to the audit log)",
        params: FileParams,
      },
    },
    async (request, reply) => {
      const { id, documentId, file } = request.params;
      const found = await office.openDocument(await requestActor(request), id, documentId, file);
      reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      // Opened in the browser's viewer, a PDF's scripts and forms run in a sandbox, never as this site.
      if (found.contentType === 'application/pdf') reply.header('content-security-policy', 'sandbox');
      return reply.send(found.body);
    },
  );

  app.post(
    '/applications/state',
    {
      config: decide,
      schema: {
        tags,
        summary: 'Move a selection of applications: which moved, and which were refused and why',
        body: StateChangeSchema,
        response: { 200: ResultSchema },
      },
    },
    async (request) => office.changeState(await requestActor(request), request.body),
  );

  app.post(
    '/applications/:id/state',
    {
      config: decide,
      schema: {
        tags,
        summary: "Move one application (409 when the move is not allowed, or beyond the programme's seats unconfirmed)",
        params: IdParams,
        body: StateChangeSchema.omit({ ids: true }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await office.changeOne(await requestActor(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/applications/:id/restore',
    {
      config: decide,
      schema: {
        tags,
        summary:
          'Undo a withdrawal: the seat it gave up comes back only while one is free (else the waiting list, or beyond the seats when confirmed)',
        params: IdParams,
        body: RestoreSchema,
        response: { 200: z.object({ to: z.enum(APPLICATION_STATES), beyondSeats: z.boolean() }) },
      },
    },
    async (request) => office.restore(await requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/applications/:id/undo',
    {
      config: decide,
      schema: {
        tags,
        summary:
          'Undo the seat change that withdrew it, within 24 hours and before the next applicant accepted or was told (409 with the reason otherwise; 409 until confirmed)',
        params: IdParams,
        body: UndoSchema,
        response: { 200: z.object({ to: z.enum(APPLICATION_STATES) }) },
      },
    },
    async (request) => office.undo(await requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/applications/:id/access-key',
    {
      config: decide,
      schema: {
        tags,
        summary:
          "Send the family a new access key (to the guardian's mobile and e-mail on the application); the old key stops opening it",
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.services.applicationIntake.sendNewKeyFromOffice(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/applications/:id/payment',
    {
      config: decide,
      schema: {
        tags,
        summary: "Verify or refuse the application fee's payment",
        params: IdParams,
        body: PaymentDecisionSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await office.setPayment(await requestActor(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/applications/:id/notes',
    {
      config: decide,
      schema: {
        tags,
        summary: 'Add a note to the history',
        params: IdParams,
        body: NoteSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await office.addNote(await requestActor(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
};

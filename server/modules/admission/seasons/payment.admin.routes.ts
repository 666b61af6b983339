import fastifyMultipart from '@fastify/multipart';
import { PaymentDetailsInputSchema, PaymentDetailsSchema } from '#common/admission/payment-details.ts';
import { requestActor } from '#server/auth/actor.ts';
import { badRequest } from '#server/errors.ts';
import { type ApiPlugin, IdParams } from '#server/http.ts';
import { imageTooLarge } from '#server/images/image-pipeline.ts';
import { readUpload } from '#server/modules/content/index.ts';

/** Where parents pay a season's fees: its bank account, reference text and payment QR, under /api/admin. */
export const adminPaymentRoutes: ApiPlugin = async (app) => {
  const { payments } = app.services;
  const imageBytes = app.services.images.limits.maxBytes;
  const edit = { action: 'seasons.edit' } as const;
  const tags = ['admin'];

  // Registered here, so only these routes accept multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: imageBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
  });

  app.get(
    '/seasons/:id/payment',
    {
      config: edit,
      schema: {
        tags,
        summary: "A season's payment details: bank account, reference text, payment QR",
        params: IdParams,
        response: { 200: PaymentDetailsSchema },
      },
    },
    async (request) => payments.get(await requestActor(request), request.params.id),
  );

  app.put(
    '/seasons/:id/payment',
    {
      config: edit,
      schema: {
        tags,
        summary: "Save a season's bank account and reference text ('{reference}' stands for the application's)",
        description:
          'The bank, the account name and the account number go together (all empty: no details yet). The account ' +
          'number takes digits with spaces, hyphens or slashes between groups. The QR image is kept as it is.',
        params: IdParams,
        body: PaymentDetailsInputSchema,
        response: { 200: PaymentDetailsSchema },
      },
    },
    async (request) => payments.update(await requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/seasons/:id/payment/qr',
    {
      config: edit,
      schema: {
        tags,
        summary: "Upload the college's payment QR image (Fonepay, eSewa, Khalti), replacing the one before",
        description:
          'Multipart, one file in a part named "file": a JPEG, PNG, WebP or AVIF image, checked by its content, ' +
          'with the same limits and messages as photo uploads. Its metadata is removed; pages show a resized copy.',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: PaymentDetailsSchema },
      },
    },
    async (request) => {
      const { file } = await readUpload(request, {
        maxBytes: imageBytes,
        errors: {
          missing: () => badRequest('image/missing'),
          tooLarge: () => imageTooLarge(imageBytes),
          unreadable: () => badRequest('image/bad-upload'),
        },
      });
      return payments.setQr(await requestActor(request), request.params.id, file);
    },
  );

  app.delete(
    '/seasons/:id/payment/qr',
    {
      config: edit,
      schema: {
        tags,
        summary: "Remove the season's payment QR image",
        params: IdParams,
        response: { 200: PaymentDetailsSchema },
      },
    },
    async (request) => payments.removeQr(await requestActor(request), request.params.id),
  );
};

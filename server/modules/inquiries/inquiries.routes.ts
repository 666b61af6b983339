import { z } from 'zod';
import { INQUIRY_RECEIVED_MESSAGE, InquiryFormTokenSchema, InquirySubmissionSchema } from '#common/inquiry.ts';
import { publicActor } from '#server/auth/actor.ts';
import type { ApiPlugin } from '#server/http.ts';

export const publicInquiriesRoutes: ApiPlugin = async (app) => {
  app.get(
    '/inquiries/form-token',
    {
      schema: {
        tags: ['public'],
        summary:
          'A token for one contact-form message: send it as form_token, no sooner than usableFrom and before expiresAt',
        response: { 200: InquiryFormTokenSchema },
      },
    },
    async (_request, reply) => {
      // Each token is for one visitor's message: no cache may hand it to another.
      reply.header('cache-control', 'no-store');
      return app.services.inquiries.issueFormToken();
    },
  );

  app.post(
    '/inquiries',
    {
      schema: {
        tags: ['public'],
        summary: 'Send a message from the contact form, with the form_token of the form it was written in',
        body: InquirySubmissionSchema,
        response: { 201: z.object({ received: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const result = await app.services.inquiries.submit(publicActor(request.ip), request.body);
      if (!result.stored) request.log.info('inquiry dropped by the honeypot');
      // A bot is told the same as a person, so it learns nothing from the answer.
      return reply.status(201).send({ received: true, message: INQUIRY_RECEIVED_MESSAGE });
    },
  );
};

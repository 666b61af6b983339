import { z } from 'zod';
import { INQUIRY_RECEIVED_MESSAGE, InquiryInputSchema } from '#common/inquiry.ts';
import type { ApiPlugin } from '#server/http.ts';

export const publicInquiriesRoutes: ApiPlugin = async (app) => {
  app.post(
    '/inquiries',
    {
      schema: {
        tags: ['public'],
        summary: 'Send a message from the contact form',
        body: InquiryInputSchema,
        response: { 201: z.object({ received: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const result = await app.services.inquiries.submit(request.body, request.ip);
      if (!result.stored) request.log.info('inquiry dropped by the honeypot');
      // A bot is told the same as a person, so it learns nothing from the answer.
      return reply.status(201).send({ received: true, message: INQUIRY_RECEIVED_MESSAGE });
    },
  );
};

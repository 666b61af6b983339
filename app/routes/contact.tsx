import { data } from 'react-router';
import { ContactDetails } from '#app/components/contact-details.tsx';
import { InquiryForm } from '#app/components/inquiry-form.tsx';
import { MapFacade } from '#app/components/map-facade.tsx';
import { type InquiryResult, isClientError, readInquiry } from '#app/lib/inquiry.ts';
import { INQUIRY_RECEIVED_MESSAGE } from '#common/inquiry.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { college } from '#content/college.ts';
import '#app/styles/contact.css';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Contact',
    description: `Address, phone numbers, map and a contact form for ${college.name}, ${college.address.oneLine}.`,
  });

/** The form without JavaScript posts here; with JavaScript it goes to POST /api/inquiries instead. */
export async function action({ request, context }: Route.ActionArgs) {
  const input = readInquiry(await request.formData());
  try {
    await context.services.inquiries.submit(input, context.clientIp);
    return { ok: true, message: INQUIRY_RECEIVED_MESSAGE } satisfies InquiryResult;
  } catch (err) {
    if (!isClientError(err)) throw err;
    const { website: _honeypot, ...values } = input;
    const result: InquiryResult = { ok: false, message: err.message, values };
    return data(result, { status: err.statusCode, headers: err.headers ?? {} });
  }
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="page">
      <div className="container">
        <header className="page__header">
          <h1>Contact us</h1>
          <p>Questions about courses, admissions or a visit? Call, write or send us a message.</p>
        </header>
        <div className="contact-layout">
          <div className="contact-layout__info">
            <ContactDetails />
            <MapFacade />
          </div>
          <InquiryForm serverResult={actionData as InquiryResult | undefined} />
        </div>
      </div>
    </main>
  );
}

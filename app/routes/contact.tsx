import { data } from 'react-router';
import { ContactDetails } from '#app/components/contact-details.tsx';
import { InquiryForm } from '#app/components/inquiry-form.tsx';
import { MapFacade } from '#app/components/map-facade.tsx';
import { type WriteResult, formRefused } from '#app/lib/form-result.ts';
import { inquiryFieldErrors, isClientError, readInquiry, refusalMessage } from '#app/lib/inquiry.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { pageHeaders } from '#app/lib/page-headers.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import { languageOfPath } from '#common/i18n/site-path.ts';
import { FORM_TOKEN_FIELD, formTokenStillUsable } from '#common/inquiry.ts';
import { collegeNameOf, interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { oneLineAddress, siteContentOf, useSiteContent } from '#app/lib/site-content.ts';
import contactCss from '#app/styles/contact.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = (args) => {
  const content = siteContentOf(args.matches);
  const address = content ? oneLineAddress(content.site, content.lang) : '';
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, {
    title: ui.meta.contactTitle,
    description: ui.meta.contactDescription(collegeNameOf(args.matches), address),
  });
};

// The form carries a token made for this visit: no cache (ours or a CDN's) may keep the page.
export const headers = pageHeaders({ 'Cache-Control': PRIVATE_NO_STORE });

/**
 * Every form's answer (app/lib/form-result.ts); a refused form that may be sent again as it is keeps its
 * token, and so the time it was opened.
 */
type ContactResult = WriteResult & { formToken?: string };

/** The form's token is made when the page is rendered, so it works without JavaScript. */
export async function loader({ context }: Route.LoaderArgs) {
  return { formToken: (await context.services.inquiries.issueFormToken()).token };
}

/**
 * The contact form posts here (the page loads no script to send it elsewhere): /contact or /ne/contact,
 * which answers in its own language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = languageOfPath(new URL(request.url).pathname);
  const ui = interfaceText(lang);
  const form = await context.readForm(request);
  const input = readInquiry(form);
  const sentToken = form.get(FORM_TOKEN_FIELD);
  const formToken = typeof sentToken === 'string' ? sentToken : '';
  // Every refused field gets its own message beside it (the service would name only the first).
  const fieldErrors = inquiryFieldErrors(input, lang);
  if (fieldErrors) {
    const { website: _honeypot, ...values } = input;
    const correct = { code: 'validation', message: ui.form.correctFields };
    const refused: ContactResult = { ...formRefused(correct, { values, fieldErrors }), formToken };
    return data(refused, { status: 400 });
  }
  try {
    await context.services.inquiries.submit(context.visitor, {
      ...input,
      [FORM_TOKEN_FIELD]: formToken,
    });
    return { ok: true, message: ui.form.received } satisfies ContactResult;
  } catch (err) {
    if (!isClientError(err)) throw err;
    const { website: _honeypot, ...values } = input;
    const code = (err as { code?: unknown }).code;
    const keep = typeof code === 'string' && formTokenStillUsable(code);
    const message = refusalMessage(code, err.message, lang);
    const refused = formRefused({ code: typeof code === 'string' ? code : 'bad-request', message }, { values });
    const result: ContactResult = { ...refused, ...(keep ? { formToken } : {}) };
    return data(result, { status: err.statusCode, headers: err.headers ?? {} });
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ContactResult | undefined;
  const { ui } = useSiteContent();
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="contact" css={contactCss} />
      <div className="container">
        <header className="page__header">
          <h1>{ui.contact.heading}</h1>
          <p>{ui.contact.intro}</p>
        </header>
        <div className="contact-layout">
          <div className="contact-layout__info">
            <ContactDetails />
            <MapFacade />
          </div>
          <InquiryForm serverResult={result} formToken={result?.formToken ?? loaderData.formToken} />
        </div>
      </div>
    </main>
  );
}

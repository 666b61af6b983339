import { renderToStaticMarkup } from 'react-dom/server';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PUBLIC_LAYOUT_ID, type PublicSite } from '#app/lib/site-content.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import { OfferBox, type OfferView } from './application-offer.tsx';

const KEY = 'AB01-CDEF-23GH-45JK-67MN-89PQ-RSTV';
const offer = (change: Partial<NonNullable<OfferView['offer']>> = {}): OfferView => ({
  outcome: 'offered',
  waitlistPosition: null,
  offer: {
    state: 'open',
    deadline: '2027-07-27T18:15:00.000Z',
    fromWaitlist: false,
    voucherNumber: '',
    voucherRefused: false,
    ...change,
  },
});

/** The box as the status page renders it: inside the public layout, whose loader gives the language. */
async function render(
  view: OfferView,
  lang: SiteLanguage = 'en',
  extra: Partial<Parameters<typeof OfferBox>[0]> = {},
): Promise<string> {
  const router = createMemoryRouter([
    {
      id: PUBLIC_LAYOUT_ID,
      path: '/',
      loader: () => ({ site: {}, lang }) as unknown as PublicSite,
      Component: Outlet,
      children: [
        {
          index: true,
          Component: () => (
            <OfferBox
              view={view}
              reference="ORB-2084-0042"
              accessKey={KEY}
              askDecline={false}
              declined={false}
              voucherSent={false}
              {...extra}
            />
          ),
        },
      ],
    },
  ]);
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('the offer box’s voucher', () => {
  it('offers a plain multipart form while the offer is open, carrying the look-up again', async () => {
    const html = await render(offer());
    expect(html).toContain('send a photo of the bank voucher from the application status page');
    // HTML attribute names are case-insensitive: React writes encType.
    const at = html.toLowerCase().indexOf('enctype="multipart/form-data"');
    expect(at).toBeGreaterThan(0);
    const form = html.slice(at);
    expect(form).toContain('name="voucher_number"');
    expect(form).toMatch(/<input id="field-voucher_file" type="file" required=""[^>]*name="voucher_file"/u);
    expect(form).toContain('accept="image/jpeg,image/png,image/webp,application/pdf"');
    expect(form).toContain('name="reference" value="ORB-2084-0042"');
    expect(form).toContain(`name="access_key" value="${KEY}"`);
    expect(form).toMatch(/<button type="submit" value="voucher"[^>]*name="intent"/u);
  });

  it('says the voucher waits for the office, without a form, once it is sent', async () => {
    const html = await render(offer({ state: 'voucher-sent', voucherNumber: 'NB-7' }));
    expect(html).toContain('Voucher NB-7 has reached the college office');
    expect(html).toContain('You are offered a seat');
    expect(html).not.toContain('voucher_file');
  });

  it('tells of a refused voucher and keeps the number typed with the reason of a refused post, in Nepali too', async () => {
    const html = await render(offer({ voucherRefused: true }), 'ne', {
      voucherRefused: { number: 'NB-8', message: 'यो फाइल फोटो (JPEG, PNG, WebP) वा PDF होइन।' },
    });
    expect(html).toContain('तपाईंले पठाएको भौचर कार्यालयले स्वीकार गर्न सकेन');
    expect(html).toContain('वा PDF होइन।');
    expect(html).toContain('value="NB-8"');
    expect(html).toContain('भौचर पठाउनुहोस्');
  });

  it('shows no form on a closed offer', async () => {
    for (const state of ['confirmed', 'lapsed', 'declined'] as const) {
      expect(await render(offer({ state }))).not.toContain('voucher_file');
    }
  });
});

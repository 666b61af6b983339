import { renderToStaticMarkup } from 'react-dom/server';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PUBLIC_LAYOUT_ID, type PublicSite } from '#app/lib/site-content.ts';
import type { Logo } from '#common/site-content/college.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import { ApplicationConfirmation, type ConfirmationView } from './application-confirmation.tsx';
import { logoMarkUrl } from '#common/site-content/logo.ts';

const NAME = { en: 'Sunrise Academy', ne: 'सनराइज एकेडेमी' };
const LOGO: Logo = { url: '/logo/0123456789abcdef0123456789abcdef.png', width: 400, height: 200 };

const confirmation: ConfirmationView = {
  reference: 'SA-2084-0007',
  accessKey: 'AB01-CDEF-23GH-45JK-67MN-89PQ-RSTV',
  nameEn: 'Sita Sharma',
  nameNe: 'सीता शर्मा',
  birthDate: '2068-05-12',
  programme: { en: 'Science', ne: 'विज्ञान' },
  secondChoice: null,
  submittedAt: '2027-06-20T06:00:00.000Z',
  amount: 0,
  late: false,
  warning: '',
  statusUrl: 'https://sunrise.example/admission/status',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  payment: {
    bank: '',
    branch: '',
    accountName: '',
    accountNumber: '',
    referenceEn: '',
    referenceNe: '',
    qr: null,
  },
};

/** The confirmation as the apply page renders it: inside the public layout, whose loader gives the college. */
async function render(lang: SiteLanguage, logo: Logo | null): Promise<string> {
  const router = createMemoryRouter([
    {
      id: PUBLIC_LAYOUT_ID,
      path: '/',
      loader: () => ({ site: { college: { name: NAME, logo } }, lang }) as unknown as PublicSite,
      Component: Outlet,
      children: [{ index: true, Component: () => <ApplicationConfirmation c={confirmation} /> }],
    },
  ]);
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('the application’s confirmation', () => {
  it('is headed with the college’s uploaded logo and its name in the page’s language', async () => {
    for (const lang of ['en', 'ne'] as const) {
      const html = await render(lang, LOGO);
      const head = /<p class="apply-confirmation__college">(.*?)<\/p>/u.exec(html)?.[1] ?? '';
      expect(head).toBe(
        `<img class="apply-confirmation__logo" src="${logoMarkUrl(LOGO.url)}" width="96" height="48" alt=""/>${NAME[lang]}`,
      );
      expect(html).not.toMatch(/orbit|अर्बिट/iu);
    }
  });

  it('is headed with the name alone, and no picture, for a college without a logo', async () => {
    const html = await render('en', null);
    expect(/<p class="apply-confirmation__college">(.*?)<\/p>/u.exec(html)?.[1]).toBe(NAME.en);
  });
});

import { HOME_NOTICE_COUNT } from '#common/limits.ts';
import { AboutSection } from '#app/components/about-section.tsx';
import { AdmissionsBlock } from '#app/admission/components/admissions-block.tsx';
import { BannerCarousel } from '#app/components/banner-carousel.tsx';
import { CoursesSection } from '#app/components/courses-section.tsx';
import { Hero } from '#app/components/hero.tsx';
import { LatestNotices } from '#app/components/latest-notices.tsx';
import { MessagesSection } from '#app/components/messages-section.tsx';
import { TestimonialsSection } from '#app/components/testimonials-section.tsx';
import { WhyChooseUs } from '#app/components/why-choose-us.tsx';
import { collegeNameOf, interfaceTextOf, pageMeta, siteUrlOf } from '#app/lib/seo.ts';
import { organizationLd } from '#app/lib/structured-data.ts';
import { localized, oneLineAddress, siteContentOf, useSiteContent } from '#app/lib/site-content.ts';
import homeCss from '#app/styles/home.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = (args) => {
  const name = collegeNameOf(args.matches);
  const content = siteContentOf(args.matches);
  const motto = content ? localized(content.site.college.motto, content.lang) : '';
  const ui = interfaceTextOf(args.matches);
  return [
    ...pageMeta(args, {
      title: motto ? `${ui.meta.homeTitle(name)} | ${motto}` : ui.meta.homeTitle(name),
      titleIsComplete: true,
      description: ui.meta.homeDescription(name, content ? oneLineAddress(content.site, content.lang) : ''),
    }),
    // The college's mark is the site's icon; the content has no logo of its own.
    ...(content ? [{ 'script:ld+json': organizationLd(content.site, siteUrlOf(args.matches), '/favicon.svg') }] : []),
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const [notices, admission, featured, firstSlideInline] = await Promise.all([
    context.services.notices.list(HOME_NOTICE_COUNT),
    context.services.admission.current(),
    context.services.images.list('featured'),
    context.services.content.firstSlideInline(),
  ]);
  return { notices, featured, admission, firstSlideInline };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { site } = useSiteContent();
  return (
    <main id="main" tabIndex={-1}>
      <PageStyle name="home" css={homeCss} />
      <BannerCarousel slides={site.banner.slides} firstSlideInline={loaderData.firstSlideInline} />
      <Hero />
      <AboutSection />
      <CoursesSection />
      <WhyChooseUs photos={loaderData.featured} />
      <AdmissionsBlock admission={loaderData.admission} />
      <LatestNotices notices={loaderData.notices} />
      <MessagesSection />
      <TestimonialsSection />
    </main>
  );
}

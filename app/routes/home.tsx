import { admissionButtonLabel } from '#common/admission.ts';
import { HOME_NOTICE_COUNT } from '#common/limits.ts';
import { college } from '#content/college.ts';
import { bannerPictures } from '#content/pictures.ts';
import { AboutSection } from '#app/components/about-section.tsx';
import { AdmissionsBlock } from '#app/components/admissions-block.tsx';
import { BannerCarousel } from '#app/components/banner-carousel.tsx';
import { CoursesSection } from '#app/components/courses-section.tsx';
import { Hero } from '#app/components/hero.tsx';
import { LatestNotices } from '#app/components/latest-notices.tsx';
import { MessagesSection } from '#app/components/messages-section.tsx';
import { TestimonialsSection } from '#app/components/testimonials-section.tsx';
import { WhyChooseUs } from '#app/components/why-choose-us.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import homeCss from '#app/styles/home.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${college.name}, Bharatpur | ${college.motto}`,
    titleIsComplete: true,
    description: `${college.name} is a +2 college at Bikash Chowk, Bharatpur, Chitwan, teaching science and management. Courses, admissions, notices and contact details.`,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [notices, status, featured] = await Promise.all([
    context.services.notices.list(HOME_NOTICE_COUNT),
    context.services.admission.get(),
    context.services.images.list('featured'),
  ]);
  return { notices, featured, admission: { status, buttonLabel: admissionButtonLabel(status) } };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1}>
      <PageStyle name="home" css={homeCss} />
      <BannerCarousel pictures={bannerPictures} />
      <Hero />
      <AboutSection />
      <CoursesSection />
      <WhyChooseUs photos={loaderData.featured} />
      <AdmissionsBlock {...loaderData.admission} />
      <LatestNotices notices={loaderData.notices} />
      <MessagesSection />
      <TestimonialsSection />
    </main>
  );
}

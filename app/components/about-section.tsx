import type { College } from '#common/site-content/college.ts';
import { splitParagraphs } from '#common/site-content/local-text.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { VideoFacade } from './video-facade.tsx';

/** Nothing for the about section to show: no about text, vision, mission or video (as 'Start empty' leaves it). */
export const aboutIsEmpty = (college: College): boolean =>
  [college.about, college.vision, college.mission].every((text) => text.en.trim() === '' && text.ne.trim() === '') &&
  !college.videoUrl;

/** The about text, vision and mission; what the college has left empty is left out (so is the section). */
export function AboutSection() {
  const { site, t, ui, langOf } = useSiteContent();
  const { college } = site;
  const pillars = [
    { key: 'vision', heading: college.visionHeading, text: college.vision },
    { key: 'mission', heading: college.missionHeading, text: college.mission },
  ].filter((pillar) => t(pillar.text) !== '');
  const paragraphs = splitParagraphs(t(college.about));
  if (aboutIsEmpty(college)) return null;
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className={`container about ${college.videoUrl ? 'about--with-video' : ''}`}>
        <div className="about__text">
          <h2 id="about-title" lang={langOf(college.aboutHeading)}>
            {t(college.aboutHeading)}
          </h2>
          {paragraphs.map((p, i) => (
            <p key={i} lang={langOf(college.about)}>
              {p}
            </p>
          ))}
          {pillars.length > 0 ? (
            <div className="about__pillars">
              {pillars.map((pillar) => (
                <article key={pillar.key} className="pillar">
                  <h3 lang={langOf(pillar.heading)}>{t(pillar.heading)}</h3>
                  <p lang={langOf(pillar.text)}>{t(pillar.text)}</p>
                </article>
              ))}
            </div>
          ) : null}
        </div>
        <VideoFacade embedUrl={college.videoUrl} title={ui.home.video(t(college.name))} playLabel={ui.home.playVideo} />
      </div>
    </section>
  );
}

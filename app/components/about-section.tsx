import { splitParagraphs } from '#common/site-content/local-text.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { VideoFacade } from './video-facade.tsx';

export function AboutSection() {
  const { site, t, ui, langOf } = useSiteContent();
  const { college } = site;
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className={`container about ${college.videoUrl ? 'about--with-video' : ''}`}>
        <div className="about__text">
          <h2 id="about-title" lang={langOf(college.aboutHeading)}>
            {t(college.aboutHeading)}
          </h2>
          {splitParagraphs(t(college.about)).map((p, i) => (
            <p key={i} lang={langOf(college.about)}>
              {p}
            </p>
          ))}
          <div className="about__pillars">
            <article className="pillar">
              <h3 lang={langOf(college.visionHeading)}>{t(college.visionHeading)}</h3>
              <p lang={langOf(college.vision)}>{t(college.vision)}</p>
            </article>
            <article className="pillar">
              <h3 lang={langOf(college.missionHeading)}>{t(college.missionHeading)}</h3>
              <p lang={langOf(college.mission)}>{t(college.mission)}</p>
            </article>
          </div>
        </div>
        <VideoFacade embedUrl={college.videoUrl} title={ui.home.video(t(college.name))} playLabel={ui.home.playVideo} />
      </div>
    </section>
  );
}

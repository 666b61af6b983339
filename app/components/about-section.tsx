import { splitParagraphs } from '#common/site-content/local-text.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { VideoFacade } from './video-facade.tsx';

export function AboutSection() {
  const { site, t } = useSiteContent();
  const { college } = site;
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className={`container about ${college.videoUrl ? 'about--with-video' : ''}`}>
        <div className="about__text">
          <h2 id="about-title">{t(college.aboutHeading)}</h2>
          {splitParagraphs(t(college.about)).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          <div className="about__pillars">
            <article className="pillar">
              <h3>{t(college.visionHeading)}</h3>
              <p>{t(college.vision)}</p>
            </article>
            <article className="pillar">
              <h3>{t(college.missionHeading)}</h3>
              <p>{t(college.mission)}</p>
            </article>
          </div>
        </div>
        <VideoFacade embedUrl={college.videoUrl} title={`Video: ${t(college.name)}`} />
      </div>
    </section>
  );
}

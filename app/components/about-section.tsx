import { about, college, links } from '#content/college.ts';
import { VideoFacade } from './video-facade.tsx';

export function AboutSection() {
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className={`container about ${links.videoEmbed ? 'about--with-video' : ''}`}>
        <div className="about__text">
          <h2 id="about-title">{about.heading}</h2>
          {about.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <div className="about__pillars">
            <article className="pillar">
              <h3>{about.vision.heading}</h3>
              <p>{about.vision.text}</p>
            </article>
            <article className="pillar">
              <h3>{about.mission.heading}</h3>
              <p>{about.mission.text}</p>
            </article>
          </div>
        </div>
        <VideoFacade embedUrl={links.videoEmbed} title={`Video: ${college.name}`} />
      </div>
    </section>
  );
}

import type { Message } from '#common/site-content/people.ts';
import { splitParagraphs } from '#common/site-content/local-text.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { SitePicture } from './site-picture.tsx';

/** The chairman's and the principal's messages, as the office saved them; one without a text is left out. */
export function MessagesSection() {
  const { site, t, ui, langOf } = useSiteContent();
  const messages = (
    [
      ['chairman', site.messages.chairman],
      ['principal', site.messages.principal],
    ] satisfies [string, Message][]
  ).filter(([, m]) => t(m.body).trim() !== '');
  if (messages.length === 0) return null;
  return (
    <section className="section" aria-labelledby="messages-title">
      <div className="container">
        <h2 id="messages-title">{ui.home.messagesHeading}</h2>
        <div className="message-grid">
          {messages.map(([key, m]) => {
            // A message whose author has no name yet is signed with the role alone.
            const from = t(m.name) ? `${t(m.name)}, ${t(m.role)}` : t(m.role);
            return (
              <article key={key} className="message">
                {m.photo ? (
                  <SitePicture picture={m.photo} alt={`Photo: ${from}`} sizes="6rem" className="message__photo" />
                ) : null}
                <h3 lang={langOf(m.heading)}>{t(m.heading)}</h3>
                {splitParagraphs(t(m.body)).map((p, i) => (
                  <p key={i} lang={langOf(m.body)}>
                    {p}
                  </p>
                ))}
                <p className="message__from" lang={langOf(m.role)}>{`— ${from}`}</p>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}

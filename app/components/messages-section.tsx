import { messages } from '#content/college.ts';

/** The chairman's and the principal's messages (texts and names come from content/college.ts). */
export function MessagesSection() {
  return (
    <section className="section" aria-labelledby="messages-title">
      <div className="container">
        <h2 id="messages-title">Messages from the college</h2>
        <div className="message-grid">
          {messages.map((m) => (
            <article key={m.heading} className="message">
              <h3>{m.heading}</h3>
              {m.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              <p className="message__from">— {m.from.name ? `${m.from.name}, ${m.from.role}` : m.from.role}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

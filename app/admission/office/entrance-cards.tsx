import { Link, data } from 'react-router';
import { AdmitCard } from '#app/admission/components/admit-card.tsx';
import { admitCardView } from '#app/admission/components/admit-card.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { refusalOf } from '#common/api-error.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import '#app/styles/admit-card.css';
import type { Route } from './+types/entrance-cards';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Admit cards', matches);

export const headers = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

/** Every admit card of a session, one an A4 page when printed (the photos' opening is audited). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'entrance.manage');
  const { cards } = await context.services.entrance.printCards(actor, params.id).catch((err: unknown) => {
    if (refusalOf(err)?.status === 404) throw data('This session does not exist.', { status: 404 });
    throw err;
  });
  const site = await context.services.content.site();
  return {
    cards: await Promise.all(cards.map((c) => admitCardView(c, context.siteUrl, 'en', site.college))),
    id: params.id,
  };
}

export default function EntranceCardsPage({ loaderData }: Route.ComponentProps) {
  const { cards, id } = loaderData;
  return (
    <section className="admin-page admit-cards" aria-labelledby="cards-title">
      <header className="admin-page__header admit-card-actions">
        <div>
          <p>
            <Link to={`/admin/entrance/sessions/${id}`}>Back to the session</Link>
          </p>
          <h1 id="cards-title">Admit cards ({cards.length})</h1>
          <p className="admin-page__lead">Print this page: each card comes on an A4 page of its own.</p>
        </div>
      </header>
      {cards.length === 0 ? <p>Nobody is seated in this session yet.</p> : null}
      {cards.map((card) => (
        <AdmitCard key={card.code} card={card} lang="en" />
      ))}
    </section>
  );
}

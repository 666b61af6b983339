import { AdminPager } from './admin-pager.tsx';
import { DeleteButton } from './delete-button.tsx';

export interface OldAddressesShown {
  total: number;
  page: number;
  pageCount: number;
  /** Where each leads now (its notice's or album's current address) and its title; kind null once deleted. */
  items: { path: string; target: string; title: string | null; kind: 'notice' | 'album' | 'page' | null }[];
}

/** The old site's addresses that redirect here, each with a link to where it leads and a Delete. */
export function OldAddressList({ list }: { list: OldAddressesShown }) {
  return (
    <section className="admin-panel old-addresses" aria-labelledby="old-addresses-title">
      <h2 id="old-addresses-title">Old addresses ({list.total})</h2>
      <p className="import-run__note">
        Addresses of the old site that now move to their notice, album or page for good (301). A deleted one is no
        longer redirected: an address shaped like a WordPress one then leads to the notices list.
      </p>
      {list.items.length === 0 ? (
        <p>No old addresses yet: an import adds those of each post, gallery and file it brings over.</p>
      ) : (
        <ul className="old-addresses__list">
          {list.items.map((item, i) => (
            <li key={item.path} className="old-addresses__item">
              <p className="old-addresses__path" id={`old-address-${i}`}>
                <code>{item.path}</code>
              </p>
              <p className="old-addresses__target">
                →{' '}
                {item.kind === 'album'
                  ? 'Album '
                  : item.kind === 'notice'
                    ? 'Notice '
                    : item.kind === 'page'
                      ? 'Page '
                      : null}
                <a href={item.target}>{item.title ?? item.target}</a>
                {item.kind === null ? ' (its notice or album was deleted: not redirected)' : null}
                {/* An album's address is its slug, which the office may change; a notice's is its id. */}
                {item.kind === 'album' ? <> ({item.target})</> : null}
              </p>
              <DeleteButton
                id={item.path}
                question="Delete this old address?"
                consequence={`${item.path} stops leading to ${item.title ? `“${item.title}”` : item.target}. Links to it printed or bookmarked will land on the notices list instead.`}
                label={`Delete ${item.path}`}
                describedBy={`old-address-${i}`}
              />
            </li>
          ))}
        </ul>
      )}
      <AdminPager
        label="Pages of old addresses"
        page={list.page}
        pageCount={list.pageCount}
        href={(n) => `/admin/import?page=${n}`}
        previous="Previous"
        next="Next"
      />
    </section>
  );
}

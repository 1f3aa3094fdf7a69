import { useEffect } from 'react';
import ProductCard from '../../../components/ProductCard';
import { useCategoryTree } from '../../../components/ShopContext';
import { pathOf } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';
import type { OfferCard } from '../../../lib/types';

/**
 * A product the shop no longer sells (hidden, e.g. its feed dropped it) keeps its page, for customers' order
 * links and old bookmarks: a clear note instead of the buy buttons, `noindex` for search engines (the server's
 * page says so too: server/features/seo/seo.ts), and its category's products below.
 */
function Note() {
  const t = useT();
  // The app's own navigation to this page: the robots meta the server writes on a first load. Leaving the
  // page takes it away, the server's too (the next page the app shows may be indexed).
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"][content="noindex"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      meta.content = 'noindex';
      document.head.append(meta);
    }
    return () => meta.remove();
  }, []);
  return (
    <p className="item__retired" role="status">
      {t('retired.no_longer_sold')}
    </p>
  );
}

function Related({ cards, category }: { cards: OfferCard[] | undefined; category: string }) {
  const t = useT();
  const { tree } = useCategoryTree();
  if (!cards?.length) return null;
  const title = t('retired.same_category', { category });
  return (
    <section className="item__related" aria-label={title}>
      <h2>{title}</h2>
      <ul className="product-grid">
        {cards.map((card) => (
          <li key={card.id}>
            <ProductCard card={card} href={`/category/${pathOf(tree, String(card.categoryId))}/item/${card.id}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default { Note, Related };

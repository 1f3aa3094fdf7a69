import { Link } from '../../../lib/router';
import { useCategoryTree } from '../../../components/ShopContext';
import { pathOf } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';
import type { Offer } from '../../../lib/types';
import { variantChoices } from '../itemView';

/** The item's size or colour picker: each choice is its variant's own page (own price, stock, pictures, cart line). */
export default function Variants({ item }: { item: Offer }) {
  const t = useT();
  const { tree } = useCategoryTree();
  const rows = variantChoices(item);
  if (!rows.length) return null;
  const href = (v: { id: string; categoryId: string }) => `/category/${tree.byId.has(v.categoryId) ? pathOf(tree, v.categoryId) : '0'}/item/${v.id}`;
  return (
    <div className="variants">
      {rows.map(({ dimension, choices }) => {
        const label = dimension ?? t('item.variants');
        const chosen = choices.find((c) => c.current)?.value;
        return (
          <div key={label} className="variants__row" role="group" aria-label={label}>
            <p className="variants__label">
              {label}
              {dimension && chosen ? <>: <b>{chosen}</b></> : null}
            </p>
            <div className="variants__choices">
              {choices.map((c) => {
                const className = `variants__choice${c.variant.available === '1' ? '' : ' variants__choice--out'}`;
                const title = c.variant.available === '1' ? undefined : t('item.variant_unavailable');
                return c.current ? (
                  <span key={c.value} className={`${className} variants__choice--current`} aria-current="true" title={title}>
                    {c.value}
                  </span>
                ) : (
                  <Link key={c.value} to={href(c.variant)} replace className={className} title={title}>
                    {c.value}
                  </Link>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}

import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useParams, useSearchParams } from '../../../lib/router';
import Breadcrumbs, { categoryCrumbs } from '../../../components/Breadcrumbs';
import Later from '../../../components/Later';
import Loader from '../../../components/Loader';
import NoConnection from '../../../components/NoConnection';
import OwnerTools from '../../../components/OwnerTools';
import PathPending from '../../../components/PathPending';
import Price from '../../../components/Price';
import { useCategoryTree, useShopContext } from '../../../components/ShopContext';
import { useSlots } from '../../../components/Slots';
import { pathOf, pathState, ROOT_PATH } from '../../../lib/categories';
import { tPlural, useT } from '../../../lib/i18n';
import { useIsWide } from '../../../lib/layout';
import { formatPrice } from '../../../../schemas/rules/money';
import { useScrollTop } from '../../../lib/scroll';
import type { Offer } from '../../../lib/types';
import { itemOpened, itemRetried, selectItemEntry } from '../itemSlice';
import { isRetired, mainProperties, paramProperties, sizeProperties, termsOf, typeProperties, type Property } from '../itemView';
import Gallery from './Gallery';
import Retired from './Retired';
import Variants from './Variants';
import { ShareButton } from '../../share/public';
import '../item.css';

function PropertyList({ title, list }: { title: string; list: Property[] }) {
  if (!list.length) return null;
  return (
    <section className="props">
      <h3 className="props__title">{title}</h3>
      <dl className="props__list">
        {list.map((p) => (
          <div key={p.key} className="props__row">
            <dt>{p.label}</dt>
            <dd>{p.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Terms({ item }: { item: Offer }) {
  const t = useT();
  const terms = termsOf(item, t, tPlural);
  if (!terms.length) return null;
  return (
    <div className="terms">
      {terms.map((x) => (
        <section key={x.kind} className="terms__block" aria-label={t(`item.${x.kind}`)}>
          <h2 className="terms__title">{t(`item.${x.kind}`)}</h2>
          <p className="terms__line">
            {x.cost !== null && <span className={x.cost === 0 ? 'terms__free' : undefined}>{x.cost === 0 ? t('item.free_shipping') : formatPrice(x.cost, item.currencyId)}</span>}
            {x.cost !== null && x.days && <span aria-hidden="true"> · </span>}
            {x.days && <span>{x.days}</span>}
          </p>
          {x.orderBefore !== null && <p className="terms__note">{t(x.kind === 'delivery' ? 'item.order_before_delivery' : 'item.order_before_pickup', { h: x.orderBefore })}</p>}
        </section>
      ))}
    </div>
  );
}

/**
 * /category/{path}/item/{id}: pictures, name, price, actions, delivery and pickup terms, description, properties.
 * The seed's shop id in the address (?shopId=): the shop is the one of the Host, so an address naming another
 * shop is not found here (/404) rather than showing this shop's item of the same number.
 */
export default function ItemPage() {
  const t = useT();
  const { path = ROOT_PATH, itemId = '' } = useParams();
  const { store } = useShopContext();
  const { tree } = useCategoryTree();
  const shopId = useSearchParams()[0].get('shopId');
  const { itemActions, itemTopActions } = useSlots();
  const wide = useIsWide();
  const dispatch = useDispatch();
  const entry = useSelector((s: Parameters<typeof selectItemEntry>[0]) => selectItemEntry(s, itemId));
  const otherShop = !!shopId && !!store && shopId !== String(store.id);
  const state = otherShop ? 'invalid' : pathState(tree, path);
  const validPath = state === 'valid';
  useScrollTop(itemId);

  // A pending path (the whole category list is on its way) loads the item meanwhile.
  const mayBe = state !== 'invalid';
  useEffect(() => {
    if (mayBe && itemId) dispatch(itemOpened(itemId));
  }, [mayBe, itemId, dispatch]);

  if (state === 'pending' && itemId) return <PathPending />;
  if (!validPath || !itemId) return <Navigate to="/404" replace />;
  if (entry?.error === 'not_found') return <Navigate to="/404" replace />;
  const item = entry?.item;
  if (!item) {
    if (entry?.status === 'failed') return <NoConnection onRetry={() => dispatch(itemRetried(itemId))} serverError={entry.error === 'server_error'} />;
    return <Loader />;
  }

  // 'always' makes the crumbs the same on both layouts.
  const crumbs = categoryCrumbs(path, (i) => tree.byId.get(i)?.category, { narrow: !wide, t, always: true });
  if (item.vendor) crumbs.push({ label: String(item.vendor) });
  crumbs.push({ label: item.name });
  const retired = isRetired(item);
  const unavailable = item.available === '0';
  // A product no longer sold: a note instead of the buy buttons and terms, its category's products below.
  const actions = retired ? undefined : itemActions;

  return (
    <article className="page page--item">
      {/* Each part hydrates in a task of its own (components/Later): no long task for the whole page. */}
      <Later>
        <Breadcrumbs crumbs={crumbs} />
      </Later>
      <OwnerTools tools={['edit_item']} path={path} itemId={String(item.id)} />
      <div className="item">
        <Later>
          <div className="item__gallery">
            <Gallery images={item.images ?? []} name={item.name} />
          </div>
        </Later>
        <Later>
          <div className="item__summary">
            <div className="item__head">
              <h1 className="item__name">{item.name}</h1>
              {itemTopActions?.(item)}
              {/* The product's one address (under its own category), whichever address opened it. */}
              <ShareButton path={tree.byId.has(String(item.categoryId)) ? pathOf(tree, String(item.categoryId)) : path} itemId={item.id} />
            </div>
            <Price price={item.price} oldprice={item.oldprice} currencyId={item.currencyId} size="lg" />
            {retired ? <Retired.Note /> : unavailable && <p className="card__unavailable">{t('catalog.unavailable')}</p>}
            <Variants item={item} />
            {/* Phones buy from the sticky bar below (one button a layout; both, one hidden by CSS, until the width is known). */}
            {actions && wide !== false && <div className={wide === null ? 'item__actions wide-only' : 'item__actions'}>{actions(item)}</div>}
            {!retired && <Terms item={item} />}
          </div>
        </Later>
      </div>
      {item.description ? (
        <Later>
          <section className="item__description">
            <h2>{t('item.description')}</h2>
            {/* The server sanitises descriptions on save and on display (sanitize-html). */}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: String(item.description) }} />
          </section>
        </Later>
      ) : null}
      <Later>
        <section className="item__properties" aria-label={t('item.properties')}>
          <h2>{t('item.properties')}</h2>
          <PropertyList title={t('item.groups.main')} list={mainProperties(item, t)} />
          <PropertyList title={t('item.groups.type')} list={typeProperties(item, t)} />
          <PropertyList title={t('props.group_size')} list={sizeProperties(item, t)} />
          <PropertyList title={t('item.groups.params')} list={paramProperties(item, t)} />
        </section>
      </Later>
      {retired && <Retired.Related cards={entry.related} category={tree.byId.get(String(item.categoryId))?.category ?? ''} />}
      {wide !== true && !retired && (
        <div className={wide === null ? 'item-footer narrow-only' : 'item-footer'}>
          {/* The name and the price repeat the page's own for the eye only. */}
          <div className="item-footer__text" aria-hidden="true">
            <span className="item-footer__name">{item.name}</span>
            <span className="item-footer__price" dir="ltr">{formatPrice(item.price, item.currencyId)}</span>
          </div>
          {itemActions && <div className="item-footer__buy">{itemActions(item)}</div>}
        </div>
      )}
    </article>
  );
}

import { useEffect, type MouseEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from '../../../lib/router';
import { bannerSizes, largePicture } from '../../../../schemas/rules/pictures';
import { imgUrl } from '../../../lib/config';
import { useT } from '../../../lib/i18n';
import { internalPath, openExternal } from '../../../lib/links';
import { isWebLink } from '../../../../schemas/rules/links';
import type { Banner } from '../../../lib/types';
import { bannersRequested, selectBanners } from '../catalogueSlice';

const WIDTHS = ['100', '75', '66.66', '50', '33.33', '25'];

/** The shop's banners in their sort order, each at its width in percent: a picture or a muted looping video. */
export default function Banners() {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { items, loaded, status } = useSelector(selectBanners);
  useEffect(() => {
    if (!loaded && status !== 'loading') dispatch(bannersRequested());
  }, [loaded, status, dispatch]);
  if (!items.length) return null;

  // A link the server would refuse now (javascript:, data:) that was stored before is not a link at all.
  const onClick = (b: Banner) => (e: MouseEvent) => {
    if (!isWebLink(b.link)) return;
    e.preventDefault();
    const inside = internalPath(b.link);
    if (inside) navigate(inside);
    else openExternal(b.link);
  };

  return (
    <section className="banners" aria-label={t('catalog.banners')}>
      {items.map((b, i) => {
        const width = WIDTHS.includes(String(b.width)) ? String(b.width) : '100';
        const set = largePicture((p) => imgUrl(p)!, b.img, b.thumb, bannerSizes(Number(width)));
        const media = b.video ? (
          <video className="banner__media" src={imgUrl(b.video)} poster={imgUrl(b.img)} autoPlay muted loop playsInline preload="metadata" width={1200} height={400} />
        ) : (
          <img
            className="banner__media"
            loading={i === 0 ? 'eager' : 'lazy'}
            srcSet={set?.srcSet}
            sizes={set?.sizes}
            src={set?.src}
            alt={`${t('catalog.banners')} ${i + 1}`}
            width={1200}
            height={400}
            fetchPriority={i === 0 ? 'high' : undefined}
            decoding="async"
          />
        );
        return (
          <div key={b.id} className="banner" style={{ width: `${width}%` }}>
            {isWebLink(b.link) ? (
              <a href={b.link} onClick={onClick(b)} className="banner__link">
                {media}
              </a>
            ) : (
              media
            )}
          </div>
        );
      })}
    </section>
  );
}

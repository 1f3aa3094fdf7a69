import { Link as RouterLink } from 'react-router';
import { useTranslate, type RaRecord } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { BANNER_WIDTHS } from '../../../schemas';
import { ScreenList, authenticated, useAllRows } from '../../components/ScreenList';

export const widthLabel = (width: unknown) => BANNER_WIDTHS.find(([, w]) => w === String(width))?.[0] ?? String(width);

/** One banner at its width in percent: its picture or its video, playing muted. */
export function BannerMedia({ banner, label }: { banner: RaRecord; label: string }) {
  if (banner.videoSrc) return <Box component="video" src={banner.videoSrc} autoPlay muted loop playsInline aria-label={label} sx={{ width: '100%', display: 'block', borderRadius: 1, bgcolor: 'grey.900' }} />;
  if (banner.imgSrc) return <Box component="img" src={banner.thumbSrc ?? banner.imgSrc} alt={label} sx={{ width: '100%', display: 'block', borderRadius: 1, aspectRatio: '3 / 1', objectFit: 'cover', bgcolor: 'grey.100' }} />;
  return <Box aria-label={label} sx={{ width: '100%', aspectRatio: '3 / 1', bgcolor: 'grey.200', borderRadius: 1 }} />;
}

function Banners() {
  const translate = useTranslate();
  const banners = useAllRows('shop_banners', { field: 'sort', order: 'ASC' });
  return (
    <ScreenList
      title={translate('admin.banners.title')}
      back="/settings/common_settings"
      add={{ label: translate('admin.banners.add'), to: '/banner_settings/banner/new' }}
      maxWidth={1000}
      paperSx={{ p: { xs: 1, sm: 2 } }}
      {...banners}
      empty={translate('admin.banners.banner_not_found')}
      items={(rows) => (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }} aria-label={translate('admin.banners.title')}>
          {rows.map((b) => {
            const label = translate('admin.banners.banner_n', { sort: b.sort, width: widthLabel(b.width) });
            return (
              <Box component="li" key={b.id} sx={{ width: `${b.width}%`, p: 0.5, boxSizing: 'border-box' }}>
                <Box component={RouterLink} to={`/banner_settings/banner/${b.id}`} aria-label={label} sx={{ display: 'block', color: 'inherit', textDecoration: 'none', '&:hover img, &:hover video': { opacity: 0.85 } }}>
                  <BannerMedia banner={b} label={label} />
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {widthLabel(b.width)} · {b.link || '—'}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    />
  );
}

/** /banner_settings: the banners in their order, each at its width, as a picture or an auto-playing video. */
export default authenticated(Banners);

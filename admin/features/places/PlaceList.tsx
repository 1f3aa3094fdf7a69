import { useGetList, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { ScreenList, authenticated } from '../../components/ScreenList';

/** The zone colour's swatch ('r,g,b,alpha'). */
export function ZoneSwatch({ color }: { color: unknown }) {
  const rgba = typeof color === 'string' && color ? color : '25,113,194,1';
  return <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 20, height: 20, borderRadius: '50%', border: 2, borderColor: `rgb(${rgba.split(',').slice(0, 3).join(',')})`, bgcolor: `rgba(${rgba.split(',').slice(0, 3).join(',')},0.3)` }} />;
}

function Places() {
  const translate = useTranslate();
  const { data = [], isPending, error } = useGetList('places', { pagination: { page: 1, perPage: 500 }, sort: { field: 'sort', order: 'ASC' } });
  return (
    <ScreenList
      title={translate('admin.places.title')}
      back="/settings/common_settings"
      add={{ label: translate('admin.places.add'), to: '/place_settings/place/new' }}
      maxWidth={900}
      rows={data}
      isPending={isPending}
      error={error}
      empty={translate('admin.places.empty')}
      row={(p) => ({
        key: p.id,
        to: `/place_settings/place/${p.id}`,
        icon: <ZoneSwatch color={p.color} />,
        primary: p.name,
        secondary: [p.city, p.address].filter(Boolean).join(', ') || translate('admin.places.no_address'),
        chevron: true,
      })}
    />
  );
}

/** /place_settings 'Настройка мест': the places in their order; add → a new place; a row → its editor. */
export default authenticated(Places);

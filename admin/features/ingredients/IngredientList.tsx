import { useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { ScreenList, authenticated, useAllRows, usePathBase } from '../../components/ScreenList';

export const INGREDIENT_LIST = '/ingredient_settings';

/** '1.5 кг.': a quantity with the seed's unit. */
export const kilos = (quantity: unknown, translate: (k: string) => string) => `${quantity ?? 0} ${translate('admin.ingredients.kg')}`;

function Ingredients() {
  const translate = useTranslate();
  const rows = useAllRows('ingredients', { field: 'name', order: 'ASC' });
  const base = usePathBase(INGREDIENT_LIST);
  return (
    <ScreenList
      title={translate('admin.ingredients.title')}
      back="/settings/common_settings"
      add={{ label: translate('admin.ingredients.add'), to: `${base}/ingredient/new` }}
      maxWidth={760}
      {...rows}
      empty={translate('admin.ingredients.ingredient_not_found')}
      // The seed's row: the name, then the quantity followed by 'кг.'.
      row={(i) => ({
        key: i.id,
        to: `${INGREDIENT_LIST}/ingredient/${i.id}`,
        primary: i.name,
        secondary: translate('admin.ingredients.price_each', { price: i.price ?? 0 }),
        end: <Typography sx={{ flexShrink: 0, ml: 2, fontVariantNumeric: 'tabular-nums' }}>{kilos(i.quantity, translate)}</Typography>,
      })}
    />
  );
}

/** /ingredient_settings: the shop's ingredients, each 'name quantity кг.'; back goes to /settings/common_settings. */
export default authenticated(Ingredients);

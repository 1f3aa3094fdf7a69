import { useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { authenticated } from '../../components/ScreenList';
import { RecordScreenList } from '../../components/RecordScreenList';

export const INGREDIENT_LIST = '/ingredient_settings';

/** '1.5 кг.': a quantity with the seed's unit. */
export const kilos = (quantity: unknown, translate: (k: string) => string) => `${quantity ?? 0} ${translate('admin.ingredients.kg')}`;

function Ingredients() {
  const translate = useTranslate();
  return (
    <RecordScreenList
      resource="ingredients"
      sort={{ field: 'name', order: 'ASC' }}
      list={INGREDIENT_LIST}
      child="ingredient"
      title={translate('admin.ingredients.title')}
      back="/settings/common_settings"
      add={translate('admin.ingredients.add')}
      maxWidth={760}
      empty={translate('admin.ingredients.ingredient_not_found')}
      // The seed's row: the name, then the quantity followed by 'кг.'.
      row={(i) => ({
        primary: i.name,
        secondary: translate('admin.ingredients.price_each', { price: i.price ?? 0 }),
        end: <Typography sx={{ flexShrink: 0, ml: 2, fontVariantNumeric: 'tabular-nums' }}>{kilos(i.quantity, translate)}</Typography>,
      })}
    />
  );
}

/** /ingredient_settings: the shop's ingredients, each 'name quantity кг.'; back goes to /settings/common_settings. */
export default authenticated(Ingredients);

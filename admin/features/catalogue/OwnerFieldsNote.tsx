import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button } from '@mui/material';
import { fieldByName, offerSchema } from '../../../schemas';
import type { OwnerOfferMethods } from '../../../dataProvider/ownerOffers';

/**
 * Above a saved product's editor: the fields the owner changed by hand, which imports of its feed keep
 * (server/features/catalogue/ownerFields.ts), and "Снова брать из фида", which lets the next import write
 * them. Under the query key ['offers', …], so a save (which invalidates ['offers']) refreshes it.
 */
export function OwnerFieldsNote({ id }: { id: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider() as ReturnType<typeof useDataProvider> & OwnerOfferMethods;
  const queryKey = ['offers', 'owner_fields', id];
  const { data: fields } = useQuery({ queryKey, queryFn: () => dataProvider.offerOwnerFields(id), refetchOnWindowFocus: false });
  const [busy, setBusy] = useState(false);
  if (!fields?.length) return null;
  const release = async () => {
    setBusy(true);
    try {
      await dataProvider.releaseOwnerFields(id);
      await queryClient.invalidateQueries({ queryKey });
      notify('admin.items.owner_fields_released', { type: 'info' });
    } catch {
      notify('ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  // 'params': the product's parameter values, kept as a whole.
  const labels = fields.map((f) => translate(f === 'params' ? 'admin.items.sections.params' : fieldByName(offerSchema, f).label)).join(', ');
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="owner-fields">
      {translate('admin.items.owner_fields', { fields: labels })}
      <Box>
        {/* Under the text (as the alert's action at its side it broke into three lines on a phone). */}
        <Button color="inherit" size="small" sx={{ mt: 0.5, ml: -0.75 }} disabled={busy} onClick={() => void release()}>
          {translate('admin.items.owner_fields_release')}
        </Button>
      </Box>
    </Alert>
  );
}

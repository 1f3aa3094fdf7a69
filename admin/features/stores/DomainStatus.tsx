import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { ApiError } from '../../../dataProvider/apiClient';
import { shopApi } from '../../components/shopApi';

/** The DNS name and path of the proof (server/features/stores/domains.ts). */
const RECORD_PREFIX = '_shop-verify.';
const PROOF_PATH = '/.well-known/shop-verify.txt';

/** A translated sentence with its values (a DNS name, a token) set in code type, so they read and copy exactly. */
function Sentence({ text, values }: { text: (marked: Record<string, string>) => string; values: Record<string, string> }) {
  const marked = Object.fromEntries(Object.keys(values).map((k) => [k, `\u0000${k}\u0000`]));
  const parts = text(marked).split('\u0000');
  return (
    <Typography variant="body2">
      {parts.map((part, i) =>
        i % 2 ? (
          <Box key={i} component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85em', bgcolor: 'rgba(0,0,0,0.06)', px: 0.5, borderRadius: 0.5, wordBreak: 'break-all' }}>
            {values[part]}
          </Box>
        ) : (
          part
        ),
      )}
    </Typography>
  );
}

/**
 * Under the domain field of the common settings: a live domain says so; a domain that waits for its proof
 * shows how to prove it (a DNS TXT record or a file on the domain's own server) and 'Проверить', which asks
 * the server to look (api=stores verify_domain=1). The shop stays on its old domain until then.
 */
export function DomainStatus() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const status = useWatch({ name: 'domain_status' }) as string | undefined;
  const asked = useWatch({ name: 'domain' }) as string | undefined;
  const live = useWatch({ name: 'domain_live' }) as string | undefined;
  const proof = useWatch({ name: 'domain_proof' }) as string | undefined;
  const [busy, setBusy] = useState(false);
  const [proven, setProven] = useState<string | null>(null);

  if (proven || status === 'live') {
    return (
      <Typography variant="caption" color="success.main" sx={{ display: 'block', mt: -0.5, mb: 1, ml: 1.5 }} role="status">
        {translate('admin.settings.domain_live', { domain: proven ?? live ?? asked ?? '' })}
      </Typography>
    );
  }
  if (status !== 'pending' || !proof) return null;
  const token = proof.replace(/^shop-verify=/, '');
  const check = async () => {
    setBusy(true);
    try {
      const api = await shopApi();
      const body = await api.call<{ stores: { domain_status?: string; domain?: string }[] }>('stores', { verify_domain: 1 });
      setProven(body.stores?.[0]?.domain ?? asked ?? '');
      notify('admin.settings.domain_proven', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['stores'] });
    } catch (e) {
      const err = e as ApiError;
      notify(err instanceof ApiError ? translate(`errors.${err.code}`, { ...err.params, _: err.message }) : 'errors.error_msg', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="status" aria-live="polite">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('admin.settings.domain_pending', { domain: asked ?? '' })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {translate('admin.settings.domain_pending_help', { live: live || translate('admin.settings.domain_none') })}
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5, overflowWrap: 'anywhere' }}>
        <li>
          <Sentence text={(m) => translate('admin.settings.domain_txt', m)} values={{ name: `${RECORD_PREFIX}${asked}`, value: proof }} />
        </li>
        <li>
          <Sentence text={(m) => translate('admin.settings.domain_file', m)} values={{ url: `http://${asked}${PROOF_PATH}`, token }} />
        </li>
      </Box>
      <Button variant="outlined" size="small" onClick={() => void check()} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : null}>
        {translate('admin.settings.domain_check')}
      </Button>
    </Alert>
  );
}

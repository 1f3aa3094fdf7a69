import { useTranslate } from 'react-admin';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import type { YmlImportJob } from '../../../dataProvider/adminProviders';

type Report = NonNullable<YmlImportJob['report']>;
export type ImportMode = 'replace' | 'merge';

/**
 * A finished preview: how many offers the feed adds, changes, leaves as they are and lacks (with a few names
 * of each), the shop's categories it would rename under their ids (another supplier's clashing ids), the
 * products whose fields the owner changed by hand keep them against the file's values, and the owner's choice. A feed that lacks none of the shop's offers is imported with one button; one that lacks some
 * asks whether to hide them (replace) or only add and update (merge). An import that would rewrite more offers
 * than an undo keeps says beforehand that it cannot be undone. `problems`: the offers it would skip and its warnings.
 */
export default function ImportPreview({ report, problems, busy, onImport, onDiscard }: { report: Report; problems?: React.ReactNode; busy: boolean; onImport: (mode: ImportMode) => void; onDiscard: () => void }) {
  const translate = useTranslate();
  const groups = [
    { key: 'new_offers', count: report.created, names: report.examples.created },
    { key: 'changed_offers', count: report.updated, names: report.examples.updated },
    { key: 'unchanged_offers', count: report.unchanged, names: report.examples.unchanged },
    { key: 'to_hide', count: report.wouldHide, names: report.examples.hidden },
  ];
  const renamed = report.examples.renamed ?? [];
  const ownerKept = report.ownerKept ?? 0;
  const ownerKeptNames = report.examples.ownerKept ?? [];
  return (
    <Box component="section" aria-label={translate('admin.yml.preview_title')} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {translate('admin.yml.preview_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('admin.yml.preview_text')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1, mb: 2 }}>
        {groups.map((g) => (
          <Box key={g.key} data-testid={`preview-${g.key}`} sx={{ border: 1, borderColor: g.key === 'to_hide' && g.count ? 'warning.main' : 'divider', borderRadius: 1, p: 1, minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate(`admin.yml.${g.key}`)}
            </Typography>
            <Typography variant="h6" component="div">
              {g.count}
            </Typography>
            {g.names.map((n) => (
              <Typography key={n} variant="caption" component="div" noWrap title={n}>
                {n}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
      {problems}
      {renamed.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="preview-renames">
          <AlertTitle>{translate('admin.yml.renames', { count: report.categories?.renamed ?? renamed.length })}</AlertTitle>
          {renamed.map((n) => (
            <Typography key={n} variant="body2" component="div">
              {n}
            </Typography>
          ))}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('admin.yml.renames_note')}
          </Typography>
        </Alert>
      )}
      {ownerKept > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="preview-owner-kept">
          <AlertTitle>{translate('admin.yml.owner_kept_title', { smart_count: ownerKept })}</AlertTitle>
          {ownerKeptNames.map((n) => (
            <Typography key={n} variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {n}
            </Typography>
          ))}
          {ownerKept > ownerKeptNames.length && (
            <Typography variant="body2" component="div">
              …
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('admin.yml.owner_kept_note')}
          </Typography>
        </Alert>
      )}
      {report.undoable === false && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('admin.yml.not_undoable', { count: report.updated })}
        </Alert>
      )}
      {report.wouldHide > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('admin.yml.ask_mode', { smart_count: report.wouldHide })}
          {/* Walk 35: 'Скрыть товары (60)' hid the shop's 25 categories too, said nowhere before. */}
          {!!report.categories?.hidden && ` ${translate('admin.yml.hide_categories', { count: report.categories.hidden })}`}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {report.wouldHide > 0 ? (
          <>
            <Button variant="contained" disabled={busy} onClick={() => onImport('merge')}>
              {translate('admin.yml.mode_merge')}
            </Button>
            <Button variant="outlined" color="warning" disabled={busy} onClick={() => onImport('replace')}>
              {translate('admin.yml.mode_replace', { count: report.wouldHide })}
            </Button>
          </>
        ) : (
          <Button variant="contained" disabled={busy} onClick={() => onImport('replace')}>
            {translate('admin.yml.run_import')}
          </Button>
        )}
        <Button disabled={busy} onClick={onDiscard}>
          {translate('admin.yml.discard')}
        </Button>
      </Stack>
    </Box>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { Confirm, Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableRow, TextField, Typography } from '@mui/material';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { YML_SCHEDULES } from '../../../schemas';
import type { YmlImportJob, YmlImportMethods } from '../../../dataProvider/adminProviders';
import ImportPreview, { type ImportMode } from './ImportPreview';
import { Ltr } from '../../components/Ltr';

/** How often the page asks for a running job's progress. */
const POLL_MS = 1000;
const active = (j: YmlImportJob | null | undefined) => !!j && (j.status === 'queued' || j.status === 'running');

/** 1.5 MB, 320 KB, 900 B. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

/**
 * The owner's YML import (/yml_import): upload a feed file ('Загрузка N%' while it goes up) or import the
 * store's YML link. Either first runs a preview (a job that counts and changes nothing: ImportPreview shows
 * it and asks the mode when the feed lacks products of the shop), then the import in the chosen mode; the
 * server runs both as jobs, this page polls their progress (offers read, bytes of the total), shows the
 * report, cancels, and sets the refresh schedule of the link.
 */
export default function YmlImportPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider() as ReturnType<typeof useDataProvider> & YmlImportMethods;
  const [jobs, setJobs] = useState<YmlImportJob[] | null>(null);
  const [schedule, setSchedule] = useState<{ schedule: string; ymlLink: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [discarded, setDiscarded] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    const { data } = await dataProvider.getList<YmlImportJob & { id: number }>('yml_imports', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    setJobs(data);
  }, [dataProvider]);

  useEffect(() => {
    void load().catch(() => setJobs([]));
    void dataProvider.ymlSchedule().then(setSchedule, () => undefined);
  }, [load, dataProvider]);

  const current = jobs?.[0] ?? null;
  const running = active(current);
  // The shop's last import (a preview, a failed or cancelled one changed nothing): the one an undo puts back.
  const last = jobs?.find((j) => !j.preview && (j.status === 'done' || j.status === 'undone'));
  const undoable = last?.status === 'done' && last.report?.undoable !== false && !running ? last : null;
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => void load().catch(() => undefined), POLL_MS);
    return () => clearInterval(t);
  }, [running, load]);

  const failed = (e: unknown) => notify((e as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
  const start = async (call: () => Promise<YmlImportJob>) => {
    setBusy(true);
    try {
      const job = await call();
      setJobs((list) => [job, ...(list ?? []).filter((j) => j.id !== job.id)]);
      // A small feed may be through before the answer comes: its card says so, a 'started' toast would not be true.
      if (active(job)) notify(job.preview ? 'admin.yml.checking' : 'admin.yml.started', { type: 'info' });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  const onFile = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void start(() => dataProvider.ymlImportUpload(file, { preview: true }));
  };
  const cancel = async () => {
    if (!current) return;
    try {
      const job = await dataProvider.ymlImportCancel(current.id);
      setJobs((list) => (list ?? []).map((j) => (j.id === job.id ? job : j)));
    } catch (e) {
      failed(e);
    }
  };
  const undo = async (job: YmlImportJob) => {
    try {
      const fresh = await dataProvider.ymlImportUndo(job.id);
      setJobs((list) => (list ?? []).map((j) => (j.id === fresh.id ? fresh : j)));
      const u = fresh.report?.undo;
      if (u) notify('admin.yml.undone_text', { type: 'info', messageArgs: { restored: u.restored, shown: u.shown, removed: u.removed, edited: u.editedSince } });
    } catch (e) {
      failed(e);
    }
  };
  const undoButton = (job: YmlImportJob) => (job === undoable ? <UndoButton onConfirm={() => undo(job)} /> : null);
  const changeSchedule = async (value: string) => {
    try {
      setSchedule(await dataProvider.ymlSetSchedule(value));
      notify('admin.yml.schedule_saved', { type: 'info' });
    } catch (e) {
      failed(e);
    }
  };

  const link = schedule?.ymlLink ?? '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Title title="admin.yml.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('admin.yml.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('admin.yml.intro')}
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <Button variant="contained" startIcon={<UploadFileOutlined />} disabled={busy || running} onClick={() => fileInput.current?.click()}>
              {translate('admin.yml.upload')}
            </Button>
            <input ref={fileInput} type="file" hidden accept=".xml,.yml,.gz,text/xml,application/xml" aria-label={translate('admin.yml.upload')} onChange={onFile} data-testid="yml-file" />
            <Button variant="outlined" startIcon={<LinkOutlined />} disabled={busy || running || !link} onClick={() => void start(() => dataProvider.ymlImportFromLink({ preview: true }))}>
              {translate('admin.yml.from_link')}
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 2 }} color={link ? 'text.primary' : 'text.secondary'}>
            {link ? translate('admin.yml.link', { link }) : translate('admin.yml.no_link')}
          </Typography>
          <TextField
            select
            size="small"
            label={translate('admin.yml.schedule_label')}
            value={schedule?.schedule ?? 'off'}
            onChange={(e) => void changeSchedule(e.target.value)}
            disabled={!schedule}
            sx={{ minWidth: 240 }}
          >
            {YML_SCHEDULES.map((id) => (
              <MenuItem key={id} value={id}>
                {translate(`admin.yml.schedules.${id}`)}
              </MenuItem>
            ))}
          </TextField>
        </CardContent>
      </Card>
      {current && !(current.preview && current.id === discarded) && (
        <JobCard
          job={current}
          onCancel={() => void cancel()}
          undo={undoButton(current)}
          preview={
            current.preview && current.status === 'done' && current.report ? (
              <ImportPreview
                report={current.report}
                problems={<PreviewProblems report={current.report} jobId={current.id} />}
                busy={busy}
                onImport={(mode: ImportMode) => void start(() => dataProvider.ymlImportFromPreview(current.id, mode))}
                onDiscard={() => setDiscarded(current.id)}
              />
            ) : null
          }
        />
      )}
      {jobs && jobs.length > 1 && <History jobs={jobs.slice(1)} undo={undoButton} />}
    </Box>
  );
}

function sourceText(translate: ReturnType<typeof useTranslate>, job: YmlImportJob) {
  if (job.source === 'file') return translate('admin.yml.source_file', { name: job.fileName ?? '' });
  return translate(job.source === 'link' ? 'admin.yml.source_link' : 'admin.yml.source_schedule');
}

const STATUS_COLOUR = { queued: 'default', running: 'info', done: 'success', failed: 'error', cancelled: 'warning', undone: 'default' } as const;

/** A job's state in words: a finished preview changed nothing, so it is a preview, not 'done'. */
function statusText(translate: ReturnType<typeof useTranslate>, job: YmlImportJob) {
  return translate(`admin.yml.status.${job.preview && job.status === 'done' ? 'preview' : job.status}`);
}

/** "Put the catalogue back as it was": asks first, saying what an undo does and what it leaves. */
function UndoButton({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button size="small" variant="outlined" color="warning" onClick={() => setOpen(true)} disabled={busy}>
        {translate('admin.yml.undo')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="admin.yml.undo_title"
        content="admin.yml.undo_text"
        confirm="admin.yml.undo"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}

function UndoneText({ job }: { job: YmlImportJob }) {
  const translate = useTranslate();
  const u = job.report?.undo;
  if (job.status !== 'undone' || !u) return null;
  return <Alert severity="info" sx={{ mt: 2 }}>{translate('admin.yml.undone_text', { restored: u.restored, shown: u.shown, removed: u.removed, edited: u.editedSince })}</Alert>;
}

/**
 * A translated text whose values read left to right in any language (walk 35: '879 B' read 'B 879' in Arabic).
 * The values go in as markers, so the words around them are the translation's own.
 */
function withLtr(text: string, values: string[]): React.ReactNode[] {
  return text.split(/([\u0001-\u0002])/).map((part, i) => {
    const at = part.length === 1 ? part.charCodeAt(0) - 1 : -1;
    return at === 0 || at === 1 ? <Ltr key={i}>{values[at]}</Ltr> : part;
  });
}

function JobCard({ job, onCancel, preview, undo }: { job: YmlImportJob; onCancel: () => void; preview: React.ReactNode; undo: React.ReactNode }) {
  const translate = useTranslate();
  // The panel's language, not the browser's; its own run apart from the file's name (an Arabic date would mix with 'f2.xml').
  const [locale] = useLocaleState();
  const running = active(job);
  const percent = job.totalBytes ? Math.min(100, Math.round((job.bytesRead / job.totalBytes) * 100)) : null;
  return (
    <Card sx={{ mb: 2 }} aria-label={translate(running ? 'admin.yml.current' : 'admin.yml.last')} component="section">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {translate(running ? 'admin.yml.current' : 'admin.yml.last')}
          </Typography>
          <Chip size="small" color={job.preview && job.status === 'done' ? 'default' : STATUS_COLOUR[job.status]} label={statusText(translate, job)} />
          <Typography variant="body2" color="text.secondary">
            {sourceText(translate, job)} · <bdi>{new Date(job.createdAt).toLocaleString(locale)}</bdi>
          </Typography>
        </Stack>
        {running && <LinearProgress variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? undefined} sx={{ my: 1 }} aria-label={translate('admin.yml.status.running')} />}
        <Typography variant="body2">{running && job.downloading ? translate('admin.yml.downloading') : translate('admin.yml.offers_read', { count: job.offersRead })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {job.totalBytes
            ? withLtr(translate('admin.yml.bytes_of', { read: '\u0001', total: '\u0002' }), [formatBytes(job.bytesRead), formatBytes(job.totalBytes)])
            : withLtr(translate('admin.yml.bytes', { read: '\u0001' }), [formatBytes(job.bytesRead)])}
          {percent !== null && running ? ` (${percent}%)` : ''}
        </Typography>
        {running && (
          <Button color="error" variant="outlined" onClick={onCancel} disabled={job.cancelRequested} sx={{ mt: 2 }}>
            {translate(job.cancelRequested ? 'admin.yml.cancelling' : 'admin.yml.cancel')}
          </Button>
        )}
        {job.status === 'cancelled' && <Alert severity="warning" sx={{ mt: 2 }}>{translate('admin.yml.cancelled_text')}</Alert>}
        {job.status === 'failed' && job.error && <Alert severity="error" sx={{ mt: 2 }}>{translate('admin.yml.error', { message: job.error.params ? translate(`errors.${job.error.code}`, { ...job.error.params, _: job.error.message }) : job.error.message })}</Alert>}
        {running && job.preview && <Typography variant="body2" sx={{ mt: 1 }}>{translate('admin.yml.checking')}</Typography>}
        {preview}
        <UndoneText job={job} />
        {job.report && !job.preview && <Report report={job.report} jobId={job.id} />}
        {undo && <Box sx={{ mt: 2 }}>{undo}</Box>}
      </CardContent>
    </Card>
  );
}

type ReportData = NonNullable<YmlImportJob['report']>;

/** One row of a report's table: what, and how many. */
function row(name: string, value: React.ReactNode) {
  return (
    <TableRow key={name}>
      <TableCell component="th" scope="row" sx={{ pl: 0 }}>
        {name}
      </TableCell>
      <TableCell align="right" sx={{ pr: 0 }}>
        {value}
      </TableCell>
    </TableRow>
  );
}

/** The offers a feed skips and its warnings, each kind with its count and offer ids (a report's and a preview's). */
function useProblems(report: ReportData) {
  const translate = useTranslate();
  const label = (group: 'reasons' | 'kinds', key: string) => {
    const path = `admin.yml.${group}.${key}`;
    const text = translate(path);
    return text === path ? key : text;
  };
  const skipped = report.skipped.reduce((a, s) => a + s.count, 0);
  const warnings = Object.entries(report.warnings);
  const rows = [
    row(translate('admin.yml.skipped'), skipped),
    ...report.skipped.map((s) => row(`— ${label('reasons', s.reason)}`, s.count)),
    row(translate('admin.yml.warnings'), warnings.length ? warnings.reduce((a, [, n]) => a + n, 0) : translate('admin.yml.none')),
    ...warnings.flatMap(([kind, n]) => {
      const ids = report.warningIds?.[kind] ?? [];
      const own = row(`— ${label('kinds', kind)}`, n);
      if (!ids.length) return [own];
      return [
        own,
        <TableRow key={`${kind}-ids`}>
          <TableCell colSpan={2} sx={{ pl: 2, pt: 0, color: 'text.secondary', fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
            {translate('admin.yml.warning_ids', { ids: ids.join(', ') + (n > ids.length ? ', …' : '') })}
          </TableCell>
        </TableRow>,
      ];
    }),
  ];
  return { rows, any: skipped > 0 || warnings.length > 0, warnings: warnings.length > 0 };
}

/** "Download all warnings (CSV)": the job's warnings, one a line, in the admin's language. */
function WarningsCsvButton({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider() as ReturnType<typeof useDataProvider> & YmlImportMethods;
  const download = async () => {
    try {
      const url = URL.createObjectURL(await dataProvider.ymlWarningsCsv(jobId));
      const a = document.createElement('a');
      a.href = url;
      a.download = `yml-import-${jobId}-warnings.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (e) {
      notify((e as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Button size="small" sx={{ mt: 1 }} onClick={() => void download()}>
      {translate('admin.yml.warnings_csv')}
    </Button>
  );
}

/**
 * A preview's problems before anything changes (issue 35's walk: a feed with an undeclared category or a price
 * that is no number showed only "new 2" until after the import): the offers it would skip and its warnings.
 */
function PreviewProblems({ report, jobId }: { report: ReportData; jobId: number }) {
  const translate = useTranslate();
  const problems = useProblems(report);
  if (!problems.any) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
      <AlertTitle>{translate('admin.yml.preview_problems')}</AlertTitle>
      <Table size="small" aria-label={translate('admin.yml.preview_problems')}>
        <TableBody>{problems.rows}</TableBody>
      </Table>
      {problems.warnings && <WarningsCsvButton jobId={jobId} />}
    </Alert>
  );
}

function Report({ report, jobId }: { report: ReportData; jobId: number }) {
  const translate = useTranslate();
  const problems = useProblems(report);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {translate('admin.yml.report')}
      </Typography>
      <Table size="small" aria-label={translate('admin.yml.report')}>
        <TableBody>
          {row(translate('admin.yml.mode'), translate(`admin.yml.modes.${report.mode ?? 'replace'}`))}
          {row(translate('admin.yml.created'), report.created)}
          {row(translate('admin.yml.updated'), report.updated)}
          {row(translate('admin.yml.unchanged'), report.unchanged ?? 0)}
          {row(translate('admin.yml.hidden'), report.hidden)}
          {!!report.ownerKept && row(translate('admin.yml.owner_kept'), report.ownerKept)}
          {!!report.examples?.ownerKept?.length && (
            <TableRow key="owner-kept-names">
              <TableCell colSpan={2} sx={{ pl: 2, pt: 0, color: 'text.secondary', fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
                {report.examples.ownerKept.join(', ') + ((report.ownerKept ?? 0) > report.examples.ownerKept.length ? ', …' : '')}
              </TableCell>
            </TableRow>
          )}
          {problems.rows}
          {row(translate('admin.yml.display_only'), report.displayOnlyParams)}
        </TableBody>
      </Table>
      {problems.warnings && <WarningsCsvButton jobId={jobId} />}
    </Box>
  );
}

function History({ jobs, undo }: { jobs: YmlImportJob[]; undo: (job: YmlImportJob) => React.ReactNode }) {
  const translate = useTranslate();
  // In the panel's language, not the browser's (walk 35: an Arabic panel in a Russian browser said '13:55:50 ,01.12.2026').
  const [locale] = useLocaleState();
  return (
    <Card component="section" aria-label={translate('admin.yml.history')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('admin.yml.history')}
        </Typography>
        {/* One entry a row on a wide screen (time, source, result); on a phone they stack, and the undo button keeps its width. */}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {jobs.map((j) => {
            const undoButton = undo(j);
            return (
              <Box
                component="li"
                key={j.id}
                data-testid="yml-history-entry"
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '170px minmax(0, 1fr) auto' }, columnGap: 2, rowGap: 0.5, alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
              >
                <Typography variant="body2">{new Date(j.createdAt).toLocaleString(locale)}</Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {sourceText(translate, j)}
                </Typography>
                <Box sx={{ textAlign: { xs: 'start', sm: 'end' } }}>
                  <Typography variant="body2" color={j.preview ? 'text.secondary' : 'text.primary'}>
                    {statusText(translate, j)}
                    {j.report && !j.preview ? ` · ${translate('admin.yml.history_counts', { created: j.report.created, updated: j.report.updated, unchanged: j.report.unchanged ?? 0 })}` : ''}
                  </Typography>
                  {undoButton && <Box sx={{ mt: 0.5 }}>{undoButton}</Box>}
                </Box>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}

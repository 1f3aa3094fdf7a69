import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { LinearProgress, Paper, Typography } from '@mui/material';
import { useUploadProgress } from './uploadProgress';

/** How long the finished bar stays, so even a fast upload is seen to complete. */
const LINGER_MS = 700;

/** 'Загрузка N%' while files go up (banners, product photos). */
export function UploadProgress() {
  const percent = useUploadProgress();
  const translate = useTranslate();
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (percent !== null) {
      setShown(percent);
      return;
    }
    const t = setTimeout(() => setShown(null), LINGER_MS);
    setShown((s) => (s === null ? null : 100));
    return () => clearTimeout(t);
  }, [percent]);
  if (shown === null) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      elevation={6}
      sx={{ position: 'fixed', top: 72, left: '50%', transform: 'translateX(-50%)', zIndex: (t) => t.zIndex.snackbar, px: 3, py: 1.5, minWidth: 240 }}
    >
      <Typography variant="body2" gutterBottom>
        {translate('common.upload_progress', { percent: shown })}
      </Typography>
      <LinearProgress variant="determinate" value={shown} />
    </Paper>
  );
}

import { useTranslate } from 'react-admin';
import { LinearProgress, Paper, Typography } from '@mui/material';
import { useUploadProgress } from './uploadProgress';

/** 'Загрузка N%' while files go up (banners, product photos). */
export function UploadProgress() {
  const percent = useUploadProgress();
  const translate = useTranslate();
  if (percent === null) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      elevation={6}
      sx={{ position: 'fixed', top: 72, left: '50%', transform: 'translateX(-50%)', zIndex: (t) => t.zIndex.snackbar, px: 3, py: 1.5, minWidth: 240 }}
    >
      <Typography variant="body2" gutterBottom>
        {translate('common.upload_progress', { percent })}
      </Typography>
      <LinearProgress variant="determinate" value={percent} />
    </Paper>
  );
}

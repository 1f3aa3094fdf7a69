import { useSyncExternalStore } from 'react';
import { useT } from '../lib/i18n';
import { uploadProgress } from '../lib/upload';
import './uploadProgress.css';

/** The seed's upload progress bar: 'Загрузка N%' while files go up (lib/upload.ts), nothing otherwise. */
export default function UploadProgress() {
  const t = useT();
  const percent = useSyncExternalStore(uploadProgress.subscribe, uploadProgress.get, () => null);
  if (percent === null) return null;
  const text = t('common.upload_progress', { percent });
  return (
    <div className="upload-progress" role="progressbar" aria-label={text} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span className="upload-progress__text" aria-hidden="true">
        {text}
      </span>
      <span className="upload-progress__track">
        <span className="upload-progress__bar" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

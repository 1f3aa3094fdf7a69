import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { toastShown } from './events';
import { t } from './i18n';

/**
 * Copies a text: the Clipboard API (secure pages), else a selected hidden textarea and execCommand('copy')
 * (plain http on a local address, an old web view, or a refused permission). True when copied.
 * The callers show the seed's toasts: 'clipboard' on success, 'clipboard_error' on failure (common.*).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* refused: try the old way */
  }
  try {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  } catch {
    return false;
  }
}

/** Copies and says so: 'Скопировано в буфер обмена', or 'Не удалось скопировать' as an error toast. */
export async function copyWithToast(text: string, dispatch: Dispatch<UnknownAction>): Promise<boolean> {
  const ok = await copyText(text);
  dispatch(ok ? toastShown(t('common.clipboard')) : toastShown(t('common.clipboard_error'), 'error'));
  return ok;
}

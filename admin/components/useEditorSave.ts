import { createElement, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslate } from 'react-admin';
import { ResultDialog } from './EditorParts';

/** What a save or delete ended in: the success popup ('changes applied', continue goes to `then`) or the error popup. */
export interface EditorResult {
  kind: 'success' | 'error';
  message?: string;
  then?: string;
}

export interface RunOptions {
  /** Show the success popup when the work succeeds (default). Off for a quiet save (the unsaved-changes prompt saves, then leaves). */
  popup?: boolean;
  /** Where the success popup's continue button goes; the work may return a path instead. */
  then?: string;
  /** Keep the buttons off after a success (the banner editor: save stays disabled once pressed, the screen is left next). */
  stayBusy?: boolean;
  /** Let an error of a signed-out session (401) propagate instead of showing the error popup. */
  rethrowAuth?: boolean;
}

type ErrorWithFields = Error & { status?: number; body?: { error?: { fields?: ({ field?: string; label?: string } | string)[] } } };

/**
 * The save / remove logic every editor screen shares: the `busy` flag that turns the buttons off while a
 * call runs, the delete question's open state, and the result popups — success ('changes applied', whose
 * continue goes on to a path) or error ('error_msg' with the server's message and the fields it names).
 * `run(work)` wraps one call: busy on, the work, then the popup; it answers whether the work succeeded.
 */
export function useEditorSave() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const [result, setResult] = useState<EditorResult | null>(null);

  /** The error popup's text: the translated error code plus the labels of the fields the server refused. */
  const errorMessage = useCallback(
    (e: unknown) => {
      const err = e as ErrorWithFields;
      const message = String(err?.message ?? e);
      const labels = (err?.body?.error?.fields ?? []).map((x) => (typeof x === 'object' && x?.label ? translate(x.label) : String((typeof x === 'object' ? x?.field : x) ?? '')));
      return `${translate(message, { _: message })}${labels.length ? `: ${labels.join(', ')}` : ''}`;
    },
    [translate],
  );

  const run = useCallback(
    async (work: () => Promise<string | void>, opts: RunOptions = {}): Promise<boolean> => {
      const { popup = true, stayBusy = false } = opts;
      setBusy(true);
      try {
        const next = await work();
        if (popup) setResult({ kind: 'success', then: next ?? opts.then });
        if (!stayBusy) setBusy(false);
        return true;
      } catch (e) {
        setBusy(false);
        if (opts.rethrowAuth && (e as ErrorWithFields)?.status === 401) throw e;
        setResult({ kind: 'error', message: errorMessage(e) });
        return false;
      }
    },
    [errorMessage],
  );

  /** The result popup, placed once in the editor: continue closes it and, after a success, goes on. */
  const resultDialog = createElement(ResultDialog, {
    result: result?.kind ?? null,
    message: result?.message,
    onContinue: () => {
      const then = result?.kind === 'success' ? result.then : undefined;
      setResult(null);
      if (then) navigate(then);
    },
  });

  return { busy, setBusy, askDelete, setAskDelete, result, setResult, run, errorMessage, resultDialog };
}

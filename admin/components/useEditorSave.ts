import { createElement, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDataProvider, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { ResultDialog } from './EditorParts';
import { answered, runEditorWork, type EditorResult, type EditorSuccess, type RunOptions } from './editorWork';

/** What `removeRecord` deletes and what it does around it. */
export interface RemoveRecord extends RunOptions {
  resource: string;
  /** The stored record's id; absent for a new record, which is never sent ('new' only clears). */
  id?: Identifier;
  previousData?: RaRecord;
  /** A new record: what 'delete' means for it (clear the form, or leave). */
  onNew: () => void;
  /** Right after the server deleted it (mark the screen as left, the draft as saved, ...); may name where to go next. */
  onDeleted?: () => string | void;
  /** Other resources whose cached lists the deletion changes (a category's products). */
  alsoInvalidate?: string[];
}

export type { EditorResult, EditorSuccess, RunOptions } from './editorWork';

type ErrorWithFields = Error & { status?: number; body?: { error?: { fields?: ({ field?: string; label?: string } | string)[] } } };

/**
 * The save / remove logic every editor screen shares: the `busy` flag that turns the buttons off while a
 * call runs, the delete question's open state, the 'saved' toast (the owner stays on the screen; a delete or
 * a new record's first save moves on) and the error popup ('error_msg' with the server's message and the
 * fields it names). `run(work)` wraps one call: busy on, the work, then the toast or the popup; it answers
 * whether the work succeeded.
 */
export function useEditorSave() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const [result, setResult] = useState<EditorResult | null>(null);
  // Where a success goes, once the screen has rendered its saved state (its unsaved-changes guard then lets it go).
  const [going, setGoing] = useState<{ then: string; replace?: boolean } | null>(null);
  useEffect(() => {
    if (!going) return;
    setGoing(null);
    navigate(going.then, { replace: going.replace });
  }, [going, navigate]);
  const succeeded = useCallback(
    ({ toast, then, replace }: EditorSuccess) => {
      if (toast) notify(toast, { type: 'success' });
      if (then) setGoing({ then, replace });
    },
    [notify],
  );

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

  const run = useCallback((work: () => Promise<string | void>, opts: RunOptions = {}): Promise<boolean> => runEditorWork(work, opts, { setBusy, setResult, succeeded, errorMessage }), [errorMessage, succeeded]);

  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  /**
   * The delete every editor shares, after its question: a new record only runs `onNew`; a stored one is
   * deleted, the cached lists of its resource (and of `alsoInvalidate`) are dropped, and the 'deleted'
   * toast follows on the way to where `onDeleted` or `then` says.
   */
  const removeRecord = useCallback(
    async ({ resource, id, previousData, onNew, onDeleted, alsoInvalidate = [], ...opts }: RemoveRecord): Promise<boolean> => {
      setAskDelete(false);
      if (id === undefined) {
        onNew();
        return false;
      }
      return run(async () => {
        answered(await dataProvider.delete(resource, { id, previousData }));
        const next = onDeleted?.();
        await queryClient.invalidateQueries({ queryKey: [resource, 'getList'] });
        await queryClient.invalidateQueries({ queryKey: [resource, 'getMany'] });
        for (const other of alsoInvalidate) await queryClient.invalidateQueries({ queryKey: [other] });
        return next;
      }, { toast: 'admin.editor.deleted', ...opts });
    },
    [dataProvider, queryClient, run],
  );

  /** The error popup, placed once in the editor: continue closes it. */
  const resultDialog = createElement(ResultDialog, {
    result: result ? 'error' : null,
    message: result?.message,
    onContinue: () => setResult(null),
  });

  return { busy, setBusy, askDelete, setAskDelete, result, setResult, run, removeRecord, errorMessage, resultDialog };
}

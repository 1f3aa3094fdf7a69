import { isTokenFailure } from '../../dataProvider/authProvider';

/**
 * The plain logic under every editor's save and delete (useEditorSave.ts is its React side): the busy flag
 * around one call, the 'saved' toast or the error popup, and what a signed-out session does to a call.
 *
 * Decision (issue 35): a save no longer ends in the seed's blocking 'Изменения применены / Продолжить' popup
 * that leaves the screen; it says so in a toast and the owner stays where they are (a new record's editor
 * moves to the record's own address). A delete leaves for the list, with a toast too. Errors keep their popup.
 */

/** A failed save or delete: the error popup with its message. */
export interface EditorResult {
  kind: 'error';
  message: string;
}

/** What a success does: the toast's text key (none for a quiet save) and where to go (none: stay). */
export interface EditorSuccess {
  toast: string | null;
  then?: string;
  /** Replace the address instead of adding one (a new record's editor becoming the record's). */
  replace?: boolean;
}

export interface RunOptions {
  /** The toast after a success: 'admin.editor.saved' by default; false for a quiet save (the unsaved-changes prompt saves, then leaves). */
  toast?: string | false;
  /** Where to go after a success (a deleted record's list); the work may return a path instead. Absent: stay. */
  then?: string;
  replace?: boolean;
  /** Keep the buttons off after a success (the screen is left next). */
  stayBusy?: boolean;
  /**
   * Let the error of a signed-out session ('token error', 401) propagate instead of showing the error
   * popup (the seed: filter saves rethrow it). The panel signs out on its own (react-admin's checkError).
   */
  rethrowAuth?: boolean;
}

export interface WorkView {
  setBusy(busy: boolean): void;
  setResult(result: EditorResult): void;
  succeeded(success: EditorSuccess): void;
  errorMessage(e: unknown): string;
}

/** The error of a call made by a session that is no longer signed in. */
export class SignedOutError extends Error {
  readonly status = 401;
  constructor() {
    super('errors.token_error');
  }
}

/**
 * react-admin's data provider hook answers a call whose error signed the panel out (a dead session) with
 * an empty record (`{data: {}}`), as if it had worked. An editor must not take that for a save: this
 * turns it back into the signed-out error. Real answers always carry a record with its id.
 */
export function answered<T extends { data?: unknown }>(res: T): T {
  const data = res?.data;
  if (!data || (typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length === 0)) throw new SignedOutError();
  return res;
}

/**
 * One save or delete: the buttons off (busy), the work, then the toast (and where to go, if anywhere) or
 * the error popup. Answers whether the work succeeded; with `rethrowAuth` a signed-out session's error is
 * thrown on instead of shown.
 */
export async function runEditorWork(work: () => Promise<string | void>, opts: RunOptions, view: WorkView): Promise<boolean> {
  const { toast = 'admin.editor.saved', stayBusy = false } = opts;
  view.setBusy(true);
  try {
    const next = await work();
    const then = next ?? opts.then;
    view.succeeded({ toast: toast || null, ...(then ? { then } : {}), ...(opts.replace ? { replace: true } : {}) });
    if (!stayBusy) view.setBusy(false);
    return true;
  } catch (e) {
    view.setBusy(false);
    if (opts.rethrowAuth && isTokenFailure(e)) throw e;
    view.setResult({ kind: 'error', message: view.errorMessage(e) });
    return false;
  }
}

/** A save whose signed-out error was thrown on (`rethrowAuth`): the panel is on its way to the sign-in page, nothing to show. */
export const quietWhenSignedOut = (e: unknown) => {
  if (!isTokenFailure(e)) throw e;
};

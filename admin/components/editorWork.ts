import { isTokenFailure } from '../../dataProvider/authProvider';

/**
 * The plain logic under every editor's save and delete (useEditorSave.ts is its React side): the busy flag
 * around one call, the result popups, and what a signed-out session does to a call.
 */

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
  /**
   * Let the error of a signed-out session ('token error', 401) propagate instead of showing the error
   * popup (the seed: filter saves rethrow it). The panel signs out on its own (react-admin's checkError).
   */
  rethrowAuth?: boolean;
}

export interface WorkView {
  setBusy(busy: boolean): void;
  setResult(result: EditorResult): void;
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
 * One save or delete: the buttons off (busy), the work, then the success popup (with where its continue
 * goes) or the error popup. Answers whether the work succeeded; with `rethrowAuth` a signed-out session's
 * error is thrown on instead of shown.
 */
export async function runEditorWork(work: () => Promise<string | void>, opts: RunOptions, view: WorkView): Promise<boolean> {
  const { popup = true, stayBusy = false } = opts;
  view.setBusy(true);
  try {
    const next = await work();
    if (popup) view.setResult({ kind: 'success', then: next ?? opts.then });
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

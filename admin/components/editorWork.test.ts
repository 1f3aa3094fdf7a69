import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { SignedOutError, answered, quietWhenSignedOut, runEditorWork, type EditorResult, type EditorSuccess } from './editorWork';

function view() {
  const busy: boolean[] = [];
  const results: EditorResult[] = [];
  const successes: EditorSuccess[] = [];
  return {
    busy,
    results,
    successes,
    setBusy: (b: boolean) => void busy.push(b),
    setResult: (r: EditorResult) => void results.push(r),
    succeeded: (s: EditorSuccess) => void successes.push(s),
    errorMessage: (e: unknown) => `shown: ${(e as Error).message}`,
  };
}
/** The token error as the panel's api provider raises it (dataProvider/apiDataProvider.ts toHttpError). */
const tokenError = () => new HttpError('errors.token_error', 401, { error: { code: 'token_error' }, token: 'error' });

describe('editor save and delete (useEditorSave)', () => {
  it('keeps the buttons off while the call runs, then says "saved" in a toast and stays: no popup', async () => {
    const v = view();
    let during: boolean | undefined;
    const ok = await runEditorWork(async () => {
      during = v.busy.at(-1);
    }, {}, v);
    expect(ok).toBe(true);
    expect(during).toBe(true);
    expect(v.busy).toEqual([true, false]);
    expect(v.results).toEqual([]);
    expect(v.successes).toEqual([{ toast: 'admin.editor.saved' }]);
  });

  it('goes where the work says (a new record’s own address, replacing the "new" one) or the options say', async () => {
    const v = view();
    await runEditorWork(async () => '/category_editor/1/12', { replace: true }, v);
    await runEditorWork(async () => undefined, { then: '/offers_category', toast: 'admin.editor.deleted' }, v);
    expect(v.successes).toEqual([
      { toast: 'admin.editor.saved', then: '/category_editor/1/12', replace: true },
      { toast: 'admin.editor.deleted', then: '/offers_category' },
    ]);
  });

  it('keeps save off after a success when asked, and says nothing for a quiet save', async () => {
    const v = view();
    await runEditorWork(async () => undefined, { stayBusy: true, toast: false }, v);
    expect(v.busy).toEqual([true]);
    expect(v.results).toEqual([]);
    expect(v.successes).toEqual([{ toast: null }]);
  });

  it('shows the error popup and gives the buttons back when the call fails', async () => {
    const v = view();
    const ok = await runEditorWork(async () => {
      throw new HttpError('errors.kind_fixed', 400, null);
    }, {}, v);
    expect(ok).toBe(false);
    expect(v.busy).toEqual([true, false]);
    expect(v.results).toEqual([{ kind: 'error', message: 'shown: errors.kind_fixed' }]);
  });

  it("rethrows 'token error' in filter saves (rethrowAuth) instead of showing it; other editors show it", async () => {
    const v = view();
    await expect(runEditorWork(async () => Promise.reject(tokenError()), { rethrowAuth: true }, v)).rejects.toMatchObject({ status: 401, message: 'errors.token_error' });
    await expect(runEditorWork(async () => Promise.reject(new SignedOutError()), { rethrowAuth: true }, v)).rejects.toBeInstanceOf(SignedOutError);
    expect(v.results).toEqual([]);
    expect(v.busy).toEqual([true, false, true, false]);
    // Other errors still show the popup with rethrowAuth.
    expect(await runEditorWork(async () => Promise.reject(new Error('errors.server_error')), { rethrowAuth: true }, v)).toBe(false);
    expect(v.results).toHaveLength(1);
    // Without it the token error is shown like any other.
    expect(await runEditorWork(async () => Promise.reject(tokenError()), {}, v)).toBe(false);
    expect(v.results.at(-1)).toEqual({ kind: 'error', message: 'shown: errors.token_error' });
    // The screen swallows only the signed-out error it was handed.
    expect(() => quietWhenSignedOut(tokenError())).not.toThrow();
    expect(() => quietWhenSignedOut(new Error('boom'))).toThrow('boom');
  });

  it("takes react-admin's empty answer of a call that signed the panel out for the signed-out error, not a save", () => {
    expect(() => answered({ data: {} })).toThrow(SignedOutError);
    expect(() => answered({ data: undefined })).toThrow(SignedOutError);
    expect(answered({ data: { id: 5 } })).toEqual({ data: { id: 5 } });
  });
});

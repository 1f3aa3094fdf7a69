import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { SignedOutError, answered, quietWhenSignedOut, runEditorWork, type EditorResult } from './editorWork';

function view() {
  const busy: boolean[] = [];
  const results: EditorResult[] = [];
  return { busy, results, setBusy: (b: boolean) => void busy.push(b), setResult: (r: EditorResult) => void results.push(r), errorMessage: (e: unknown) => `shown: ${(e as Error).message}` };
}
/** The token error as the panel's api provider raises it (dataProvider/apiDataProvider.ts toHttpError). */
const tokenError = () => new HttpError('errors.token_error', 401, { error: { code: 'token_error' }, token: 'error' });

describe('editor save and delete (useEditorSave)', () => {
  it('keeps the buttons off while the call runs, then shows the success popup with where to go', async () => {
    const v = view();
    let during: boolean | undefined;
    const ok = await runEditorWork(async () => {
      during = v.busy.at(-1);
      return '/offers_category';
    }, {}, v);
    expect(ok).toBe(true);
    expect(during).toBe(true);
    expect(v.busy).toEqual([true, false]);
    expect(v.results).toEqual([{ kind: 'success', then: '/offers_category' }]);
  });

  it('keeps save off after a success when asked (the banner editor), and shows no popup for a quiet save', async () => {
    const v = view();
    await runEditorWork(async () => undefined, { stayBusy: true, popup: false }, v);
    expect(v.busy).toEqual([true]);
    expect(v.results).toEqual([]);
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

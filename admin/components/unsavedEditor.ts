/**
 * The editor on screen with unsaved changes, if any (UnsavedChangesPrompt keeps it up to date). Switching
 * the panel's language remounts the screens, which would drop those changes silently, so the language
 * switcher asks first, as the seed does: save them, or switch without them.
 */
export interface UnsavedEditor {
  save(): Promise<boolean>;
}

let current: UnsavedEditor | null = null;

export function setUnsavedEditor(editor: UnsavedEditor | null) {
  current = editor;
}

export function unsavedEditor(): UnsavedEditor | null {
  return current;
}

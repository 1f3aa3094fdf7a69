/** What a chosen banner file is, by its name (the seed): mp4 / mov are video; gif, jpg, jpeg, png are image. */
export function bannerFileKind(name: string): 'image' | 'video' | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'mp4' || ext === 'mov') return 'video';
  if (ext === 'gif' || ext === 'jpg' || ext === 'jpeg' || ext === 'png') return 'image';
  return null;
}

/** The file picker: the seed's image types and the two video types. */
export const BANNER_ACCEPT = 'image/png,image/gif,image/jpeg,video/mp4,video/quicktime,.mp4,.mov';

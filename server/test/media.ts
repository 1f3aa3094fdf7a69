/** Tiny media files for upload tests (server and e2e), made in memory. */

/** The smallest MP4 the server accepts: an `ftyp` box (isom) followed by an empty `free` box. */
export function tinyMp4(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write('isom', 8, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isom', 16, 'latin1');
  ftyp.write('mp41', 20, 'latin1');
  const free = Buffer.alloc(8);
  free.writeUInt32BE(8, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([ftyp, free]);
}

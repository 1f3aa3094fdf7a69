import crypto from 'node:crypto';

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
/** A uniformly random numeric code of `digits` digits. */
export const randomDigits = (digits: number) => String(crypto.randomInt(0, 10 ** digits)).padStart(digits, '0');

/** What the other features may use of account (they import nothing else of it). */
export { saveAuth, type LoginAnswer } from './accountApi';
export { signedIn } from './accountSlice';

/**
 * Sign-in codes: how many digits a code has, for the server that makes and checks it and for the sign-in
 * screens that take it. Customers keep the seed's 4 digits; a shop's owner, whose session can change the
 * whole shop, gets 6 (100 times as many codes to guess). api=sms_code answers the length it sent.
 */
export const CUSTOMER_CODE_LENGTH = 4;
export const OWNER_CODE_LENGTH = 6;

export const codeLength = (owner: boolean) => (owner ? OWNER_CODE_LENGTH : CUSTOMER_CODE_LENGTH);

/** A code length the server may have sent (from its answer), else the customer's. */
export function sentCodeLength(answer: unknown): number {
  const n = Number((answer as { code_length?: unknown } | null)?.code_length);
  return n === OWNER_CODE_LENGTH ? OWNER_CODE_LENGTH : CUSTOMER_CODE_LENGTH;
}

/** Whether a typed code has the shape of a code of this length (digits only). */
export const isCodeShape = (code: string, length: number) => code.length === length && /^\d+$/.test(code);

/**
 * The text key of an order's status (i18n/orders `status.<key>`): a pickup order is not handed to a courier,
 * so its 'delivering' reads 'ready' (Готов к выдаче), the step that sends the customer an SMS.
 */
export const statusKey = (status: string, receiving: unknown): string => (status === 'delivering' && receiving === 'pickup' ? 'ready' : status);

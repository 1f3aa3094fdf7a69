import type { ReactNode } from 'react';
import { FunctionField, type FunctionFieldProps } from 'react-admin';

/**
 * Text that reads left to right in any language: phones, sums, codes. In Arabic a phone "+79161234567" would
 * otherwise read "79161234567+"; `bdi` keeps it from reordering the text around it too.
 */
export const Ltr = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;

/** A record's text field read left to right (a phone in a list). */
export function LtrTextField({ source, ...rest }: Omit<FunctionFieldProps, 'render'> & { source: string }) {
  return <FunctionField source={source} {...rest} render={(r) => (r?.[source] ? <Ltr>{String(r[source])}</Ltr> : null)} />;
}

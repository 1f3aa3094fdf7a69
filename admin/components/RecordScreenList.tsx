import type { RaRecord, SortPayload } from 'react-admin';
import { ScreenList, useAllRows, usePathBase, type ScreenRow } from './ScreenList';

interface RecordScreenListProps<R extends RaRecord> {
  resource: string;
  sort: SortPayload;
  filter?: Record<string, unknown>;
  /** Where the records' editors live: `${list}/${child}/{id}`; add goes to `${path opened at}/${child}/new`. */
  list: string;
  child: string;
  title: string;
  back: string;
  add: string;
  empty: string;
  maxWidth: number;
  row: (record: R) => Omit<ScreenRow, 'key' | 'to'>;
}

/** A ScreenList of every record of a short resource, each row opening its editor below `list`. */
export function RecordScreenList<R extends RaRecord>({ resource, sort, filter, list, child, add, row, ...screen }: RecordScreenListProps<R>) {
  const rows = useAllRows<R>(resource, sort, filter);
  const base = usePathBase(list);
  return <ScreenList {...screen} {...rows} add={{ label: add, to: `${base}/${child}/new` }} row={(r) => ({ key: r.id, to: `${list}/${child}/${r.id}`, ...row(r) })} />;
}

import { useParams } from 'react-router';
import { Authenticated } from 'react-admin';
import { OrderView } from './OrderView';

/** /orders/{id}: one order with its lines, totals, client, payment, a status select that saves, and its questions. */
export default function OrderEdit() {
  const { id = '' } = useParams();
  return (
    <Authenticated>
      <OrderView id={id} back="/orders" />
    </Authenticated>
  );
}

import { Datagrid, DeleteButton, FunctionField, List, NumberInput, SimpleList, TextField, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { Box, Link, Paper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useDateTime } from '../orders/orderParts';
import { Attachments } from './OrderQuestions';

const filters = [<NumberInput key="orderId" source="orderId" label="resources.questions.fields.orderId" alwaysOn />];

function NoQuestions() {
  const translate = useTranslate();
  return (
    <Paper sx={{ p: 3, mt: 2, width: '100%' }}>
      <Typography>{translate('admin.questions.empty')}</Typography>
    </Paper>
  );
}

/** /questions: customers' questions about their orders, newest first; each opens its order; the owner may delete one. */
export default function QuestionList() {
  const small = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  const translate = useTranslate();
  const dateTime = useDateTime();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} exporter={false} empty={<NoQuestions />}>
      {small ? (
        <SimpleList
          primaryText={(r: RaRecord) => r.message}
          secondaryText={(r: RaRecord) => `${translate('admin.orders.order_n', { id: r.orderId })} · ${r.contact}`}
          tertiaryText={(r: RaRecord) => dateTime(r.createdAt, { dateStyle: 'short' })}
          linkType={false}
          rowSx={() => ({ alignItems: 'flex-start' })}
          rightIcon={(r: RaRecord) => <DeleteButton record={r} mutationMode="pessimistic" />}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField source="createdAt" label="resources.questions.fields.createdAt" render={(r: RaRecord) => dateTime(r.createdAt)} />
          <FunctionField
            source="orderId"
            label="resources.questions.fields.orderId"
            render={(r: RaRecord) => (
              <Link component={RouterLink} to={`/orders/${r.orderId}`}>
                {translate('admin.orders.order_n', { id: r.orderId })}
              </Link>
            )}
          />
          <TextField source="contact" label="resources.questions.fields.contact" sortable={false} />
          <FunctionField
            source="message"
            label="resources.questions.fields.message"
            sortable={false}
            render={(r: RaRecord) => (
              <Box sx={{ maxWidth: 420 }}>
                <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.message}</Box>
                <Attachments question={r} label={translate('admin.questions.attachment')} />
              </Box>
            )}
          />
          <DeleteButton mutationMode="pessimistic" />
        </Datagrid>
      )}
    </List>
  );
}

import { Button, Datagrid, SimpleList, type RaRecord, DateField, FunctionField, List, NumberField, SelectInput, TextField, useNotify, useRecordContext, useRefresh, useTranslate, useDataProvider } from 'react-admin';
import { Chip, useMediaQuery, type Theme } from '@mui/material';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { Ltr, LtrTextField } from '../../components/Ltr';

const STATUS_COLOURS: Record<string, 'default' | 'success' | 'error' | 'warning'> = { pending: 'default', sent: 'success', failed: 'error', skipped: 'warning' };

/** 'Отправить снова' for a message that could not be sent: POST /rest/notifications/:id/retry. */
function RetryButton() {
  const record = useRecordContext<{ id: number; status: string }>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || record.status !== 'failed') return null;
  return (
    <Button
      label="resources.notifications.retry"
      onClick={async (e) => {
        e.stopPropagation();
        await dataProvider.create(`notifications/${record.id}/retry`, { data: {} });
        notify('resources.notifications.retried', { type: 'info' });
        refresh();
      }}
    >
      <ReplayOutlined />
    </Button>
  );
}

/**
 * The outbox: every e-mail, SMS and Telegram message, its state, attempts and the last error (newest first). The
 * recipient reads left to right in any language (an SMS's phone would read "79161234567+" in Arabic), a subject
 * in its own language's direction (`bdi`: a Russian one keeps its «» and full stop in place in Arabic).
 */
export default function NotificationList() {
  const translate = useTranslate();
  const small = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  const filters = [
    <SelectInput key="status" source="status" alwaysOn choices={['pending', 'sent', 'failed', 'skipped'].map((id) => ({ id, name: `resources.notifications.status.${id}` }))} />,
  ];
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25} exporter={false}>
      {small ? (
        <SimpleList
          primaryText={(r: RaRecord) => <bdi>{r.subject}</bdi>}
          secondaryText={(r: RaRecord) => (
            <>
              {translate(`resources.notifications.channel.${r.channel}`)} · <Ltr>{r.recipient}</Ltr>
              {r.lastError ? ` · ${r.lastError}` : ''}
            </>
          )}
          tertiaryText={(r: RaRecord) => translate(`resources.notifications.status.${r.status}`)}
          linkType={false}
        />
      ) : (
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="createdAt" showTime />
        <FunctionField source="event" render={(r: { event: string }) => translate(`resources.notifications.events.${r.event}`)} />
        <FunctionField source="channel" render={(r: { channel: string }) => translate(`resources.notifications.channel.${r.channel}`)} />
        <LtrTextField source="recipient" />
        <FunctionField source="subject" render={(r: { subject: string }) => <bdi>{r.subject}</bdi>} />
        <FunctionField source="status" render={(r: { status: string }) => <Chip size="small" color={STATUS_COLOURS[r.status] ?? 'default'} label={translate(`resources.notifications.status.${r.status}`)} />} />
        <NumberField source="attempts" />
        <TextField source="lastError" emptyText="" />
        <RetryButton />
      </Datagrid>
      )}
    </List>
  );
}

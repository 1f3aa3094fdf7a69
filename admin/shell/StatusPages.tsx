import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from 'react-admin';
import { Box, Button, Paper, Typography } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';

function StatusPage({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 440, width: '100%', textAlign: 'center' }}>
        <Box sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 56 } }}>{icon}</Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {text}
        </Typography>
        {action}
      </Paper>
    </Box>
  );
}

/** A page of the panel's routes: its texts and a button to another route. */
function RouteStatusPage({ icon, title, text, to, action }: { icon: ReactNode; title: string; text: string; to: string; action: string }) {
  const translate = useTranslate();
  return (
    <StatusPage
      icon={icon}
      title={translate(title)}
      text={translate(text)}
      action={
        <Button variant="contained" component={RouterLink} to={to}>
          {translate(action)}
        </Button>
      }
    />
  );
}

/** /admin/404: 'page_not_found' with a way back to the panel. */
export const NotFoundPage = () => <RouteStatusPage icon={<SearchOffOutlined />} title="admin.pages.not_found" text="admin.pages.not_found_text" to="/" action="admin.pages.to_admin" />;

/** /admin/401: 'unauthorized_page' with the sign-in button. */
export const UnauthorizedPage = () => <RouteStatusPage icon={<LockOutlined />} title="admin.pages.unauthorized" text="admin.pages.unauthorized_text" to="/login" action="admin.pages.sign_in" />;

/** config.json could not be read: the seed's broken-url page with a reload button (no react-admin context yet). */
export function BrokenConfigPage({ title, text, reload }: { title: string; text: string; reload: string }) {
  return (
    <StatusPage
      icon={<ErrorOutline />}
      title={title}
      text={text}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {reload}
        </Button>
      }
    />
  );
}

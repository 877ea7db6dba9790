import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { AgentServer } from '@fleetgate/contracts';
import { ServiceTypeChip } from '../web-access/ServiceTypeChip.tsx';

type AgentServerListProps = {
  agentName: string;
  servers: AgentServer[];
  onAdd: () => void;
  onEdit: (server: AgentServer) => void;
  onDelete: (server: AgentServer) => void;
};

/** The LAN services an agent may open connections to. */
export function AgentServerList({ agentName, servers, onAdd, onEdit, onDelete }: AgentServerListProps) {
  const { t } = useTranslation();
  const sorted = [...servers].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {t('agents.services.title')}
        </Typography>
        <Button
          size="small"
          startIcon={<Add />}
          onClick={onAdd}
          aria-label={`${t('agents.services.add')}: ${agentName}`}
        >
          {t('agents.services.add')}
        </Button>
      </Box>
      {sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('agents.services.empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={`${t('agents.services.title')}: ${agentName}`}>
          {sorted.map((server) => (
            <ListItem
              key={server.publicId}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <Tooltip title={t('agents.edit')}>
                    <IconButton
                      size="small"
                      aria-label={t('agents.services.edit', { name: server.name })}
                      onClick={() => onEdit(server)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('agents.delete')}>
                    <IconButton
                      size="small"
                      aria-label={t('agents.services.delete', { name: server.name })}
                      onClick={() => onDelete(server)}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              }
              sx={{ pr: 10 }}
            >
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                  >
                    <span>{server.name}</span>
                    <ServiceTypeChip type={server.type} />
                    {server.requireAccessApproval && (
                      <Chip
                        size="small"
                        variant="outlined"
                        color="warning"
                        label={t('agents.services.requiresApproval')}
                      />
                    )}
                    {server.serviceGroup && (
                      <Chip size="small" variant="outlined" label={server.serviceGroup} />
                    )}
                  </Box>
                }
                secondary={`${server.host}:${server.port}`}
                slotProps={{ secondary: { sx: { fontFamily: 'monospace' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

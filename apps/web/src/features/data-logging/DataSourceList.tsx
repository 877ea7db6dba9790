import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import { useTranslation } from 'react-i18next';
import type { DataSource } from '@fleetgate/contracts';

type DataSourceListProps = {
  agentName: string;
  sources: DataSource[];
  manages: boolean;
  /** The simulator's tags still missing per source id (only sources of the simulator's service). */
  simulatorMissing: ReadonlyMap<string, number>;
  addingSimulatorTo: string | undefined;
  onAdd: () => void;
  onEdit: (source: DataSource) => void;
  onDelete: (source: DataSource) => void;
  onAddSimulatorTags: (source: DataSource) => void;
};

/** The agent's data sources: where its tags' values come from. */
export function DataSourceList({
  agentName,
  sources,
  manages,
  simulatorMissing,
  addingSimulatorTo,
  onAdd,
  onEdit,
  onDelete,
  onAddSimulatorTags,
}: DataSourceListProps) {
  const { t } = useTranslation();
  const sorted = [...sources].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h4">
          {t('dataLogging.sources.title')}
        </Typography>
        {manages && (
          <Button
            size="small"
            startIcon={<Add />}
            onClick={onAdd}
            aria-label={t('dataLogging.sources.addLabel', { device: agentName })}
          >
            {t('dataLogging.sources.add')}
          </Button>
        )}
      </Stack>
      {sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('dataLogging.sources.empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('dataLogging.sources.listLabel', { device: agentName })}>
          {sorted.map((source) => {
            const missing = simulatorMissing.get(source.publicId) ?? 0;
            return (
              <ListItem
                key={source.publicId}
                disableGutters
                sx={{ flexWrap: 'wrap', columnGap: 1 }}
                secondaryAction={
                  manages ? (
                    <>
                      <Tooltip title={t('dataLogging.edit')}>
                        <IconButton
                          size="small"
                          aria-label={`${t('dataLogging.edit')} ${source.name}`}
                          onClick={() => onEdit(source)}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('dataLogging.delete')}>
                        <IconButton
                          size="small"
                          aria-label={`${t('dataLogging.delete')} ${source.name}`}
                          onClick={() => onDelete(source)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  ) : undefined
                }
              >
                <ListItemText
                  sx={{ pr: manages ? 10 : 0, minWidth: 0 }}
                  primary={source.name}
                  secondary={
                    source.kind === 'modbus'
                      ? t('dataLogging.sources.modbusDetail', {
                          server: source.server?.name ?? '—',
                          unitId: source.unitId,
                        })
                      : t('dataLogging.sources.mqttDetail', { broker: source.mqttBroker?.name ?? '—' })
                  }
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                {manages && missing > 0 && (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<PlaylistAdd />}
                    loading={addingSimulatorTo === source.publicId}
                    disabled={addingSimulatorTo !== undefined}
                    onClick={() => onAddSimulatorTags(source)}
                    sx={{ mb: 0.5 }}
                  >
                    {t('dataLogging.sources.addSimulatorTags', { count: missing })}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/format/format-date.ts';
import { SeatUsage } from './SeatUsage.tsx';
import type { Licence, NamedRef } from './licence-wire.ts';

export type BundleActions = {
  onActivate: (bundle: Licence) => void;
  onExtend: (bundle: Licence) => void;
  onRemove: (bundle: Licence, device: NamedRef) => void;
};

type LicenceTableProps = {
  label: string;
  licences: Licence[];
  /** Given for licence bundles: their devices can be removed, and they can be activated and extended. */
  bundleActions?: BundleActions;
};

/** Valid-until and devices columns of wide screens; below `md` they sit under the type. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;
const narrowOnly = { display: { xs: 'block', md: 'none' } } as const;

/** The company's licences (or licence bundles): type, seats used, expiry and the devices using each. */
export function LicenceTable({ label, licences, bundleActions }: LicenceTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('licences.columns.type')}</TableCell>
            <TableCell>{t('licences.columns.seats')}</TableCell>
            <TableCell sx={wideOnly}>{t('licences.columns.validUntil')}</TableCell>
            <TableCell sx={wideOnly}>{t('licences.columns.devices')}</TableCell>
            {bundleActions && <TableCell align="right">{t('licences.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {licences.map((licence) => {
            const devices = <DeviceList licence={licence} actions={bundleActions} />;
            const validUntil = formatDate(licence.validUntil);
            return (
              <TableRow key={licence.publicId} aria-label={licence.type.name}>
                <TableCell>
                  <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {licence.type.name}
                    </Typography>
                    {licence.expired && <Chip size="small" color="error" label={t('licences.expired')} />}
                  </Stack>
                  <Box sx={{ ...narrowOnly, mt: 0.75 }}>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
                      {t('licences.columns.validUntil')}: {validUntil}
                    </Typography>
                    {devices}
                  </Box>
                </TableCell>
                <TableCell>
                  <SeatUsage licence={licence} />
                </TableCell>
                <TableCell sx={wideOnly}>
                  <Typography variant="body2" color={licence.expired ? 'error' : 'text.primary'}>
                    {validUntil}
                  </Typography>
                </TableCell>
                <TableCell sx={wideOnly}>{devices}</TableCell>
                {bundleActions && (
                  <TableCell align="right">
                    <Stack sx={{ alignItems: 'flex-end', gap: 0.5 }}>
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={licence.expired || licence.seatsFree === 0}
                        onClick={() => bundleActions.onActivate(licence)}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {t('licences.activateOnDevice')}
                      </Button>
                      <Button size="small" onClick={() => bundleActions.onExtend(licence)}>
                        {t('licences.extend')}
                      </Button>
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DeviceList({ licence, actions }: { licence: Licence; actions: BundleActions | undefined }) {
  const { t } = useTranslation();
  if (licence.agents.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('licences.noDevices')}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {licence.agents.map((agent) =>
        actions ? (
          <Box
            key={agent.publicId}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              border: 1,
              borderColor: 'divider',
              borderRadius: 4,
              pl: 1.25,
              maxWidth: '100%',
            }}
          >
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {agent.name}
            </Typography>
            <Tooltip title={t('licences.removeFrom', { bundle: licence.type.name, device: agent.name })}>
              <IconButton
                size="small"
                aria-label={t('licences.removeFrom', { bundle: licence.type.name, device: agent.name })}
                onClick={() => actions.onRemove(licence, agent)}
              >
                <Close fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ) : (
          <Chip key={agent.publicId} size="small" label={agent.name} sx={{ maxWidth: '100%' }} />
        ),
      )}
    </Stack>
  );
}

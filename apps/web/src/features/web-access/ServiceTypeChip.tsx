import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { ServiceType } from '@fleetgate/contracts';

/** A service's type as a small chip (HTTP, HTTPS, VNC, TCP) with its full name as the tooltip. */
export function ServiceTypeChip({ type }: { type: ServiceType }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`webAccess.types.${type}`)}>
      <Chip
        size="small"
        variant="outlined"
        label={t(`webAccess.typeChips.${type}`)}
        data-service-type={type}
      />
    </Tooltip>
  );
}

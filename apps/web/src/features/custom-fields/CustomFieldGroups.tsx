import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { CustomField, CustomFieldEntity } from '@fleetgate/contracts';
import { CustomFieldRow } from './CustomFieldRow.tsx';

export type CustomFieldGroup = { entity: CustomFieldEntity; fields: CustomField[] };

type CustomFieldGroupsProps = {
  groups: CustomFieldGroup[];
  /** While searching, fields cannot be moved: neighbours may be hidden. */
  searching: boolean;
  onAdd: (entity: CustomFieldEntity) => void;
  onEdit: (field: CustomField) => void;
  onMove: (field: CustomField, direction: -1 | 1) => void;
  onDelete: (field: CustomField) => void;
};

/** One card per entity, its fields in their order. */
export function CustomFieldGroups({
  groups,
  searching,
  onAdd,
  onEdit,
  onMove,
  onDelete,
}: CustomFieldGroupsProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {groups.map(({ entity, fields }) => {
        const headingId = `custom-fields-${entity}`;
        return (
          <Card key={entity} component="section" aria-labelledby={headingId}>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 2,
                py: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: 'grey.50',
              }}
            >
              <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t(`customFields.entities.${entity}`)}
              </Typography>
              <Chip size="small" label={fields.length} />
              <Box sx={{ flexGrow: 1 }} />
              <Button
                size="small"
                startIcon={<Add />}
                onClick={() => onAdd(entity)}
                aria-label={t('customFields.addFor', { entity: t(`customFields.entities.${entity}`) })}
              >
                {t('customFields.dialog.create')}
              </Button>
            </Box>
            {fields.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
                {t('customFields.emptyEntity', {
                  entity: t(`customFields.entities.${entity}`).toLowerCase(),
                })}
              </Typography>
            ) : (
              <List disablePadding aria-labelledby={headingId}>
                {fields.map((field, i) => (
                  <CustomFieldRow
                    key={field.publicId}
                    field={field}
                    canMoveUp={!searching && i > 0}
                    canMoveDown={!searching && i < fields.length - 1}
                    onEdit={onEdit}
                    onMove={onMove}
                    onDelete={onDelete}
                  />
                ))}
              </List>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Capability } from '@fleetgate/contracts';
import { capabilitiesOfKind, capabilityKinds, capabilityText } from './capability-text.ts';

type CapabilityChecklistProps = {
  value: readonly Capability[];
  disabled?: boolean;
  onChange: (value: Capability[]) => void;
};

/** Every capability of the catalogue as a checkbox, grouped by kind (manage, use), each group with "select all". */
export function CapabilityChecklist({ value, disabled = false, onChange }: CapabilityChecklistProps) {
  const { t } = useTranslation();
  const selected = new Set(value);

  const handleToggle = (capability: Capability, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(capability);
    else next.delete(capability);
    onChange([...next]);
  };

  const handleToggleKind = (kindCapabilities: Capability[], checked: boolean) => {
    const next = new Set(selected);
    for (const capability of kindCapabilities) {
      if (checked) next.add(capability);
      else next.delete(capability);
    }
    onChange([...next]);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
      {capabilityKinds.map((kind) => {
        const kindCapabilities = capabilitiesOfKind(kind);
        const count = kindCapabilities.filter((c) => selected.has(c)).length;
        const groupId = `rights-${kind}`;
        return (
          <Box
            key={kind}
            role="group"
            aria-labelledby={groupId}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography id={groupId} variant="overline" color="text.secondary">
                {t(`roles.kinds.${kind}`)}
              </Typography>
              <FormControlLabel
                label={<Typography variant="body2">{t('roles.selectAll')}</Typography>}
                labelPlacement="start"
                disabled={disabled}
                sx={{ mr: 0 }}
                control={
                  <Checkbox
                    size="small"
                    checked={count === kindCapabilities.length}
                    indeterminate={count > 0 && count < kindCapabilities.length}
                    // MUI draws "some" and says aria-checked="mixed"; the native input says the
                    // same only with its indeterminate property set.
                    inputRef={(input: HTMLInputElement | null) => {
                      if (input) input.indeterminate = count > 0 && count < kindCapabilities.length;
                    }}
                    onChange={(event) => handleToggleKind(kindCapabilities, event.target.checked)}
                    slotProps={{
                      input: { 'aria-label': `${t(`roles.kinds.${kind}`)}: ${t('roles.selectAll')}` },
                    }}
                  />
                }
              />
            </Box>
            <FormGroup>
              {kindCapabilities.map((capability) => (
                <FormControlLabel
                  key={capability}
                  disabled={disabled}
                  label={capabilityText(t, capability)}
                  control={
                    <Checkbox
                      size="small"
                      checked={selected.has(capability)}
                      onChange={(event) => handleToggle(capability, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        );
      })}
    </Box>
  );
}

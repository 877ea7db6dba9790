import type { ChangeEvent, KeyboardEvent } from 'react';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

type ShellSearchFieldProps = { value: string; onChange: (value: string) => void };

/** The top-bar search of the current list; Escape clears it. */
export function ShellSearchField({ value, onChange }: ShellSearchFieldProps) {
  const { t } = useTranslation();
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value);
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') onChange('');
  };

  return (
    <Box
      role="search"
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        flex: '1 1 auto',
        minWidth: 0,
        maxWidth: 480,
        mx: { xs: 0.5, sm: 2 },
        px: 1,
        borderRadius: theme.shape.borderRadius,
        backgroundColor: alpha(theme.palette.common.white, 0.15),
        '&:hover': { backgroundColor: alpha(theme.palette.common.white, 0.22) },
        '&:focus-within': { backgroundColor: alpha(theme.palette.common.white, 0.25) },
      })}
    >
      <Search fontSize="small" sx={{ opacity: 0.85, flexShrink: 0 }} />
      <InputBase
        value={value}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        placeholder={t('shell.searchPlaceholder')}
        inputProps={{ 'aria-label': t('shell.search'), type: 'search' }}
        sx={{
          color: 'inherit',
          flex: 1,
          minWidth: 0,
          ml: 1,
          '& input': { py: 0.75 },
          '& input::-webkit-search-cancel-button': { display: 'none' },
        }}
      />
      {value && (
        <IconButton
          size="small"
          color="inherit"
          onClick={() => onChange('')}
          aria-label={t('shell.clearSearch')}
        >
          <Close fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

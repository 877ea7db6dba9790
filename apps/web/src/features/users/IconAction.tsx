import type { ReactNode } from 'react';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

type IconActionProps = Omit<IconButtonProps, 'aria-label' | 'children'> & {
  label: string;
  children: ReactNode;
};

/** An icon button named for screen readers, with the same name as a (delayed) tooltip. */
export function IconAction({ label, children, disabled, ...props }: IconActionProps) {
  const button = (
    <IconButton aria-label={label} disabled={disabled} {...props}>
      {children}
    </IconButton>
  );
  // A disabled button fires no events, so the tooltip needs a wrapper to listen on.
  return (
    <Tooltip title={label} enterDelay={1500} enterNextDelay={1500}>
      {disabled ? <span>{button}</span> : button}
    </Tooltip>
  );
}

import CircularProgress from '@mui/material/CircularProgress';
import { useProgressProps, type ProgressProps } from './progress-props.ts';

export type LoadingIndicatorProps = ProgressProps & {
  /** The spinner's diameter in px. */
  size?: number;
};

/** Every spinner of the app, named (progress-props.ts). */
export function LoadingIndicator({ size, ...props }: LoadingIndicatorProps) {
  return <CircularProgress size={size} {...useProgressProps(props)} />;
}

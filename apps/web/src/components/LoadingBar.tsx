import LinearProgress from '@mui/material/LinearProgress';
import { useProgressProps, type ProgressProps } from './progress-props.ts';

/** Every progress bar of the app, across its container, named (progress-props.ts). */
export function LoadingBar(props: ProgressProps) {
  return <LinearProgress {...useProgressProps(props)} />;
}

import { useState } from 'react';

/**
 * What a dialog shows and whether it is open, kept apart so the dialog still shows its
 * subject while it fades out after closing.
 */
export function useClosable<T>() {
  const [state, setState] = useState<{ value: T | null; open: boolean }>({ value: null, open: false });
  return {
    value: state.value,
    open: state.open,
    show: (value: T) => setState({ value, open: true }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}

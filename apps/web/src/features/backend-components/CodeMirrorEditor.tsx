import { useMemo } from 'react';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { useTheme } from '@mui/material/styles';
import { accessibleHighlighting } from './code-highlight.ts';

export type CodeMirrorEditorProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The id of the visible label; the editable area takes its name from it. */
  labelledBy: string;
  describedBy?: string | undefined;
  invalid?: boolean;
};

/**
 * CodeMirror 6 with JavaScript highlighting. Only `CodeEditor` imports this file, lazily, so
 * the editor's ~150 KB are fetched when a template is opened, never with the shell.
 */
export function CodeMirrorEditor({
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid = false,
}: CodeMirrorEditorProps) {
  const theme = useTheme();
  const extensions = useMemo(
    () => [
      javascript(),
      accessibleHighlighting(theme.palette.mode),
      EditorView.lineWrapping,
      // The editable element is a contenteditable div: it needs the label and state a textbox would have.
      EditorView.contentAttributes.of({
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-invalid': String(invalid),
        'aria-multiline': 'true',
        role: 'textbox',
        spellcheck: 'false',
      }),
    ],
    [labelledBy, describedBy, invalid, theme.palette.mode],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      extensions={extensions}
      theme={theme.palette.mode}
      minHeight="240px"
      maxHeight="60vh"
      basicSetup={{ foldGutter: false }}
      style={{
        fontSize: '0.875rem',
        border: `1px solid ${invalid ? theme.palette.error.main : theme.palette.divider}`,
        borderRadius: theme.shape.borderRadius,
        overflow: 'hidden',
      }}
    />
  );
}

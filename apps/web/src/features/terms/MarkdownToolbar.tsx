import type { RefObject } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import InsertLink from '@mui/icons-material/InsertLink';
import Title from '@mui/icons-material/Title';
import { useTranslation } from 'react-i18next';
import { applyMarkdown, type MarkdownAction } from './markdown-edit.ts';

const actions = [
  { action: 'heading', icon: Title },
  { action: 'bold', icon: FormatBold },
  { action: 'italic', icon: FormatItalic },
  { action: 'bulletList', icon: FormatListBulleted },
  { action: 'link', icon: InsertLink },
] as const satisfies readonly { action: MarkdownAction; icon: unknown }[];

/** Buttons that put Markdown around the editor's selection, then give it the focus back. */
export function MarkdownToolbar({
  editor,
  onChange,
}: {
  editor: RefObject<HTMLTextAreaElement | null>;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const handleAction = (action: MarkdownAction) => {
    const area = editor.current;
    if (!area) return;
    const next = applyMarkdown(action, {
      text: area.value,
      start: area.selectionStart,
      end: area.selectionEnd,
    });
    onChange(next.text);
    // After React has written the new value, select what the action produced.
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <Stack direction="row" spacing={0.5} role="toolbar" aria-label={t('terms.builder.toolbar')}>
      {actions.map(({ action, icon: Icon }) => (
        <Tooltip key={action} title={t(`terms.builder.${action}`)}>
          <IconButton
            size="small"
            aria-label={t(`terms.builder.${action}`)}
            onClick={() => handleAction(action)}
          >
            <Icon fontSize="small" />
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
}

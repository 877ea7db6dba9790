import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  limits,
  pageComponentKinds,
  pageLimits,
  type ChartAggregate,
  type PageComponent,
  type PageComponentKind,
  type Tag,
} from '@fleetgate/contracts';
import { tagsUsed } from './page-layout.ts';

const aggregates: ChartAggregate[] = ['mean', 'min', 'max', 'last'];

export type ComponentDraft = Omit<PageComponent, 'id' | 'x' | 'y' | 'w' | 'h'>;

/** What the dialog's fields make of a component; undefined fields are left out. */
export function componentFromFields(fields: {
  kind: PageComponentKind;
  title: string;
  tags: readonly string[];
  min: string;
  max: string;
  aggregate: ChartAggregate;
  text: string;
}): ComponentDraft {
  const uses = tagsUsed(fields.kind);
  const draft: ComponentDraft = { kind: fields.kind };
  if (fields.title.trim()) draft.title = fields.title.trim();
  if (uses !== 'none')
    draft.tags = (uses === 'one' ? fields.tags.slice(0, 1) : fields.tags).map((name) => ({ name }));
  if (fields.kind === 'gauge') {
    draft.min = Number(fields.min);
    draft.max = Number(fields.max);
  }
  if (fields.kind === 'lineChart' || fields.kind === 'barChart' || fields.kind === 'table')
    draft.aggregate = fields.aggregate;
  if (fields.kind === 'text') draft.text = fields.text;
  return draft;
}

/** Adds or edits one component: its kind, title, tags picked by name, gauge scale, aggregate or text. */
export function ComponentDialog({
  initial,
  tags,
  onApply,
  onClose,
}: {
  initial: PageComponent | null;
  /** The preview device's tags to pick from (names only are stored). */
  tags: readonly Tag[];
  onApply: (draft: ComponentDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PageComponentKind>(initial?.kind ?? 'lineChart');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [picked, setPicked] = useState<string[]>(initial?.tags?.map((tag) => tag.name) ?? []);
  const [min, setMin] = useState(String(initial?.min ?? 0));
  const [max, setMax] = useState(String(initial?.max ?? 100));
  const [aggregate, setAggregate] = useState<ChartAggregate>(initial?.aggregate ?? 'mean');
  const [text, setText] = useState(initial?.text ?? '');
  const uses = tagsUsed(kind);
  const rangeInvalid =
    kind === 'gauge' &&
    !(Number.isFinite(Number(min)) && Number.isFinite(Number(max)) && Number(min) < Number(max));
  const tooMany = picked.length > pageLimits.tagsPerComponent;
  const names = [...new Set([...tags.map((tag) => tag.name), ...picked])];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (rangeInvalid || tooMany) return;
          onApply(componentFromFields({ kind, title, tags: picked, min, max, aggregate, text }));
        }}
      >
        <DialogTitle>
          {initial ? t('pages.componentDialog.editTitle') : t('pages.componentDialog.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t('pages.componentDialog.kind')}
              value={kind}
              onChange={(event) => setKind(event.target.value as PageComponentKind)}
            >
              {pageComponentKinds.map((one) => (
                <MenuItem key={one} value={one}>
                  {t(`pages.kinds.${one}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('pages.componentDialog.title')}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              slotProps={{ htmlInput: { maxLength: limits.nameMaxLength } }}
            />
            {uses !== 'none' && (
              <Autocomplete
                multiple
                freeSolo
                options={names}
                value={picked}
                onChange={(_event, value) => setPicked(value.map((one) => one.trim()).filter(Boolean))}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('pages.componentDialog.tags')}
                    error={tooMany}
                    helperText={
                      tooMany
                        ? t('pages.componentDialog.tooManyTags', { max: pageLimits.tagsPerComponent })
                        : uses === 'one'
                          ? `${t('pages.componentDialog.tagsHint')} ${t('pages.componentDialog.oneTag')}`
                          : t('pages.componentDialog.tagsHint')
                    }
                  />
                )}
              />
            )}
            {kind === 'gauge' && (
              <Stack direction="row" spacing={2}>
                <TextField
                  type="number"
                  label={t('pages.componentDialog.min')}
                  value={min}
                  onChange={(event) => setMin(event.target.value)}
                  error={rangeInvalid}
                  helperText={rangeInvalid ? t('pages.componentDialog.minMax') : undefined}
                  fullWidth
                />
                <TextField
                  type="number"
                  label={t('pages.componentDialog.max')}
                  value={max}
                  onChange={(event) => setMax(event.target.value)}
                  error={rangeInvalid}
                  fullWidth
                />
              </Stack>
            )}
            {(kind === 'lineChart' || kind === 'barChart' || kind === 'table') && (
              <TextField
                select
                label={t('pages.componentDialog.aggregate')}
                value={aggregate}
                onChange={(event) => setAggregate(event.target.value as ChartAggregate)}
              >
                {aggregates.map((one) => (
                  <MenuItem key={one} value={one}>
                    {t(`pages.aggregates.${one}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {kind === 'text' && (
              <TextField
                multiline
                minRows={4}
                label={t('pages.componentDialog.text')}
                value={text}
                onChange={(event) => setText(event.target.value)}
                slotProps={{ htmlInput: { maxLength: pageLimits.textMaxLength } }}
              />
            )}
            {uses !== 'none' && tags.length === 0 && (
              <Alert severity="info">{t('pages.builder.noPreviewDevice')}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pages.componentDialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={rangeInvalid || tooMany}>
            {initial ? t('pages.componentDialog.apply') : t('pages.componentDialog.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

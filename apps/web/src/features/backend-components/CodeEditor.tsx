import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../app/lazy-part.tsx';
import type { TemplateFormValues } from './template-form.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

function EditorLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <LoadingIndicator label={t('backendComponents.editor.codeLoading')} />
    </Box>
  );
}

// Fetched when the field first shows, so neither the shell nor the template list carries CodeMirror.
const CodeMirrorEditor = lazyPart(
  () => import('./CodeMirrorEditor.tsx'),
  'CodeMirrorEditor',
  <EditorLoading />,
);

/** The template's code, bound to the form, with its label, hint and error like a text field. */
export function CodeEditor({ control }: { control: Control<TemplateFormValues> }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'code' });
  return (
    <Box>
      <Typography
        id="template-code-label"
        component="div"
        variant="subtitle2"
        sx={{ display: 'block', mb: 0.75 }}
      >
        {t('backendComponents.editor.code')}
      </Typography>
      <CodeMirrorEditor
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        labelledBy="template-code-label"
        describedBy="template-code-hint"
        invalid={fieldState.invalid}
      />
      <FormHelperText id="template-code-hint" error={fieldState.invalid}>
        {fieldState.error?.message ?? t('backendComponents.editor.codeHint')}
      </FormHelperText>
    </Box>
  );
}

import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/format/format-date.ts';
import { Markup } from '../../components/markup/Markup.tsx';
import { useVpn } from './vpn-context.ts';

/** A release day in the app's date format; a date the document got wrong is shown as written. */
function releaseDate(date: string): string {
  return Number.isNaN(Date.parse(date)) ? date : formatDate(date);
}

/** Tab 2: one accordion panel per release, titled version plus type, dated, with its notes. */
export function ReleaseNotesTab() {
  const { t } = useTranslation();
  const notes = useVpn().release?.releaseNotes ?? [];
  if (notes.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3 }}>
        {t('vpn.releaseNotes.empty')}
      </Typography>
    );
  }
  return (
    <Box sx={{ p: 2 }}>
      {notes.map((note, index) => (
        <Accordion key={`${note.version}-${index}`} defaultExpanded={index === 0} disableGutters>
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Box>
              <Typography sx={{ fontWeight: 600 }}>
                {t('vpn.releaseNotes.panelTitle', { version: note.version, type: note.type })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {releaseDate(note.date)}
              </Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails>
            {/* The notes are Markdown; in the dialog (titled h2) their headings start at h3. */}
            <Markup source={note.body} headingLevel={3} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { Markup } from '../../components/markup/Markup.tsx';
import { useVpn } from './vpn-context.ts';

/** A release day (YYYY-MM-DD) as a date only; it names a day, not a moment, so UTC keeps it. */
function releaseDate(date: string, language: string): string {
  if (Number.isNaN(Date.parse(date))) return date;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(date));
}

/** Tab 2: one accordion panel per release, titled version plus type, dated, with its notes. */
export function ReleaseNotesTab() {
  const { t, i18n } = useTranslation();
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
                {releaseDate(note.date, i18n.language)}
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

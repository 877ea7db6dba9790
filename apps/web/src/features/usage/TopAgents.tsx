import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AgentDataUsage } from '@fleetgate/contracts';
import { Bytes } from './Bytes.tsx';

type TopAgentsProps = { agents: AgentDataUsage[]; total: number };

/** The five agents with the most bytes, each with a bar of its share of the period's total. */
export function TopAgents({ agents, total }: TopAgentsProps) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Card variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, alignSelf: { md: 'flex-start' } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('usage.top.title')}
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {agents.slice(0, 5).map((usage) => {
          const share = total > 0 ? usage.bytes / total : 0;
          return (
            <Box component="li" key={usage.agent.publicId}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                  {usage.agent.name}
                </Typography>
                <Typography variant="body2" sx={{ flexShrink: 0, fontWeight: 500 }}>
                  <Bytes bytes={usage.bytes} />
                </Typography>
              </Box>
              <Box
                role="img"
                aria-label={t('usage.top.share', { percent: percent.format(share) })}
                sx={{ mt: 0.5, height: 8, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}
              >
                <Box sx={{ height: '100%', width: `${share * 100}%`, bgcolor: 'primary.main' }} />
              </Box>
            </Box>
          );
        })}
      </Stack>
    </Card>
  );
}

import type { SvgIconComponent } from '@mui/icons-material';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import MemoryOutlined from '@mui/icons-material/MemoryOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import type { AppKey } from '@fleetgate/contracts';

/** Each app's icon, on its card, its page and in the top-bar apps menu. */
export const appIcons: Record<AppKey, SvgIconComponent> = {
  dataLogging: TimelineOutlined,
  alarming: NotificationsActiveOutlined,
  reports: AssessmentOutlined,
  webAccess: PublicOutlined,
  backendComponents: MemoryOutlined,
};

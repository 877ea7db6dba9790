import type { SvgIconComponent } from '@mui/icons-material';
import BookOutlined from '@mui/icons-material/BookOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import CloudOutlined from '@mui/icons-material/CloudOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Link from '@mui/icons-material/Link';
import MailOutline from '@mui/icons-material/MailOutline';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Public from '@mui/icons-material/Public';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SupportAgent from '@mui/icons-material/SupportAgent';
import type { MenuItemIcon } from '@fleetgate/contracts';

/** The component of each icon a menu link may show (the names are the contracts' fixed list). */
export const menuItemIconComponents: Record<MenuItemIcon, SvgIconComponent> = {
  link: Link,
  home: HomeOutlined,
  help: HelpOutline,
  info: InfoOutlined,
  book: BookOutlined,
  description: DescriptionOutlined,
  school: SchoolOutlined,
  support: SupportAgent,
  build: BuildOutlined,
  dashboard: DashboardOutlined,
  cloud: CloudOutlined,
  store: StorefrontOutlined,
  mail: MailOutline,
  phone: PhoneOutlined,
  public: Public,
  settings: SettingsOutlined,
};

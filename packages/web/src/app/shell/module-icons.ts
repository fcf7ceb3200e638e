import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import HealthAndSafetyOutlined from '@mui/icons-material/HealthAndSafetyOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LandscapeOutlined from '@mui/icons-material/LandscapeOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import NotificationImportantOutlined from '@mui/icons-material/NotificationImportantOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SchemaOutlined from '@mui/icons-material/SchemaOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons a menu configuration and the module pages may name. */
export const MODULE_ICONS: Record<string, SvgIconComponent> = {
  safetyState: HealthAndSafetyOutlined,
  operationalState: SpeedOutlined,
  metrics: ShowChartOutlined,
  crossSections: LandscapeOutlined,
  journals: MenuBookOutlined,
  dataEntry: EditNoteOutlined,
  dataSessions: FactCheckOutlined,
  dataImport: UploadFileOutlined,
  users: PeopleOutlined,
  roles: BadgeOutlined,
  permissions: KeyOutlined,
  fileManager: FolderOutlined,
  notifications: NotificationsOutlined,
  alarms: NotificationImportantOutlined,
  devices: SensorsOutlined,
  schemes: SchemaOutlined,
  reports: SummarizeOutlined,
};

/** The icon of a name, or a neutral one for a name a configuration got wrong. */
export function moduleIcon(name: string): SvgIconComponent {
  return MODULE_ICONS[name] ?? SpaceDashboardOutlined;
}

import {
  AccountBookOutlined,
  AppstoreOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HistoryOutlined,
  NodeIndexOutlined,
  PayCircleOutlined,
  ShoppingCartOutlined,
  ThunderboltOutlined,
  UnorderedListOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MenuIconName, RouteIcon } from '../routes.ts';

/** The icon each menu entry of the route table names (only the console's menu draws them). */
export const menuIcons: Record<MenuIconName, RouteIcon> = {
  accountBook: AccountBookOutlined,
  appstore: AppstoreOutlined,
  cloudServer: CloudServerOutlined,
  dashboard: DashboardOutlined,
  fileText: FileTextOutlined,
  global: GlobalOutlined,
  history: HistoryOutlined,
  nodeIndex: NodeIndexOutlined,
  payCircle: PayCircleOutlined,
  shoppingCart: ShoppingCartOutlined,
  thunderbolt: ThunderboltOutlined,
  unorderedList: UnorderedListOutlined,
  wallet: WalletOutlined,
};

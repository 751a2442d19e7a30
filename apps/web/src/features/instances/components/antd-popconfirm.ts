// A module of its own so that lazy-popconfirm.ts can fetch Popconfirm alone, not Ant Design.
export { Popconfirm } from 'antd';

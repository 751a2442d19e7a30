// The tour's Ant Design component, alone in a module: fetched only when a tour is shown.
export { Tour as default } from 'antd';

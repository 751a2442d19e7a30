// Every other message of zh-CN (each file of ./zh-CN/ that the portal's catalogue does not hold: a
// domain added there is in it without a further line), fetched with the first console page.
const files = import.meta.glob<Record<string, string>>(
  ['./zh-CN/*.ts', '!./zh-CN/{auth,common,http,nav,validation}.ts'],
  { eager: true, import: 'default' },
);

export default Object.assign({}, ...Object.values(files)) as Record<string, string>;

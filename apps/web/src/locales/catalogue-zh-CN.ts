// Every message of zh-CN as one flat object: each file of ./zh-CN/ (a domain added there is in it
// without a further line). The interface loads only the language it shows (shared/i18n/i18n.ts).
const files = import.meta.glob<Record<string, string>>('./zh-CN/*.ts', {
  eager: true,
  import: 'default',
});

export default Object.assign({}, ...Object.values(files)) as Record<string, string>;

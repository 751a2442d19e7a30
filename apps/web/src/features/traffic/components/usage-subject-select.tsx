import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { useSubUsers } from '../../sub-users/public.ts';
import { useInstances } from '../../instances/public.ts';
import { useTrafficPackages } from '../api.ts';

/** What the history narrows to: everything, or one static IP, one package or one sub-user. */
export type UsageSubject =
  { kind: 'all' } | { kind: 'instance' | 'package' | 'subUser'; id: string };

const encode = (subject: UsageSubject) =>
  subject.kind === 'all' ? 'all' : `${subject.kind}:${subject.id}`;

function decode(value: string): UsageSubject {
  const [kind, id] = value.split(':') as [UsageSubject['kind'], string | undefined];
  return kind === 'all' || !id ? { kind: 'all' } : { kind, id };
}

/**
 * One select for the three narrowing filters: the API refuses them combined, so the page never
 * offers a combination.
 */
export function UsageSubjectSelect({
  value,
  onChange,
  className,
  style,
}: {
  value: UsageSubject;
  onChange: (subject: UsageSubject) => void;
  /** Its size in the filter bar. */
  className: string;
  style: CSSProperties | undefined;
}) {
  const { t } = useTranslation();
  const instances = useInstances({ page: 1, pageSize: 100 });
  const packages = useTrafficPackages({ page: 1, pageSize: 100 });
  const subUsers = useSubUsers();
  return (
    <Select<string>
      className={className}
      style={style}
      aria-label={t('traffic.usage.subject.label')}
      showSearch
      optionFilterProp="label"
      value={encode(value)}
      onChange={(next) => onChange(decode(next))}
      options={[
        { value: 'all', label: t('traffic.usage.subject.all') },
        {
          label: t('traffic.usage.subject.instances'),
          options: (instances.data?.items ?? []).map((instance) => ({
            value: `instance:${instance.id}`,
            label: instance.remark ? `${instance.ip} (${instance.remark})` : instance.ip,
          })),
        },
        {
          label: t('traffic.usage.subject.packages'),
          options: (packages.data?.items ?? []).map((item) => ({
            value: `package:${item.id}`,
            label: t('traffic.usage.subject.package', {
              gb: item.gb,
              date: formatDateTime(item.createdAt),
            }),
          })),
        },
        {
          label: t('traffic.usage.subject.subUsers'),
          options: (subUsers.data?.items ?? []).map((subUser) => ({
            value: `subUser:${subUser.id}`,
            label: subUser.name,
          })),
        },
      ]}
    />
  );
}

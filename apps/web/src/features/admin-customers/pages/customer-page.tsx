import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/http/api-error.ts';
import { ADMIN_CUSTOMERS_PATH } from '../../../shared/paths.ts';
import { PageFallback } from '../../../shared/ui/page-fallback.tsx';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useMe } from '../../users/public.ts';
import { useAdminCustomer } from '../api.ts';
import { CustomerHeader } from '../components/customer-header.tsx';
import { CustomerTabs } from '../components/customer-tabs.tsx';

/** One customer: the header with the figures and actions, then a tab per kind of record. */
export default function CustomerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const customer = useAdminCustomer(id);
  const role = useMe().data?.role;
  const back = (
    <Link to={ADMIN_CUSTOMERS_PATH} className={TOUCH_TARGET}>
      <ArrowLeftOutlined /> {t('adminCustomers.detail.back')}
    </Link>
  );

  if (customer.isError) {
    const missing = isApiError(customer.error) && customer.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('adminCustomers.detail.notFound') : customer.error.message}
        extra={back}
      />
    );
  }
  if (!customer.data || !role) return <PageFallback />;
  return (
    <Flex vertical gap={16}>
      <div>{back}</div>
      <CustomerHeader customer={customer.data} role={role} />
      <CustomerTabs customer={customer.data} role={role} />
    </Flex>
  );
}

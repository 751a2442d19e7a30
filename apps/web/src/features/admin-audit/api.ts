import type { listAuditLog, EndpointQuery } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';
import { downloadEndpointFile } from '../../shared/http/download.ts';

export type AuditLogQuery = NonNullable<EndpointQuery<typeof listAuditLog>>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditLogQuery) => [...auditKeys.all, 'list', query] as const,
};

export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.listAuditLog, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads every entry matching the filters (no paging) as the server's CSV file. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: ({ query, fileName }: { query: AuditLogQuery; fileName: string }) => {
      const { page: _page, pageSize: _pageSize, ...filters } = query;
      return downloadEndpointFile(apiRoutes.listAuditLog, {
        query: { ...filters, format: 'csv' },
        fileName,
      });
    },
  });
}

import type { BusinessProfileFields } from '@stratus/contract';
import { apiRoutes } from '@stratus/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/http/client.ts';

export const settingKeys = {
  all: ['adminSettings'] as const,
  businessProfile: () => [...settingKeys.all, 'businessProfile'] as const,
};

export function useBusinessProfile() {
  return useQuery({
    queryKey: settingKeys.businessProfile(),
    queryFn: ({ signal }) => callEndpoint(apiRoutes.getBusinessProfile, { signal }),
  });
}

export function useUpdateBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessProfileFields) =>
      callEndpoint(apiRoutes.updateBusinessProfile, { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingKeys.businessProfile(), saved),
  });
}

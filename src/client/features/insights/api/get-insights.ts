import { useQuery } from '@tanstack/react-query';
import type { Insights } from '../../../../shared/schemas.ts';
import { staffRequest } from '../../staff/api/staff-api.ts';

export function useInsights() {
  return useQuery({
    queryKey: ['staff-insights'],
    queryFn: () => staffRequest<Insights>('/v1/staff/insights'),
  });
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { readRetryDelay, shouldRetryRead } from './retry.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetryRead, retryDelay: readRetryDelay, refetchOnWindowFocus: false },
    // Spec §9: mutation retries default to 0.
    mutations: { retry: 0 },
  },
});

/**
 * TanStack Query is provided by the routes that use it rather than at the root, so the landing
 * page (which reads through its route loader) does not download it: it has a bundle budget.
 */
export function withQueryClient<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  return function WithQueryClient(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}

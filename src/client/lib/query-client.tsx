import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, createContext, useContext } from 'react';
import { readRetryDelay, shouldRetryRead } from './retry.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryRead, retryDelay: readRetryDelay, refetchOnWindowFocus: false },
      // Spec §9: mutation retries default to 0.
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * The server renders each request with a client of its own (entry-server.tsx): a cache shared by
 * requests would keep one customer's entries where the next request's render could read them.
 */
export const RequestQueryClientContext = createContext<QueryClient | null>(null);

/**
 * TanStack Query is provided by the routes that use it rather than at the root, so the landing
 * page (which reads through its route loader) does not download it: it has a bundle budget.
 */
export function withQueryClient<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  return function WithQueryClient(props: Props) {
    const client = useContext(RequestQueryClientContext) ?? queryClient;
    return (
      <QueryClientProvider client={client}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}

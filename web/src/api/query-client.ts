import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query client. PostgreSQL is the source of truth and live events say when data changed,
 * so queries do not refetch on window focus and do not retry: a failed call is shown at once
 * (SPEC 8) and the screen decides what follows.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

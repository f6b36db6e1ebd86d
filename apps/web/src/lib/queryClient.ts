import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { onAppStateReset } from './appState';

/** Client errors (4xx) are answers, not hiccups: retrying them only repeats the refusal. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

onAppStateReset(() => queryClient.clear());

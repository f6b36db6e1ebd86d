import { useQuery } from '@tanstack/react-query';
import { reportingApi } from './api';
import { reportingKeys } from './queryKeys';

/** The company's locations in short (id, name, brand, region), for pickers: kept five minutes. */
export function useShortLocations() {
  return useQuery({
    queryKey: reportingKeys.locations,
    queryFn: () => reportingApi.locationsShort(),
    staleTime: 5 * 60_000,
  });
}

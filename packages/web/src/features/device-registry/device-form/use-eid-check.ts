import { eidSchema } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { devicesApi } from '../api/devices-api.ts';

const TYPING_PAUSE_MS = 300;

/**
 * Whether another device of the project already has `eid`, asked of the registry's lists once the
 * typing pauses: 'taken', 'free', 'checking', or 'idle' for an empty or malformed EID.
 */
export function useEidCheck(eid: string, ownId: string | null): 'idle' | 'checking' | 'free' | 'taken' {
  const [settled, setSettled] = useState(eid);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(eid), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [eid]);
  const wellFormed = eidSchema.safeParse(settled).success;
  const check = useQuery({
    queryKey: ['registry', 'eid-check', settled],
    queryFn: ({ signal }) => devicesApi.idsWithEid(settled, signal),
    enabled: wellFormed,
    staleTime: 5_000,
  });
  if (!eidSchema.safeParse(eid).success) return 'idle';
  if (settled !== eid || check.isPending) return 'checking';
  if (!check.data) return 'idle';
  return check.data.some((id) => id !== ownId) ? 'taken' : 'free';
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { bridge } from '../bridge';
import { queryKeys } from './query-keys';

/**
 * Simulated "now" in epoch ms: the host clock as last read, carried forward by real time (the simulated
 * clock runs at real speed between jumps), re-evaluated every 15 s. Undefined until the host answered.
 */
export function useSimulatedNow(): number | undefined {
  const info = useQuery({ queryKey: queryKeys.info, queryFn: () => bridge.getInfo({}) });
  const [realNow, setRealNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setRealNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  if (!info.data) return undefined;
  const read = Date.parse(info.data.clock.now);
  return read + Math.max(0, realNow - info.dataUpdatedAt);
}

/** The simulated date (`2026-11-23`), for showing times of today without their date. */
export function useSimulatedToday(): string | undefined {
  const now = useSimulatedNow();
  return now === undefined ? undefined : new Date(now).toISOString().slice(0, 10);
}

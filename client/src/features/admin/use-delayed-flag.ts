import { useEffect, useState } from 'react';

/** True once `flag` has stayed true for `delayMs`: a quick refresh shows no loader, a slow one does (part 2 §9). */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return shown;
}
